#include "cuzk/stats/report.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <map>

#include "cuzk/stats/render.hpp"
#include "cuzk/stats/trace.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/text_escape.hpp"
#include "report_parts.hpp"
#include "svg_axis.hpp"

namespace cuzk::stats {

namespace report_detail {

using svg::fmt;

std::string svg_open(const char* cls, double w, double h, const char* title) {
  return printf_string("<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                       "viewBox=\"0 0 %.0f %.0f\"><title>%s</title>",
                       cls, w, h, w, h, title);
}

double legend_width(const Key& k) { return 30 + 6.5 * double(k.label.size()); }

std::string legend(const std::vector<Key>& keys, double x, double y) {
  std::string s = "<g class=\"legend\">";
  for (const auto& k : keys) {
    if (k.line)
      s += printf_string("<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\"/>",
                         fmt(x).c_str(), fmt(y - 4).c_str(), fmt(x + 16).c_str(), fmt(y - 4).c_str(), k.color.c_str(), k.dash);
    else
      s += printf_string("<rect x=\"%s\" y=\"%s\" width=\"10\" height=\"10\" fill=\"%s\"/>", fmt(x + 3).c_str(), fmt(y - 9).c_str(),
                         k.color.c_str());
    s += printf_string("<text x=\"%s\" y=\"%s\" class=\"tick\">%s</text>", fmt(x + 20).c_str(), fmt(y).c_str(),
                       svg::escape(k.label).c_str());
    x += legend_width(k);
  }
  return s + "</g>";
}

svg::Scale time_scale(const ReportRun& rr) {
  double tmax = rr.summary.wall;
  if (!rr.data.mem.empty()) tmax = std::max(tmax, rr.data.mem.back().ts);
  return svg::nice_scale(0, std::max(tmax, 1e-9), 10, "s");
}

}  // namespace report_detail

namespace {

std::string html(std::string_view s) { return svg::escape(s); }
using svg::fmt;
using namespace report_detail;

const char* kColor[] = {"#4e79a7", "#bab0ac", "#e15759", "#59a14f"};  // synth, queue, gpu, write

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
  const double lane_h = 16, top = 28;
  for (auto& [k, v] : lane_of) {
    v = n++;
    const auto [g, d, w] = k;
    const std::string name = g == 0   ? printf_string("synth %d", w)
                             : g == 1 ? "gpu " + (std::size_t(d) < r.devices.size() ? r.devices[d] : std::string("?")) +
                                            printf_string(" w%d", w)
                                      : printf_string("write %d", w);
    labels += printf_string("<text x=\"%.0f\" y=\"%.1f\" class=\"lbl\">%s</text>", kLeft - 8, top + v * lane_h + 12,
                            html(name).c_str());
  }
  const svg::Scale ts = time_scale(rr);
  const svg::Area a{kLeft, top, kW - kRight, top + std::max(1, n) * lane_h};
  std::string s = svg_open("gantt", kW, a.y1 + 44, "timeline");
  s += x_axis(ts, a, "time since run start");
  s += legend({{kColor[0], "synth"}, {kColor[2], "gpu"}, {kColor[3], "write (assemble, verify, write)"}}, kLeft, 14);
  s += labels;
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const Span& sp = r.spans[idx[k]];
    const double x = ts.at(sp.t0, a.x0, a.x1), w = std::max(0.5, ts.at(sp.t1, a.x0, a.x1) - x);
    const std::string sec = sp.seq < r.sector_by_seq.size() ? r.sector_by_seq[sp.seq] : std::string();
    s += printf_string("<rect x=\"%s\" y=\"%.0f\" width=\"%s\" height=\"%.0f\" fill=\"%s\"><title>%s %s/p%u %s</title></rect>",
                       fmt(x).c_str(), top + lane_of[keys[k]] * lane_h + 2, fmt(w).c_str(), lane_h - 4,
                       kColor[std::size_t(sp.stage)], kStageNames[std::size_t(sp.stage)].data(), html(sec).c_str(),
                       sp.partition, human(sp.t1 - sp.t0, "s").c_str());
  }
  return note + s + "</svg>";
}

