#pragma once
// Group comparison: per metric a two-sided Mann-Whitney test and a Hodges-Lehmann ratio with its
// distribution-free interval, a verdict, and the attribution of an s/proof change to stages.
#include <optional>
#include <string>
#include <vector>

#include "cuzk/stats/config_diff.hpp"
#include "cuzk/stats/descriptive.hpp"
#include "cuzk/stats/metric_set.hpp"

namespace cuzk::stats {

struct CompareOptions {
  double alpha = 0.05;
  double noise = 0.02;  // a change must clear ±noise (as a ratio) to count
  PercentileMethod method = PercentileMethod::Linear;
  std::size_t warn_below = 4;  // warn when a side has fewer samples than this
};

enum class Verdict { Regression, Improvement, NoChange, Insufficient };
std::string_view to_string(Verdict v);  // "regression", "improvement", "~", "insufficient data"
std::string_view json_name(Verdict v);  // "regression", "improvement", "no change", "insufficient data"

struct GroupStats {
  std::size_t n = 0;
  double median = 0, p90 = 0, p99 = 0, mean = 0, min = 0, max = 0;
};

struct MetricComparison {
  std::string name, unit;
  Better better = Better::Lower;
  GroupStats base, cand;
  std::optional<double> p_value, ratio, ci_lo, ci_hi;
  // A fraction (unit "fraction": GPU busy, starved) is compared as a difference, candidate −
  // baseline in fraction units (×100: percentage points), with its interval; ratio and ci stay
  // empty (a relative change of a fraction near 0 is noise: 0.0% → 0.0% is not "+108%").
  bool points = false;
  std::optional<double> diff, diff_lo, diff_hi;
  double ci_level = 0;  // achieved level of the interval
  bool exact = false, log_scale = true;
  Verdict verdict = Verdict::Insufficient;
  std::string note;
};

struct StageDelta {
  std::string stage;
  double base = 0, cand = 0;  // median effective busy seconds per proof
};

struct Attribution {
  bool available = false;
  double base_s = 0, cand_s = 0;  // median s/proof
  std::vector<StageDelta> stages;
  std::string main_stage;  // the stage whose change is largest
  std::optional<double> base_gpu_busy, cand_gpu_busy, base_starved, cand_starved;
  std::vector<std::string> lines;  // the explanation, one sentence a line
};

// benchstat's geomean row: the geometric mean of the per-benchmark medians on each side, over
// the benchmarks of one group (real_time, cpu_time, a counter) present on both sides with
// positive values; a summary, not a test (no p-value, no verdict).
struct GeomeanRow {
  std::string group, unit;
  Better better = Better::Lower;
  std::size_t benchmarks = 0;
  double base = 0, cand = 0;  // geometric means of the medians
  double ratio() const { return cand / base; }
};

struct Comparison {
  std::vector<MetricComparison> metrics;
  std::vector<GeomeanRow> geomeans;
  std::vector<std::string> only_base, only_cand;  // metrics present on one side only
  std::vector<std::string> warnings;
  // Setup differences (host, GPUs, config key by key): the user-set ones are also in `warnings`,
  // the defaults and auto-resolved values are information only.
  std::vector<SetupDifference> setup;
  Attribution attribution;
  std::size_t base_runs = 0, cand_runs = 0;
  bool within_file = false;
  CompareOptions opt;
  std::string command = "compare";  // "gate" for the gate's one-metric comparison (JSON `command`)
  std::string gate_metric;          // gate: the metric gated on
};

Comparison compare(const MetricSet& base, const MetricSet& cand, const CompareOptions& opt);
// The comparison of one metric (exposed for tests and `gate`).
MetricComparison compare_metric(const Metric& base, const Metric& cand, const CompareOptions& opt);
GroupStats group_stats(std::vector<double> v, PercentileMethod m);

}  // namespace cuzk::stats
