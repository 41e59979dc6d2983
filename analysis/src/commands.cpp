#include "cuzk/stats/commands.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "cuzk/stats/baseline.hpp"
#include "cuzk/stats/render.hpp"
#include "cuzk/stats/report.hpp"
#include "cuzk/stats/suggest.hpp"
#include "cuzk/stats/trace.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

double parse_fraction(const std::string& s) {
  std::string t = s;
  const bool pct = !t.empty() && t.back() == '%';
  if (pct) t.pop_back();
  double v = 0;
  const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size() || !(v >= 0))  // NaN too
    throw Error(Error::Kind::BadInput, "'" + s + "' is not a fraction (use 2% or 0.02)");
  if (!pct && v >= 1) throw Error(Error::Kind::BadInput, "'" + s + "' is ambiguous: write 2% or 0.02");
  return pct ? v / 100 : v;
}

std::vector<std::string> resolve_baselines(const std::vector<std::string>& inputs, const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const auto& p : inputs) {
    std::error_code ec;
    const bool plain = !p.empty() && p != "-" && p != "." && p != ".." &&
                       p.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") == p.npos;
    const fs::path named = fs::path(dir) / p;
    if (plain && !fs::exists(fs::symlink_status(p, ec)) && fs::exists(named / "baseline.json", ec))
      out.push_back(named.string());
    else
      out.push_back(p);
  }
  return out;
}

void check_stdin_once(const std::vector<const std::vector<std::string>*>& lists) {
  std::size_t n = 0;
  for (const auto* l : lists)
    for (const auto& p : *l) n += p == "-";
  if (n > 1) throw Error(Error::Kind::BadInput, "-", "standard input can be read once: give '-' at most once");
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s + ",") {
    if (c == ',') {
      while (!cur.empty() && cur.back() == ' ') cur.pop_back();
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else if (c != ' ' || !cur.empty()) {
      cur += c;
    }
  }
  return out;
}

namespace {

void print_notes(const MetricSet& m, std::ostream& err) {
  for (const auto& n : m.notes) err << "note: " << n << "\n";
}

// Every run of an event file, saying so when it holds several.
std::vector<RunData> event_runs(const std::string& path, bool keep_mem, std::ostream& err) {
  auto runs = load_event_runs(path, keep_mem);
  if (runs.size() > 1) err << "note: " << runs_note(path, runs) << "\n";
  return runs;
}

}  // namespace

int cmd_summary(const std::vector<std::string>& inputs, const CommonOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<RunSummary> runs;
  std::vector<SampleSummary> samples;
  for (const auto& p : inputs) {
    switch (detect_input(p)) {
      case InputKind::Events:
        for (const auto& r : event_runs(p, false, err)) runs.push_back(summarize(r, o.summary));
        break;
      case InputKind::GoogleBenchmark: {
        const MetricSet m = load_benchmark_json(p);
        print_notes(m, err);
        for (const auto& w : m.warnings) err << "warning: " << w << "\n";
        samples.push_back(summarize_samples(m, o.summary.method, o.summary.level));
        break;
      }
      case InputKind::Csv: samples.push_back(summarize_samples(load_csv(p), o.summary.method, o.summary.level)); break;
      case InputKind::Baseline: {
        auto m = load_metrics(p, o.summary);
        samples.push_back(summarize_samples(m, o.summary.method, o.summary.level));
        samples.back().file = p;
        break;
      }
    }
  }
  for (const auto& r : runs)
    if (r.truncated) err << "cuzk-stats: " << r.file << ": truncated last line skipped (killed run?)\n";
  out << render_summary(runs, samples, o.format, o.summary.method, o.summary.level);
  return 0;
}

std::string list_table_columns() {
  Table t({"column", "unit", "meaning"});
  for (const auto& c : table_columns()) t.row({c.name, c.unit.empty() ? "count" : c.unit, c.help});
  t.row({"config.KEY", "", "a key of run_start's config (config.synth_workers)"});
  return t.text();
}

int cmd_table(const std::vector<std::string>& inputs, const RunsTableOptions& t, const CommonOptions& o,
              std::ostream& out, std::ostream& err) {
  std::vector<RunSummary> runs;
  for (const auto& p : inputs) {
    if (detect_input(p) != InputKind::Events)
      throw Error(Error::Kind::BadInput, p, "table takes event files (describe benchmark or CSV samples with `summary`)");
    for (const auto& r : event_runs(p, false, err)) runs.push_back(summarize(r, o.summary));
  }
  RunsTableOptions opt = t;
  opt.format = o.format;
  out << render_runs_table(runs, opt);
  return 0;
}

