#pragma once
// `cuzk-stats history`: the runs of many commits as one series per metric and host class, with
// change points found by e-divisive means (edivisive.hpp), each named by the commits either side,
// its shift (Hodges-Lehmann ratio with its interval over the runs nearest the change) and the stage
// that explains it (compare's attribution across the change point).
//
// A run knows its commit, start time and host: event runs from run_start (git, start_unix, else the
// run id's timestamp, host and GPU names); Google Benchmark JSON from its context (host_name, date,
// and a custom context key git / git_commit / commit); pyperf from its metadata (hostname, date,
// commit); hyperfine files carry none. Each repetition of a benchmark is a replicate of its commit.
// MetricSeries: one per metric and host class (host name + GPU names) unless `all_hosts`. Order: the
// commits' order on `git log --first-parent` (`git_dir`), else the commits' earliest start time;
// the runs of one commit are replicates: kept apart, never split by a change point.
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cuzk/stats/commands.hpp"
#include "cuzk/stats/comparison.hpp"
#include "cuzk/stats/edivisive.hpp"
#include "cuzk/stats/metric_set.hpp"
#include "cuzk/stats/table.hpp"

namespace cuzk::stats {

struct HistoryMetric {
  std::string name, unit;
  Better better = Better::Lower;
};

// One input run (an event run, or a benchmark file: its repetitions are replicates).
struct HistoryRun {
  std::string source;              // FILE, or FILE#RUN
  std::string run;                 // the event run's id ("" for schema-1 runs and benchmark files)
  std::string commit;              // "" when unknown
  std::string host;                // host class: "host" or "host (GPU, GPU)"; "?" unknown
  std::optional<double> start;     // Unix seconds
  std::vector<std::pair<std::uint32_t, double>> values;  // (metric index, value); several per metric = replicates
  bool events = false;             // an event run (attribution applies)
};

struct HistoryData {
  std::vector<HistoryMetric> metrics;
  std::vector<HistoryRun> runs;
  std::vector<std::string> notes, warnings;
  std::uint32_t metric_index(const std::string& name, const std::string& unit, Better better);
};

// Reads every input (folders: their *.jsonl and *.json files). Never aborts on one bad file:
// a file that cannot be read is one warning line naming it and is left out; a duplicate run id
// (the same run in two files) is read once. Error(BadInput) only when no run could be read, or,
// with `strict` (gate's candidates), on the first file that cannot be read.
HistoryData load_history(const std::vector<std::string>& inputs, const SummaryOptions& opt, bool strict = false);

// The commits of `git log --first-parent` in `git_dir` (a work tree or a .git folder), oldest
// first, run as a subprocess without a shell. Error(BadInput) "DIR: not a git repository ...".
std::vector<std::string> first_parent_commits(const std::string& git_dir);

struct HistoryOptions {
  EDivisiveOptions ed;
  std::string git_dir;                 // order by git log --first-parent when set
  bool all_hosts = false;              // one series across host classes
  std::vector<std::string> metrics;    // only these (empty: all)
  std::size_t shift_window = 50;       // runs each side of a change point for its shift
  CompareOptions compare;              // alpha / noise of the shift's interval
};

struct ChangePoint {
  std::string metric, unit;
  Better better = Better::Lower;
  std::vector<std::string> hosts;
  std::string before, after;           // the commits either side (labels)
  std::size_t index = 0;               // position in the series (first run after the change)
  std::size_t commit_index = 0;        // position of `after` among the series' commits
  double p = 1, q = 0;
  std::size_t permutations = 0;
  std::optional<double> ratio, lo, hi;  // after / before, Hodges-Lehmann, with its interval
  double level = 0;                     // the interval's achieved level
  double before_median = 0, after_median = 0;
  std::size_t n_before = 0, n_after = 0;
  std::string stage;                    // the stage explaining it (event runs), else ""
  std::string direction;                // "regression", "improvement" or "change" (inside the noise)
};

struct MetricSeries {
  std::string metric, unit;
  Better better = Better::Lower;
  std::vector<std::string> hosts;       // the host classes it holds
  std::vector<double> values;           // in order
  std::vector<std::size_t> run_of;      // index into HistoryData::runs per value
  std::vector<std::string> commits;     // commit labels in order
  std::vector<std::size_t> commit_of;   // per value: index into commits
  std::vector<std::size_t> commit_start;  // per commit: its first value
  std::vector<ChangePoint> change_points;
  std::size_t last_group = 0;           // (while building: the commit group of the last value)
};

struct History {
  std::vector<MetricSeries> series;
  std::string order;                    // "git log --first-parent" or "start time"
  std::size_t runs = 0;
  std::vector<std::string> notes, warnings;
  HistoryOptions opt;
};

// The series of `d` (ordered) with their change points.
History analyze_history(const HistoryData& d, const HistoryOptions& opt);
// The series only (no change points): ordering and grouping, for gate --history.
std::vector<MetricSeries> build_series(const HistoryData& d, const HistoryOptions& opt, std::string& order,
                                 std::vector<std::string>& notes);
// Change points of one series (shift, stage), used by analyze_history.
void find_change_points(MetricSeries& s, const HistoryData& d, const HistoryOptions& opt);

std::string render_history(const History& h, Format f);
// A commit as shown in text, tables and charts: a full hexadecimal hash cut to 12 digits, any other
// name longer than 24 bytes to 23 and "…" (JSON keeps it whole).
std::string short_commit(const std::string& c);
// At most `max` of `lines`, then "... and N more" (thousands of files may repeat one warning).
std::vector<std::string> capped(const std::vector<std::string>& lines, std::size_t max);
std::string trend_section(const History& h);  // the report's trend view (report_trend.cpp)

// The runs of `d` in host class `host` as a metric set (one sample per value): gate's baseline.
MetricSet history_metric_set(const HistoryData& d, const std::vector<std::size_t>& runs);

// `cuzk-stats history`: the output on `out`, notes and warnings on `err`; with `html_path` the
// report's trend view written there too. Exit 0.
int cmd_history(const std::vector<std::string>& inputs, const HistoryOptions& opt, const CommonOptions& o,
                const std::string& html_path, std::ostream& out, std::ostream& err);
// `cuzk-stats report --history INPUT`: the trend view of INPUT's history (notes and warnings on `err`).
std::string history_trend(const std::string& input, const HistoryOptions& opt, const CommonOptions& o, std::ostream& err);
// `cuzk-stats gate --history DIR CANDIDATE...`: the candidates against the runs of `dir` since the
// last change point of `metric` on the candidates' host class; gate's exit codes (0 pass,
// 1 regression, 2 cannot decide: too little history says how many runs are needed).
int cmd_gate_history(const std::string& dir, const std::vector<std::string>& candidates, const std::string& metric,
                     const HistoryOptions& hopt, const CompareOptions& copt, const CommonOptions& o, std::ostream& out,
                     std::ostream& err);

}  // namespace cuzk::stats
