#pragma once
// One self-contained HTML report (inline CSS and SVG, no script from the network, no external
// resources): per run a Gantt timeline of the stages, per-stage box plots and histograms, memory
// (RSS, anonymous and file-backed where sampled, against the budget) and in-flight over time; the
// comparison table when a baseline is given.
#include <optional>
#include <string>
#include <vector>

#include "cuzk/stats/comparison.hpp"
#include "cuzk/stats/run_summary.hpp"

namespace cuzk::stats {

struct ReportRun {
  RunData data;  // loaded with the mem series
  RunSummary summary;
};

struct ReportInput {
  std::vector<ReportRun> runs;
  std::optional<Comparison> comparison;
  std::vector<std::string> baseline_files;  // named on the page as the comparison's inputs
  PercentileMethod method = PercentileMethod::Linear;
  std::string trend;  // the trend view of `history` (report_trend.cpp), drawn after the inputs
};

// Assumption: drawing more than this many Gantt bars makes the page slow without showing more; past
// it the timeline shows the first spans in time order and says so.
inline constexpr std::size_t kMaxGanttBars = 20000;

std::string render_report(const ReportInput& in);
void write_report(const ReportInput& in, const std::string& path);  // throws Error(Io)

}  // namespace cuzk::stats
