// cuzk-stats: run statistics, baseline comparison, CI gates and reports for cuzk-prove runs.
// Thin main: parses arguments, calls the library, maps errors to exit codes
// (0 pass, 1 regression, 2 cannot decide: usage error / bad input / too little data, 70 a bug).
// Only this file catches; every message is one line.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cuzk/stats/commands.hpp"
#include "cuzk/stats/run_set.hpp"  // run sets (docs/slurm.md)
#include "cuzk/util/error.hpp"

using namespace cuzk::stats;

int main(int argc, char** argv) {
  CLI::App app{"cuzk-stats: honest statistics for cuzk-prove event files, Google Benchmark JSON and metric,value CSV"};
  app.require_subcommand(1);
  app.footer(
      "Exit codes:\n"
      "  0   done; gate / compare --fail-on-regression: no regression\n"
      "  1   regression (gate; compare --fail-on-regression)\n"
      "  2   cannot decide or cannot read: usage error; an input that is missing, empty, not a regular\n"
      "      file (FIFO, device), malformed or with a field of the wrong type (one line naming FILE:LINE\n"
      "      or the field); gate: the metric is missing on a side, too few samples to reach p <= alpha,\n"
      "      an unreadable baseline; compare --fail-on-regression: no metric could be decided\n"
      "  70  internal error (a bug; please report it)\n"
      "Event files may hold several runs (schema 2 'run' field): each is read as a run of its own.");
  std::string format = "text", percentile = "linear", noise = "2%", max_reg = "2%", metric = "s_per_proof";
  std::string out_path, baseline_dir = "baselines", baseline_name;
  double alpha = 0.05, level = 0.95;
  int warmup = -1;
  bool fail_on_regression = false;
  std::vector<std::string> inputs, base, cand;

  auto common = [&](CLI::App* c, bool fmt) {
    if (fmt) c->add_option("--format", format, "text | markdown | json | csv")->check(CLI::IsMember({"text", "markdown", "md", "json", "csv"}));
    c->add_option("--percentile", percentile, "linear (R-7, numpy default) | nearest-rank")
        ->check(CLI::IsMember({"linear", "nearest-rank"}));
    c->add_option("--warmup", warmup, "proofs excluded from the steady-state s/proof fit (default 10%)");
    c->add_option("--level", level, "confidence level of percentile intervals")->check(CLI::Range(0.5, 0.999));
  };
  auto comparing = [&](CLI::App* c) {
    c->add_option("--baseline,-b", base, "baseline runs, benchmark JSON, CSV or a saved baseline directory")->required();
    c->add_option("--candidate,-c", cand, "candidate inputs")->required();
    c->add_option("--alpha", alpha, "significance level")->check(CLI::Range(1e-6, 0.5));
  };

  auto* summary = app.add_subcommand("summary", "per-stage statistics, throughput, GPU busy, peak RSS");
  summary->add_option("inputs", inputs, "event files (or benchmark JSON / CSV)")->required()->check(CLI::ExistingPath);
  common(summary, true);
  bool as_set = false;  // run_set.hpp
  summary->add_flag("--set", as_set, "read the event files as one set (tasks of a job array; a folder input implies it)");

  auto* cmp = app.add_subcommand("compare", "compare groups of runs (Mann-Whitney U, Hodges-Lehmann ratio)");
  comparing(cmp);
  common(cmp, true);
  cmp->add_option("--noise", noise, "noise threshold a change must clear (2% or 0.02)");
  cmp->add_flag("--fail-on-regression", fail_on_regression, "exit 1 on a regression, 2 on too little data");

  auto* gate = app.add_subcommand("gate", "CI gate on one metric: exit 0 pass, 1 regression, 2 usage / too little data");
  comparing(gate);
  common(gate, true);
  gate->add_option("--metric", metric, "metric to gate on");
  gate->add_option("--max-regression", max_reg, "largest tolerated regression (2% or 0.02)");

  auto* bl = app.add_subcommand("baseline", "save or show a baseline");
  bl->require_subcommand(1);
  auto* save = bl->add_subcommand("save", "save runs' reduced values and provenance as a named baseline");
  save->add_option("--name", baseline_name, "baseline name")->required();
  save->add_option("--dir", baseline_dir, "folder holding baselines (default ./baselines)");
  save->add_option("runs", inputs, "runs")->required()->check(CLI::ExistingPath);
  common(save, false);
  auto* show = bl->add_subcommand("show", "show a saved baseline");
  show->add_option("--name", baseline_name, "baseline name (in --dir)");
  show->add_option("--dir", baseline_dir, "folder holding baselines (default ./baselines)");
  show->add_option("path", out_path, "baseline directory or baseline.json (instead of --name)");
  common(show, true);

  auto* trace = app.add_subcommand("trace", "Chrome Trace Event / Perfetto JSON of one run");
  trace->add_option("run", inputs, "event file")->required()->expected(1)->check(CLI::ExistingFile);
  trace->add_option("-o,--output", out_path, "trace.json")->required();

  auto* report = app.add_subcommand("report", "self-contained HTML report");
  report->add_option("runs", inputs, "event files")->required()->check(CLI::ExistingFile);
  report->add_option("--baseline,-b", base, "baseline inputs for the comparison table");
  report->add_option("-o,--output", out_path, "report.html")->required();
  report->add_option("--alpha", alpha, "significance level")->check(CLI::Range(1e-6, 0.5));
  report->add_option("--noise", noise, "noise threshold (2% or 0.02)");
  common(report, false);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::string msg = e.what();
    for (char& c : msg)
      if (c == '\n' || c == '\r') c = ' ';
    std::cerr << "cuzk-stats: " << msg << " (see --help)\n";
    return 2;
  }
  try {
    CommonOptions o;
    o.format = parse_format(format);
    o.summary.method = parse_percentile_method(percentile);
    o.summary.level = level;
    if (warmup >= 0) o.summary.warmup = std::size_t(warmup);
    CompareArgs ca{base, cand, {}, fail_on_regression};
    ca.opt.alpha = alpha;
    ca.opt.noise = parse_fraction(noise);
    if (*summary && (as_set || has_event_folder(inputs))) return cmd_summary_set(inputs, o.format, o.summary, std::cout, std::cerr);
    ca.baseline = expand_event_folders(ca.baseline), ca.candidate = expand_event_folders(ca.candidate);  // run_set.hpp
    if (*summary) return cmd_summary(inputs, o, std::cout, std::cerr);
    if (*cmp) return cmd_compare(ca, o, std::cout, std::cerr);
    if (*gate) {
      ca.opt.noise = parse_fraction(max_reg);
      return cmd_gate(ca, metric, o, std::cout, std::cerr);
    }
    if (*save) return cmd_baseline_save(baseline_dir, baseline_name, inputs, o, std::cout, std::cerr);
    if (*show) {
      if (out_path.empty() && baseline_name.empty()) throw cuzk::Error(cuzk::Error::Kind::BadInput, "baseline show needs --name or a path");
      return cmd_baseline_show(out_path.empty() ? baseline_dir + "/" + baseline_name : out_path, o, std::cout);
    }
    if (*trace) return cmd_trace(inputs.front(), out_path, std::cout, std::cerr);
    if (*report) return cmd_report(inputs, base, out_path, o, ca.opt, std::cout, std::cerr);
  } catch (const cuzk::Error& e) {
    std::string msg = e.what();
    for (char& c : msg)
      if (c == '\n' || c == '\r') c = ' ';  // a path or field name must not break the one line
    std::cerr << "cuzk-stats: " << msg << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "cuzk-stats: internal error: out of memory\n";
    return 70;
  } catch (const std::exception& e) {
    std::cerr << "cuzk-stats: internal error: " << e.what() << "\n";
    return 70;
  }
  return 2;
}
