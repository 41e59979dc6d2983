// `cuzk-stats history` and `cuzk-stats gate --history`.
#include <algorithm>
#include <filesystem>
#include <ostream>
#include <set>

#include "cuzk/stats/commands.hpp"
#include "cuzk/stats/history.hpp"
#include "cuzk/stats/mann_whitney.hpp"
#include "cuzk/stats/report.hpp"
#include "cuzk/stats/suggest.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace {

void print_lines(const std::vector<std::string>& notes, const std::vector<std::string>& warnings, std::ostream& err) {
  for (const auto& n : capped(notes, 20)) err << "note: " << n << "\n";
  for (const auto& w : capped(warnings, 20)) err << "warning: " << w << "\n";
}

// Too few permutations can never give p <= alpha: refused before anything is read.
void check_options(const HistoryOptions& opt) {
  if (!(opt.ed.alpha > 0 && opt.ed.alpha < 1))  // NaN too: the permutation counts below come from it
    throw Error(Error::Kind::BadInput, "--alpha", printf_string("%g", opt.ed.alpha) + " is not a significance level in (0, 1)");
  if (double(opt.ed.max_permutations + 1) * opt.ed.alpha < 1 - 1e-9)
    throw Error(Error::Kind::BadInput, "--permutations",
                std::to_string(opt.ed.max_permutations) + " permutations cannot give p <= " + printf_string("%g", opt.ed.alpha) +
                    ": need >= " + std::to_string(early_stop_permutations(opt.ed)));
}

}  // namespace

int cmd_history(const std::vector<std::string>& inputs, const HistoryOptions& opt, const CommonOptions& o,
                const std::string& html_path, std::ostream& out, std::ostream& err) {
  if (inputs.empty()) throw Error(Error::Kind::BadInput, "history needs runs (event files, benchmark JSON or folders)");
  check_options(opt);
  const HistoryData d = load_history(inputs, o.summary);
  std::vector<std::string> names;
  for (const auto& m : d.metrics) names.push_back(m.name);
  for (const auto& m : opt.metrics)
    if (std::find(names.begin(), names.end(), m) == names.end())
      throw Error(Error::Kind::BadInput, "--metrics", "'" + m + "' is in none of the runs" + did_you_mean(m, names));
  const History h = analyze_history(d, opt);
  print_lines(h.notes, h.warnings, err);
  // Nothing to analyse is not an answer: most often --git-dir names another repository.
  if (h.series.empty())
    throw Error(Error::Kind::BadInput, opt.git_dir.empty() ? inputs.front() : opt.git_dir,
                opt.git_dir.empty() ? "no run holds a value of the metrics asked for"
                                    : "none of the " + std::to_string(d.runs.size()) +
                                          " run(s) could be placed on git log --first-parent of this repository (the note says why)");
  out << render_history(h, o.format);
  if (!html_path.empty()) {
    ReportInput in;
    in.trend = trend_section(h);
    in.method = o.summary.method;
    write_report(in, html_path);
    err << "wrote " << html_path << "\n";
  }
  return 0;
}

std::string history_trend(const std::string& input, const HistoryOptions& opt, const CommonOptions& o, std::ostream& err) {
  const History h = analyze_history(load_history({input}, o.summary), opt);
  print_lines(h.notes, h.warnings, err);
  return trend_section(h);
}

