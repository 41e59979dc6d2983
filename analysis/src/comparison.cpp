#include "cuzk/stats/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cuzk/stats/baseline.hpp"
#include "cuzk/stats/mann_whitney.hpp"
#include "cuzk/stats/table.hpp"

namespace cuzk::stats {

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::Regression: return "regression";
    case Verdict::Improvement: return "improvement";
    case Verdict::NoChange: return "~";
    case Verdict::Insufficient: return "insufficient data";
  }
  return "?";
}

std::string_view json_name(Verdict v) { return v == Verdict::NoChange ? "no change" : to_string(v); }

GroupStats group_stats(std::vector<double> v, PercentileMethod m) {
  GroupStats g;
  g.n = v.size();
  if (v.empty()) return g;
  std::sort(v.begin(), v.end());
  Moments mo;
  for (double x : v) mo.add(x);
  g.mean = mo.mean();
  g.min = v.front();
  g.max = v.back();
  g.median = percentile_sorted(v, 0.5, m);
  g.p90 = percentile_sorted(v, 0.9, m);
  g.p99 = percentile_sorted(v, 0.99, m);
  return g;
}

namespace {

// The verdict is decided on the exact values (an infinite ratio still compares); what is shown and
// written has no inf or nan: a ratio beyond the double range (values 1e-300 vs 1e18) is n/a.
void drop_non_finite(MetricComparison& r) {
  bool dropped = false;
  for (auto* v : {&r.ratio, &r.ci_lo, &r.ci_hi, &r.diff, &r.diff_lo, &r.diff_hi})
    if (*v && !std::isfinite(**v)) v->reset(), dropped = true;
  if (r.diff_lo.has_value() != r.diff_hi.has_value()) r.diff_lo.reset(), r.diff_hi.reset();
  if (r.ci_lo.has_value() != r.ci_hi.has_value()) r.ci_lo.reset(), r.ci_hi.reset();
  if (dropped) r.note += std::string(r.note.empty() ? "" : "; ") + "ratio beyond the double range";
}

}  // namespace

MetricComparison compare_metric(const Metric& b, const Metric& c, const CompareOptions& opt) {
  MetricComparison r;
  r.name = b.name;
  r.unit = b.unit;
  r.better = b.better;
  r.base = group_stats(b.samples, opt.method);
  r.cand = group_stats(c.samples, opt.method);
  const std::size_t n1 = b.samples.size(), n2 = c.samples.size();
  const std::size_t need = mann_whitney_needed_n(opt.alpha);
  if (n1 == 0 || n2 == 0) {
    r.note = "missing on one side";
    return r;
  }
  // Effects are ratios: on log values when every value is positive, else on raw values relative to
  // the baseline median (assumption: zero-valued metrics such as an empty queue are rare).
  // Fractions are compared on raw values as differences in points (MetricComparison::points).
  r.points = r.unit == "fraction";
  r.log_scale = !r.points && std::all_of(b.samples.begin(), b.samples.end(), [](double x) { return x > 0; }) &&
                std::all_of(c.samples.begin(), c.samples.end(), [](double x) { return x > 0; });
  std::vector<double> x = b.samples, y = c.samples;
  if (r.log_scale) {
    for (auto& v : x) v = std::log(v);
    for (auto& v : y) v = std::log(v);
  }
  const MannWhitney mw = mann_whitney(x, y);
  r.p_value = mw.p;
  r.exact = mw.exact;
  const ShiftEstimate hl = hodges_lehmann(x, y, opt.alpha);
  r.ci_level = hl.achieved_level;
  // An interval of achieved level 0 (1 vs 1: the single difference) is no interval at all.
  const bool has_ci = hl.achieved_level > 0;
  if (r.points) {
    r.diff = hl.shift;
    if (has_ci) r.diff_lo = hl.lo, r.diff_hi = hl.hi;
  } else if (r.log_scale) {
    r.ratio = std::exp(hl.shift);
    if (has_ci) r.ci_lo = std::exp(hl.lo), r.ci_hi = std::exp(hl.hi);
  } else if (r.base.median != 0) {
    const double m = std::fabs(r.base.median);
    r.ratio = 1 + hl.shift / m;
    if (has_ci) r.ci_lo = 1 + hl.lo / m, r.ci_hi = 1 + hl.hi / m;
  }
  if (mann_whitney_min_p(n1, n2) > opt.alpha) {
    r.verdict = Verdict::Insufficient;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%zu vs %zu cannot reach p <= %g; need >= %zu per side", n1, n2, opt.alpha, need);
    r.note = buf;
    drop_non_finite(r);
    return r;
  }
  const bool significant = mw.p <= opt.alpha;
  bool up = false, down = false;
  if (r.points) {
    // The difference's interval must clear ±noise in points (--noise 2% → 2 points).
    if (r.diff_lo && r.diff_hi) up = *r.diff_lo > opt.noise, down = *r.diff_hi < -opt.noise;
  } else if (r.ci_lo && r.ci_hi) {
    up = *r.ci_lo > 1 + opt.noise;
    down = *r.ci_hi < 1 - opt.noise;
  } else if (has_ci) {
    // Baseline median 0 (not a fraction: those are compared in points above): no ratio exists,
    // so the absolute shift's interval must clear 0 (any consistent appearance counts).
    up = hl.lo > 0;
    down = hl.hi < 0;
    if (mw.p <= opt.alpha) r.note = "baseline median 0: judged on the absolute shift";
  }
  r.verdict = Verdict::NoChange;
  if (significant && (up || down)) {
    const bool worse = (up && r.better == Better::Lower) || (down && r.better == Better::Higher);
    r.verdict = worse ? Verdict::Regression : Verdict::Improvement;
  } else if (significant) {
    r.note += std::string(r.note.empty() ? "" : "; ") + "significant but within the noise threshold";
  }
  drop_non_finite(r);
  return r;
}