int cmd_compare(const CompareArgs& a, const CommonOptions& o, std::ostream& out, std::ostream& err) {
  if (a.baseline.empty() || a.candidate.empty())
    throw Error(Error::Kind::BadInput, "compare needs --baseline and --candidate inputs");
  CompareOptions opt = a.opt;
  opt.method = o.summary.method;
  const MetricSet base = load_group(a.baseline, o.summary), cand = load_group(a.candidate, o.summary);
  print_notes(base, err);
  print_notes(cand, err);
  const Comparison c = compare(base, cand, opt);
  out << render_compare(c, o.format);
  if (!a.fail_on_regression) return 0;
  bool any_regression = false, all_insufficient = !c.metrics.empty();
  for (const auto& m : c.metrics) {
    any_regression = any_regression || m.verdict == Verdict::Regression;
    all_insufficient = all_insufficient && m.verdict == Verdict::Insufficient;
  }
  if (any_regression) return 1;
  return all_insufficient || c.metrics.empty() ? 2 : 0;
}

int cmd_gate(const CompareArgs& a, const std::string& metric, const CommonOptions& o, std::ostream& out,
             std::ostream& err) {
  if (a.baseline.empty() || a.candidate.empty())
    throw Error(Error::Kind::BadInput, "gate needs --baseline and --candidate inputs");
  CompareOptions opt = a.opt;
  opt.method = o.summary.method;
  const MetricSet b = load_group(a.baseline, o.summary), c = load_group(a.candidate, o.summary);
  print_notes(b, err);
  print_notes(c, err);
  return gate_groups(b, c, metric, opt, o, out, err);
}

int gate_groups(const MetricSet& b, const MetricSet& c, const std::string& metric, const CompareOptions& opt,
                const CommonOptions& o, std::ostream& out, std::ostream& err) {
  const Metric* bm = b.find(metric);
  const Metric* cm = c.find(metric);
  if (!bm || !cm) {
    std::vector<std::string> names;
    for (const auto& m : (bm ? c : b).metrics) names.push_back(m.name);
    err << "cuzk-stats gate: metric '" << metric << "' is missing on the " << (bm ? "candidate" : "baseline")
        << " side" << did_you_mean(metric, names) << "\n";
    return 2;
  }
  const Comparison full = compare(b, c, opt);
  for (const auto& w : full.warnings) err << "warning: " << w << "\n";
  const MetricComparison m = compare_metric(*bm, *cm, opt);
  Comparison one = full;
  one.metrics = {m};
  one.attribution = {};
  one.geomeans.clear();
  one.only_base.clear();
  one.only_cand.clear();
  one.warnings.clear();
  one.command = "gate";
  one.gate_metric = metric;
  out << render_compare(one, o.format);
  const std::string head = "gate " + metric + " (max regression " +
                           printf_string(m.points ? "%g points" : "%g%%", 100 * opt.noise) + "): ";
  switch (m.verdict) {
    case Verdict::Regression: err << head << "FAIL: regression\n"; return 1;
    case Verdict::Insufficient: err << head << "cannot decide: insufficient data (" << m.note << ")\n"; return 2;
    case Verdict::Improvement: err << head << "pass (improvement)\n"; return 0;
    case Verdict::NoChange: err << head << "pass\n"; return 0;
  }
  return 2;
}

int cmd_baseline_save(const std::string& dir, const std::string& name, const std::vector<std::string>& runs,
                      const CommonOptions& o, bool force, std::ostream& out, std::ostream& err) {
  if (runs.empty()) throw Error(Error::Kind::BadInput, "baseline save needs at least one run");
  std::error_code ec;
  const std::string existing = (std::filesystem::path(dir) / name / "baseline.json").string();
  if (!force && std::filesystem::exists(std::filesystem::symlink_status(existing, ec)))
    throw Error(Error::Kind::BadInput, existing, "exists: baseline '" + name + "' is already saved (--force replaces it)");
  const std::string path = save_baseline(dir, name, runs, o.summary);
  const Baseline b = load_baseline(path);
  out << "saved baseline '" << name << "' (" << runs.size() << " input(s)) to " << path << "\n";
  if (b.metrics.runs < 4 && !b.metrics.within_file)
    err << "warning: a baseline of " << b.metrics.runs << " run(s): comparisons need >= 4 runs per side\n";
  return 0;
}

