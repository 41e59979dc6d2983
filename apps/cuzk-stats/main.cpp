// cuzk-stats: run statistics, baseline comparison, CI gates and reports for cuzk-prove runs.
// Thin main: parses arguments, calls the library, maps errors to exit codes
// (0 pass, 1 regression, 2 cannot decide: usage error / bad input / too little data, 70 a bug).
// Only this file catches; every message is one line.
#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "cuzk/stats/commands.hpp"
#include "cuzk/stats/history.hpp"  // history, gate --history
#include "cuzk/stats/run_set.hpp"  // run sets (docs/slurm.md)
#include "cuzk/stats/suggest.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/text_escape.hpp"
#include "cuzk/util/one_line.hpp"  // a path or field name must not break the one line

using namespace cuzk::stats;
using cuzk::one_line;

namespace {

// Before CLI11 sees the arguments: an unknown subcommand or --option gets a "did you mean".
// Returns the one-line message, or "" when every name is known.
std::string check_names(const CLI::App& app, int argc, char** argv) {
  const CLI::App* cur = &app;
  std::string path = "cuzk-stats";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--") break;
    if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
      const std::string name = a.substr(0, a.find('='));
      bool known = false;
      std::vector<std::string> names;
      for (const CLI::App* s = cur; s; s = s->get_parent())
        for (const CLI::Option* o : s->get_options()) {
          for (const auto& l : o->get_lnames()) {
            names.push_back("--" + l);
            known = known || name == "--" + l;
          }
        }
      if (!known) return path + ": unknown option '" + name + "'" + did_you_mean(name, names) + " (see " + path + " --help)";
      continue;
    }
    if (a.empty() || a[0] == '-') continue;
    // A word: a subcommand where the current command has subcommands and none was chosen yet.
    const auto subs = cur->get_subcommands([](const CLI::App*) { return true; });
    if (subs.empty()) continue;
    const CLI::App* next = nullptr;
    std::vector<std::string> names;
    for (const CLI::App* s : subs) {
      names.push_back(s->get_name());
      if (s->get_name() == a) next = s;
    }
    if (!next) {
      // (The commands that have subcommands take no option with a value, so a word here is a command.)
      return path + ": unknown command '" + a + "'" + did_you_mean(a, names) + " (see " + path + " --help)";
    }
    cur = next;
    path += " " + a;
  }
  return {};
}

// Terminal width for text tables: stdout a terminal → its width (COLUMNS, else the tty's), at
// most 100 when unknown; 0 (no limit) otherwise.
std::size_t terminal_width() {
  if (!::isatty(1)) return 0;
  if (const char* c = std::getenv("COLUMNS")) {
    const long v = std::strtol(c, nullptr, 10);
    if (v >= 40 && v <= 1000) return std::size_t(v);
  }
  winsize ws{};
  if (::ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40) return ws.ws_col;
  return 100;
}

// An input path: an existing file or folder, or "-" (standard input).
const CLI::Validator kInput(
    [](std::string& s) { return s == "-" ? std::string() : CLI::ExistingPath(s); }, "PATH|-", "input");
// CLI::Range lets "nan" through (every comparison with NaN is false): a number option must be one.
const CLI::Validator kNotNan(
    [](std::string& s) {
      const double v = std::strtod(s.c_str(), nullptr);
      return std::isnan(v) ? "'" + s + "' is not a number" : std::string();
    },
    "", "not-nan");

}  // namespace