namespace {

double median_of(const MetricSet& s, const std::string& name) {
  const Metric* m = s.find(name);
  if (!m || m->samples.empty()) return NAN;
  return group_stats(m->samples, PercentileMethod::Linear).median;
}

std::string fmt(const char* f, double a) { return finite_or_na(f, a); }

constexpr double kAttributeMinChange = 0.01;  // of the baseline s/proof

Attribution attribute(const MetricSet& base, const MetricSet& cand) {
  Attribution a;
  a.base_s = median_of(base, "s_per_proof");
  a.cand_s = median_of(cand, "s_per_proof");
  if (std::isnan(a.base_s) || std::isnan(a.cand_s)) return a;
  for (const char* st : {"synth", "gpu", "write"}) {
    const std::string key = std::string("busy.") + st;
    const double b = median_of(base, key), c = median_of(cand, key);
    if (!std::isnan(b) && !std::isnan(c)) a.stages.push_back({st, b, c});
  }
  if (a.stages.empty()) return a;
  a.available = true;
  auto opt = [](double v) { return std::isnan(v) ? std::optional<double>() : std::optional<double>(v); };
  a.base_gpu_busy = opt(median_of(base, "gpu_busy"));
  a.cand_gpu_busy = opt(median_of(cand, "gpu_busy"));
  a.base_starved = opt(median_of(base, "gpu_starved"));
  a.cand_starved = opt(median_of(cand, "gpu_starved"));
  const double ds = a.cand_s - a.base_s;
  const auto main = std::max_element(a.stages.begin(), a.stages.end(), [](const auto& x, const auto& y) {
    return std::fabs(x.cand - x.base) < std::fabs(y.cand - y.base);
  });
  a.main_stage = main->stage;
  auto signed_s = [](double v) { return (v >= 0 ? "+" : "-") + human(std::fabs(v), "s"); };
  a.lines.push_back("s/proof " + signed_s(ds) + " (" + human(a.base_s, "s") + " -> " + human(a.cand_s, "s") +
                    ", medians over runs)" +
                    (ds == 0 || std::fabs(ds) < kAttributeMinChange * a.base_s ? "; under 1%: no change to attribute." : "."));
  for (const auto& s : a.stages) {
    std::string l = s.stage + " busy per proof / parallelism " + signed_s(s.cand - s.base) + " (" +
                    human(s.base, "s") + " -> " + human(s.cand, "s") + ")";
    // Shares of a change are only shown for a change worth attributing: below 1% of the
    // baseline s/proof they divide one noise term by another (e.g. "-900%").
    if (ds != 0 && std::fabs(ds) >= kAttributeMinChange * a.base_s)
      l += ", " + finite_or_na("%.0f%%", 100 * (s.cand - s.base) / ds) + " of the s/proof change";
    a.lines.push_back(l + ".");
  }
  auto bott = [](const std::vector<StageDelta>& v, bool cand) {
    const auto it = std::max_element(v.begin(), v.end(), [&](const auto& x, const auto& y) {
      return (cand ? x.cand : x.base) < (cand ? y.cand : y.base);
    });
    return it->stage;
  };
  a.lines.push_back("bottleneck (largest busy per proof): baseline " + bott(a.stages, false) + ", candidate " +
                    bott(a.stages, true) + ".");
  auto gpu_state = [](std::optional<double> busy, std::optional<double> starved) {
    if (!busy) return std::string("no GPU spans");
    if (*busy >= kGpuBoundBusy) return fmt("GPU-bound (busy %.1f%%)", 100 * *busy);
    std::string s = fmt("GPU busy %.1f%%", 100 * *busy);
    if (starved && *starved > kGpuStarvedFraction) s += fmt(", starved %.1f%% of wall with an empty queue", 100 * *starved);
    else if (starved) s += fmt(", idle with an empty queue %.1f%% of wall", 100 * *starved);
    return s;
  };
  a.lines.push_back("baseline: " + gpu_state(a.base_gpu_busy, a.base_starved) + "; candidate: " +
                    gpu_state(a.cand_gpu_busy, a.cand_starved) + ".");
  return a;
}

std::vector<GeomeanRow> geomeans(const MetricSet& base, const MetricSet& cand, PercentileMethod method) {
  std::vector<GeomeanRow> rows;
  for (const auto& m : base.metrics) {
    const Metric* cm = cand.find(m.name);
    if (m.group.empty() || !cm || m.samples.empty() || cm->samples.empty()) continue;
    const double b = group_stats(m.samples, method).median, c = group_stats(cm->samples, method).median;
    if (!(b > 0) || !(c > 0)) continue;
    auto it = std::find_if(rows.begin(), rows.end(), [&](const GeomeanRow& r) { return r.group == m.group; });
    if (it == rows.end()) {
      rows.push_back({m.group, m.unit, m.better, 0, 0, 0});
      it = rows.end() - 1;
    }
    ++it->benchmarks;
    it->base += std::log(b);  // sums of logs until the end
    it->cand += std::log(c);
  }
  std::vector<GeomeanRow> out;
  for (auto& r : rows) {
    if (r.benchmarks < 2) continue;  // one benchmark's geomean is itself
    r.base = std::exp(r.base / double(r.benchmarks));
    r.cand = std::exp(r.cand / double(r.benchmarks));
    out.push_back(r);
  }
  return out;
}

}  // namespace