std::vector<double> stage_durations(const RunData& r, Stage st) {
  std::vector<double> v;
  for (const auto& s : r.spans)
    if (s.stage == st) v.push_back(s.t1 - s.t0);
  std::sort(v.begin(), v.end());
  return v;
}

// One row per stage on one shared duration axis (so rows compare), drawn below the rows.
std::string box_plots(const ReportRun& rr, PercentileMethod m) {
  std::array<std::vector<double>, 4> v;
  double hi = 0;
  for (int st = 0; st < 4; ++st) {
    v[std::size_t(st)] = stage_durations(rr.data, Stage(st));
    if (!v[std::size_t(st)].empty()) hi = std::max(hi, v[std::size_t(st)].back());
  }
  const double row = 30;
  const svg::Scale xs = svg::nice_scale(0, std::max(hi, 1e-9), 10, "s");
  const svg::Area a{kLeft, 28, kW - 150, 28 + 4 * row};
  std::string s = svg_open("box", kW, a.y1 + 44, "per-stage durations: box plots on one axis");
  s += x_axis(xs, a, "span duration");
  s += legend({{"#888", "box: quartiles"}, {"#000", "bar: median", true}, {"#555", "whiskers: min to max", true}}, kLeft, 14);
  for (int st = 0; st < 4; ++st) {
    const auto& d = v[std::size_t(st)];
    const double y = a.y0 + st * row;
    s += printf_string("<text x=\"%.0f\" y=\"%.0f\" class=\"lbl\">%s</text>", kLeft - 8, y + 19, kStageNames[std::size_t(st)].data());
    if (d.empty()) {
      s += printf_string("<text x=\"%.0f\" y=\"%.0f\" class=\"tick\">no spans</text>", kLeft + 6, y + 19);
      continue;
    }
    auto X = [&](double x) { return xs.at(x, a.x0, a.x1); };
    const double q1 = percentile_sorted(d, 0.25, m), q2 = percentile_sorted(d, 0.5, m), q3 = percentile_sorted(d, 0.75, m);
    s += printf_string("<line x1=\"%s\" y1=\"%.0f\" x2=\"%s\" y2=\"%.0f\" stroke=\"#555\"/>", fmt(X(d.front())).c_str(), y + 15,
                       fmt(X(d.back())).c_str(), y + 15);
    for (double e : {d.front(), d.back()})
      s += printf_string("<line x1=\"%s\" y1=\"%.0f\" x2=\"%s\" y2=\"%.0f\" stroke=\"#555\"/>", fmt(X(e)).c_str(), y + 9,
                         fmt(X(e)).c_str(), y + 21);
    s += printf_string("<rect x=\"%s\" y=\"%.0f\" width=\"%s\" height=\"20\" fill=\"%s\" fill-opacity=\"0.7\" stroke=\"#333\"><title>q1 %s, median %s, q3 %s</title></rect>",
                       fmt(X(q1)).c_str(), y + 5, fmt(std::max(1.0, X(q3) - X(q1))).c_str(), kColor[st],
                       human(q1, "s").c_str(), human(q2, "s").c_str(), human(q3, "s").c_str());
    s += printf_string("<line x1=\"%s\" y1=\"%.0f\" x2=\"%s\" y2=\"%.0f\" stroke=\"#000\" stroke-width=\"2\"/>", fmt(X(q2)).c_str(),
                       y + 5, fmt(X(q2)).c_str(), y + 25);
    s += printf_string("<text x=\"%.0f\" y=\"%.0f\" class=\"tick\">median %s · n %zu</text>", a.x1 + 12, y + 19,
                       human(q2, "s").c_str(), d.size());
  }
  return s + "</svg>";
}

