// history: series per metric and host class in commit order, their change points, and the output.
#include "cuzk/stats/history.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "cuzk/stats/mann_whitney.hpp"  // hodges_lehmann
#include "cuzk/stats/render.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace {

std::string strip_dirty(std::string c) {
  if (c.size() > 6 && c.compare(c.size() - 6, 6, "-dirty") == 0) c.resize(c.size() - 6);
  for (char& ch : c) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return c;
}

struct CommitGroup {
  std::string label;
  double key = 0;        // git position or earliest start time
  std::size_t first = 0;  // first input index (ties)
  std::vector<std::size_t> runs;
};

// The runs grouped by commit, in commit order; runs that cannot be placed are noted and left out.
std::vector<CommitGroup> order_commits(const HistoryData& d, const HistoryOptions& opt, std::string& order,
                                       std::vector<std::string>& notes) {
  std::vector<CommitGroup> groups;
  std::map<std::string, std::size_t> by_key;
  if (!opt.git_dir.empty()) {
    order = "git log --first-parent";
    const std::vector<std::string> log = first_parent_commits(opt.git_dir);
    std::vector<std::pair<std::string, std::size_t>> sorted;
    for (std::size_t i = 0; i < log.size(); ++i) sorted.emplace_back(log[i], i);
    std::sort(sorted.begin(), sorted.end());
    std::size_t unknown = 0, off_log = 0, ambiguous = 0;
    std::string example;
    for (std::size_t r = 0; r < d.runs.size(); ++r) {
      const std::string c = strip_dirty(d.runs[r].commit);
      if (c.size() < 4) {
        ++unknown;
        if (example.empty()) example = d.runs[r].source;
        continue;
      }
      const auto it = std::lower_bound(sorted.begin(), sorted.end(), std::make_pair(c, std::size_t(0)));
      if (it == sorted.end() || it->first.compare(0, c.size(), c) != 0) {
        ++off_log;
        if (example.empty()) example = d.runs[r].source;
        continue;
      }
      // An abbreviation that names several commits cannot be placed (git would call it ambiguous).
      if (const auto nx = std::next(it); nx != sorted.end() && nx->first != it->first && nx->first.compare(0, c.size(), c) == 0) {
        ++ambiguous;
        if (example.empty()) example = d.runs[r].source;
        continue;
      }
      const std::string key = it->first;
      auto [g, fresh] = by_key.try_emplace(key, groups.size());
      if (fresh) groups.push_back({d.runs[r].commit, double(it->second), r, {}});
      groups[g->second].runs.push_back(r);
    }
    if (unknown + off_log + ambiguous)
      notes.push_back(std::to_string(unknown + off_log + ambiguous) + " run(s) left out: " + std::to_string(unknown) +
                      " without a commit, " + std::to_string(off_log) + " with a commit not on git log --first-parent of " +
                      opt.git_dir + (ambiguous ? ", " + std::to_string(ambiguous) + " with an abbreviation of several of its commits" : "") +
                      " (e.g. " + example + ")");
  } else {
    order = "start time";
    std::size_t no_time = 0, no_commit = 0;
    for (std::size_t r = 0; r < d.runs.size(); ++r) {
      const HistoryRun& run = d.runs[r];
      const bool known = !run.commit.empty();
      no_commit += !known;
      const std::string key = known ? "c:" + strip_dirty(run.commit) : "r:" + std::to_string(r);  // no commit: a commit of its own
      const double t = run.start ? *run.start : std::numeric_limits<double>::infinity();
      no_time += !run.start;
      auto [g, fresh] = by_key.try_emplace(key, groups.size());
      if (fresh) groups.push_back({known ? run.commit : "?", t, r, {}});
      CommitGroup& cg = groups[g->second];
      cg.key = std::min(cg.key, t);
      cg.runs.push_back(r);
    }
    if (no_commit)
      notes.push_back(std::to_string(no_commit) + " run(s) without a commit: each placed as a commit of its own ('?')");
    if (no_time)
      notes.push_back(std::to_string(no_time) +
                      " run(s) without a start time (no start_unix, run id or date): placed after the others, in input order");
  }
  std::stable_sort(groups.begin(), groups.end(), [](const CommitGroup& a, const CommitGroup& b) {
    return a.key < b.key || (a.key == b.key && a.first < b.first);
  });
  for (auto& g : groups)  // replicates by start time, then input order
    std::stable_sort(g.runs.begin(), g.runs.end(), [&](std::size_t a, std::size_t b) {
      const double ta = d.runs[a].start.value_or(INFINITY), tb = d.runs[b].start.value_or(INFINITY);
      return ta < tb;
    });
  return groups;
}

}  // namespace

