#pragma once
// `summary` and `compare` output in the four formats. The JSON documents are stable (schema 1,
// documented in analysis/README.md): fields are only ever added.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cuzk/stats/comparison.hpp"
#include "cuzk/stats/run_summary.hpp"
#include "cuzk/stats/table.hpp"

namespace cuzk::stats {

inline constexpr int kOutputSchema = 1;

// Within-file samples (benchmark repetitions, CSV rows) described per metric.
struct SampleSummary {
  std::string file;
  std::vector<std::pair<Metric, Describe>> metrics;
};
SampleSummary summarize_samples(const MetricSet& m, PercentileMethod method, double level);

std::string render_summary(const std::vector<RunSummary>& runs, const std::vector<SampleSummary>& samples,
                           Format f, PercentileMethod method, double level);
nlohmann::json summary_json(const std::vector<RunSummary>& runs, const std::vector<SampleSummary>& samples,
                            PercentileMethod method, double level);

std::string render_compare(const Comparison& c, Format f);
// A metric's change for a table: a ratio as "+1.23%", a fraction's difference (points) as
// "+0.12 pt"; its interval the same way, "[lo, hi]"; "n/a" when there is none.
std::string change_cell(const MetricComparison& m);
std::string change_ci_cell(const MetricComparison& m);
nlohmann::json compare_json(const Comparison& c);

}  // namespace cuzk::stats
