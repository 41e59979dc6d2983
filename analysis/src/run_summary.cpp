#include "cuzk/stats/run_summary.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace cuzk::stats {

std::vector<Interval> interval_union(std::vector<Interval> v) {
  std::sort(v.begin(), v.end(), [](const Interval& a, const Interval& b) { return a.t0 < b.t0; });
  std::vector<Interval> u;
  for (const auto& i : v) {
    if (!u.empty() && i.t0 <= u.back().t1) u.back().t1 = std::max(u.back().t1, i.t1);
    else u.push_back(i);
  }
  return u;
}

double total_length(const std::vector<Interval>& u) {
  double s = 0;
  for (const auto& i : u) s += i.t1 - i.t0;
  return s;
}

double length_within(const std::vector<Interval>& u, double t0, double t1) {
  double s = 0;
  for (const auto& i : u) s += std::max(0.0, std::min(i.t1, t1) - std::max(i.t0, t0));
  return s;
}

double difference_length(const std::vector<Interval>& a, const std::vector<Interval>& b) {
  double s = 0;
  std::size_t j = 0;
  for (const auto& i : a) {
    double cur = i.t0;
    while (j < b.size() && b[j].t1 <= cur) ++j;
    std::size_t k = j;
    while (k < b.size() && b[k].t0 < i.t1) {
      if (b[k].t0 > cur) s += b[k].t0 - cur;
      cur = std::max(cur, b[k].t1);
      ++k;
    }
    if (cur < i.t1) s += i.t1 - cur;
  }
  return s;
}

std::size_t max_concurrency(std::vector<Interval> v) {
  std::vector<std::pair<double, int>> ev;
  ev.reserve(2 * v.size());
  for (const auto& i : v) {
    ev.emplace_back(i.t0, 1);
    ev.emplace_back(i.t1, -1);
  }
  std::sort(ev.begin(), ev.end());  // an end sorts before a start at the same time
  std::size_t cur = 0, best = 0;
  for (const auto& e : ev) {
    if (e.second > 0) best = std::max(best, ++cur);
    else --cur;
  }
  return best;
}

namespace {

std::string label(const RunData& r, const Span& s) {
  const std::string sec = s.seq < r.sector_by_seq.size() && !r.sector_by_seq[s.seq].empty()
                              ? r.sector_by_seq[s.seq]
                              : "seq" + std::to_string(s.seq);
  return sec + "/p" + std::to_string(s.partition);
}

StageSummary stage_summary(const RunData& r, Stage st, const SummaryOptions& opt) {
  StageSummary ss;
  ss.name = std::string(kStageNames[std::size_t(st)]);
  std::vector<double> v;
  std::vector<const Span*> who;
  for (const auto& s : r.spans)
    if (s.stage == st) {
      v.push_back(s.t1 - s.t0);
      who.push_back(&s);
    }
  const Outliers o = find_outliers(v);
  std::vector<OutlierItem> items;
  for (std::size_t i : o.index)
    items.push_back({label(r, *who[i]), v[i], std::fabs(v[i] - o.median) / o.robust_sigma});
  std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.sigmas > b.sigmas; });
  if (items.size() > 3) items.resize(3);
  ss.worst = std::move(items);
  ss.d = describe(std::move(v), opt.method, opt.level);
  return ss;
}

std::size_t config_int(const Provenance& p, const char* key) {
  if (p.config.contains(key) && p.config[key].is_number_integer() && p.config[key].get<long long>() > 0)
    return std::size_t(p.config[key].get<long long>());
  return 0;
}

}  // namespace

