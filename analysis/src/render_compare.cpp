#include "cuzk/stats/render.hpp"

#include <algorithm>
#include <cmath>

namespace cuzk::stats {

std::string change_cell(const MetricComparison& m) {
  if (m.points) return m.diff ? finite_or_na("%+.2f pt", 100 * *m.diff) : "n/a";
  return m.ratio ? finite_or_na("%+.2f%%", 100 * (*m.ratio - 1)) : "n/a";
}

std::string change_ci_cell(const MetricComparison& m) {
  const bool pts = m.points;
  const auto& lo = pts ? m.diff_lo : m.ci_lo;
  const auto& hi = pts ? m.diff_hi : m.ci_hi;
  if (!lo || !hi) return "n/a";
  const char* f = pts ? "%+.2f pt" : "%+.2f%%";
  const double off = pts ? 0 : 1;
  std::string s = "[";  // appended, not "[" + std::string&&: GCC 12's -Wrestrict false positive (GCC bug 105651)
  s += finite_or_na(f, 100 * (*lo - off));
  s += ", ";
  s += finite_or_na(f, 100 * (*hi - off));
  return s + "]";
}

namespace {

std::string p_cell(const MetricComparison& m) {
  if (!m.p_value) return "n/a";
  return finite_or_na("%.3g", *m.p_value);
}

std::string method_line(const Comparison& c) {
  return printf_string(
      "Mann-Whitney U two-sided (exact conditional on ties up to 50 per side, else normal with tie and continuity "
      "correction), alpha %g; change = Hodges-Lehmann ratio candidate/baseline on log values with its "
      "distribution-free %.0f%% interval; a change counts when p <= alpha and the interval clears ±%g%%; "
      "percentiles %s",
      c.opt.alpha, 100 * (1 - c.opt.alpha), 100 * c.opt.noise, std::string(to_string(c.opt.method)).c_str());
}

Table compare_table(const Comparison& c) {
  Table t({"metric", "n", "baseline median", "candidate median", "change", "95% CI", "CI level", "p", "verdict"});
  for (const auto& m : c.metrics) {
    std::string verdict(to_string(m.verdict));
    if (!m.note.empty() && m.verdict != Verdict::NoChange) verdict += " (" + m.note + ")";
    t.row({m.name, std::to_string(m.base.n) + "/" + std::to_string(m.cand.n), human(m.base.median, m.unit),
           human(m.cand.median, m.unit), change_cell(m), change_ci_cell(m), finite_or_na("%.1f%%", 100 * m.ci_level),
           p_cell(m), verdict});
  }
  for (const auto& g : c.geomeans)
    t.row({"[geomean " + g.group + "]", std::to_string(g.benchmarks) + " bench", human(g.base, g.unit),
           human(g.cand, g.unit), finite_or_na("%+.2f%%", 100 * (g.ratio() - 1)), "", "", "", "(summary, no test)"});
  return t;
}

// "BM_A (real, cpu_time, items_per_second), BM_B": names sharing the part before the first
// '.' are listed once with their suffixes.
std::string collapse(const std::vector<std::string>& names) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const auto& n : names) {
    const auto dot = n.find('.');
    const std::string head = n.substr(0, dot);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == head; });
    if (it == groups.end()) it = groups.insert(groups.end(), {head, {}});
    it->second.push_back(dot == std::string::npos ? "" : n.substr(dot + 1));
  }
  std::string out;
  for (const auto& [head, tails] : groups) {
    out += (out.empty() ? "" : ", ") + head;
    if (tails.size() == 1 && tails[0].empty()) continue;
    std::string t;
    for (const auto& x : tails) t += (t.empty() ? "" : ", ") + (x.empty() ? std::string("·") : x);
    out += " (" + t + ")";
  }
  return out;
}

std::string group_line(const char* side, std::size_t runs, bool within, std::size_t n_max) {
  if (!within) return printf_string("%s: %zu run(s)", side, runs);
  return printf_string("%s: %zu sample(s) per metric (benchmark repetitions / CSV rows), compared sample against sample",
                       side, n_max);
}

}  // namespace