// One panel per stage, each with its own duration axis (stages differ by orders of magnitude)
// and a count axis; 20 bins over the panel's round range.
std::string histograms(const ReportRun& rr) {
  const double pw = kW / 4, H = 200;
  std::string s = svg_open("hist", kW, H, "per-stage duration histograms");
  for (int st = 0; st < 4; ++st) {
    const auto v = stage_durations(rr.data, Stage(st));
    const double px = st * pw;
    s += printf_string("<text x=\"%s\" y=\"14\" class=\"title\" text-anchor=\"middle\">%s</text>", fmt(px + pw / 2 + 20).c_str(),
                       kStageNames[std::size_t(st)].data());
    if (v.empty()) {
      s += printf_string("<text x=\"%s\" y=\"80\" class=\"tick\">no spans</text>", fmt(px + 70).c_str());
      continue;
    }
    const int bins = 20;
    const svg::Scale xs = svg::nice_scale(v.front(), v.back(), 4, "s");
    std::vector<std::size_t> c(bins, 0);
    for (double x : v) ++c[std::min<std::size_t>(bins - 1, std::size_t(std::max(0.0, (x - xs.lo) / (xs.hi - xs.lo) * bins)))];
    const svg::Scale ys = svg::nice_scale(0, double(*std::max_element(c.begin(), c.end())), 4, "", true);
    const svg::Area a{px + 62, 24, px + pw - 14, H - 44};
    s += x_axis(xs, a, "duration") + y_axis(ys, a, "spans");
    const double bw = (a.x1 - a.x0) / bins;
    for (int b = 0; b < bins; ++b) {
      if (!c[std::size_t(b)]) continue;
      const double y = ys.at(double(c[std::size_t(b)]), a.y1, a.y0);
      s += printf_string("<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"><title>%zu spans in [%s, %s)</title></rect>",
                         fmt(a.x0 + b * bw + 0.5).c_str(), fmt(y).c_str(), fmt(bw - 1).c_str(), fmt(a.y1 - y).c_str(), kColor[st],
                         c[std::size_t(b)], human(xs.lo + b * (xs.hi - xs.lo) / bins, "s").c_str(),
                         human(xs.lo + (b + 1) * (xs.hi - xs.lo) / bins, "s").c_str());
    }
  }
  return s + "</svg>";
}

