#include "cuzk/stats/render.hpp"

#include <cmath>

namespace cuzk::stats {

namespace {

std::string ci_cell(const QuantileCi& ci, std::string_view unit) {
  if (!ci.lo) return "need ≥ " + std::to_string(ci.min_n);
  std::string s = "[";  // appended, not "[" + std::string&&: GCC 12's -Wrestrict false positive (GCC bug 105651)
  s += human(*ci.lo, unit);
  s += ", ";
  s += human(*ci.hi, unit);
  return s + "]";
}

nlohmann::json ci_json(const QuantileCi& ci) {
  if (!ci.lo) return {{"lo", nullptr}, {"hi", nullptr}, {"need_n", ci.min_n}};
  return {{"lo", *ci.lo}, {"hi", *ci.hi}, {"ranks", {ci.rank_lo, ci.rank_hi}}, {"coverage", ci.coverage},
          {"need_n", ci.min_n}};
}

nlohmann::json describe_json(const Describe& d) {
  if (d.n == 0) return {{"n", 0}};
  return {{"n", d.n},           {"mean", d.mean},
          {"stddev", d.stddev}, {"min", d.min},
          {"median", d.median}, {"p90", d.p90},
          {"p99", d.p99},       {"max", d.max},
          {"sum", d.sum},       {"outliers", d.outliers},
          {"ci", {{"median", ci_json(d.median_ci)}, {"p90", ci_json(d.p90_ci)}, {"p99", ci_json(d.p99_ci)}}}};
}

Table stage_table(const std::vector<std::pair<std::string, std::pair<std::string, Describe>>>& rows,
                  const char* first = "stage") {
  Table t({first, "n", "mean", "stddev", "min", "median", "p90", "p99", "max", "outliers", "median CI",
           "p90 CI", "p99 CI"});
  for (const auto& [name, ud] : rows) {
    const auto& [unit, d] = ud;
    if (d.n == 0) {
      t.row({name, "0"});
      continue;
    }
    t.row({name, std::to_string(d.n), human(d.mean, unit), human(d.stddev, unit), human(d.min, unit),
           human(d.median, unit), human(d.p90, unit), human(d.p99, unit), human(d.max, unit),
           std::to_string(d.outliers), ci_cell(d.median_ci, unit), ci_cell(d.p90_ci, unit), ci_cell(d.p99_ci, unit)});
  }
  return t;
}

std::vector<std::pair<std::string, std::pair<std::string, Describe>>> stage_rows(const RunSummary& s) {
  std::vector<std::pair<std::string, std::pair<std::string, Describe>>> rows;
  for (const auto& st : s.stages) rows.push_back({st.name, {"s", st.d}});
  return rows;
}

std::string config_line(const Provenance& p) {
  std::string l = "host " + (p.host.empty() ? std::string("?") : p.host);
  l += " · git " + (p.git.empty() ? std::string("?") : p.git);
  l += " · schema " + std::to_string(p.schema);
  if (p.config.contains("backend") && p.config["backend"].is_string()) l += " · backend " + p.config["backend"].get<std::string>();
  l += " · GPUs " + (p.gpus.empty() ? std::string("none") : std::to_string(p.gpus.size()) + " × " + p.gpus.front());
  return l;
}

// A device of the `gpu` spans, named as what it is: a CPU-backend run (no GPU listed, config
// backend "cpu", or "auto" that found none) proves on "CPU backend device 0", not on a "GPU 0".
std::string device_name(const Provenance& p, const std::string& dev) {
  const auto b = p.config.find("backend");
  const bool cpu = p.gpus.empty() && b != p.config.end() && b->is_string() &&
                   (b->get<std::string>() == "cpu" || b->get<std::string>() == "auto");
  return (cpu ? "CPU backend device " : "GPU ") + dev;
}

// "start-up 20.44 s (...)": how long, what ended it and which rule found the key-ready time.
std::string startup_line(const RunSummary& s) {
  const Startup& u = s.startup;
  std::string l = "start-up " + human(u.end, "s") + " (";
  switch (u.rule) {
    case StartupRule::KeyLoad:
      l += printf_string("key ready at %s: %zu key_load span(s), %s, %s", human(u.key_ready, "s").c_str(), u.key_loads,
                         human(u.key_load_seconds, "s").c_str(), human(u.key_bytes, "bytes").c_str());
      break;
    case StartupRule::FirstSynthOutliers:
      l += printf_string(
          "key ready at %s: no key_load events; the key read is taken to be inside the first synth span of %zu of %zu "
          "worker(s), each > %s (the larger of median + 10 robust σ and 2× the median of the other %zu synth spans)",
          human(u.key_ready, "s").c_str(), u.flagged, u.first_spans, human(u.threshold, "s").c_str(), u.other_spans);
      break;
    case StartupRule::None: l += "no key load seen: no key_load events, " + u.note; break;
  }
  if (!u.first_stage.empty()) l += "; first " + u.first_stage + " span at " + human(u.first_t0, "s");
  return l + printf_string("; %zu proof(s) done in it)", u.proofs);
}

// "first proof at 7.88 s (sector s0 p3): key read 0.01–6.55 s · ...; most of it: key read 6.54 s (83.0%) · ...":
// what the first proof waited for (first_proof.hpp), with the key's read and upload rates where the
// events give their bytes.
// "syntheses side by side from the first proof (1.625 s): 7 of 8 spans, median 650 ms against 190 ms
// alone; device spans with 2+ syntheses open: median 320 ms (n=5), with at most one: median 262 ms
// (n=4) · side by side, they slow the device (+22%): ..."
std::string contention_line(const SynthContention& c) {
  auto med = [](const std::optional<double>& m) { return m ? human(*m, "s") : std::string("n/a"); };
  std::string l = "syntheses side by side from the first proof (" + human(c.from, "s") + "): " +
                  std::to_string(c.synth_beside) + " of " + std::to_string(c.synth_alone + c.synth_beside) +
                  " spans, median " + med(c.synth_beside_median) +
                  (c.synth_alone ? " against " + med(c.synth_alone_median) + " alone" : std::string(" (none alone)"));
  l += "; device spans with 2+ syntheses open: " +
       (c.gpu_crowded ? "median " + med(c.gpu_crowded_median) + " (n=" + std::to_string(c.gpu_crowded) + ")" : std::string("none")) +
       ", with at most one: " +
       (c.gpu_quiet ? "median " + med(c.gpu_quiet_median) + " (n=" + std::to_string(c.gpu_quiet) + ")" : std::string("none"));
  if (c.slows_devices)
    l += printf_string(" · side by side, they slow the device (+%.0f%%): fewer syntheses at once may be faster",
                       100 * (*c.gpu_crowded_median / *c.gpu_quiet_median - 1));
  return l;
}

std::string first_path_line(const RunSummary& s) {
  const FirstProofPath& p = *s.first_path;
  const auto at = [](double t) { return printf_string("%.3f", t); };
  std::string l = "first proof at " + human(p.end, "s") + " (";
  if (!p.sector.empty()) l += "sector " + p.sector + " ";
  l += "p" + std::to_string(p.partition) + ") waited for:";
  for (std::size_t i = 0; i < p.segments.size(); ++i)
    l += std::string(i ? " ·" : "") + " " + std::string(describe(p.segments[i].step)) + " " + at(p.segments[i].t0) + "–" +
         at(p.segments[i].t1) + " s";
  if (p.end > 0)
    l += printf_string("; most of it: %s %s (%.1f%%)", std::string(describe(p.bound)).c_str(), human(p.bound_seconds, "s").c_str(),
                       100 * p.bound_seconds / p.end);
  const auto rate = [](double bytes, double t0, double t1) {
    return bytes > 0 && t1 > t0 ? ", " + human(bytes, "bytes") + " at " + human(bytes / (t1 - t0), "bytes/s") : std::string();
  };
  if (p.key_read)
    l += " · the key's read (" + (p.key_read->source.empty() ? std::string("?") : p.key_read->source) + ") " +
         human(p.key_read->t1 - p.key_read->t0, "s") + rate(p.key_read->bytes, p.key_read->t0, p.key_read->t1);
  if (p.key_check)
    l += " · its checks " + at(p.key_check->t0) + "–" + at(p.key_check->t1) + " s" +
         rate(p.key_check->bytes, p.key_check->t0, p.key_check->t1);
  if (p.key_upload)
    l += " · its upload " + at(p.key_upload->t0) + "–" + at(p.key_upload->t1) + " s" +
         rate(p.key_upload->bytes, p.key_upload->t0, p.key_upload->t1);
  return l;
}

// The prose lines of one run (shared by text and markdown).
std::vector<std::string> run_lines(const RunSummary& s) {
  std::vector<std::string> L;
  L.push_back(config_line(s.prov));
  L.push_back(printf_string("proofs %zu · failures %zu · errors %zu · sectors ok %zu, failed %zu, skipped %zu · wall %s",
                            s.proofs, s.failures, s.errors, s.sectors_ok, s.sectors_failed, s.sectors_skipped,
                            human(s.wall, "s").c_str()));
  std::string tp = "s/proof: steady ";
  tp += s.s_per_proof_steady
            ? human(*s.s_per_proof_steady, "s") + printf_string(" (least-squares slope of completion time over proof index, first %zu proofs excluded as warm-up)", s.warmup)
            : printf_string("n/a (needs ≥ %zu proofs)", s.warmup + 3);
  tp += " · wall/proofs " + (s.s_per_proof_plain ? human(*s.s_per_proof_plain, "s") : std::string("n/a"));
  if (s.first_proof) tp += " · first proof at " + human(*s.first_proof, "s");
  L.push_back(tp);
  for (const auto& d : s.devices)
    L.push_back(printf_string("%s: busy %s of %s wall (%s), %zu spans on %zu worker(s), %zu idle gap(s) totalling %s (longest %s), starved (empty queue) %s",
                              device_name(s.prov, d.device).c_str(), human(d.busy, "s").c_str(), human(s.wall, "s").c_str(),
                              finite_or_na("%.1f%%", 100 * d.busy_fraction).c_str(), d.spans, d.workers, d.gaps, human(d.idle, "s").c_str(),
                              human(d.max_gap, "s").c_str(), human(d.starved, "s").c_str()) +
                (d.busy_steady_fraction ? printf_string(", busy %.1f%% from the first to the last proof", 100 * *d.busy_steady_fraction)
                                        : std::string()));
  if (s.peak_from_samples) {
    std::string at;
    for (const auto& [st, n] : s.peak_stages) at += (at.empty() ? "" : ", ") + st + " ×" + std::to_string(n);
    const std::string where = " at " + human(s.peak_rss_ts, "s") + " (running: " + (at.empty() ? std::string("nothing") : at) + ")";
    L.push_back("peak RSS " + human(s.peak_rss, "bytes") +
                (s.peak_rss > s.sampled_peak_rss ? " (high-water mark; sampled peak " + human(s.sampled_peak_rss, "bytes") + where + ")"
                                                 : where) +
                " · " + std::to_string(s.mem_samples) +
                " mem samples · max in-flight " + finite_or_na("%.0f", s.max_inflight) + " · max reserved " +
                human(s.max_reserved, "bytes"));
  } else if (s.peak_rss > 0) {
    L.push_back("peak RSS " + human(s.peak_rss, "bytes") + " (from run_end; no mem samples)");
  }
  L.push_back(startup_line(s));
  if (s.first_path) L.push_back(first_path_line(s));
  if (s.contention) L.push_back(contention_line(*s.contention));
  if (!s.loads.empty()) {
    std::string l = s.startup.key_ready > 0 ? "steady-state load per proof (spans from " + human(s.startup.key_ready, "s") + "):"
                                            : std::string("load per proof:");
    for (const auto& ld : s.loads)
      l += " " + ld.stage + " " + human(ld.busy_per_proof, "s") + " / " + std::to_string(ld.parallelism) + " = " +
           human(ld.effective, "s") + ";";
    l += " bottleneck " + s.bottleneck;
    if (s.gpu_bound) l += " · GPU-bound (busy ≥ 95%)";
    else if (s.gpu_starved) l += " · GPU starved (idle with an empty queue)";
    L.push_back(l);
  }
  for (const auto& st : s.stages)
    for (const auto& o : st.worst)
      L.push_back(printf_string("outlier (kept): %s %s %s, %s robust σ from the median", st.name.c_str(),
                                o.what.c_str(), human(o.value, "s").c_str(), finite_or_na("%.1f", o.sigmas).c_str()));
  for (const auto& e : s.error_messages) L.push_back("error: " + e);
  for (const auto& w : s.warnings) L.push_back("warning: " + w);
  return L;
}

}  // namespace

SampleSummary summarize_samples(const MetricSet& m, PercentileMethod method, double level) {
  SampleSummary s;
  s.file = m.sources.empty() ? std::string() : m.sources.front();
  for (const auto& mt : m.metrics) s.metrics.emplace_back(mt, describe(mt.samples, method, level));
  return s;
}

nlohmann::json summary_json(const std::vector<RunSummary>& runs, const std::vector<SampleSummary>& samples,
                            PercentileMethod method, double level) {
  nlohmann::json j = {{"tool", "cuzk-stats"},
                      {"schema", kOutputSchema},
                      {"command", "summary"},
                      {"percentile", method == PercentileMethod::Linear ? "linear" : "nearest-rank"},
                      {"confidence", level},
                      {"runs", nlohmann::json::array()},
                      {"sample_files", nlohmann::json::array()}};
  for (const auto& s : runs) {
    nlohmann::json r = {{"file", s.file},
                        {"run", s.run.empty() ? nlohmann::json() : nlohmann::json(s.run)},
                        {"runs_in_file", s.runs_in_file},
                        {"provenance", {{"schema", s.prov.schema}, {"version", s.prov.version}, {"git", s.prov.git},
                                        {"host", s.prov.host}, {"cpus", s.prov.cpus}, {"gpus", s.prov.gpus},
                                        {"config", s.prov.config}}},
                        {"proofs", s.proofs},
                        {"failures", s.failures},
                        {"errors", s.errors},
                        {"sectors", {{"ok", s.sectors_ok}, {"failed", s.sectors_failed}, {"skipped", s.sectors_skipped}}},
                        {"wall", s.wall},
                        {"first_proof", s.first_proof ? nlohmann::json(*s.first_proof) : nlohmann::json()},
                        {"s_per_proof", {{"steady", s.s_per_proof_steady ? nlohmann::json(*s.s_per_proof_steady) : nlohmann::json()},
                                         {"plain", s.s_per_proof_plain ? nlohmann::json(*s.s_per_proof_plain) : nlohmann::json()},
                                         {"warmup", s.warmup}}},
                        {"stages", nlohmann::json::array()},
                        {"devices", nlohmann::json::array()},
                        {"loads", nlohmann::json::array()},
                        {"bottleneck", s.bottleneck},
                        {"startup", {{"rule", std::string(to_string(s.startup.rule))},
                                     {"end", s.startup.end},
                                     {"key_ready", s.startup.key_ready},
                                     {"key_load", {{"spans", s.startup.key_loads},
                                                   {"seconds", s.startup.key_load_seconds},
                                                   {"bytes", s.startup.key_bytes}}},
                                     {"first_synth_flagged", s.startup.flagged},
                                     {"bottleneck_first_t0", s.startup.first_t0},
                                     {"proofs", s.startup.proofs},
                                     {"note", s.startup.note}}},
                        {"key_upload", {{"spans", s.key_uploads}, {"seconds", s.key_upload_seconds}}},
                        {"gpu_bound", s.gpu_bound},
                        {"gpu_starved", s.gpu_starved},
                        {"error_messages", s.error_messages},
                        {"warnings", s.warnings}};
    r["first_proof_path"] = nlohmann::json();
    if (s.first_path) {
      const FirstProofPath& p = *s.first_path;
      nlohmann::json j = {{"end", p.end}, {"seq", p.seq}, {"partition", p.partition},
                          {"sector", p.sector.empty() ? nlohmann::json() : nlohmann::json(p.sector)},
                          {"segments", nlohmann::json::array()}, {"bound", std::string(to_string(p.bound))},
                          {"bound_seconds", p.bound_seconds}, {"key_read", nlohmann::json()}, {"key_upload", nlohmann::json()}};
      for (const auto& g : p.segments) j["segments"].push_back({{"step", std::string(to_string(g.step))}, {"t0", g.t0}, {"t1", g.t1}});
      if (p.key_read)
        j["key_read"] = {{"t0", p.key_read->t0}, {"t1", p.key_read->t1}, {"bytes", p.key_read->bytes}, {"source", p.key_read->source}};
      if (p.key_upload) j["key_upload"] = {{"t0", p.key_upload->t0}, {"t1", p.key_upload->t1}, {"bytes", p.key_upload->bytes}};
      j["key_check"] = nlohmann::json();
      if (p.key_check) j["key_check"] = {{"t0", p.key_check->t0}, {"t1", p.key_check->t1}, {"bytes", p.key_check->bytes}};
      r["first_proof_path"] = std::move(j);
    }
    r["synth_contention"] = nlohmann::json();
    if (s.contention) {
      const SynthContention& c = *s.contention;
      auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
      r["synth_contention"] = {{"from", c.from},
                               {"synth_alone", {{"spans", c.synth_alone}, {"median", opt(c.synth_alone_median)}}},
                               {"synth_beside", {{"spans", c.synth_beside}, {"median", opt(c.synth_beside_median)}}},
                               {"gpu_quiet", {{"spans", c.gpu_quiet}, {"median", opt(c.gpu_quiet_median)}}},
                               {"gpu_crowded", {{"spans", c.gpu_crowded}, {"median", opt(c.gpu_crowded_median)}}},
                               {"slows_devices", c.slows_devices}};
    }
    for (const auto& st : s.stages) {
      auto d = describe_json(st.d);
      d["name"] = st.name;
      d["unit"] = "s";
      d["worst_outliers"] = nlohmann::json::array();
      for (const auto& o : st.worst) d["worst_outliers"].push_back({{"what", o.what}, {"value", o.value}, {"sigmas", o.sigmas}});
      r["stages"].push_back(std::move(d));
    }
    for (const auto& d : s.devices)
      r["devices"].push_back({{"device", d.device}, {"spans", d.spans}, {"workers", d.workers}, {"busy", d.busy},
                              {"busy_fraction", d.busy_fraction}, {"idle_gaps", d.gaps}, {"idle", d.idle},
                              {"max_gap", d.max_gap}, {"starved", d.starved},
                              {"busy_steady_fraction", d.busy_steady_fraction ? nlohmann::json(*d.busy_steady_fraction) : nlohmann::json()}});
    for (const auto& l : s.loads)
      r["loads"].push_back({{"stage", l.stage}, {"parallelism", l.parallelism}, {"busy_per_proof", l.busy_per_proof},
                            {"effective", l.effective}});
    nlohmann::json at = nlohmann::json::object();
    for (const auto& [st, n] : s.peak_stages) at[st] = n;
    r["memory"] = {{"peak_rss", s.peak_rss},
                   {"sampled_peak_rss", s.peak_from_samples ? nlohmann::json(s.sampled_peak_rss) : nlohmann::json()},
                   {"peak_rss_ts", s.peak_from_samples ? nlohmann::json(s.peak_rss_ts) : nlohmann::json()},
                   {"running_at_peak", at},
                   {"samples", s.mem_samples},
                   {"max_inflight", s.max_inflight},
                   {"max_reserved", s.max_reserved},
                   {"peak_gpu_used", s.peak_gpu_used}};
    j["runs"].push_back(std::move(r));
  }
  for (const auto& sf : samples) {
    nlohmann::json f = {{"file", sf.file}, {"metrics", nlohmann::json::array()}};
    for (const auto& [m, d] : sf.metrics) {
      auto x = describe_json(d);
      x["name"] = m.name;
      x["unit"] = m.unit;
      f["metrics"].push_back(std::move(x));
    }
    j["sample_files"].push_back(std::move(f));
  }
  return j;
}

std::string render_summary(const std::vector<RunSummary>& runs, const std::vector<SampleSummary>& samples, Format f,
                           PercentileMethod method, double level) {
  if (f == Format::Json) return summary_json(runs, samples, method, level).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const std::string how = printf_string("percentiles: %s; %.0f%% confidence intervals from order statistics (binomial)",
                                        std::string(to_string(method)).c_str(), 100 * level);
  std::string out;
  if (f == Format::Csv) {
    Table t({"file", "name", "unit", "n", "mean", "stddev", "min", "median", "p90", "p99", "max", "outliers",
             "median_ci_lo", "median_ci_hi", "p90_ci_lo", "p90_ci_hi", "p99_ci_lo", "p99_ci_hi", "value"});
    auto opt = [](const std::optional<double>& v) { return v ? raw(*v) : std::string(); };
    auto drow = [&](const std::string& file, const std::string& name, const std::string& unit, const Describe& d) {
      if (d.n == 0) return t.row({file, name, unit, "0"});
      t.row({file, name, unit, std::to_string(d.n), raw(d.mean), raw(d.stddev), raw(d.min), raw(d.median), raw(d.p90),
             raw(d.p99), raw(d.max), std::to_string(d.outliers), opt(d.median_ci.lo), opt(d.median_ci.hi),
             opt(d.p90_ci.lo), opt(d.p90_ci.hi), opt(d.p99_ci.lo), opt(d.p99_ci.hi), ""});
    };
    auto vrow = [&](const std::string& file, const std::string& name, const std::string& unit, double v) {
      std::vector<std::string> r(19);
      r[0] = file, r[1] = name, r[2] = unit, r[18] = raw(v);
      t.row(r);
    };
    for (const auto& s : runs) {
      for (const auto& st : s.stages) drow(s.file, st.name, "s", st.d);
      vrow(s.file, "proofs", "", double(s.proofs));
      vrow(s.file, "wall", "s", s.wall);
      vrow(s.file, "startup", "s", s.startup.end);
      if (s.first_proof) vrow(s.file, "first_proof", "s", *s.first_proof);
      if (s.s_per_proof_steady) vrow(s.file, "s_per_proof.steady", "s", *s.s_per_proof_steady);
      if (s.s_per_proof_plain) vrow(s.file, "s_per_proof.plain", "s", *s.s_per_proof_plain);
      for (const auto& d : s.devices) vrow(s.file, "gpu_busy." + d.device, "fraction", d.busy_fraction);
      for (const auto& d : s.devices)
        if (d.busy_steady_fraction) vrow(s.file, "gpu_busy_steady." + d.device, "fraction", *d.busy_steady_fraction);
      for (const auto& d : s.devices) vrow(s.file, "gpu_starved." + d.device, "s", d.starved);
      vrow(s.file, "peak_rss", "bytes", s.peak_rss);
      for (const auto& l : s.loads) vrow(s.file, "busy." + l.stage, "s", l.effective);
    }
    for (const auto& sf : samples)
      for (const auto& [m, d] : sf.metrics) drow(sf.file, m.name, m.unit, d);
    return t.csv();
  }
  const bool md = f == Format::Markdown;
  for (const auto& s : runs) {
    const std::string of = s.runs_in_file > 1 ? printf_string(" (run %zu of %zu in the file)", s.run_index + 1, s.runs_in_file) : "";
    out += md ? "### run `" + s.file + "`" + of + "\n\n" : "run: " + s.file + of + "\n";
    for (const auto& l : run_lines(s)) out += md ? "- " + md_escape(l) + "\n" : l + "\n";
    out += md ? "- " + how + "\n\n" : how + "\n\n";
    const Table t = stage_table(stage_rows(s));
    out += md ? t.markdown() : t.text();
    out += "\n";
  }
  for (const auto& sf : samples) {
    out += md ? "### samples `" + sf.file + "`\n\n- " + how + "\n\n" : "samples: " + sf.file + "\n" + how + "\n\n";
    std::vector<std::pair<std::string, std::pair<std::string, Describe>>> rows;
    for (const auto& [m, d] : sf.metrics) rows.push_back({m.name, {m.unit, d}});
    Table t = stage_table(rows, "metric");
    out += md ? t.markdown() : t.text();
    out += "\n";
  }
  return out;
}

}  // namespace cuzk::stats
