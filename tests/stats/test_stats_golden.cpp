// Golden files: each command and format on fixed inputs gives exactly the committed output
// (tests/stats/golden/*). After an intended change, regenerate with CUZK_UPDATE_GOLDEN=1 and review
// the diff. Paths in outputs are relative to the repository root, where the test runs.
#include <algorithm>
#include <doctest/doctest.h>
#include <unistd.h>

#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "cuzk/stats/commands.hpp"
#include "cuzk/stats/history.hpp"
#include "cuzk/util/error.hpp"
#include "stats_test_util.hpp"

using namespace cuzk::stats;
namespace fs = std::filesystem;

namespace {

using Command = std::function<int(std::ostream&, std::ostream&)>;

void golden(const std::string& name, const Command& cmd, const std::string& extra_file = "") {
  fs::current_path(cuzk::test::source_dir());
  std::ostringstream out, err;
  const int rc = cmd(out, err);
  std::string got = "exit: " + std::to_string(rc) + "\n--- stdout ---\n" + out.str();
  if (!err.str().empty()) got += "--- stderr ---\n" + err.str();
  if (!extra_file.empty()) {
    got += "--- written file ---\n" + cuzk::test::read_file(extra_file);
    fs::remove(extra_file);
  }
  const fs::path path = cuzk::test::source_dir() / "tests/stats/golden" / name;
  if (std::getenv("CUZK_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << got;
    MESSAGE("updated " << path.string());
    return;
  }
  REQUIRE_MESSAGE(fs::exists(path), "missing golden file " << path.string() << " (run with CUZK_UPDATE_GOLDEN=1)");
  const std::string want = cuzk::test::read_file(path);
  if (got != want) {
    // Show the first differing line.
    std::istringstream a(got), b(want);
    std::string la, lb;
    int line = 0;
    while (true) {
      ++line;
      const bool ga = bool(std::getline(a, la)), gb = bool(std::getline(b, lb));
      if (!ga && !gb) break;
      if (la != lb || ga != gb) {
        FAIL_CHECK(name << ":" << line << ": got\n  " << la << "\nwant\n  " << lb);
        break;
      }
    }
  }
}

CommonOptions fmt(Format f, PercentileMethod m = PercentileMethod::Linear) {
  CommonOptions o;
  o.format = f;
  o.summary.method = m;
  return o;
}

const std::vector<std::string> kBase{"data/events/base-1.jsonl", "data/events/base-2.jsonl", "data/events/base-3.jsonl",
                                     "data/events/base-4.jsonl", "data/events/base-5.jsonl"};
const std::vector<std::string> kCand{"data/events/cand-1.jsonl", "data/events/cand-2.jsonl", "data/events/cand-3.jsonl",
                                     "data/events/cand-4.jsonl", "data/events/cand-5.jsonl"};

std::string temp(const std::string& name) {
  return (fs::temp_directory_path() / ("cuzk-stats-golden-" + std::to_string(::getpid()) + "-" + name)).string();
}

}  // namespace

TEST_CASE("golden: summary") {
  const std::vector<std::string> tiny{"tests/stats/data/tiny.jsonl"};
  const std::pair<Format, const char*> formats[] = {
      {Format::Text, "txt"}, {Format::Markdown, "md"}, {Format::Json, "json"}, {Format::Csv, "csv"}};
  for (auto [f, ext] : formats)
    golden(std::string("summary-tiny.") + ext, [&](auto& o, auto& e) { return cmd_summary(tiny, fmt(f), o, e); });
  golden("summary-tiny-nearest-rank.txt",
         [&](auto& o, auto& e) { return cmd_summary(tiny, fmt(Format::Text, PercentileMethod::NearestRank), o, e); });
  golden("summary-base-1.txt", [&](auto& o, auto& e) { return cmd_summary({kBase[0]}, fmt(Format::Text), o, e); });
  golden("summary-killed.txt",
         [&](auto& o, auto& e) { return cmd_summary({"data/events/killed.jsonl"}, fmt(Format::Text), o, e); });
  // Start-up as its own phase: from key_load spans, and detected in an older file (gen-startup.py).
  golden("summary-startup-key-load.txt", [&](auto& o, auto& e) {
    return cmd_summary({"tests/stats/data/startup-key-load.jsonl"}, fmt(Format::Text), o, e);
  });
  golden("summary-startup-old.txt", [&](auto& o, auto& e) {
    return cmd_summary({"tests/stats/data/startup-old.jsonl"}, fmt(Format::Text), o, e);
  });
  golden("summary-startup-old.json", [&](auto& o, auto& e) {
    return cmd_summary({"tests/stats/data/startup-old.jsonl"}, fmt(Format::Json), o, e);
  });
  const std::vector<std::string> samples{"tests/stats/data/bench-base.json", "tests/stats/data/samples.csv"};
  golden("summary-samples.txt", [&](auto& o, auto& e) { return cmd_summary(samples, fmt(Format::Text), o, e); });
  golden("summary-samples.json", [&](auto& o, auto& e) { return cmd_summary(samples, fmt(Format::Json), o, e); });
}

TEST_CASE("golden: files holding several runs (schema 2 interleaved, schema 1 appended)") {
  const std::vector<std::string> two{"tests/stats/data/two-runs.jsonl"};
  golden("summary-two-runs.txt", [&](auto& o, auto& e) { return cmd_summary(two, fmt(Format::Text), o, e); });
  golden("summary-two-runs.json", [&](auto& o, auto& e) { return cmd_summary(two, fmt(Format::Json), o, e); });
  golden("summary-schema1-two-runs.txt", [&](auto& o, auto& e) {
    return cmd_summary({"tests/stats/data/schema1-two-runs.jsonl"}, fmt(Format::Text), o, e);
  });
  const std::string trace = temp("trace2.json");
  golden("trace-two-runs.txt", [&](auto& o, auto& e) {
    std::ostringstream s;
    const int rc = cmd_trace("tests/stats/data/two-runs.jsonl", trace, s, e);
    o << "(trace written)\n";
    return rc;
  }, trace);
  CompareArgs a{two, {"tests/stats/data/schema1-two-runs.jsonl"}, {}, true};
  golden("compare-two-runs.txt", [&](auto& o, auto& e) { return cmd_compare(a, fmt(Format::Text), o, e); });
}

TEST_CASE("golden: compare and gate") {
  CompareArgs a{kBase, kCand, {}, false};
  const std::pair<Format, const char*> formats[] = {
      {Format::Text, "txt"}, {Format::Markdown, "md"}, {Format::Json, "json"}, {Format::Csv, "csv"}};
  for (auto [f, ext] : formats)
    golden(std::string("compare-runs.") + ext, [&](auto& o, auto& e) { return cmd_compare(a, fmt(f), o, e); });
  CompareArgs fail = a;
  fail.fail_on_regression = true;
  golden("compare-runs-fail-on-regression.txt", [&](auto& o, auto& e) { return cmd_compare(fail, fmt(Format::Text), o, e); });
  CompareArgs same{kBase, kBase, {}, true};
  golden("compare-identical.txt", [&](auto& o, auto& e) { return cmd_compare(same, fmt(Format::Text), o, e); });
  CompareArgs one{{kBase[0]}, {kCand[0]}, {}, true};
  golden("compare-one-vs-one.txt", [&](auto& o, auto& e) { return cmd_compare(one, fmt(Format::Text), o, e); });
  CompareArgs bench{{"tests/stats/data/bench-base.json"}, {"tests/stats/data/bench-cand.json"}, {}, false};
  golden("compare-bench.txt", [&](auto& o, auto& e) { return cmd_compare(bench, fmt(Format::Text), o, e); });
  golden("compare-bench.json", [&](auto& o, auto& e) { return cmd_compare(bench, fmt(Format::Json), o, e); });
  // Google Benchmark with counters, aggregates, one-sided benchmarks; hyperfine; pyperf.
  CompareArgs rich{{"tests/stats/data/bench-rich-base.json"}, {"tests/stats/data/bench-rich-cand.json"}, {}, false};
  golden("compare-bench-rich.txt", [&](auto& o, auto& e) { return cmd_compare(rich, fmt(Format::Text), o, e); });
  golden("compare-bench-rich.json", [&](auto& o, auto& e) { return cmd_compare(rich, fmt(Format::Json), o, e); });
  CompareArgs hf{{"tests/stats/data/hyperfine-base.json"}, {"tests/stats/data/hyperfine-cand.json"}, {}, false};
  golden("compare-hyperfine.txt", [&](auto& o, auto& e) { return cmd_compare(hf, fmt(Format::Text), o, e); });
  golden("gate-hyperfine.txt",
         [&](auto& o, auto& e) { return cmd_gate(hf, "cuzk-prove batch s.json", fmt(Format::Text), o, e); });
  golden("summary-hyperfine-pyperf.txt", [&](auto& o, auto& e) {
    return cmd_summary({"tests/stats/data/hyperfine-base.json", "tests/stats/data/pyperf.json",
                        "tests/stats/data/bench-rich-base.json"},
                       fmt(Format::Text), o, e);
  });
  golden("gate-regression.txt", [&](auto& o, auto& e) { return cmd_gate(a, "s_per_proof", fmt(Format::Text), o, e); });
  CompareArgs loose = a;
  loose.opt.noise = 0.10;
  golden("gate-pass-10pct.txt", [&](auto& o, auto& e) { return cmd_gate(loose, "s_per_proof", fmt(Format::Text), o, e); });
  golden("gate-one-vs-one.txt", [&](auto& o, auto& e) { return cmd_gate(one, "s_per_proof", fmt(Format::Text), o, e); });
  golden("gate-missing-metric.txt", [&](auto& o, auto& e) { return cmd_gate(a, "nope", fmt(Format::Text), o, e); });
}

TEST_CASE("golden: compare lists the setup differences, warning only about what the user set") {
  // synth_workers given on both command lines (4 vs 8), mem_budget auto-resolved (3000 vs 3100).
  CompareArgs a{{"tests/stats/data/cfg-base.jsonl"}, {"tests/stats/data/cfg-cand.jsonl"}, {}, false};
  golden("compare-config.txt", [&](auto& o, auto& e) { return cmd_compare(a, fmt(Format::Text), o, e); });
  golden("compare-config.md", [&](auto& o, auto& e) { return cmd_compare(a, fmt(Format::Markdown), o, e); });
  golden("compare-config.json", [&](auto& o, auto& e) { return cmd_compare(a, fmt(Format::Json), o, e); });
}

TEST_CASE("golden: baseline save / show / compare against a saved baseline") {
  const std::string dir = temp("baselines");
  fs::remove_all(dir);
  std::ostringstream o, e;
  REQUIRE(cmd_baseline_save(dir, "main", kBase, fmt(Format::Text), false, o, e) == 0);
  const std::string saved = dir + "/main/baseline.json";
  const auto doc = cuzk::test::read_file(saved);
  fs::current_path(cuzk::test::source_dir());
  golden("baseline-show.txt", [&](auto& out, auto&) {
    std::ostringstream s;
    const int rc = cmd_baseline_show(dir + "/main", fmt(Format::Text), s);
    std::string text = s.str();
    for (auto p = text.find(dir); p != std::string::npos; p = text.find(dir)) text.replace(p, dir.size(), "DIR");
    out << text;
    return rc;
  });
  CompareArgs a{{dir + "/main"}, kCand, {}, true};
  golden("compare-saved-baseline.txt", [&](auto& out, auto& err) {
    std::ostringstream s;
    const int rc = cmd_compare(a, fmt(Format::Text), s, err);
    out << s.str();
    return rc;
  });
  // Another host in the candidate: the provenance warning.
  fs::remove_all(dir);
}

TEST_CASE("golden: table of runs side by side") {
  std::vector<std::string> runs = kBase;
  runs.insert(runs.end(), kCand.begin(), kCand.end());
  runs.push_back("tests/stats/data/two-runs.jsonl");
  RunsTableOptions t;
  golden("table-default.txt", [&](auto& o, auto& e) { return cmd_table(runs, t, fmt(Format::Text), o, e); });
  RunsTableOptions g;
  g.group_by = "label";
  g.columns = {"s_per_proof", "gpu_busy", "busy.gpu", "peak_rss", "config.synth_workers", "host"};
  const std::pair<Format, const char*> formats[] = {
      {Format::Text, "txt"}, {Format::Markdown, "md"}, {Format::Json, "json"}, {Format::Csv, "csv"}};
  for (auto [f, ext] : formats)
    golden(std::string("table-by-label.") + ext, [&](auto& o, auto& e) { return cmd_table(runs, g, fmt(f), o, e); });
  RunsTableOptions rel = g;
  rel.relative_to = "base";
  golden("table-relative.txt", [&](auto& o, auto& e) { return cmd_table(runs, rel, fmt(Format::Text), o, e); });
  golden("table-relative.csv", [&](auto& o, auto& e) { return cmd_table(runs, rel, fmt(Format::Csv), o, e); });
  RunsTableOptions w;
  w.group_by = "synth_workers";
  w.columns = {"label", "s_per_proof"};
  golden("table-by-config.txt", [&](auto& o, auto& e) {
    return cmd_table({kBase[0], "tests/stats/data/startup-old.jsonl", "tests/stats/data/tiny.jsonl"}, w, fmt(Format::Text), o, e);
  });
  // Text tables narrower than the terminal: blocks of columns repeating the first.
  set_text_width(100);
  golden("compare-runs-width100.txt", [&](auto& o, auto& e) {
    CompareArgs a{kBase, kCand, {}, false};
    return cmd_compare(a, fmt(Format::Text), o, e);
  });
  set_text_width(0);
}

TEST_CASE("table: unknown column or group-by field is one line with a suggestion") {
  RunsTableOptions t;
  t.columns = {"s_per_prof"};
  std::ostringstream o, e;
  CHECK_THROWS_WITH_AS(cmd_table({kBase[0]}, t, fmt(Format::Text), o, e), doctest::Contains("did you mean 's_per_proof'"),
                       cuzk::Error);
  t.columns = {};
  t.group_by = "synth_worker";
  CHECK_THROWS_WITH_AS(cmd_table({kBase[0]}, t, fmt(Format::Text), o, e), doctest::Contains("did you mean 'synth_workers'"),
                       cuzk::Error);
  CHECK(o.str().empty());
  CHECK(label_from_path("x/a-none-run3.jsonl") == "a-none");
  CHECK(label_from_path("b_2.jsonl") == "b");
  CHECK(label_from_path("events.jsonl#r1") == "events");
  CHECK(label_from_path("7.jsonl") == "7");
}

TEST_CASE("table: a byte-count setting keeps every digit (text and CSV), a fraction stays short") {
  RunsTableOptions t;
  t.columns = {"config.mem_budget", "config.host_reserved", "peak_rss"};
  std::ostringstream o, e;
  REQUIRE(cmd_table({"tests/stats/data/mem-split.jsonl"}, t, fmt(Format::Text), o, e) == 0);
  CHECK(o.str().find("8589934592") != std::string::npos);  // not 8.58993e+09
  CHECK(o.str().find("1073741824") != std::string::npos);
  CHECK(o.str().find("e+09") == std::string::npos);
  std::ostringstream c, ce;
  REQUIRE(cmd_table({"tests/stats/data/mem-split.jsonl"}, t, fmt(Format::Csv), c, ce) == 0);
  CHECK(c.str().find("\n8589934592,1073741824,9663676416\n") != std::string::npos);
  CHECK(is_exact_integer(9007199254740991.0));
  CHECK_FALSE(is_exact_integer(9007199254740992.0));  // 2^53: no longer every integer
  CHECK_FALSE(is_exact_integer(0.5));
  CHECK(raw(0.251862561) == "0.251862561");
  CHECK(raw(6987372664.0) == "6987372664");
  CHECK(raw(1e300) == "1e+300");
  CHECK(raw(-3.0) == "-3");
}

TEST_CASE("golden: trace and report") {
  const std::string trace = temp("trace.json");
  golden("trace-tiny.txt", [&](auto& o, auto& e) {
    std::ostringstream s;
    const int rc = cmd_trace("tests/stats/data/tiny.jsonl", trace, s, e);
    o << "(trace written)\n";
    return rc;
  }, trace);
  const std::string html = temp("report.html");
  CompareOptions c;
  golden("report-tiny.txt", [&](auto& o, auto& e) {
    std::ostringstream s;
    const int rc = cmd_report({"tests/stats/data/tiny.jsonl"}, {}, html, fmt(Format::Text), c, s, e);
    o << "(report written)\n";
    return rc;
  }, html);
}

namespace {
// The memory chart (<svg class="chart rss" ...>...</svg>) of the report of `files`, one per run.
std::vector<std::string> mem_charts(const std::vector<std::string>& files, std::string* page = nullptr) {
  fs::current_path(cuzk::test::source_dir());
  const std::string html = temp("mem.html");
  std::ostringstream o, e;
  CompareOptions c;
  REQUIRE(cmd_report(files, {}, html, fmt(Format::Text), c, o, e) == 0);
  const std::string s = cuzk::test::read_file(html);
  fs::remove(html);
  if (page) *page = s;
  std::vector<std::string> charts;
  for (auto at = s.find("<svg class=\"chart rss\""); at != std::string::npos; at = s.find("<svg class=\"chart rss\"", at + 1))
    charts.push_back(s.substr(at, s.find("</svg>", at) - at));
  return charts;
}

// The memory charts of one event file given as text (written to a temp file, removed after).
std::vector<std::string> mem_charts_of(const std::string& name, const std::string& text) {
  const std::string p = temp(name);
  std::ofstream(p, std::ios::binary) << text;
  auto charts = mem_charts({p});
  fs::remove(p);
  return charts;
}
bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("report: memory split and budget drawn where the file has them, absent where not") {
  const std::string html = temp("report-mem.html");
  golden("report-mem-split.txt", [&](auto& o, auto& e) {
    std::ostringstream s;
    CompareOptions c;
    const int rc = cmd_report({"tests/stats/data/mem-split.jsonl"}, {}, html, fmt(Format::Text), c, s, e);
    o << "(report written)\n";
    return rc;
  }, html);
  std::string page;
  const auto charts = mem_charts({"tests/stats/data/mem-split.jsonl", "tests/stats/data/tiny.jsonl"}, &page);
  REQUIRE(charts.size() == 2);
  // mem-split.jsonl: anonymous and file-backed areas, the budget and budget + host_reserved lines,
  // total RSS and in-flight lines; the anonymous peak is run_end's (6.5 GiB, above the samples' 6).
  const std::string& m = charts[0];
  for (const char* want : {"class=\"mem-anon\"", "class=\"mem-file\"", "class=\"mem-budget\"", "class=\"mem-ceiling\"",
                           "stroke=\"#e15759\" stroke-width=\"1.5\" points=", "anonymous (peak 6.5 GiB)",
                           "file-backed (peak 3 GiB)", "budget 8 GiB", "budget + host reserved 9 GiB",
                           "RSS, left axis (peak 9 GiB)", "in-flight partitions, right axis (max 2)"}) {
    CAPTURE(want);
    CHECK(has(m, want));
  }
  // The y axis reaches the budget + host_reserved line (9 GiB) although the samples stop at 8.5 GiB.
  CHECK(has(m, ">10</text>"));
  // tiny.jsonl (no rss_anon/rss_file, no host_reserved): RSS, budget and in-flight only.
  const std::string& t = charts[1];
  CHECK(has(t, "class=\"mem-budget\""));
  CHECK(has(t, "budget 2.93 KiB"));
  for (const char* absent : {"mem-anon", "mem-file", "mem-ceiling", "anonymous", "file-backed"}) {
    CAPTURE(absent);
    CHECK_FALSE(has(t, absent));
  }
  // Each run's s/proof is on the page.
  CHECK(has(page, "wall/proofs 325 ms"));
  CHECK(has(page, "wall/proofs 366.7 ms"));
}

TEST_CASE("report: a run with hundreds of memory samples keeps every point and well-formed markup") {
  // A real 10-proof run has ~90 samples: the areas' points lists run to kilobytes (they were
  // cut at 512 bytes once, which left the attribute open and blanked the chart in a browser).
  fs::current_path(cuzk::test::source_dir());
  std::string text = cuzk::test::read_file("tests/stats/data/mem-split.jsonl");
  const auto at = text.find("{\"ts\":0.1,\"ev\":\"mem\"");
  REQUIRE(at != std::string::npos);
  std::string extra;
  const int n = 300;
  for (int k = 1; k <= n; ++k)
    extra += "{\"ts\":" + std::to_string(0.0003 * k) + ",\"ev\":\"mem\",\"run\":\"20261204T100000Z-h2-4242-ab12\","
             "\"rss\":" + std::to_string(1000000000LL + k) + ",\"rss_anon\":" + std::to_string(500000000LL + k) +
             ",\"rss_file\":500000000,\"inflight\":1,\"reserved\":1}\n";
  text.insert(at, extra);
  const auto charts = mem_charts_of("many-mem.jsonl", text);
  REQUIRE(charts.size() == 1);
  const std::string& m = charts[0];
  for (const char* cls : {"mem-anon", "mem-file"}) {
    CAPTURE(cls);
    const auto a = m.find(std::string("class=\"") + cls + "\"");
    REQUIRE(a != std::string::npos);
    const auto b = m.find("points=\"", a) + 8, e = m.find('"', b);
    REQUIRE(e != std::string::npos);
    CHECK(m.compare(e, 3, "\"/>") == 0);
    const std::string pts = m.substr(b, e - b);
    CHECK(pts.find('<') == std::string::npos);
    const auto pairs = std::count(pts.begin(), pts.end(), ',');
    CHECK(pairs >= n + 6);  // every sample (the areas add their closing corners)
  }
  CHECK(has(m, "class=\"legend\""));
}

TEST_CASE("report: a file without the split or a budget draws the plain RSS and in-flight chart") {
  fs::current_path(cuzk::test::source_dir());
  std::string text = cuzk::test::read_file("tests/stats/data/tiny.jsonl");
  const auto at = text.find("\"mem_budget\":3000,");
  REQUIRE(at != std::string::npos);
  text.erase(at, std::string("\"mem_budget\":3000,").size());
  const auto charts = mem_charts_of("nobudget.jsonl", text);
  REQUIRE(charts.size() == 1);
  CHECK(has(charts[0], "<title>RSS and in-flight partitions over time</title>"));
  CHECK_FALSE(has(charts[0], "mem-"));
  CHECK_FALSE(has(charts[0], "budget"));
  CHECK(has(charts[0], "RSS, left axis (peak 3.906 KiB)"));
}

// ---- history (issue 46): a generated nightly history (scripts/gen-history.py: 10 commits x 3
// replicates, synthesis 20 % slower from the 6th commit) and candidates that continue it.

namespace {

const std::vector<std::string> kHistory{"tests/stats/data/history"};

HistoryOptions history_options(std::vector<std::string> metrics) {
  HistoryOptions h;
  h.metrics = std::move(metrics);
  return h;
}

}  // namespace

TEST_CASE("golden: history") {
  const auto all = history_options({});
  const auto few = history_options({"s_per_proof", "synth.median", "gpu.median", "peak_rss"});
  golden("history.txt", [&](auto& o, auto& e) { return cmd_history(kHistory, all, fmt(Format::Text), "", o, e); });
  golden("history.md", [&](auto& o, auto& e) { return cmd_history(kHistory, few, fmt(Format::Markdown), "", o, e); });
  golden("history.json", [&](auto& o, auto& e) { return cmd_history(kHistory, few, fmt(Format::Json), "", o, e); });
  golden("history.csv", [&](auto& o, auto& e) { return cmd_history(kHistory, few, fmt(Format::Csv), "", o, e); });
  // The change point is found at the step (commit 5 of 10) with stage synth, not at the runs' level.
  std::ostringstream out, err;
  REQUIRE(cmd_history(kHistory, few, fmt(Format::Json), "", out, err) == 0);
  const auto j = nlohmann::json::parse(out.str());
  REQUIRE(j["change_points"].size() >= 1);
  const auto& cp = j["change_points"][0];
  CHECK(cp["metric"] == "s_per_proof");
  CHECK(cp["index"] == 15);
  CHECK(cp["stage"] == "synth");
  CHECK(cp["shift"]["ratio"].get<double>() > 1.15);
  CHECK(cp["shift"]["lo"].get<double>() > 1.1);
}

TEST_CASE("golden: gate --history") {
  CompareOptions c;
  c.noise = 0.02;
  const auto h = history_options({});
  std::vector<std::string> cand;
  for (int r = 0; r < 4; ++r) cand.push_back("tests/stats/data/history-cand/run-0010-" + std::to_string(r) + ".jsonl");
  golden("gate-history-regression.txt", [&](auto& o, auto& e) {
    return cmd_gate_history(kHistory[0], cand, "s_per_proof", h, c, fmt(Format::Text), o, e);
  });
  // A candidate at the level since the change point passes: the last commit's runs of the history.
  std::vector<std::string> same;
  for (int r = 0; r < 3; ++r) same.push_back("tests/stats/data/history/run-0009-" + std::to_string(r) + ".jsonl");
  golden("gate-history-pass.txt", [&](auto& o, auto& e) {
    return cmd_gate_history(kHistory[0], same, "s_per_proof", h, c, fmt(Format::Text), o, e);
  });
}