// The comparison as one plot: per metric the change (Hodges-Lehmann ratio - 1) and its interval on
// one shared percent axis, the +-noise band shaded; colour = verdict.
std::string change_plot(const Comparison& c) {
  std::vector<const MetricComparison*> ms;
  double lo = -c.opt.noise, hi = c.opt.noise;
  for (const auto& m : c.metrics) {
    if (!m.ratio || !std::isfinite(*m.ratio)) continue;
    ms.push_back(&m);
    for (auto v : {m.ratio, m.ci_lo, m.ci_hi})
      if (v && std::isfinite(*v)) lo = std::min(lo, *v - 1), hi = std::max(hi, *v - 1);
  }
  if (ms.empty()) return "";
  lo = std::max(lo, -1.0), hi = std::min(hi, 10.0);  // a ratio beyond 11x is drawn at the edge
  const double row = 16;
  const svg::Scale xs = svg::nice_scale(100 * lo, 100 * hi, 10, "%");
  const svg::Area a{kLeft + 40, 28, kW - kRight, 28 + double(ms.size()) * row};
  std::string s = svg_open("change", kW, a.y1 + 44, "change per metric with its interval");
  auto X = [&](double r) { return xs.at(std::clamp(100 * (r - 1), xs.lo, xs.hi), a.x0, a.x1); };
  s += printf_string("<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#f3f3f3\"/>", fmt(X(1 - c.opt.noise)).c_str(),
                     fmt(a.y0).c_str(), fmt(X(1 + c.opt.noise) - X(1 - c.opt.noise)).c_str(), fmt(a.y1 - a.y0).c_str());
  s += x_axis(xs, a, "change, candidate against baseline");
  s += printf_string("<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"#888\"/>", fmt(X(1)).c_str(), fmt(a.y0).c_str(),
                     fmt(X(1)).c_str(), fmt(a.y1).c_str());
  s += legend({{"#c00", "regression"}, {"#080", "improvement"}, {"#777", "no change or undecided"},
               {"#555", printf_string("%.0f%% CI", 100 * (1 - c.opt.alpha)), true},
               {"#ddd", printf_string("noise band ±%g%%", 100 * c.opt.noise)}},
              a.x0, 14);
  for (std::size_t i = 0; i < ms.size(); ++i) {
    const MetricComparison& m = *ms[i];
    const double y = a.y0 + (double(i) + 0.5) * row;
    const char* col = m.verdict == Verdict::Regression ? "#c00" : m.verdict == Verdict::Improvement ? "#080" : "#777";
    s += printf_string("<text x=\"%.0f\" y=\"%s\" class=\"lbl\">%s</text>", a.x0 - 8, fmt(y + 4).c_str(), html(m.name).c_str());
    if (m.ci_lo && m.ci_hi && std::isfinite(*m.ci_lo) && std::isfinite(*m.ci_hi))
      s += printf_string("<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>", fmt(X(*m.ci_lo)).c_str(),
                         fmt(y).c_str(), fmt(X(*m.ci_hi)).c_str(), fmt(y).c_str(), col);
    s += printf_string("<circle cx=\"%s\" cy=\"%s\" r=\"3.5\" fill=\"%s\"><title>%s: %+.2f%%</title></circle>", fmt(X(*m.ratio)).c_str(),
                       fmt(y).c_str(), col, html(m.name).c_str(), 100 * (*m.ratio - 1));
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

// argv as one shell-like line: words with spaces or quotes are single-quoted.
std::string command_line(const nlohmann::json& argv) {
  std::string o;
  if (!argv.is_array()) return o;
  for (const auto& a : argv) {
    if (!a.is_string()) continue;
    const std::string w = a.get<std::string>();
    const bool plain = !w.empty() && w.find_first_of(" \t'\"\\$`*?;&|<>()") == std::string::npos;
    std::string q = "'";
    for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    o += (o.empty() ? "" : " ") + (plain ? w : q + "'");
  }
  return o;
}

// What the page was made from: per run its file, run id, machine, build and command line.
std::string inputs_section(const ReportInput& in) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& rr : in.runs) {
    const Provenance& p = rr.data.prov;
    std::string gpus;
    for (const auto& g : p.gpus) gpus += (gpus.empty() ? "" : ", ") + g;
    rows.push_back({rr.data.path, rr.data.run.empty() ? "(schema 1, no id)" : rr.data.run, p.host.empty() ? "?" : p.host,
                    p.cpus ? std::to_string(p.cpus) : "?", gpus.empty() ? "none (CPU backend)" : gpus,
                    p.version.empty() ? "?" : p.version, p.git.empty() ? "unknown" : p.git,
                    rr.data.has_run_start ? command_line(p.argv) : "(no run_start)"});
  }
  std::string t = "<h2>Inputs</h2><table class=\"inputs\"><tr><th>event file</th><th>run id</th><th>host</th><th>CPUs</th>"
                  "<th>GPUs</th><th>version</th><th>git</th><th>command line</th></tr>";
  for (const auto& r : rows) {
    t += "<tr>";
    for (std::size_t i = 0; i < r.size(); ++i) t += (i == 0 || i == 1 || i == 7 ? "<td class=\"l\">" : "<td>") + html(r[i]) + "</td>";
    t += "</tr>";
  }
  t += "</table>";
  if (!in.baseline_files.empty()) {
    t += "<p>Baseline: ";
    for (std::size_t i = 0; i < in.baseline_files.size(); ++i) t += (i ? ", " : "") + ("<code>" + html(in.baseline_files[i]) + "</code>");
    t += "</p>";
  }
  return t;
}

}  // namespace