std::vector<MetricSeries> build_series(const HistoryData& d, const HistoryOptions& opt, std::string& order,
                                 std::vector<std::string>& notes) {
  const std::vector<CommitGroup> groups = order_commits(d, opt, order, notes);
  std::vector<char> wanted(d.metrics.size(), opt.metrics.empty());
  for (const auto& name : opt.metrics)
    for (std::size_t i = 0; i < d.metrics.size(); ++i) wanted[i] = wanted[i] || d.metrics[i].name == name;
  // Host classes in order of first appearance (one "all" class when asked).
  std::map<std::string, std::size_t> class_of;
  std::vector<std::string> classes;
  for (const auto& g : groups)
    for (std::size_t r : g.runs) {
      const std::string h = opt.all_hosts ? "" : d.runs[r].host;
      if (class_of.try_emplace(h, classes.size()).second) classes.push_back(h);
    }
  const std::size_t nm = d.metrics.size();
  std::vector<MetricSeries> grid(classes.size() * nm);
  std::vector<std::set<std::string>> hosts(grid.size());
  for (std::size_t c = 0; c < classes.size(); ++c)
    for (std::size_t m = 0; m < nm; ++m) {
      MetricSeries& s = grid[c * nm + m];
      s.metric = d.metrics[m].name;
      s.unit = d.metrics[m].unit;
      s.better = d.metrics[m].better;
    }
  for (std::size_t gi = 0; gi < groups.size(); ++gi)
    for (std::size_t r : groups[gi].runs) {
      const HistoryRun& run = d.runs[r];
      const std::size_t c = class_of.at(opt.all_hosts ? "" : run.host);
      for (const auto& [m, v] : run.values) {
        if (!wanted[m]) continue;
        MetricSeries& s = grid[c * nm + m];
        hosts[c * nm + m].insert(run.host);
        if (s.values.empty() || s.last_group != gi) {
          s.commits.push_back(groups[gi].label);
          s.commit_start.push_back(s.values.size());
          s.last_group = gi;
        }
        s.commit_of.push_back(s.commits.size() - 1);
        s.values.push_back(v);
        s.run_of.push_back(r);
      }
    }
  std::vector<MetricSeries> out;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    if (grid[i].values.empty()) continue;
    grid[i].hosts.assign(hosts[i].begin(), hosts[i].end());
    out.push_back(std::move(grid[i]));
  }
  return out;
}

MetricSet history_metric_set(const HistoryData& d, const std::vector<std::size_t>& runs) {
  MetricSet m;
  for (std::size_t r : runs) {
    for (const auto& [mi, v] : d.runs[r].values) m.add(d.metrics[mi].name, d.metrics[mi].unit, d.metrics[mi].better, v);
    m.sources.push_back(d.runs[r].source);
    ++m.runs;
  }
  return m;
}

namespace {

// Attribution compares medians of busy time per proof: the nearest runs each side suffice (and keep
// compare's exact rank tests small).
constexpr std::size_t kAttributionValues = 10;

// The metrics compare's attribution reads.
bool attribution_metric(const std::string& n) {
  return n == "s_per_proof" || n == "gpu_busy" || n == "gpu_starved" || n.rfind("busy.", 0) == 0;
}

std::string stage_across(const HistoryData& d, const std::vector<std::size_t>& before, const std::vector<std::size_t>& after,
                         const CompareOptions& copt) {
  auto set = [&](const std::vector<std::size_t>& runs) {
    MetricSet m;
    for (std::size_t r : runs) {
      if (!d.runs[r].events) return MetricSet{};
      for (const auto& [mi, v] : d.runs[r].values)
        if (attribution_metric(d.metrics[mi].name)) m.add(d.metrics[mi].name, d.metrics[mi].unit, d.metrics[mi].better, v);
    }
    return m;
  };
  const MetricSet b = set(before), a = set(after);
  if (b.metrics.empty() || a.metrics.empty()) return {};
  const Comparison c = compare(b, a, copt);
  return c.attribution.available ? c.attribution.main_stage : std::string();
}

std::vector<std::size_t> unique_runs(const MetricSeries& s, std::size_t lo, std::size_t hi) {
  std::vector<std::size_t> r(s.run_of.begin() + std::ptrdiff_t(lo), s.run_of.begin() + std::ptrdiff_t(hi));
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  return r;
}

}  // namespace