int cmd_baseline_show(const std::string& path, const CommonOptions& o, std::ostream& out) {
  const Baseline b = load_baseline(path);
  if (o.format == Format::Json) {
    out << b.doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return 0;
  }
  Table runs({"source", "kind", "host", "GPUs", "git", "metrics"});
  for (const auto& r : b.runs) {
    std::string host = "?", gpus = "?", git = "?";
    if (r.provenance) {
      const Provenance& p = *r.provenance;
      host = p.host.empty() ? "?" : p.host;
      git = p.git.empty() ? "?" : p.git;
      gpus.clear();
      for (const auto& g : p.gpus) gpus += (gpus.empty() ? "" : "+") + g;
      if (gpus.empty()) gpus = "none";
    }
    runs.row({r.source, r.kind, host, gpus, git, std::to_string(r.metrics)});
  }
  const SampleSummary s = summarize_samples(b.metrics, o.summary.method, o.summary.level);
  Table vals({"metric", "n", "median", "min", "max"});
  for (const auto& [m, d] : s.metrics)
    vals.row({m.name, std::to_string(d.n), human(d.median, m.unit), human(d.min, m.unit), human(d.max, m.unit)});
  const bool md = o.format == Format::Markdown;
  if (o.format == Format::Csv) {
    out << vals.csv();
    return 0;
  }
  out << (md ? "### baseline `" + b.name + "`\n\n" : "baseline " + b.name + " (" + b.path + ")\n\n");
  out << (md ? runs.markdown() : runs.text()) << "\n" << (md ? vals.markdown() : vals.text());
  return 0;
}

int cmd_trace(const std::string& run, const std::string& out_path, std::ostream& out, std::ostream& err) {
  const std::vector<RunData> runs = event_runs(run, true, err);
  for (const auto& r : runs)
    for (const auto& w : r.warnings) err << "warning: " << (runs.size() > 1 ? r.file + ": " : "") << w << "\n";
  const std::size_t n = write_trace(runs, out_path);
  out << "wrote " << n << " trace events to " << out_path << " (open in https://ui.perfetto.dev or chrome://tracing)\n";
  return 0;
}

int cmd_report(const std::vector<std::string>& runs, const std::vector<std::string>& baseline,
               const std::string& out_path, const CommonOptions& o, const CompareOptions& copt, std::ostream& out,
               std::ostream& err, const std::string& trend) {
  if (runs.empty()) throw Error(Error::Kind::BadInput, "report needs at least one run");
  ReportInput in;
  MetricSet cand;
  std::string sample_input;
  for (const auto& p : runs) {
    // Benchmark JSON, CSV and saved baselines join the candidate group of the comparison table.
    if (detect_input(p) != InputKind::Events) {
      const MetricSet m = load_metrics(p, o.summary);
      print_notes(m, err);
      cand.merge(m);
      sample_input = p;
      continue;
    }
    for (auto& d : event_runs(p, true, err)) {
      RunSummary s = summarize(d, o.summary);
      cand.merge(reduce_run(s));
      in.runs.push_back({std::move(d), std::move(s)});
    }
  }
  if (!sample_input.empty() && baseline.empty())
    throw Error(Error::Kind::BadInput, sample_input,
                "benchmark, CSV and baseline inputs are shown in the report's comparison table: give --baseline "
                "(or describe them alone with `summary`)");
  if (!baseline.empty()) {
    CompareOptions c = copt;
    c.method = o.summary.method;
    const MetricSet base = load_group(baseline, o.summary);
    print_notes(base, err);
    in.comparison = compare(base, cand, c);
    in.baseline_files = baseline;
  }
  in.method = o.summary.method;
  in.trend = trend;
  write_report(in, out_path);
  for (const auto& r : in.runs)
    for (const auto& w : r.summary.warnings) err << "warning: " << r.summary.file << ": " << w << "\n";
  out << "wrote " << out_path << "\n";
  return 0;
}

}  // namespace cuzk::stats
