// The report's memory chart: RSS over time, split into anonymous and file-backed pages where the
// samples carry rss_anon / rss_file (stacked areas under the total RSS line), the byte budget
// (run_start.config.mem_budget) and budget + host_reserved as horizontal lines, and the in-flight
// partitions on a right axis. What a file does not carry is not drawn: a file without the split
// and without a budget renders as the plain RSS + in-flight chart.
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "cuzk/stats/table.hpp"
#include "report_parts.hpp"
#include "svg_axis.hpp"

namespace cuzk::stats::report_detail {

namespace {

using svg::fmt;

constexpr const char* kRss = "#e15759";
constexpr const char* kAnon = "#f28e2b";
constexpr const char* kFile = "#76b7b2";
constexpr const char* kBudget = "#222";
constexpr const char* kCeiling = "#888";
constexpr const char* kInflight = "#4e79a7";

// Legend entries laid out in rows that fit the chart's width; returns the rows' markup and count.
std::pair<std::string, int> legend_rows(const std::vector<Key>& keys, double x0, double y0) {
  const double room = kW - kRight - x0;
  std::vector<std::vector<Key>> rows(1);
  double used = 0;
  for (const auto& k : keys) {
    const double w = legend_width(k);
    if (used > 0 && used + w > room) rows.emplace_back(), used = 0;
    rows.back().push_back(k);
    used += w;
  }
  std::string s;
  for (std::size_t i = 0; i < rows.size(); ++i) s += legend(rows[i], x0, y0 + 16 * double(i));
  return {s, int(rows.size())};
}

// A horizontal line across the plot area at bytes `v`, with a hover title.
std::string hline(const svg::Scale& ys, const svg::Area& a, double v, const char* cls, const char* color, const char* dash,
                  const std::string& title) {
  const std::string y = fmt(ys.at(v, a.y1, a.y0));
  return printf_string("<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"1.5\" "
                       "stroke-dasharray=\"%s\"><title>%s</title></line>",
                       cls, fmt(a.x0).c_str(), y.c_str(), fmt(a.x1).c_str(), y.c_str(), color, dash, svg::escape(title).c_str());
}

}  // namespace

std::string mem_chart(const ReportRun& rr) {
  const RunData& r = rr.data;
  const auto& m = r.mem;
  if (m.empty()) return "<p class=\"note\">No mem samples.</p>";
  // Downsample to at most 2000 points by keeping each bucket's sample of largest RSS (peaks must stay visible).
  const std::size_t cap = 2000, step = (m.size() + cap - 1) / cap;
  std::vector<const MemSample*> pts;
  double rmax = 1, imax = 1;
  bool split = false;
  for (const auto& s : m) {
    rmax = std::max(rmax, s.rss), imax = std::max(imax, s.inflight);
    split = split || (s.rss_anon && s.rss_file);
  }
  for (std::size_t i = 0; i < m.size(); i += step) {
    const std::size_t j = std::min(m.size(), i + step);
    const MemSample* best = &m[i];
    for (std::size_t k = i; k < j; ++k)
      if (m[k].rss > best->rss) best = &m[k];
    pts.push_back(best);
  }
  // The budget and the ceiling it plans for (budget + host memory kept outside it); the y axis includes both.
  const std::optional<double> budget = r.mem_budget;
  const bool has_ceiling = budget && r.host_reserved;
  const double ceiling = has_ceiling ? *budget + *r.host_reserved : 0;
  const double ymax = std::max({rmax, budget.value_or(0), ceiling});

  std::vector<Key> keys{{kRss, "RSS, left axis (peak " + human(rr.summary.peak_rss, "bytes") + ")", true}};
  if (split) {
    const double anon_peak = std::max(r.peak_rss_anon.value_or(0), r.end_peak_rss_anon.value_or(0));
    keys.push_back({kAnon, "anonymous (peak " + human(anon_peak, "bytes") + ")"});
    keys.push_back({kFile, "file-backed (peak " + human(r.peak_rss_file.value_or(0), "bytes") + ")"});
  }
  if (budget) keys.push_back({kBudget, "budget " + human(*budget, "bytes"), true, "6,3"});
  if (has_ceiling) keys.push_back({kCeiling, "budget + host reserved " + human(ceiling, "bytes"), true, "2,2"});
  keys.push_back({kInflight, printf_string("in-flight partitions, right axis (max %.0f)", imax), true, "3,2"});
  const auto [legend_svg, rows] = legend_rows(keys, kLeft, 14);

  const svg::Scale ts = time_scale(rr), ys = svg::nice_scale(0, ymax, 5, "bytes"), is = svg::nice_scale(0, imax, 5, "", true);
  const double top = 28 + 16 * double(rows - 1), H = 250 + (top - 28);
  const svg::Area a{kLeft, top, kW - 70, H - 44};
  auto X = [&](const MemSample* p) { return fmt(ts.at(p->ts, a.x0, a.x1)); };
  auto Y = [&](double v) { return fmt(ys.at(v, a.y1, a.y0)); };
  std::string rss_pts, inf_pts;
  for (const MemSample* p : pts) {
    rss_pts += X(p) + "," + Y(p->rss) + " ";
    inf_pts += X(p) + "," + fmt(is.at(p->inflight, a.y1, a.y0)) + " ";
  }
  const char* title = split    ? "RSS (anonymous and file-backed) against the budget, and in-flight partitions over time"
                      : budget ? "RSS against the budget, and in-flight partitions over time"
                               : "RSS and in-flight partitions over time";
  std::string s = svg_open("rss", kW, H, title);
  s += x_axis(ts, a, "time since run start") + y_axis(ys, a, "RSS") + y_axis(is, a, "in-flight partitions", false, true);
  if (split) {
    // Stacked areas: anonymous from 0, file-backed on top of it (a sample without the split counts 0).
    std::string anon = fmt(ts.at(pts.front()->ts, a.x0, a.x1)) + "," + Y(0) + " ", file;
    for (const MemSample* p : pts) {
      anon += X(p) + "," + Y(p->rss_anon.value_or(0)) + " ";
      file += X(p) + "," + Y(p->rss_anon.value_or(0) + p->rss_file.value_or(0)) + " ";
    }
    anon += fmt(ts.at(pts.back()->ts, a.x0, a.x1)) + "," + Y(0);
    for (auto it = pts.rbegin(); it != pts.rend(); ++it) file += X(*it) + "," + Y((*it)->rss_anon.value_or(0)) + " ";
    const char* area = "<polygon class=\"%s\" fill=\"%s\" fill-opacity=\"0.45\" stroke=\"none\" points=\"%s\"/>";
    s += printf_string(area, "mem-anon", kAnon, anon.c_str());
    s += printf_string(area, "mem-file", kFile, file.c_str());
  }
  if (budget) s += hline(ys, a, *budget, "mem-budget", kBudget, "6,3", "budget (mem_budget) " + human(*budget, "bytes"));
  if (has_ceiling)
    s += hline(ys, a, ceiling, "mem-ceiling", kCeiling, "2,2",
               "budget + host_reserved " + human(*budget, "bytes") + " + " + human(*r.host_reserved, "bytes"));
  s += "<polyline fill=\"none\" stroke=\"#e15759\" stroke-width=\"1.5\" points=\"" + rss_pts + "\"/>";
  s += "<polyline fill=\"none\" stroke=\"#4e79a7\" stroke-width=\"1\" stroke-dasharray=\"3,2\" points=\"" + inf_pts + "\"/>";
  s += legend_svg;
  return s + "</svg>";
}

}  // namespace cuzk::stats::report_detail
