#include "cuzk/stats/report.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include "cuzk/stats/render.hpp"
#include "cuzk/stats/trace.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace {

std::string html(std::string_view s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

const char* kColor[] = {"#4e79a7", "#bab0ac", "#e15759", "#59a14f"};  // synth, queue, gpu, write

constexpr double kW = 1100, kLeft = 140, kRight = 20;

// SVG coordinates: never inf or nan (a coordinate that is not finite is drawn at 0).
std::string fmt(double v) { return std::isfinite(v) ? printf_string("%.2f", v) : std::string("0"); }

std::string gantt(const ReportRun& rr) {
  const RunData& r = rr.data;
  // Lanes: synth workers, each GPU's workers, the writer; queue spans are not drawn (they are waits).
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < r.spans.size(); ++i)
    if (r.spans[i].stage != Stage::Queue) idx.push_back(i);
  std::sort(idx.begin(), idx.end(), [&](auto a, auto b) { return r.spans[a].t0 < r.spans[b].t0; });
  std::string note;
  if (idx.size() > kMaxGanttBars) {
    note = printf_string("<p class=\"note\">Timeline limited to the first %zu of %zu spans.</p>", kMaxGanttBars, idx.size());
    idx.resize(kMaxGanttBars);
  }
  std::vector<std::pair<double, double>> iv;
  for (auto i : idx) iv.emplace_back(r.spans[i].t0, r.spans[i].t1);
  // Lane key: (stage group, device, worker); spans without a worker id get packed lanes.
  std::map<std::tuple<int, int, int>, int> lane_of;
  std::vector<std::tuple<int, int, int>> keys(idx.size());
  std::map<int, std::vector<std::size_t>> unlaned;
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const Span& s = r.spans[idx[k]];
    const int group = s.stage == Stage::Synth ? 0 : s.stage == Stage::Gpu ? 1 : 2;
    const int dev = s.stage == Stage::Gpu ? s.device : 0;
    if (s.worker != 0xFFFF && s.stage != Stage::Write) keys[k] = {group, dev, s.worker};
    else unlaned[group * 65536 + dev].push_back(k);
  }
  for (auto& [g, ks] : unlaned) {
    std::vector<std::pair<double, double>> sub;
    for (auto k : ks) sub.push_back(iv[k]);
    const auto lanes = pack_lanes(sub);
    for (std::size_t j = 0; j < ks.size(); ++j) keys[ks[j]] = {g / 65536, g % 65536, int(lanes[j])};
  }
  for (const auto& k : keys) lane_of[k] = 0;
  int n = 0;
  std::string labels;
  const double lane_h = 16;
  for (auto& [k, v] : lane_of) {
    v = n++;
    const auto [g, d, w] = k;
    const std::string name = g == 0   ? printf_string("synth %d", w)
                             : g == 1 ? "gpu " + (std::size_t(d) < r.devices.size() ? r.devices[d] : std::string("?")) +
                                            printf_string(" w%d", w)
                                      : printf_string("write %d", w);
    labels += printf_string("<text x=\"%.0f\" y=\"%.1f\" class=\"lbl\">%s</text>", kLeft - 6, 24 + v * lane_h + 11,
                            html(name).c_str());
  }
  const double tmax = std::max(rr.summary.wall, 1e-9);
  const double sx = (kW - kLeft - kRight) / tmax;
  const double h = 40 + n * lane_h;
  std::string s = printf_string("<svg class=\"chart gantt\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                                "viewBox=\"0 0 %.0f %.0f\"><title>timeline</title>",
                                kW, h, kW, h);
  s += labels;
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const Span& sp = r.spans[idx[k]];
    const double x = kLeft + sp.t0 * sx, w = std::max(0.5, (sp.t1 - sp.t0) * sx);
    const std::string sec = sp.seq < r.sector_by_seq.size() ? r.sector_by_seq[sp.seq] : std::string();
    s += printf_string("<rect x=\"%s\" y=\"%.0f\" width=\"%s\" height=\"%.0f\" fill=\"%s\"><title>%s %s/p%u %s</title></rect>",
                       fmt(x).c_str(), 24 + lane_of[keys[k]] * lane_h + 2, fmt(w).c_str(), lane_h - 4,
                       kColor[std::size_t(sp.stage)], kStageNames[std::size_t(sp.stage)].data(), html(sec).c_str(),
                       sp.partition, human(sp.t1 - sp.t0, "s").c_str());
  }
  // Time axis: 10 ticks.
  for (int t = 0; t <= 10; ++t) {
    const double tv = tmax * t / 10, x = kLeft + tv * sx;
    s += printf_string("<line x1=\"%s\" y1=\"20\" x2=\"%s\" y2=\"%.0f\" class=\"grid\"/><text x=\"%s\" y=\"14\" class=\"tick\">%s</text>",
                       fmt(x).c_str(), fmt(x).c_str(), h - 16, fmt(x).c_str(), human(tv, "s").c_str());
  }
  s += "</svg>";
  return note + s;
}