std::string render_report(const ReportInput& in) {
  std::string b;
  b += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cuzk-stats report</title><style>"
       "body{font:13px system-ui,sans-serif;margin:20px;color:#222}h1{font-size:20px}h2{font-size:16px;margin-top:28px}"
       "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
       "td:first-child,th:first-child{text-align:left}td.l{text-align:left;font-family:monospace;font-size:12px}"
       ".lbl{font-size:11px;text-anchor:end}.tick{font-size:10px;fill:#444}.title{font-size:11px;fill:#222}"
       ".grid{stroke:#eee}.dom{stroke:#888}.note{color:#a60}.chart{display:block;margin:6px 0}"
       ".regression{color:#c00;font-weight:bold}.improvement{color:#080;font-weight:bold}#status{display:none}</style></head><body>\n";
  b += "<h1>cuzk-stats report</h1><p id=\"status\">static</p>\n";
  if (!in.runs.empty() || in.trend.empty()) b += inputs_section(in);
  b += in.trend;
  if (in.comparison) {
    const auto& c = *in.comparison;
    b += "<h2>Comparison (baseline vs these runs)</h2>";
    std::string t = "<table><tr><th>metric</th><th>n</th><th>baseline median</th><th>candidate median</th><th>change</th><th>95% CI</th><th>p</th><th>verdict</th></tr>";
    for (const auto& m : c.metrics) {
      const std::string v(to_string(m.verdict));
      const char* cls = m.verdict == Verdict::Regression ? "regression" : m.verdict == Verdict::Improvement ? "improvement" : "";
      t += "<tr><td>" + html(m.name) + "</td><td>" + std::to_string(m.base.n) + "/" + std::to_string(m.cand.n) + "</td><td>" +
           html(human(m.base.median, m.unit)) + "</td><td>" + html(human(m.cand.median, m.unit)) + "</td><td>" +
           html(change_cell(m)) + "</td><td>" + html(change_ci_cell(m)) + "</td><td>" + (m.p_value ? finite_or_na("%.3g", *m.p_value) : "n/a") + "</td><td class=\"" + cls + "\">" + html(v) + "</td></tr>";
    }
    b += t + "</table>" + change_plot(c);
    for (const auto& l : c.attribution.lines) b += "<p>" + html(l) + "</p>";
    for (const auto& w : c.warnings) b += "<p class=\"note\">warning: " + html(w) + "</p>";
  }
  for (const auto& rr : in.runs) {
    const RunSummary& s = rr.summary;
    b += "<h2>Run " + html(s.file) + "</h2>";
    if (!rr.data.run.empty()) b += "<p>run id <code>" + html(rr.data.run) + "</code></p>";
    b += printf_string("<p>%zu proofs · wall %s · s/proof steady %s · wall/proofs %s · peak RSS %s · bottleneck %s</p>", s.proofs,
                       human(s.wall, "s").c_str(), s.s_per_proof_steady ? human(*s.s_per_proof_steady, "s").c_str() : "n/a",
                       s.s_per_proof_plain ? human(*s.s_per_proof_plain, "s").c_str() : "n/a", human(s.peak_rss, "bytes").c_str(),
                       html(s.bottleneck.empty() ? "?" : s.bottleneck).c_str());
    b += "<h3>Timeline</h3>" + gantt(rr);
    b += "<h3>Memory and in-flight over time</h3>" + mem_chart(rr);
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
  // The inputs' text is HTML-escaped where it goes in; here no control byte (ESC, BEL, ...) or
  // invalid UTF-8 of theirs stays in the page (a report is also read with cat or less).
  EscapeOptions keep;
  keep.keep_newlines = true;
  return escape_text(b, keep);
}

void write_report(const ReportInput& in, const std::string& path) {
  // A temp file of our own (mkstemp: a new name, O_EXCL), never PATH.tmp: that name may be a
  // user's file or a symlink, which a plain open would truncate or write through.
  const std::string page = render_report(in);
  const auto slash = path.rfind('/');
  std::string tmp = (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + ".cuzk-report.XXXXXX";
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) throw Error(Error::Kind::Io, path, "cannot write (no temp file in its folder)");
  std::size_t done = 0;
  while (done < page.size()) {
    const ssize_t n = ::write(fd, page.data() + done, page.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += std::size_t(n);
  }
  if (::close(fd) != 0 || done != page.size()) {
    ::unlink(tmp.c_str());
    throw Error(Error::Kind::Io, path, "write failed");
  }
  ::chmod(tmp.c_str(), 0644);  // mkstemp makes it 0600; a report is for reading
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    ::unlink(tmp.c_str());
    throw Error(Error::Kind::Io, path, "cannot rename into place");
  }
}

}  // namespace cuzk::stats