RunSummary summarize(const RunData& r, const SummaryOptions& opt) {
  RunSummary s;
  s.file = r.file;
  s.run = r.run;
  s.runs_in_file = r.runs_in_file;
  s.run_index = r.run_index;
  s.prov = r.prov;
  s.method = opt.method;
  s.level = opt.level;
  s.warnings = r.warnings;
  s.error_messages = r.error_messages;
  s.errors = r.errors;
  s.truncated = r.truncated;
  s.sectors_ok = r.sectors_ok;
  s.sectors_failed = r.sectors_failed;
  s.sectors_skipped = r.sectors_skipped;
  s.mem_samples = r.mem_samples;
  s.max_inflight = r.max_inflight;
  s.max_reserved = r.max_reserved;
  s.peak_gpu_used = r.peak_gpu_used;
  s.key_uploads = r.key_uploads.size();
  for (const auto& k : r.key_uploads) s.key_upload_seconds += k.t1 - k.t0;

  for (Stage st : {Stage::Synth, Stage::Queue, Stage::Gpu}) s.stages.push_back(stage_summary(r, st, opt));
  for (std::size_t i = 0; i < std::size_t(Series::Sector); ++i)
    s.stages.push_back({std::string(kSeriesNames[i]), describe(r.series[i], opt.method, opt.level), {}});
  s.stages.push_back(stage_summary(r, Stage::Write, opt));
  s.stages.push_back({"sector", describe(r.series[std::size_t(Series::Sector)], opt.method, opt.level), {}});

  // Completion time of each proof: its write end, else its gpu end.
  std::vector<double> done;
  for (const auto& [key, t] : proof_completions(r)) done.push_back(t);
  std::sort(done.begin(), done.end());
  s.proofs = done.size();
  if (!done.empty()) s.first_proof = done.front();
  s.first_path = first_proof_path(r);
  if (s.first_proof) s.contention = synth_contention(r, *s.first_proof);
  s.failures = r.has_run_end ? std::size_t(r.end_failures) : 0;
  if (r.has_run_end && std::size_t(r.end_proofs) != s.proofs)
    s.warnings.push_back("run_end says " + std::to_string(std::size_t(r.end_proofs)) + " proofs, the spans show " +
                         std::to_string(s.proofs));
  s.wall = r.has_run_end && r.end_wall > 0 ? r.end_wall : r.last_ts;
  if (s.proofs > 0) s.s_per_proof_plain = s.wall / double(s.proofs);

  // Per device: union of gpu spans, holes in it, and the part of the holes with an empty queue;
  // and the union's share of the window from the first to the last completed proof (the busy
  // fraction without the start-up and the tail; none under 2 proofs).
  std::vector<Interval> queue;
  for (const auto& sp : r.spans)
    if (sp.stage == Stage::Queue && sp.t1 > sp.t0) queue.push_back({sp.t0, sp.t1});
  const auto queue_u = interval_union(std::move(queue));
  double gpu_busy_total = 0, busy_steady_sum = 0;
  const double steady_window = done.size() >= 2 ? done.back() - done.front() : 0;
  for (std::size_t d = 0; d < r.devices.size(); ++d) {
    DeviceSummary ds;
    ds.device = r.devices[d];
    std::vector<Interval> iv;
    std::set<std::uint16_t> workers;
    for (const auto& sp : r.spans)
      if (sp.stage == Stage::Gpu && sp.device == d) {
        iv.push_back({sp.t0, sp.t1});
        workers.insert(sp.worker);
      }
    ds.spans = iv.size();
    ds.workers = workers.size();
    const auto u = interval_union(std::move(iv));
    ds.busy = total_length(u);
    gpu_busy_total += ds.busy;
    ds.busy_fraction = s.wall > 0 ? ds.busy / s.wall : 0;
    if (steady_window > 0) {
      ds.busy_steady_fraction = length_within(u, done.front(), done.back()) / steady_window;
      busy_steady_sum += *ds.busy_steady_fraction;
    }
    std::vector<Interval> gaps;
    for (std::size_t i = 1; i < u.size(); ++i) {
      const double g = u[i].t0 - u[i - 1].t1;
      if (g > 1e-6) {  // assumption: holes under a microsecond are timestamp rounding
        gaps.push_back({u[i - 1].t1, u[i].t0});
        ds.idle += g;
        ds.max_gap = std::max(ds.max_gap, g);
      }
    }
    ds.gaps = gaps.size();
    ds.starved = difference_length(gaps, queue_u);
    s.gpu_busy_fraction += ds.busy_fraction;
    s.gpu_starved_fraction += s.wall > 0 ? ds.starved / s.wall : 0;
    s.devices.push_back(ds);
  }
  if (!s.devices.empty()) {
    s.gpu_busy_fraction /= double(s.devices.size());
    s.gpu_starved_fraction /= double(s.devices.size());
    if (steady_window > 0) s.gpu_busy_steady_fraction = busy_steady_sum / double(s.devices.size());
  }

  // Peak RSS: the samples' peak (with the spans open at that moment) or run_end's high-water
  // mark, whichever is larger (a spike shorter than the sampling interval shows only there).
  s.peak_rss = std::max(r.peak_rss, r.has_run_end ? r.end_peak_rss : 0.0);
  if (r.mem_samples > 0) {
    s.peak_from_samples = true;
    s.sampled_peak_rss = r.peak_rss;
    s.peak_rss_ts = r.peak_rss_ts;
    std::array<std::size_t, 4> open{};
    for (const auto& sp : r.spans)
      if (sp.t0 <= r.peak_rss_ts && r.peak_rss_ts <= sp.t1) ++open[std::size_t(sp.stage)];
    for (std::size_t i = 0; i < open.size(); ++i)
      if (open[i]) s.peak_stages.emplace_back(std::string(kStageNames[i]), open[i]);
  }

  // Loads in the steady state (spans starting at or after the key is ready; a stage with no such
  // span keeps all of its spans): busy time per span over parallelism. Synthesis parallelism from
  // the config, else the observed worker ids, else the largest overlap; the GPU's is the number of
  // devices (busy time is the union per device, so workers sharing a device do not count twice);
  // the writer's is its largest observed overlap.
  s.startup = find_key_ready(r);
  const double K = s.startup.key_ready;
  if (s.proofs > 0) {
    auto steady = [&](Stage st) {
      std::vector<const Span*> v;
      for (const auto& sp : r.spans)
        if (sp.stage == st && sp.t0 >= K) v.push_back(&sp);
      if (v.empty())
        for (const auto& sp : r.spans)
          if (sp.stage == st) v.push_back(&sp);
      return v;
    };
    const auto syn = steady(Stage::Synth), gpus = steady(Stage::Gpu), wri = steady(Stage::Write);
    std::vector<Interval> syn_iv, wri_iv;
    std::set<std::uint16_t> synth_workers;
    double syn_sum = 0, wri_sum = 0;
    for (const auto* sp : syn) {
      syn_iv.push_back({sp->t0, sp->t1});
      syn_sum += sp->t1 - sp->t0;
      if (sp->worker != 0xFFFF) synth_workers.insert(sp->worker);
    }
    for (const auto* sp : wri) {
      wri_iv.push_back({sp->t0, sp->t1});
      wri_sum += sp->t1 - sp->t0;
    }
    std::size_t par = config_int(r.prov, "synth_workers");
    if (!par) {
      std::set<std::uint16_t> all;
      for (const auto& sp : r.spans)
        if (sp.stage == Stage::Synth && sp.worker != 0xFFFF) all.insert(sp.worker);
      par = all.size();
    }
    if (!par) par = std::max<std::size_t>(1, max_concurrency(syn_iv));
    // Per proof: the mean over the steady spans times the stage's spans per proof (the work of a
    // failed partition counts against the proofs that succeeded).
    auto per_proof = [&](Stage st, std::size_t steady_n) {
      std::size_t all = 0;
      for (const auto& sp : r.spans) all += sp.stage == st;
      return double(steady_n) * double(s.proofs) / double(all);
    };
    if (!syn.empty()) {
      const double n = per_proof(Stage::Synth, syn.size());
      s.loads.push_back({"synth", par, syn_sum / n, syn_sum / n / double(par)});
    }
    if (!s.devices.empty() && !gpus.empty()) {
      double busy = 0;
      for (std::size_t d = 0; d < r.devices.size(); ++d) {
        std::vector<Interval> iv;
        for (const auto* sp : gpus)
          if (sp->device == d) iv.push_back({sp->t0, sp->t1});
        busy += total_length(interval_union(std::move(iv)));
      }
      const auto nd = s.devices.size();
      const double n = per_proof(Stage::Gpu, gpus.size());
      s.loads.push_back({"gpu", nd, busy / n, busy / n / double(nd)});
    }
    if (!wri.empty()) {
      const auto wp = std::max<std::size_t>(1, max_concurrency(wri_iv));
      const double n = per_proof(Stage::Write, wri.size());
      s.loads.push_back({"write", wp, wri_sum / n, wri_sum / n / double(wp)});
    }
    const auto it = std::max_element(s.loads.begin(), s.loads.end(),
                                     [](const auto& a, const auto& b) { return a.effective < b.effective; });
    if (it != s.loads.end()) {
      s.bottleneck = it->stage;
      // The steady state begins when the key is ready and the bottleneck stage has begun a proof.
      const Stage bst = it->stage == "synth" ? Stage::Synth : it->stage == "gpu" ? Stage::Gpu : Stage::Write;
      s.startup.first_stage = it->stage;
      s.startup.first_t0 = INFINITY;
      for (const auto& sp : r.spans)
        if (sp.stage == bst) s.startup.first_t0 = std::min(s.startup.first_t0, sp.t0);
    }
  }
  s.startup.end = std::max(K, s.startup.first_t0);
  s.startup.proofs = std::size_t(std::upper_bound(done.begin(), done.end(), s.startup.end) - done.begin());
  // Warm-up of the steady-state fit: the given count, else 10% of the proofs and at least the
  // proofs completed during start-up.
  s.warmup = opt.warmup ? *opt.warmup
                        : std::max(std::size_t(std::ceil(opt.warmup_fraction * double(s.proofs))), s.startup.proofs);
  if (s.proofs >= s.warmup + 3)
    s.s_per_proof_steady = ls_slope(std::span<const double>(done).subspan(s.warmup));
  s.gpu_bound = !s.devices.empty() && s.gpu_busy_fraction >= kGpuBoundBusy;
  s.gpu_starved = !s.devices.empty() && !s.gpu_bound && s.gpu_starved_fraction > kGpuStarvedFraction;
  return s;
}

}  // namespace cuzk::stats