std::string rss_chart(const ReportRun& rr) {
  const auto& m = rr.data.mem;
  if (m.empty()) return "<p class=\"note\">No mem samples.</p>";
  // Downsample to at most 2000 points by keeping each bucket's maximum (peaks must stay visible).
  const std::size_t cap = 2000, step = (m.size() + cap - 1) / cap;
  double rmax = 1, imax = 1;
  for (const auto& s : m) rmax = std::max(rmax, s.rss), imax = std::max(imax, s.inflight);
  const double tmax = std::max(rr.summary.wall, m.back().ts), H = 220, top = 20, bottom = 30;
  const double sx = (kW - kLeft - kRight) / std::max(tmax, 1e-9), sy = (H - top - bottom) / rmax;
  std::string rss_pts, inf_pts;
  for (std::size_t i = 0; i < m.size(); i += step) {
    const std::size_t j = std::min(m.size(), i + step);
    auto best = m.begin() + std::ptrdiff_t(i);
    for (auto it = best; it != m.begin() + std::ptrdiff_t(j); ++it)
      if (it->rss > best->rss) best = it;
    rss_pts += fmt(kLeft + best->ts * sx) + "," + fmt(H - bottom - best->rss * sy) + " ";
    inf_pts += fmt(kLeft + best->ts * sx) + "," + fmt(H - bottom - best->inflight / imax * (H - top - bottom)) + " ";
  }
  std::string s = printf_string("<svg class=\"chart rss\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\"><title>RSS over time</title>", kW, H);
  s += "<polyline fill=\"none\" stroke=\"#e15759\" stroke-width=\"1.5\" points=\"" + rss_pts + "\"/>";
  s += "<polyline fill=\"none\" stroke=\"#4e79a7\" stroke-width=\"1\" stroke-dasharray=\"3,2\" points=\"" + inf_pts + "\"/>";
  for (int t = 0; t <= 4; ++t) {
    const double v = rmax * t / 4, y = H - bottom - v * sy;
    s += printf_string("<line x1=\"%.0f\" y1=\"%s\" x2=\"%.0f\" y2=\"%s\" class=\"grid\"/><text x=\"%.0f\" y=\"%s\" class=\"lbl\">%s</text>",
                       kLeft, fmt(y).c_str(), kW - kRight, fmt(y).c_str(), kLeft - 6, fmt(y + 4).c_str(),
                       human(v, "bytes").c_str());
  }
  for (int t = 0; t <= 10; ++t)
    s += printf_string("<text x=\"%s\" y=\"%.0f\" class=\"tick\">%s</text>", fmt(kLeft + tmax * t / 10 * sx).c_str(),
                       H - 10, human(tmax * t / 10, "s").c_str());
  s += printf_string("<text x=\"%.0f\" y=\"14\" class=\"tick\">RSS (red, peak %s) · in-flight partitions (blue dashes, max %.0f)</text>",
                     kLeft + 200, human(rr.summary.peak_rss, "bytes").c_str(), imax);
  return s + "</svg>";
}

std::vector<double> stage_durations(const RunData& r, Stage st) {
  std::vector<double> v;
  for (const auto& s : r.spans)
    if (s.stage == st) v.push_back(s.t1 - s.t0);
  std::sort(v.begin(), v.end());
  return v;
}