int main(int argc, char** argv) {
  // What the inputs hold (hosts, ids, command lines, paths) reaches the terminal escaped,
  // whichever command prints it; the JSON outputs hold no raw control byte anyway.
  cuzk::EscapedStream escaped_out(std::cout), escaped_err(std::cerr);
  CLI::App app{"cuzk-stats: honest statistics for cuzk-prove event files, Google Benchmark, hyperfine and pyperf "
               "JSON and metric,value CSV"};
  app.require_subcommand(1);
  app.fallthrough();  // --quiet after the subcommand too
  app.footer(
      "Inputs: '-' reads standard input (once per command, at most 1 GiB).\n"
      "Exit codes:\n"
      "  0   done; gate / compare --fail-on-regression: no regression\n"
      "  1   regression (gate; compare --fail-on-regression)\n"
      "  2   cannot decide or cannot read: usage error (an unknown command or option says 'did you mean');\n"
      "      an input that is missing, empty, not a regular file (FIFO, device), malformed or with a field\n"
      "      of the wrong type (one line naming FILE:LINE or the field); gate: the metric is missing on a\n"
      "      side, too few samples to reach p <= alpha, an unreadable baseline; gate --history: too few runs\n"
      "      since the last change point (says how many are needed); compare --fail-on-regression:\n"
      "      no metric could be decided; baseline save: the baseline exists (--force replaces it)\n"
      "  70  internal error (a bug; please report it)\n"
      "Event files may hold several runs (schema 2 'run' field): each is read as a run of its own.");
  std::string format = "text", percentile = "linear", noise = "2%", max_reg = "2%", metric = "s_per_proof";
  std::string out_path, baseline_dir = "baselines", baseline_name, columns, group_by, relative_to;
  double alpha = 0.05, level = 0.95;
  int warmup = -1;
  bool fail_on_regression = false, quiet = false, force = false, list_columns = false;
  std::vector<std::string> inputs, base, cand;

  app.add_flag("--quiet,-q", quiet,
               "no notes, warnings or verdict lines on stderr (errors are still printed); the exit code decides");
  auto common = [&](CLI::App* c, bool fmt) {
    if (fmt) c->add_option("--format", format, "text | markdown | json | csv")->check(CLI::IsMember({"text", "markdown", "md", "json", "csv"}));
    c->add_option("--percentile", percentile, "linear (R-7, numpy default) | nearest-rank")
        ->check(CLI::IsMember({"linear", "nearest-rank"}));
    c->add_option("--warmup", warmup, "proofs excluded from the steady-state s/proof fit (default: 10%, at least the start-up's)");
    c->add_option("--level", level, "confidence level of percentile intervals")->check(CLI::Range(0.5, 0.999))->check(kNotNan);
  };
  auto dir_option = [&](CLI::App* c) {
    c->add_option("--baseline-dir,--dir", baseline_dir, "folder of saved baselines; a baseline given by name is looked up there (default ./baselines)");
  };
  auto comparing = [&](CLI::App* c, bool required) {
    auto* b = c->add_option("--baseline,-b", base, "baseline runs, benchmark JSON, CSV, a saved baseline directory or its name");
    auto* k = c->add_option("--candidate,-c", cand, "candidate inputs");
    if (required) b->required(), k->required();
    c->add_option("--alpha", alpha, "significance level")->check(CLI::Range(1e-6, 0.5))->check(kNotNan);
    dir_option(c);
  };

  auto* summary = app.add_subcommand("summary", "per-stage statistics, start-up, throughput, GPU busy, peak RSS");
  summary->add_option("inputs", inputs, "event files (or benchmark JSON / CSV; '-' for stdin)")->required()->check(kInput);
  common(summary, true);
  bool as_set = false;  // run_set.hpp
  summary->add_flag("--set", as_set, "read the event files as one set (tasks of a job array; a folder input implies it)");

  auto* cmp = app.add_subcommand("compare", "compare groups of runs (Mann-Whitney U, Hodges-Lehmann ratio)");
  comparing(cmp, true);
  common(cmp, true);
  cmp->add_option("--noise", noise, "noise threshold a change must clear (2% or 0.02)");
  cmp->add_flag("--fail-on-regression", fail_on_regression, "exit 1 on a regression, 2 on too little data");

  auto* gate = app.add_subcommand("gate", "CI gate on one metric: exit 0 pass, 1 regression, 2 usage / too little data");
  comparing(gate, false);  // --baseline and --candidate, or --history DIR CANDIDATE...
  common(gate, true);
  gate->add_option("--metric", metric, "metric to gate on");
  gate->add_option("--max-regression", max_reg, "largest tolerated regression (2% or 0.02)");
  std::string history_dir;
  gate->add_option("--history", history_dir, "folder of earlier runs: the candidate against the runs since the last change point on its host class")
      ->check(CLI::ExistingDirectory);
  gate->add_option("candidates", inputs, "candidate inputs (with --history)")->check(kInput);

  HistoryOptions hopt;
  std::string hosts = "each", html_out, metrics_list;
  auto* history = app.add_subcommand("history", "change points across commits: one series per metric and host class, e-divisive means");
  history->add_option("runs", inputs, "event files, benchmark JSON (Google Benchmark, hyperfine, pyperf) or folders of them")
      ->required()->check(kInput);
  history->add_option("--git-dir", hopt.git_dir, "order the commits by git log --first-parent of this repository (default: by start time)")
      ->check(CLI::ExistingDirectory);
  history->add_option("--metrics", metrics_list, "comma-separated metrics (default: all)");
  history->add_option("--alpha", alpha, "significance level of each change point's permutation test")->check(CLI::Range(1e-6, 0.5))->check(kNotNan);
  history->add_option("--permutations", hopt.ed.max_permutations, "most permutations per test (early stop below)")->check(CLI::Range(1, 100000));
  history->add_option("--seed", hopt.ed.seed, "seed of the permutations (results are reproducible)");
  history->add_option("--min-size", hopt.ed.min_size, "values on each side of a change point, at least")->check(CLI::Range(1, 1000000));
  history->add_option("--noise", noise, "noise threshold a shift must clear to be called a regression (2% or 0.02)");
  history->add_option("--hosts", hosts, "each: one series per host class (host + GPUs, the default) | all: host classes pooled")
      ->check(CLI::IsMember({"each", "all"}));
  gate->add_option("--hosts", hosts, "with --history: each (the candidate's host class) | all")->check(CLI::IsMember({"each", "all"}));
  gate->add_option("--git-dir", hopt.git_dir, "with --history: order its commits by git log --first-parent of this repository")
      ->check(CLI::ExistingDirectory);
  history->add_option("--html", html_out, "also write the HTML report's trend view to this file");
  common(history, true);

  auto* table = app.add_subcommand("table", "runs side by side: one row per run, chosen columns, median and spread per group");
  table->add_option("runs", inputs, "event files ('-' for stdin)")->check(kInput);
  table->add_option("--columns", columns, std::string("comma-separated columns (default ") + kDefaultTableColumns +
                                              "; --list-columns shows them all)");
  table->add_option("--group-by", group_by, "label (file name without its run counter) | host | git | version | cpus | gpus | a run_start config key");
  table->add_option("--relative-to", relative_to, "a group: each group's medians also as a change against this group's");
  table->add_flag("--list-columns", list_columns, "list the columns and exit");
  common(table, true);

  auto* bl = app.add_subcommand("baseline", "save or show a baseline");
  bl->require_subcommand(1);
  bl->fallthrough();
  auto* save = bl->add_subcommand("save", "save runs' reduced values and provenance as a named baseline");
  save->add_option("--name", baseline_name, "baseline name")->required();
  dir_option(save);
  save->add_option("runs", inputs, "runs")->required()->check(kInput);
  save->add_flag("--force", force, "replace an existing baseline of that name (default: refuse, exit 2)");
  common(save, false);
  auto* show = bl->add_subcommand("show", "show a saved baseline");
  show->add_option("--name", baseline_name, "baseline name (in --dir)");
  dir_option(show);
  show->add_option("path", out_path, "baseline directory or baseline.json (instead of --name)");
  common(show, true);

  auto* trace = app.add_subcommand("trace", "Chrome Trace Event / Perfetto JSON of one run");
  trace->add_option("run", inputs, "event file ('-' for stdin)")->required()->expected(1)->check(kInput);
  trace->add_option("-o,--output", out_path, "trace.json")->required();

  auto* report = app.add_subcommand("report", "self-contained HTML report");
  report->add_option("runs", inputs, "event files, or benchmark JSON / CSV compared against --baseline")->required()->check(kInput);
  report->add_option("--baseline,-b", base, "baseline inputs for the comparison table");
  report->add_option("-o,--output", out_path, "report.html")->required();
  report->add_option("--alpha", alpha, "significance level")->check(CLI::Range(1e-6, 0.5))->check(kNotNan);
  report->add_option("--noise", noise, "noise threshold (2% or 0.02)");
  dir_option(report);
  std::string report_history;
  report->add_option("--history", report_history, "folder (or file) of earlier runs: add the trend view over their commits (as history --html)")
      ->check(kInput);
  report->add_option("--git-dir", hopt.git_dir, "with --history: order its commits by git log --first-parent of this repository")
      ->check(CLI::ExistingDirectory);
  common(report, false);

  if (const std::string bad = check_names(app, argc, argv); !bad.empty()) {
    std::cerr << one_line(bad) << "\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::cerr << "cuzk-stats: " << one_line(e.what()) << " (see --help)\n";
    return 2;
  }
  std::ostream null_stream(nullptr);
  std::ostream& err = quiet ? null_stream : std::cerr;
  std::ostream& done = quiet ? null_stream : std::cout;  // "wrote FILE" confirmations
  try {
    CommonOptions o;
    o.format = parse_format(format);
    o.summary.method = parse_percentile_method(percentile);
    o.summary.level = level;
    if (warmup >= 0) o.summary.warmup = std::size_t(warmup);
    set_text_width(o.format == Format::Text ? terminal_width() : 0);
    check_stdin_once({&inputs, &base, &cand});
    CompareArgs ca{resolve_baselines(base, baseline_dir), resolve_baselines(cand, baseline_dir), {}, fail_on_regression};
    ca.opt.alpha = alpha;
    ca.opt.noise = parse_fraction(noise);
    if (*summary && (as_set || has_event_folder(inputs))) return cmd_summary_set(inputs, o.format, o.summary, std::cout, err);
    ca.baseline = expand_event_folders(ca.baseline), ca.candidate = expand_event_folders(ca.candidate);  // run_set.hpp
    if (*summary) return cmd_summary(inputs, o, std::cout, err);
    if (*cmp) return cmd_compare(ca, o, std::cout, err);
    hopt.all_hosts = hosts == "all";
    hopt.ed.alpha = alpha;
    hopt.compare = ca.opt;
    hopt.compare.method = o.summary.method;
    if (*gate) {
      ca.opt.noise = parse_fraction(max_reg);
      if (!history_dir.empty()) {
        if (!ca.baseline.empty()) throw cuzk::Error(cuzk::Error::Kind::BadInput, "gate takes --baseline or --history, not both");
        std::vector<std::string> c = inputs;
        c.insert(c.end(), ca.candidate.begin(), ca.candidate.end());
        CompareOptions g = ca.opt;
        g.method = o.summary.method;
        return cmd_gate_history(history_dir, c, metric, hopt, g, o, std::cout, err);
      }
      if (!inputs.empty()) throw cuzk::Error(cuzk::Error::Kind::BadInput, "gate: candidate inputs without --history go after --candidate");
      return cmd_gate(ca, metric, o, std::cout, err);
    }
    if (*history) {
      hopt.metrics = split_list(metrics_list);
      return cmd_history(inputs, hopt, o, html_out, std::cout, err);
    }
    if (*table) {
      if (list_columns) {
        std::cout << list_table_columns();
        return 0;
      }
      if (inputs.empty()) throw cuzk::Error(cuzk::Error::Kind::BadInput, "table needs at least one event file");
      RunsTableOptions t;
      t.columns = split_list(columns);
      t.group_by = group_by;
      t.relative_to = relative_to;
      return cmd_table(inputs, t, o, std::cout, err);
    }
    if (*save) return cmd_baseline_save(baseline_dir, baseline_name, inputs, o, force, done, err);
    if (*show) {
      if (out_path.empty() && baseline_name.empty()) throw cuzk::Error(cuzk::Error::Kind::BadInput, "baseline show needs --name or a path");
      return cmd_baseline_show(out_path.empty() ? baseline_dir + "/" + baseline_name : out_path, o, std::cout);
    }
    if (*trace) return cmd_trace(inputs.front(), out_path, done, err);
    if (*report) {
      std::string trend;
      if (!report_history.empty()) trend = history_trend(report_history, hopt, o, err);
      return cmd_report(inputs, ca.baseline, out_path, o, ca.opt, done, err, trend);
    }
  } catch (const cuzk::Error& e) {
    std::cerr << "cuzk-stats: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "cuzk-stats: internal error: out of memory\n";
    return 70;
  } catch (const std::exception& e) {
    std::cerr << "cuzk-stats: internal error: " << one_line(e.what()) << "\n";
    return 70;
  }
  return 2;
}
