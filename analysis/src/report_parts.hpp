#pragma once
// Pieces shared by the report's chart sources (report.cpp, report_mem.cpp). Internal to
// cuzk_analysis (not installed).
#include <string>
#include <vector>

#include "cuzk/stats/report.hpp"
#include "svg_axis.hpp"

namespace cuzk::stats::report_detail {

constexpr double kW = 1100, kLeft = 140, kRight = 30;  // chart width, plot area's left and right margins

// `<svg class="chart CLS" ...><title>TITLE</title>` (the caller closes it).
std::string svg_open(const char* cls, double w, double h, const char* title);

// A legend row at (x, y): a swatch (filled square, or a line with `dash`) and a label per entry.
struct Key {
  std::string color, label;
  bool line = false;
  const char* dash = "";
};
std::string legend(const std::vector<Key>& keys, double x, double y);
double legend_width(const Key& k);  // the horizontal room legend() gives an entry

// The time axis of a run: shared by its timeline and its memory chart.
svg::Scale time_scale(const ReportRun& rr);

// Memory over time (report_mem.cpp): RSS (anonymous and file-backed where the samples split it),
// the budget and the in-flight partitions; a note when the run has no mem samples.
std::string mem_chart(const ReportRun& rr);

}  // namespace cuzk::stats::report_detail