std::string box_plots(const ReportRun& rr, PercentileMethod m) {
  const double row = 34, H = 20 + 4 * row;
  std::string s = printf_string("<svg class=\"chart box\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\"><title>per-stage box plots</title>", kW, H);
  for (int st = 0; st < 4; ++st) {
    const auto v = stage_durations(rr.data, Stage(st));
    const double y = 10 + st * row;
    s += printf_string("<text x=\"%.0f\" y=\"%.0f\" class=\"lbl\">%s</text>", kLeft - 6, y + 18, kStageNames[std::size_t(st)].data());
    if (v.empty()) continue;
    // Each row has its own scale (stages differ by orders of magnitude): min..max of that stage.
    const double lo = v.front(), hi = v.back(), span = std::max(hi - lo, 1e-12);
    auto X = [&](double x) { return kLeft + (x - lo) / span * (kW - kLeft - kRight - 160); };
    const double q1 = percentile_sorted(v, 0.25, m), q2 = percentile_sorted(v, 0.5, m), q3 = percentile_sorted(v, 0.75, m);
    s += printf_string("<line x1=\"%s\" y1=\"%.0f\" x2=\"%s\" y2=\"%.0f\" stroke=\"#555\"/>", fmt(X(lo)).c_str(), y + 14,
                       fmt(X(hi)).c_str(), y + 14);
    s += printf_string("<rect x=\"%s\" y=\"%.0f\" width=\"%s\" height=\"20\" fill=\"%s\" fill-opacity=\"0.6\" stroke=\"#333\"><title>q1 %s, median %s, q3 %s</title></rect>",
                       fmt(X(q1)).c_str(), y + 4, fmt(std::max(1.0, X(q3) - X(q1))).c_str(), kColor[st],
                       human(q1, "s").c_str(), human(q2, "s").c_str(), human(q3, "s").c_str());
    s += printf_string("<line x1=\"%s\" y1=\"%.0f\" x2=\"%s\" y2=\"%.0f\" stroke=\"#000\" stroke-width=\"2\"/>", fmt(X(q2)).c_str(),
                       y + 4, fmt(X(q2)).c_str(), y + 24);
    s += printf_string("<text x=\"%.0f\" y=\"%.0f\" class=\"tick\" text-anchor=\"start\">%s … %s (median %s, n %zu)</text>",
                       kW - kRight - 150, y + 18, human(lo, "s").c_str(), human(hi, "s").c_str(), human(q2, "s").c_str(), v.size());
  }
  return s + "</svg>";
}

std::string histograms(const ReportRun& rr) {
  const double cw = 260, ch = 140;
  std::string s = printf_string("<svg class=\"chart hist\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\"><title>per-stage histograms</title>", 4 * cw + 20, ch + 20);
  for (int st = 0; st < 4; ++st) {
    const auto v = stage_durations(rr.data, Stage(st));
    const double x0 = 10 + st * cw;
    s += printf_string("<text x=\"%.0f\" y=\"12\" class=\"tick\" text-anchor=\"start\">%s</text>", x0, kStageNames[std::size_t(st)].data());
    if (v.empty()) continue;
    const int bins = 30;
    std::vector<std::size_t> c(bins, 0);
    const double lo = v.front(), span = std::max(v.back() - lo, 1e-12);
    for (double x : v) ++c[std::min<std::size_t>(bins - 1, std::size_t((x - lo) / span * bins))];
    const double cmax = double(*std::max_element(c.begin(), c.end()));
    const double bw = (cw - 20) / bins;
    for (int b = 0; b < bins; ++b) {
      const double bh = double(c[std::size_t(b)]) / cmax * (ch - 40);
      s += printf_string("<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"><title>%zu</title></rect>", fmt(x0 + b * bw).c_str(),
                         fmt(ch - 10 - bh).c_str(), fmt(bw - 1).c_str(), fmt(bh).c_str(), kColor[st], c[std::size_t(b)]);
    }
    s += printf_string("<text x=\"%.0f\" y=\"%.0f\" class=\"tick\" text-anchor=\"start\">%s</text><text x=\"%.0f\" y=\"%.0f\" class=\"tick\" text-anchor=\"end\">%s</text>",
                       x0, ch + 4, human(lo, "s").c_str(), x0 + cw - 40, ch + 4, human(v.back(), "s").c_str());
  }
  return s + "</svg>";
}

std::string table_html(const std::vector<std::string>& head, const std::vector<std::vector<std::string>>& rows) {
  std::string s = "<table><tr>";
  for (const auto& h : head) s += "<th>" + html(h) + "</th>";
  s += "</tr>";
  for (const auto& r : rows) {
    s += "<tr>";
    for (const auto& c : r) s += "<td>" + html(c) + "</td>";
    s += "</tr>";
  }
  return s + "</table>";
}

}  // namespace