void find_change_points(MetricSeries& s, const HistoryData& d, const HistoryOptions& opt) {
  s.change_points.clear();
  const std::vector<std::size_t> splits(s.commit_start.begin() + (s.commit_start.empty() ? 0 : 1), s.commit_start.end());
  if (s.commits.size() < 2) return;
  const std::vector<SplitPoint> sp = e_divisive(s.values, splits, opt.ed);
  for (std::size_t k = 0; k < sp.size(); ++k) {
    const std::size_t idx = sp[k].index;
    const std::size_t prev = k ? sp[k - 1].index : 0, next = k + 1 < sp.size() ? sp[k + 1].index : s.values.size();
    const std::size_t lo = std::max(prev, idx > opt.shift_window ? idx - opt.shift_window : 0);
    const std::size_t hi = std::min(next, idx + opt.shift_window);
    ChangePoint c;
    c.metric = s.metric;
    c.unit = s.unit;
    c.better = s.better;
    c.hosts = s.hosts;
    c.index = idx;
    c.commit_index = s.commit_of[idx];
    c.before = s.commits[s.commit_of[idx - 1]];
    c.after = s.commits[s.commit_of[idx]];
    c.p = sp[k].p;
    c.q = sp[k].q;
    c.permutations = sp[k].permutations;
    // The shift: Hodges-Lehmann on log values (raw values relative to the median before when one
    // is <= 0), with its interval; significance is the permutation test's, so no second test here.
    std::vector<double> x(s.values.begin() + std::ptrdiff_t(lo), s.values.begin() + std::ptrdiff_t(idx)),
        y(s.values.begin() + std::ptrdiff_t(idx), s.values.begin() + std::ptrdiff_t(hi));
    c.before_median = group_stats(x, opt.compare.method).median;
    c.after_median = group_stats(y, opt.compare.method).median;
    c.n_before = x.size();
    c.n_after = y.size();
    const bool logs = std::all_of(x.begin(), x.end(), [](double v) { return v > 0; }) &&
                      std::all_of(y.begin(), y.end(), [](double v) { return v > 0; });
    if (logs) {
      for (auto* v : {&x, &y})
        for (double& e : *v) e = std::log(e);
    }
    const ShiftEstimate hl = hodges_lehmann(x, y, opt.compare.alpha);
    c.level = hl.achieved_level;
    const double ref = std::fabs(c.before_median);
    auto ratio = [&](double d) { return logs ? std::exp(d) : 1 + d / ref; };
    if (logs || ref > 0) {
      c.ratio = ratio(hl.shift);
      if (hl.achieved_level > 0) c.lo = ratio(hl.lo), c.hi = ratio(hl.hi);
    }
    const bool up = c.lo && *c.lo > 1 + opt.compare.noise, down = c.hi && *c.hi < 1 - opt.compare.noise;
    c.direction = !(up || down) ? "change" : (up == (s.better == Better::Lower)) ? "regression" : "improvement";
    // The stage: compare's attribution over the runs nearest the change (medians of busy per proof).
    const std::size_t alo = std::max(lo, idx > kAttributionValues ? idx - kAttributionValues : 0);
    c.stage = stage_across(d, unique_runs(s, alo, idx), unique_runs(s, idx, std::min(hi, idx + kAttributionValues)),
                           opt.compare);
    s.change_points.push_back(std::move(c));
  }
}

History analyze_history(const HistoryData& d, const HistoryOptions& opt) {
  History h;
  h.opt = opt;
  h.runs = d.runs.size();
  h.notes = d.notes;
  h.warnings = d.warnings;
  h.series = build_series(d, opt, h.order, h.notes);
  for (auto& s : h.series) find_change_points(s, d, opt);
  return h;
}

}  // namespace cuzk::stats