Comparison compare(const MetricSet& base, const MetricSet& cand, const CompareOptions& opt) {
  Comparison c;
  c.opt = opt;
  c.base_runs = base.runs;
  c.cand_runs = cand.runs;
  c.within_file = base.within_file || cand.within_file;
  for (const auto& w : base.warnings) c.warnings.push_back("baseline " + w);
  for (const auto& w : cand.warnings) c.warnings.push_back("candidate " + w);
  c.setup = setup_differences(base.provenance, cand.provenance);
  for (const auto& d : c.setup)
    if (d.user_set) c.warnings.push_back("setup differs: " + describe(d));
  for (const auto& m : base.metrics) {
    if (const Metric* cm = cand.find(m.name)) c.metrics.push_back(compare_metric(m, *cm, opt));
    else c.only_base.push_back(m.name);
  }
  for (const auto& m : cand.metrics)
    if (!base.find(m.name)) c.only_cand.push_back(m.name);
  c.geomeans = geomeans(base, cand, opt.method);
  std::size_t nb = 0, nc = 0;
  for (const auto& m : c.metrics) {
    nb = std::max(nb, m.base.n);
    nc = std::max(nc, m.cand.n);
  }
  const std::size_t need = mann_whitney_needed_n(opt.alpha);
  const char* unit = c.within_file ? "sample" : "run";
  auto few = [&](const char* side, std::size_t n) {
    if (n >= opt.warn_below) return;
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "%s has %zu %s%s: %s; a two-sided Mann-Whitney test at alpha = %g needs >= %zu per side "
                  "(smallest p with %zu vs %zu is %.3g)",
                  side, n, unit, n == 1 ? "" : "s", n == 1 ? "one run is not evidence" : "too few to decide",
                  opt.alpha, need, need, need, mann_whitney_min_p(need, need));
    c.warnings.push_back(buf);
  };
  few("baseline", nb);
  few("candidate", nc);
  if (c.metrics.empty()) c.warnings.push_back("no metric is present on both sides");
  c.attribution = attribute(base, cand);
  return c;
}

}  // namespace cuzk::stats