nlohmann::json compare_json(const Comparison& c) {
  nlohmann::json j = {{"tool", "cuzk-stats"},
                      {"schema", kOutputSchema},
                      {"command", c.command},
                      {"alpha", c.opt.alpha},
                      {"noise", c.opt.noise},
                      {"percentile", c.opt.method == PercentileMethod::Linear ? "linear" : "nearest-rank"},
                      {"baseline_runs", c.base_runs},
                      {"candidate_runs", c.cand_runs},
                      {"within_file_samples", c.within_file},
                      {"metrics", nlohmann::json::array()},
                      {"warnings", c.warnings},
                      {"setup", nlohmann::json::array()}};
  if (c.command == "gate") {
    j["metric"] = c.gate_metric;
    j["max_regression"] = c.opt.noise;
    const auto v = c.metrics.empty() ? Verdict::Insufficient : c.metrics.front().verdict;
    j["result"] = v == Verdict::Regression ? "fail" : v == Verdict::Insufficient ? "cannot decide" : "pass";
    j["exit_code"] = v == Verdict::Regression ? 1 : v == Verdict::Insufficient ? 2 : 0;
  }
  j["geomean"] = nlohmann::json::array();
  for (const auto& g : c.geomeans)
    j["geomean"].push_back({{"group", g.group}, {"unit", g.unit}, {"benchmarks", g.benchmarks}, {"baseline", g.base},
                            {"candidate", g.cand}, {"ratio", g.ratio()}});
  j["only_baseline"] = c.only_base;
  j["only_candidate"] = c.only_cand;
  for (const auto& d : c.setup)
    j["setup"].push_back({{"key", d.key}, {"user_set", d.user_set}, {"baseline", d.base}, {"candidate", d.cand}});
  auto side = [](const GroupStats& g) {
    return nlohmann::json{{"n", g.n},     {"median", g.median}, {"p90", g.p90}, {"p99", g.p99},
                          {"mean", g.mean}, {"min", g.min},       {"max", g.max}};
  };
  auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
  for (const auto& m : c.metrics) {
    j["metrics"].push_back({{"name", m.name},
                            {"unit", m.unit},
                            {"better", m.better == Better::Lower ? "lower" : "higher"},
                            {"baseline", side(m.base)},
                            {"candidate", side(m.cand)},
                            {"p_value", opt(m.p_value)},
                            {"exact", m.exact},
                            {"ratio", opt(m.ratio)},
                            {"ci", m.ci_lo ? nlohmann::json::array({*m.ci_lo, *m.ci_hi}) : nlohmann::json()},
                            {"difference", opt(m.diff)},
                            {"difference_ci", m.diff_lo ? nlohmann::json::array({*m.diff_lo, *m.diff_hi}) : nlohmann::json()},
                            {"ci_level", m.ci_level},
                            {"log_scale", m.log_scale},
                            {"verdict", json_name(m.verdict)},
                            {"note", m.note}});
  }
  const auto& a = c.attribution;
  nlohmann::json at = {{"available", a.available}};
  if (a.available) {
    at["baseline_s_per_proof"] = a.base_s;
    at["candidate_s_per_proof"] = a.cand_s;
    at["main_stage"] = a.main_stage;
    at["stages"] = nlohmann::json::array();
    for (const auto& s : a.stages)
      at["stages"].push_back({{"stage", s.stage}, {"baseline", s.base}, {"candidate", s.cand}, {"delta", s.cand - s.base}});
    at["baseline_gpu_busy"] = opt(a.base_gpu_busy);
    at["candidate_gpu_busy"] = opt(a.cand_gpu_busy);
    at["baseline_gpu_starved"] = opt(a.base_starved);
    at["candidate_gpu_starved"] = opt(a.cand_starved);
    at["explanation"] = a.lines;
  }
  j["attribution"] = at;
  return j;
}

std::string render_compare(const Comparison& c, Format f) {
  if (f == Format::Json) return compare_json(c).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const Table t = compare_table(c);
  if (f == Format::Csv) {
    Table x({"metric", "unit", "better", "baseline_n", "baseline_median", "baseline_p90", "baseline_p99", "candidate_n",
             "candidate_median", "candidate_p90", "candidate_p99", "p_value", "ratio", "ci_lo", "ci_hi", "ci_level",
             "verdict", "difference", "difference_ci_lo", "difference_ci_hi"});
    auto opt = [](const std::optional<double>& v) { return v ? raw(*v) : std::string(); };
    for (const auto& m : c.metrics)
      x.row({m.name, m.unit, m.better == Better::Lower ? "lower" : "higher", std::to_string(m.base.n), raw(m.base.median),
             raw(m.base.p90), raw(m.base.p99), std::to_string(m.cand.n), raw(m.cand.median), raw(m.cand.p90),
             raw(m.cand.p99), opt(m.p_value), opt(m.ratio), opt(m.ci_lo), opt(m.ci_hi), raw(m.ci_level),
             std::string(json_name(m.verdict)), opt(m.diff), opt(m.diff_lo), opt(m.diff_hi)});
    return x.csv();
  }
  std::size_t nb = 0, nc = 0;
  for (const auto& m : c.metrics) nb = std::max(nb, m.base.n), nc = std::max(nc, m.cand.n);
  const bool md = f == Format::Markdown;
  std::vector<std::string> head{group_line("baseline", c.base_runs, c.within_file, nb),
                                group_line("candidate", c.cand_runs, c.within_file, nc), method_line(c)};
  std::string out = md ? "### cuzk-stats compare\n\n" : "";
  for (const auto& l : head) out += md ? "- " + l + "\n" : l + "\n";
  out += "\n";
  out += md ? t.markdown() : t.text();
  if (!c.only_base.empty() || !c.only_cand.empty()) out += "\n";
  for (const auto& [side, names] : {std::pair{"baseline", &c.only_base}, std::pair{"candidate", &c.only_cand}})
    if (!names->empty()) {
      const std::string l = printf_string("only in the %s (%zu, not compared): ", side, names->size()) + collapse(*names);
      out += md ? "- " + md_escape(l) + "\n" : l + "\n";
    }
  if (c.attribution.available) {
    out += md ? "\n**Attribution**\n\n" : "\nattribution:\n";
    for (const auto& l : c.attribution.lines) out += (md ? "- " : "  ") + (md ? md_escape(l) : l) + "\n";
  }
  if (!c.warnings.empty()) {
    out += md ? "\n**Warnings**\n\n" : "\n";
    for (const auto& w : c.warnings) out += (md ? "- " : "warning: ") + (md ? md_escape(w) : w) + "\n";
    for (const auto& d : c.setup)
      if (d.user_set) {
        out += (md ? "- " : "warning: ") + std::string("the setups differ: the comparison may reflect the setup, not the code\n");
        break;
      }
  }
  bool defaults = false;
  for (const auto& d : c.setup)
    if (!d.user_set) {
      if (!defaults) out += md ? "\n**Setup (defaults and auto-resolved values, not warned about)**\n\n" : "\n";
      defaults = true;
      const std::string l = describe(d) + " (default or auto-resolved, not set by the user)";
      out += (md ? "- " + md_escape(l) : "note: " + l) + "\n";
    }
  return out;
}

}  // namespace cuzk::stats
