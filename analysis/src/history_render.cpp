// history's output: text, Markdown, CSV (the change points) and JSON (schema 1).
#include <algorithm>
#include <cmath>
#include <set>

#include "cuzk/stats/descriptive.hpp"
#include "cuzk/stats/history.hpp"
#include "cuzk/stats/render.hpp"

namespace cuzk::stats {

namespace {

std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

std::string pct(const std::optional<double>& r) { return r ? finite_or_na("%+.2f%%", 100 * (*r - 1)) : "n/a"; }

std::string interval(const ChangePoint& c) {
  if (!c.lo || !c.hi) return "n/a";
  return std::string("[") + pct(c.lo) + ", " + pct(c.hi) + "]";
}

double last_median(const MetricSeries& s) {
  const std::size_t from = s.change_points.empty() ? 0 : s.change_points.back().index;
  std::vector<double> v(s.values.begin() + std::ptrdiff_t(from), s.values.end());
  std::sort(v.begin(), v.end());
  return v.empty() ? NAN : percentile_sorted(v, 0.5, PercentileMethod::Linear);
}

std::string header_line(const History& h) {
  std::set<std::string> hosts;
  std::set<std::string> commits;
  for (const auto& s : h.series) hosts.insert(s.hosts.begin(), s.hosts.end());
  return printf_string("history: %zu run(s), ordered by %s, %zu series, host class(es): ", h.runs, h.order.c_str(),
                       h.series.size()) +
         join({hosts.begin(), hosts.end()}) + "\n" +
         printf_string("e-divisive means: alpha %g, <= %zu permutations (seed %llu), >= %zu values a side; shift: "
                       "Hodges-Lehmann ratio over <= %zu values each side\n",
                       h.opt.ed.alpha, h.opt.ed.max_permutations, static_cast<unsigned long long>(h.opt.ed.seed),
                       h.opt.ed.min_size, h.opt.shift_window);
}

Table change_table(const History& h) {
  Table t({"metric", "hosts", "before", "after", "shift", "95% CI", "p", "stage", "verdict"});
  for (const auto& s : h.series)
    for (const auto& c : s.change_points)
      t.row({c.metric, join(c.hosts, " + "), short_commit(c.before), short_commit(c.after), pct(c.ratio), interval(c), printf_string("%.3g", c.p),
             c.stage.empty() ? "-" : c.stage, c.direction});
  return t;
}

Table series_table(const History& h) {
  Table t({"metric", "hosts", "values", "commits", "change points", "median since the last"});
  for (const auto& s : h.series)
    t.row({s.metric, join(s.hosts, " + "), std::to_string(s.values.size()), std::to_string(s.commits.size()),
           std::to_string(s.change_points.size()), human(last_median(s), s.unit)});
  return t;
}

nlohmann::json opt_num(const std::optional<double>& v) { return v && std::isfinite(*v) ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json history_json(const History& h) {
  nlohmann::json series = nlohmann::json::array(), cps = nlohmann::json::array();
  for (const auto& s : h.series) {
    series.push_back({{"metric", s.metric}, {"unit", s.unit}, {"better", s.better == Better::Lower ? "lower" : "higher"},
                      {"hosts", s.hosts}, {"values", s.values.size()}, {"commits", s.commits.size()},
                      {"change_points", s.change_points.size()}, {"median_since_last", opt_num(last_median(s))}});
    for (const auto& c : s.change_points)
      cps.push_back({{"metric", c.metric}, {"unit", c.unit}, {"hosts", c.hosts}, {"before", c.before}, {"after", c.after},
                     {"index", c.index}, {"commit_index", c.commit_index},
                     {"shift", {{"ratio", opt_num(c.ratio)}, {"lo", opt_num(c.lo)}, {"hi", opt_num(c.hi)}, {"level", c.level},
                                {"n_before", c.n_before}, {"n_after", c.n_after}, {"before_median", opt_num(c.before_median)},
                                {"after_median", opt_num(c.after_median)}}},
                     {"p", c.p}, {"q", opt_num(c.q)}, {"permutations", c.permutations},
                     {"stage", c.stage.empty() ? nlohmann::json() : nlohmann::json(c.stage)}, {"verdict", c.direction}});
  }
  return {{"tool", "cuzk-stats"},
          {"schema", kOutputSchema},
          {"command", "history"},
          {"order", h.order},
          {"runs", h.runs},
          {"options",
           {{"alpha", h.opt.ed.alpha}, {"max_permutations", h.opt.ed.max_permutations},
            {"early_permutations", h.opt.ed.early_permutations}, {"early_margin", h.opt.ed.early_margin},
            {"min_size", h.opt.ed.min_size}, {"seed", h.opt.ed.seed}, {"shift_window", h.opt.shift_window},
            {"noise", h.opt.compare.noise}, {"all_hosts", h.opt.all_hosts}}},
          {"series", series},
          {"change_points", cps},
          {"notes", h.notes},
          {"warnings", h.warnings}};
}

}  // namespace

std::string short_commit(const std::string& c) {
  const bool hex = c.size() > 12 && c.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
  if (hex) return c.substr(0, 12);
  if (c.size() <= 24) return c;
  std::size_t cut = 23;  // a long (hostile) name: cut on a UTF-8 character boundary
  while (cut > 0 && (static_cast<unsigned char>(c[cut]) & 0xC0) == 0x80) --cut;
  return c.substr(0, cut) + "\u2026";
}

std::vector<std::string> capped(const std::vector<std::string>& lines, std::size_t max) {
  if (lines.size() <= max) return lines;
  std::vector<std::string> out(lines.begin(), lines.begin() + std::ptrdiff_t(max));
  out.push_back("... and " + std::to_string(lines.size() - max) + " more");
  return out;
}

std::string render_history(const History& h, Format f) {
  if (f == Format::Json) return history_json(h).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const Table cps = change_table(h), series = series_table(h);
  if (f == Format::Csv) {  // numbers in full: the ratio after / before and its interval
    Table t({"metric", "hosts", "before", "after", "ratio", "ratio_lo", "ratio_hi", "p", "stage", "verdict"});
    auto num = [](const std::optional<double>& v) { return v ? raw(*v) : std::string(); };
    for (const auto& s : h.series)
      for (const auto& c : s.change_points)
        t.row({c.metric, join(c.hosts, " + "), c.before, c.after, num(c.ratio), num(c.lo), num(c.hi), raw(c.p), c.stage,
               c.direction});
    return t.csv();
  }
  std::size_t n = 0;
  for (const auto& s : h.series) n += s.change_points.size();
  if (f == Format::Markdown)
    return "### cuzk-stats history\n\n" + md_escape(header_line(h)) + "\n#### change points (" + std::to_string(n) +
           ")\n\n" + (n ? cps.markdown() : "none\n") + "\n#### series\n\n" + series.markdown();
  return header_line(h) + "\nchange points: " + std::to_string(n) + "\n" + (n ? cps.text() : "") + "\nseries:\n" + series.text();
}

}  // namespace cuzk::stats