std::string render_report(const ReportInput& in) {
  std::string b;
  b += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cuzk-stats report</title><style>"
       "body{font:13px system-ui,sans-serif;margin:20px;color:#222}h1{font-size:20px}h2{font-size:16px;margin-top:28px}"
       "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
       "td:first-child,th:first-child{text-align:left}.lbl{font-size:11px;text-anchor:end}.tick{font-size:10px;"
       "text-anchor:middle;fill:#555}.grid{stroke:#eee}.note{color:#a60}.chart{display:block;margin:6px 0}"
       ".legend span{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px}"
       ".regression{color:#c00;font-weight:bold}.improvement{color:#080;font-weight:bold}</style></head><body>\n";
  b += "<h1>cuzk-stats report</h1><p id=\"status\">static</p>\n";
  b += "<p class=\"legend\">";
  for (int i = 0; i < 4; ++i) b += printf_string("<span style=\"background:%s\"></span>%s", kColor[i], kStageNames[std::size_t(i)].data());
  b += "</p>\n";
  if (in.comparison) {
    const auto& c = *in.comparison;
    b += "<h2>Comparison (baseline vs these runs)</h2>";
    std::string t = "<table><tr><th>metric</th><th>n</th><th>baseline median</th><th>candidate median</th><th>change</th><th>95% CI</th><th>p</th><th>verdict</th></tr>";
    for (const auto& m : c.metrics) {
      const std::string v(to_string(m.verdict));
      const char* cls = m.verdict == Verdict::Regression ? "regression" : m.verdict == Verdict::Improvement ? "improvement" : "";
      t += "<tr><td>" + html(m.name) + "</td><td>" + std::to_string(m.base.n) + "/" + std::to_string(m.cand.n) + "</td><td>" +
           html(human(m.base.median, m.unit)) + "</td><td>" + html(human(m.cand.median, m.unit)) + "</td><td>" +
           (m.ratio ? finite_or_na("%+.2f%%", 100 * (*m.ratio - 1)) : "n/a") + "</td><td>" +
           (m.ci_lo && m.ci_hi ? "[" + finite_or_na("%+.2f%%", 100 * (*m.ci_lo - 1)) + ", " +
                                     finite_or_na("%+.2f%%", 100 * (*m.ci_hi - 1)) + "]"
                               : std::string("n/a")) +
           "</td><td>" + (m.p_value ? finite_or_na("%.3g", *m.p_value) : "n/a") + "</td><td class=\"" + cls + "\">" + html(v) + "</td></tr>";
    }
    b += t + "</table>";
    for (const auto& l : c.attribution.lines) b += "<p>" + html(l) + "</p>";
    for (const auto& w : c.warnings) b += "<p class=\"note\">warning: " + html(w) + "</p>";
  }
  for (const auto& rr : in.runs) {
    const RunSummary& s = rr.summary;
    b += "<h2>Run " + html(s.file) + "</h2>";
    b += printf_string("<p>%zu proofs · wall %s · s/proof steady %s · wall/proofs %s · peak RSS %s · bottleneck %s</p>", s.proofs,
                       human(s.wall, "s").c_str(), s.s_per_proof_steady ? human(*s.s_per_proof_steady, "s").c_str() : "n/a",
                       s.s_per_proof_plain ? human(*s.s_per_proof_plain, "s").c_str() : "n/a", human(s.peak_rss, "bytes").c_str(),
                       html(s.bottleneck.empty() ? "?" : s.bottleneck).c_str());
    b += "<h3>Timeline</h3>" + gantt(rr);
    b += "<h3>RSS and in-flight over time</h3>" + rss_chart(rr);
    b += "<h3>Stage durations</h3>" + box_plots(rr, in.method) + histograms(rr);
    std::vector<std::vector<std::string>> rows;
    for (const auto& st : s.stages) {
      if (st.d.n == 0) continue;
      rows.push_back({st.name, std::to_string(st.d.n), human(st.d.mean, "s"), human(st.d.median, "s"), human(st.d.p90, "s"),
                      human(st.d.p99, "s"), human(st.d.max, "s"), std::to_string(st.d.outliers)});
    }
    b += table_html({"stage", "n", "mean", "median", "p90", "p99", "max", "outliers"}, rows);
    b += "<p>percentiles: " + std::string(to_string(in.method)) + "</p>";
    for (const auto& w : s.warnings) b += "<p class=\"note\">warning: " + html(w) + "</p>";
  }
  // The only script: marks the page as loaded with its SVG count (what the headless test checks).
  b += "<script>document.body.setAttribute('data-svg-count', document.querySelectorAll('svg').length);"
       "document.getElementById('status').textContent = 'loaded';</script>\n</body></html>\n";
  return b;
}

void write_report(const ReportInput& in, const std::string& path) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    if (!f) throw Error(Error::Kind::Io, path, "cannot write");
    f << render_report(in);
    if (!f) throw Error(Error::Kind::Io, path, "write failed");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw Error(Error::Kind::Io, path, "cannot rename into place");
}

}  // namespace cuzk::stats
