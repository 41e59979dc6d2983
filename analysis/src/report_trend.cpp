// The report's trend view (`history --html`): per series its values over commits, replicates as
// points, the median of each segment between change points as a line, each change point as a
// vertical line labelled with its commits and shift, and a table of the change points below. All
// of it is printed text: nothing needs hovering.
#include <algorithm>
#include <cmath>

#include "cuzk/stats/history.hpp"
#include "report_parts.hpp"
#include "svg_axis.hpp"

namespace cuzk::stats {

namespace {

using svg::fmt;
using namespace report_detail;

std::string html(std::string_view s) { return svg::escape(s); }

// Assumption: past this many values a chart draws each commit's range and median instead of every
// replicate (the page stays small enough to open and print); the chart says so.
constexpr std::size_t kMaxTrendPoints = 4000;
constexpr double kLabelRow = 13, kMaxLabelRows = 4;

const char* cp_color(const ChangePoint& c) {
  return c.direction == "regression" ? "#c00" : c.direction == "improvement" ? "#080" : "#777";
}

std::string shift_text(const ChangePoint& c) {
  return c.ratio ? finite_or_na("%+.1f%%", 100 * (*c.ratio - 1)) : std::string("n/a");
}

std::string chart(const MetricSeries& s, std::size_t id, const std::string& order) {
  const std::size_t nc = s.commits.size();
  double lo = *std::min_element(s.values.begin(), s.values.end()), hi = *std::max_element(s.values.begin(), s.values.end());
  if (!(hi > lo)) lo -= std::fabs(lo) * 0.05 + 1e-12, hi += std::fabs(hi) * 0.05 + 1e-12;
  const svg::Scale ys = svg::nice_scale(lo, hi, 6, s.unit);
  const svg::Scale xs = svg::nice_scale(0, double(std::max<std::size_t>(nc, 2) - 1), 10, "", true);
  // Labels of the change points: greedy rows above the plot, the full label where it fits.
  struct Label {
    std::string text;
    double x = 0, w = 0;
    int row = 0;
    bool end = false;
  };
  std::vector<Label> labels;
  std::vector<double> row_right;
  const double plot_x0 = kLeft, plot_x1 = kW - kRight;
  auto X = [&](double c) { return xs.at(c, plot_x0, plot_x1); };
  for (std::size_t k = 0; k < s.change_points.size(); ++k) {
    const ChangePoint& c = s.change_points[k];
    Label l;
    l.x = X(double(c.commit_index) - 0.5);
    l.text = std::string("#") + std::to_string(k + 1) + " " + short_commit(c.before) + " \u2192 " + short_commit(c.after) + " " + shift_text(c);
    l.w = 6.2 * double(l.text.size() - 2) + 8;
    bool placed = false;
    for (int attempt = 0; attempt < 2 && !placed; ++attempt) {
      if (attempt == 1) l.text = std::string("#") + std::to_string(k + 1) + " " + shift_text(c), l.w = 6.2 * double(l.text.size()) + 8;
      l.end = l.x + l.w > kW - 4;
      const double left = l.end ? l.x - l.w : l.x, right = l.end ? l.x : l.x + l.w;
      for (std::size_t r = 0; r < row_right.size() + 1 && r < kMaxLabelRows; ++r) {
        if (r == row_right.size()) row_right.push_back(-1e9);
        if (row_right[r] < left) {
          row_right[r] = right;
          l.row = int(r);
          placed = true;
          break;
        }
      }
    }
    if (!placed) continue;  // listed in the table under the chart
    labels.push_back(l);
  }
  const double top = 48 + kLabelRow * double(row_right.size());
  const svg::Area a{plot_x0, top, plot_x1, top + 150};
  std::string t = s.metric + " \u2014 " + (s.hosts.empty() ? "?" : s.hosts.front());
  for (std::size_t i = 1; i < s.hosts.size(); ++i) t += " + " + s.hosts[i];
  std::string o = svg_open("trend", kW, a.y1 + 44, html("trend of " + t).c_str());
  o += printf_string("<text x=\"%.0f\" y=\"14\" class=\"title\" id=\"trend-title-%zu\">%s (%zu values, %zu commits)</text>", kLeft,
                     id, html(t).c_str(), s.values.size(), nc);
  const bool dense = s.values.size() > kMaxTrendPoints;
  o += legend({{"#4e79a7", dense ? "per commit: range and median of its runs" : "run (replicates of a commit stacked)"},
               {"#333", "median between change points", true},
               {"#c00", "change point (regression)", true, "4,3"},
               {"#080", "improvement", true, "4,3"},
               {"#777", "within noise", true, "4,3"}},
              kLeft, 32);
  o += svg::y_axis(ys, a, s.metric.size() <= 24 ? s.metric : std::string("value"));  // the title names it
  o += svg::x_axis(xs, a, "commit number (0 = the oldest, by " + order + ")");
  auto Y = [&](double v) { return ys.at(v, a.y1, a.y0); };
  if (!dense) {
    for (std::size_t i = 0; i < s.values.size(); ++i)
      o += "<circle cx=\"" + fmt(X(double(s.commit_of[i]))) + "\" cy=\"" + fmt(Y(s.values[i])) +
           "\" r=\"2.2\" fill=\"#4e79a7\" fill-opacity=\"0.65\"/>";
  } else {
    for (std::size_t c = 0; c < nc; ++c) {
      const std::size_t b = s.commit_start[c], e = c + 1 < nc ? s.commit_start[c + 1] : s.values.size();
      std::vector<double> v(s.values.begin() + std::ptrdiff_t(b), s.values.begin() + std::ptrdiff_t(e));
      std::sort(v.begin(), v.end());
      const std::string x = fmt(X(double(c)));
      o += "<line x1=\"" + x + "\" y1=\"" + fmt(Y(v.front())) + "\" x2=\"" + x + "\" y2=\"" + fmt(Y(v.back())) +
           "\" stroke=\"#4e79a7\" stroke-opacity=\"0.5\"/>";
      o += "<circle cx=\"" + x + "\" cy=\"" + fmt(Y(v[v.size() / 2])) + "\" r=\"1.5\" fill=\"#4e79a7\"/>";
    }
  }
  // Segment medians.
  std::vector<std::size_t> cuts{0};
  for (const auto& c : s.change_points) cuts.push_back(c.index);
  cuts.push_back(s.values.size());
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    std::vector<double> v(s.values.begin() + std::ptrdiff_t(cuts[k]), s.values.begin() + std::ptrdiff_t(cuts[k + 1]));
    if (v.empty()) continue;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    const double x0 = X(double(s.commit_of[cuts[k]]) - (k ? 0.5 : 0)),
                 x1 = X(double(s.commit_of[cuts[k + 1] - 1]) + (k + 2 < cuts.size() ? 0.5 : 0));
    o += "<line class=\"seg-median\" x1=\"" + fmt(x0) + "\" y1=\"" + fmt(Y(v[v.size() / 2])) + "\" x2=\"" + fmt(x1) + "\" y2=\"" +
         fmt(Y(v[v.size() / 2])) + "\" stroke=\"#333\" stroke-width=\"1.5\"/>";
  }
  for (const auto& c : s.change_points) {
    const std::string x = fmt(X(double(c.commit_index) - 0.5));
    o += "<line class=\"change-point\" x1=\"" + x + "\" y1=\"" + fmt(a.y0 - 2) + "\" x2=\"" + x + "\" y2=\"" + fmt(a.y1) +
         "\" stroke=\"" + cp_color(c) + "\" stroke-width=\"1.5\" stroke-dasharray=\"4,3\"/>";
  }
  for (const auto& l : labels)
    o += printf_string("<text x=\"%s\" y=\"%s\" class=\"tick cp-label\" text-anchor=\"%s\">%s</text>", fmt(l.end ? l.x - 3 : l.x + 3).c_str(),
                       fmt(44 + kLabelRow * double(l.row + 1) - 2).c_str(), l.end ? "end" : "start", html(l.text).c_str());
  return o + "</svg>";
}

std::string cp_table(const MetricSeries& s) {
  if (s.change_points.empty()) return "<p>no change point</p>";
  std::string t = "<table class=\"cp\"><tr><th>#</th><th>before</th><th>after</th><th>shift</th><th>95% CI</th><th>p</th>"
                  "<th>median before</th><th>median after</th><th>stage</th><th>verdict</th></tr>";
  for (std::size_t k = 0; k < s.change_points.size(); ++k) {
    const ChangePoint& c = s.change_points[k];
    const std::string ci = c.lo && c.hi ? std::string("[") + finite_or_na("%+.2f%%", 100 * (*c.lo - 1)) + ", " +
                                              finite_or_na("%+.2f%%", 100 * (*c.hi - 1)) + "]"
                                        : std::string("n/a");
    const char* cls = c.direction == "regression" ? " class=\"regression\"" : c.direction == "improvement" ? " class=\"improvement\"" : "";
    t += "<tr><td>" + std::to_string(k + 1) + "</td><td class=\"l\">" + html(short_commit(c.before)) + "</td><td class=\"l\">" + html(short_commit(c.after)) +
         "</td><td>" + html(shift_text(c)) + "</td><td>" + html(ci) + "</td><td>" + printf_string("%.3g", c.p) + "</td><td>" +
         html(human(c.before_median, c.unit)) + "</td><td>" + html(human(c.after_median, c.unit)) + "</td><td>" +
         html(c.stage.empty() ? "-" : c.stage) + "</td><td" + cls + ">" + html(c.direction) + "</td></tr>";
  }
  return t + "</table>";
}

}  // namespace

std::string trend_section(const History& h) {
  std::size_t n = 0;
  for (const auto& s : h.series) n += s.change_points.size();
  std::string b = "<h2>Trend over commits</h2>";
  b += "<p>" + html(printf_string("%zu run(s) ordered by %s; %zu series; %zu change point(s) by e-divisive means (alpha %g, "
                                  "<= %zu permutations, seed %llu). Shift: Hodges-Lehmann ratio over <= %zu values each side.",
                                  h.runs, h.order.c_str(), h.series.size(), n, h.opt.ed.alpha, h.opt.ed.max_permutations,
                                  static_cast<unsigned long long>(h.opt.ed.seed), h.opt.shift_window)) +
       "</p>";
  for (const auto& w : capped(h.warnings, 10)) b += "<p class=\"note\">warning: " + html(w) + "</p>";
  for (std::size_t i = 0; i < h.series.size(); ++i) {
    const MetricSeries& s = h.series[i];
    b += "<h3>" + html(s.metric) + "</h3>" + chart(s, i, h.order) + cp_table(s);
  }
  return b;
}

}  // namespace cuzk::stats