int cmd_gate_history(const std::string& dir, const std::vector<std::string>& candidates, const std::string& metric,
                     const HistoryOptions& hopt_in, const CompareOptions& copt, const CommonOptions& o, std::ostream& out,
                     std::ostream& err) {
  if (candidates.empty()) throw Error(Error::Kind::BadInput, "gate --history needs candidate runs");
  check_options(hopt_in);
  const HistoryData cand = load_history(candidates, o.summary, /*strict=*/true);
  std::set<std::string> cand_hosts;
  for (const auto& r : cand.runs) cand_hosts.insert(r.host);
  if (!hopt_in.all_hosts && cand_hosts.size() > 1)
    throw Error(Error::Kind::BadInput, candidates.front(),
                "the candidates come from " + std::to_string(cand_hosts.size()) +
                    " host classes: gate one host class at a time (or --hosts all)");
  const std::string host = *cand_hosts.begin();
  HistoryData hist = load_history({dir}, o.summary);
  // The candidates are not their own baseline: a history run is left out when it is a candidate
  // run (same run id) or read from a candidate file, however the path is spelt (./x, x, /abs/x).
  auto same_file = [](const std::string& source) {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::weakly_canonical(source, ec);
    return ec ? source : p.string();
  };
  std::set<std::string> cand_sources, cand_ids;
  for (const auto& r : cand.runs) {
    cand_sources.insert(same_file(r.source));
    if (!r.run.empty()) cand_ids.insert(r.run);
  }
  std::erase_if(hist.runs, [&](const HistoryRun& r) {
    return (!r.run.empty() && cand_ids.count(r.run) > 0) || cand_sources.count(same_file(r.source)) > 0;
  });
  if (hist.runs.empty()) throw Error(Error::Kind::BadInput, dir, "no history runs besides the candidates");
  std::vector<std::string> names;
  for (const auto& m : hist.metrics) names.push_back(m.name);
  if (std::find(names.begin(), names.end(), metric) == names.end())
    throw Error(Error::Kind::BadInput, "--metric", "'" + metric + "' is in none of the runs of " + dir + did_you_mean(metric, names));
  HistoryOptions hopt = hopt_in;
  hopt.metrics = {metric};
  std::string order;
  std::vector<std::string> notes = hist.notes;
  std::vector<MetricSeries> series = build_series(hist, hopt, order, notes);
  print_lines(notes, hist.warnings, err);
  MetricSeries* s = nullptr;
  std::vector<std::string> classes;
  for (auto& x : series) {
    classes.insert(classes.end(), x.hosts.begin(), x.hosts.end());
    if (hopt.all_hosts || std::find(x.hosts.begin(), x.hosts.end(), host) != x.hosts.end()) s = &x;
  }
  const std::size_t need = mann_whitney_needed_n(copt.alpha);
  if (!s) {
    err << "gate --history: no history of '" << metric << "' on host class " << host << " in " << dir;
    if (!classes.empty()) {
      err << " (it holds:";
      for (const auto& c : classes) err << " " << c << ";";
      err << ")";
    }
    err << "; need >= " << need << " runs of it\n";
    return 2;
  }
  find_change_points(*s, hist, hopt);
  const std::size_t from = s->change_points.empty() ? 0 : s->change_points.back().index;
  std::vector<std::size_t> runs(s->run_of.begin() + std::ptrdiff_t(from), s->run_of.end());
  std::sort(runs.begin(), runs.end());
  runs.erase(std::unique(runs.begin(), runs.end()), runs.end());
  const std::size_t n = s->values.size() - from;
  std::string since = "the start of the history (no change point)";
  if (!s->change_points.empty()) {
    const ChangePoint& c = s->change_points.back();
    since = "the change point " + short_commit(c.before) + " -> " + short_commit(c.after) + " (" +
            (c.ratio ? printf_string("%+.2f%%", 100 * (*c.ratio - 1)) : std::string("n/a")) + ", " + c.direction + ")";
  }
  if (n < need) {
    err << "gate --history: " << n << " value(s) of '" << metric << "' on host class " << host << " since " << since
        << "; need >= " << need << "\n";
    return 2;
  }
  err << "note: gate --history: baseline = " << n << " value(s) of '" << metric << "' on host class " << host << " ("
      << runs.size() << " run(s), " << s->commits.size() - s->commit_of[from] << " commit(s)) since " << since << "\n";
  std::vector<std::size_t> all(cand.runs.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  return gate_groups(history_metric_set(hist, runs), history_metric_set(cand, all), metric, copt, o, out, err);
}

}  // namespace cuzk::stats
