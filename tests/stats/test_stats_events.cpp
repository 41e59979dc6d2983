// Event reading: the flat JSON parser, truncated and malformed lines, and the summary of a
// hand-written run whose every figure is worked out in the comments.
#include <algorithm>
#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cuzk/stats/config_diff.hpp"
#include "cuzk/stats/flat_json.hpp"
#include "cuzk/stats/metric_set.hpp"
#include "cuzk/stats/run_summary.hpp"
#include "cuzk/stats/table.hpp"
#include "cuzk/stats/trace.hpp"
#include "cuzk/util/error.hpp"
#include "stats_test_util.hpp"

using namespace cuzk::stats;
namespace fs = std::filesystem;

namespace {
fs::path data(const char* name) { return cuzk::test::source_dir() / "tests/stats/data" / name; }

fs::path temp_file(const std::string& name, const std::string& content) {
  const auto p = fs::temp_directory_path() / ("cuzk-stats-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p, std::ios::binary) << content;
  return p;
}
}  // namespace

TEST_CASE("flat JSON: scalars, escapes, nested values, errors") {
  FlatObject o;
  std::string err;
  REQUIRE(o.parse(R"( {"ts": 1.5e0, "ev":"error", "message":"a \"q\" \u00e9\n", "n":null, "b":true, "cfg":{"x":[1,"]"]}} )", err));
  CHECK(o.get("ts")->number == 1.5);
  CHECK(o.get("message")->text == "a \"q\" \xc3\xa9\n");
  CHECK(o.get("n")->type == FlatValue::Type::Null);
  CHECK(o.get("b")->boolean);
  CHECK(o.has_nested());
  CHECK(o.get("cfg")->text == R"({"x":[1,"]"]})");
  CHECK(o.get("missing") == nullptr);
  CHECK_FALSE(o.parse(R"({"ts":1,"ev":"mem")", err));
  CHECK(err.find("column") != std::string::npos);
  CHECK_FALSE(o.parse(R"({"ts":nan})", err));
  CHECK_FALSE(o.parse(R"({"ts":1} x)", err));
  CHECK_FALSE(o.parse(R"({"a":[1,2})", err));
}

TEST_CASE("interval helpers") {
  const auto u = interval_union({{3, 4}, {0, 1}, {0.5, 2}, {4, 5}});
  REQUIRE(u.size() == 2);
  CHECK(total_length(u) == doctest::Approx(4));
  CHECK(difference_length({{0, 10}}, {{1, 2}, {5, 6}}) == doctest::Approx(8));
  CHECK(length_within(u, 1.5, 4.5) == doctest::Approx(2));  // [1.5, 2] and [3, 4.5] of [0, 2], [3, 5]
  CHECK(length_within(u, 6, 7) == 0);
  CHECK(max_concurrency({{0, 2}, {1, 3}, {2, 4}}) == 2);
  const auto lanes = pack_lanes({{0, 2}, {1, 3}, {2, 4}});
  CHECK(lanes == std::vector<std::size_t>{0, 1, 0});
}

TEST_CASE("tiny run: every figure by hand") {
  const RunData r = load_events(data("tiny.jsonl").string());
  CHECK(r.warnings.empty());
  const RunSummary s = summarize(r, {});
  CHECK(s.proofs == 3);  // a/p0, a/p1, b/p0 (b/p1 failed)
  CHECK(s.errors == 1);
  CHECK(s.failures == 1);
  CHECK(s.sectors_ok == 1);
  CHECK(s.sectors_failed == 1);
  CHECK(s.wall == 1.1);
  CHECK(*s.s_per_proof_plain == doctest::Approx(1.1 / 3));
  CHECK_FALSE(s.s_per_proof_steady);  // warm-up ceil(0.3) = 1, then only 2 proofs
  REQUIRE(s.devices.size() == 1);
  CHECK(s.devices[0].busy == doctest::Approx(0.6));  // [0.25, 0.85]
  CHECK(s.devices[0].gaps == 0);
  CHECK(s.devices[0].busy_fraction == doctest::Approx(0.6 / 1.1));
  CHECK(s.peak_rss == 4000);
  CHECK(s.peak_rss_ts == 0.4);
  // Open at 0.4: synth b/p0 [0.25, 0.55], queue a/p1 [0.3, 0.45], gpu a/p0 [0.25, 0.45].
  CHECK(s.peak_stages == std::vector<std::pair<std::string, std::size_t>>{{"synth", 1}, {"queue", 1}, {"gpu", 1}});
  // Sector totals: a 0.7 − 0.0, b 1.1 − 0.3.
  const auto& sector = s.stages.back();
  CHECK(sector.name == "sector");
  CHECK(sector.d.n == 2);
  CHECK(sector.d.median == doctest::Approx(0.75));
  // Loads: synth (0.25 + 0.3 + 0.3 + 0.25) / 3 / 2 workers; gpu 0.6 / 3; write 0.15 / 3.
  REQUIRE(s.loads.size() == 3);
  CHECK(s.loads[0].effective == doctest::Approx(1.1 / 3 / 2));
  CHECK(s.loads[1].effective == doctest::Approx(0.2));
  CHECK(s.loads[2].effective == doctest::Approx(0.05));
  CHECK(s.bottleneck == "gpu");
  CHECK(s.prov.host == "h1");
  CHECK(s.prov.config["synth_workers"] == 2);
}

TEST_CASE("peak RSS: run_end's high-water mark wins over a lower sampled peak") {
  // The seed experiment at 2^24: 0.1 s samples peaked at 28.71 GiB, VmHWM at 29.71 GiB.
  std::string text = cuzk::test::read_file(data("tiny.jsonl"));
  const auto at = text.find("\"peak_rss\":");
  REQUIRE(at != std::string::npos);
  const auto end = text.find_first_of(",}", at);
  text.replace(at, end - at, "\"peak_rss\":5000");
  const auto p = temp_file("hwm.jsonl", text);
  const RunSummary s = summarize(load_events(p.string()), {});
  CHECK(s.peak_rss == 5000);
  CHECK(s.sampled_peak_rss == 4000);
  CHECK(s.peak_rss_ts == 0.4);  // the time and stages stay the sampled peak's
  fs::remove(p);
}

TEST_CASE("memory: rss_anon / rss_file, the budget and host_reserved where the file has them, nothing where not") {
  constexpr double G = 1024.0 * 1024 * 1024;
  const RunData r = load_events(data("mem-split.jsonl").string(), true);
  REQUIRE(r.mem.size() == 6);
  REQUIRE(r.mem[3].rss_anon);
  REQUIRE(r.mem[3].rss_file);
  CHECK(*r.mem[3].rss_anon == 6 * G);
  CHECK(*r.mem[3].rss_file == 2.5 * G);
  CHECK(r.mem[3].rss == 8.5 * G);
  CHECK(r.peak_rss_anon == 6 * G);  // sampled
  CHECK(r.peak_rss_file == 3 * G);
  CHECK(r.end_peak_rss_anon == 6.5 * G);  // run_end's, above the samples'
  CHECK(r.mem_budget == 8 * G);
  CHECK(r.host_reserved == 1 * G);
  // An older file: no split (nothing invented), its budget read, no host_reserved.
  const RunData t = load_events(data("tiny.jsonl").string(), true);
  REQUIRE_FALSE(t.mem.empty());
  for (const auto& m : t.mem) CHECK_FALSE((m.rss_anon || m.rss_file));
  CHECK_FALSE(t.peak_rss_anon);
  CHECK_FALSE(t.peak_rss_file);
  CHECK_FALSE(t.end_peak_rss_anon);
  CHECK(t.mem_budget == 3000);
  CHECK_FALSE(t.host_reserved);
  // Without the series the maxima are still kept.
  const RunData f = load_events(data("mem-split.jsonl").string());
  CHECK(f.mem.empty());
  CHECK(f.peak_rss_anon == 6 * G);
}

TEST_CASE("memory fields of the wrong type or negative: one error naming the file, line and field") {
  const std::string text = cuzk::test::read_file(data("mem-split.jsonl"));
  const std::string good = "\"rss_anon\":1073741824";
  REQUIRE(text.find(good) != std::string::npos);
  const std::size_t line = std::count(text.begin(), text.begin() + text.find(good), '\n') + 1;
  for (const auto& [bad, why] : std::vector<std::pair<std::string, std::string>>{
           {"\"rss_anon\":\"1G\"", "'rss_anon'"}, {"\"rss_anon\":-5", "'rss_anon' is negative"}}) {
    CAPTURE(bad);
    std::string t = text;
    t.replace(t.find(good), good.size(), bad);
    const auto p = temp_file("mem-bad.jsonl", t);
    const std::string want = "mem-bad.jsonl:" + std::to_string(line) + ": field " + why;
    CHECK_THROWS_WITH_AS(load_events(p.string()), doctest::Contains(want.c_str()), cuzk::Error);
  }
}

TEST_CASE("key spans and a gpu span's parts that lie: one error naming the file, line and field") {
  // Each file: a good key_load line, then the bad one on line 2.
  const std::string head = R"({"ts":0.5,"ev":"key_load","t0":0,"t1":0.5,"bytes":100,"path":"k.zkey"})" "\n";
  const std::string gpu = R"({"ts":2,"ev":"gpu","t0":1,"t1":2,"seq":0,"partition":0,"device":0)";
  for (const auto& [bad, why] : std::vector<std::pair<std::string, std::string>>{
           {R"({"ts":3,"ev":"key_check","t0":2,"t1":1,"bytes":10,"path":"k.zkey"})", "key_check ends before it starts"},
           {R"({"ts":3,"ev":"key_check","t0":1,"t1":2,"bytes":-10,"path":"k.zkey"})", "field 'bytes' is negative"},
           {R"({"ts":3,"ev":"key_check","t0":1,"t1":2,"bytes":"10","path":"k.zkey"})", "field 'bytes'"},
           {R"({"ts":3,"ev":"key_upload","t0":1,"t1":2,"device":0,"bytes":-1})", "field 'bytes' is negative"},
           {gpu + R"(,"key_wait":-0.1})", "field 'key_wait' is negative"},
           {gpu + R"(,"key_wait":1.5})", "field 'key_wait' is longer than its span"},
           {gpu + R"(,"key_wait":"0.2"})", "field 'key_wait'"},
           {gpu + R"(,"msm_h":-0.01})", "field 'msm_h' is negative"},
           {gpu + R"(,"h2d":-1})", "field 'h2d' is negative"}}) {
    CAPTURE(bad);
    const auto p = temp_file("key-bad.jsonl", head + bad + "\n");
    const std::string want = "key-bad.jsonl:2: " + why;
    CHECK_THROWS_WITH_AS(load_events(p.string()), doctest::Contains(want.c_str()), cuzk::Error);
    fs::remove(p);
  }
  // The same lines told the truth load (the wait as long as the span is allowed: all of it waited).
  const auto ok = temp_file("key-ok.jsonl", head + R"({"ts":3,"ev":"key_check","t0":1,"t1":2,"bytes":10,"path":"k.zkey"})" "\n" +
                                                gpu + R"(,"key_wait":1.0,"msm_h":0.01})" "\n");
  const RunData r = load_events(ok.string());
  CHECK(r.key_checks.size() == 1);
  fs::remove(ok);
}

TEST_CASE("proof completions: the write's end (the latest of several), else the gpu end; one per gpu span") {
  RunData r;
  const auto key = [](std::uint64_t seq, std::uint64_t part) { return (seq << 32) | part; };
  r.gpu_end = {{key(0, 1), 5.0}, {key(0, 0), 2.0}, {key(1, 0), 3.0}};
  r.write_end = {{key(0, 0), 2.5}, {key(1, 0), 3.4}, {key(1, 0), 3.9}, {key(2, 0), 9.0}};  // (2, 0): no gpu span
  const auto done = proof_completions(r);
  REQUIRE(done.size() == 3);
  CHECK(done[0] == std::pair<std::uint64_t, double>{key(0, 0), 2.5});
  CHECK(done[1] == std::pair<std::uint64_t, double>{key(0, 1), 5.0});  // never written: its gpu end
  CHECK(done[2] == std::pair<std::uint64_t, double>{key(1, 0), 3.9});
}

TEST_CASE("a truncated last line is reported and skipped") {
  std::string text = cuzk::test::read_file(data("tiny.jsonl"));
  text.resize(text.size() - 30);  // cut inside run_end, no trailing newline
  const auto p = temp_file("trunc.jsonl", text);
  const RunData r = load_events(p.string());
  CHECK(r.truncated);
  CHECK_FALSE(r.has_run_end);
  bool reported = false;
  for (const auto& w : r.warnings) reported = reported || w.find("trunc.jsonl:29: truncated last line") != std::string::npos;
  CHECK(reported);
  CHECK(summarize(r, {}).proofs == 3);
  fs::remove(p);
}

TEST_CASE("a bad line mid-file is an error naming file and line") {
  try {
    load_events(data("bad-mid.jsonl").string());
    FAIL("no error");
  } catch (const cuzk::Error& e) {
    CHECK(e.kind() == cuzk::Error::Kind::BadInput);
    CHECK(std::string(e.what()).find("bad-mid.jsonl:3: not a JSON object") != std::string::npos);
  }
  const auto p = temp_file("nofield.jsonl", "{\"ts\":0,\"ev\":\"synth\",\"t0\":0,\"t1\":1,\"seq\":0}\n");
  CHECK_THROWS_WITH_AS(load_events(p.string()), doctest::Contains("nofield.jsonl:1: missing numeric field 'partition'"),
                       cuzk::Error);
  fs::remove(p);
  CHECK_THROWS_AS(load_events("/nonexistent/x.jsonl"), cuzk::Error);
}

TEST_CASE("input detection and within-file samples") {
  CHECK(detect_input(data("tiny.jsonl").string()) == InputKind::Events);
  CHECK(detect_input(data("bench-base.json").string()) == InputKind::GoogleBenchmark);
  CHECK(detect_input(data("samples.csv").string()) == InputKind::Csv);
  const auto b = load_google_benchmark(data("bench-base.json").string());
  REQUIRE(b.metrics.size() == 4);  // real and cpu time of two benchmarks; aggregate rows skipped
  CHECK(b.metrics[0].name == "BM_Msm/1024");
  CHECK(b.metrics[0].samples.size() == 5);
  CHECK(b.metrics[0].samples[0] == doctest::Approx(1.201e-3));
  CHECK(b.metrics[1].name == "BM_Msm/1024.cpu_time");
  CHECK(b.metrics[1].samples[0] == doctest::Approx(1.2e-3));
  CHECK(b.metrics[2].samples[0] == doctest::Approx(85.1e-6));
  const auto c = load_csv(data("samples.csv").string());
  REQUIRE(c.metrics.size() == 2);
  CHECK(c.metrics[1].name == "verify, ms");
  const auto bad = temp_file("bad.csv", "metric,value\nx,1\nx,abc\n");
  CHECK_THROWS_WITH_AS(load_csv(bad.string()), doctest::Contains("bad.csv:3"), cuzk::Error);
  fs::remove(bad);
}

TEST_CASE("benchmark JSON: counters, aggregates never double counted, hyperfine, pyperf") {
  const auto g = load_benchmark_json(data("bench-rich-base.json").string());
  const Metric* hash = g.find("BM_Hash/64");
  REQUIRE(hash);
  CHECK(hash->samples.size() == 5);  // the repetitions; the mean/median/stddev/cv rows are not samples
  CHECK(hash->group == "real_time");
  const Metric* bps = g.find("BM_Hash/64.bytes_per_second");
  REQUIRE(bps);
  CHECK(bps->better == Better::Higher);
  CHECK(bps->unit == "bytes/s");
  CHECK(bps->samples.size() == 5);
  const Metric* user = g.find("BM_Hash/64.collisions");
  REQUIRE(user);
  CHECK(user->better == Better::Lower);
  const Metric* sort = g.find("BM_Sort/1k");  // aggregates only: the median row is one sample
  REQUIRE(sort);
  REQUIRE(sort->samples.size() == 1);
  CHECK(sort->samples[0] == doctest::Approx(1.98e-3));
  CHECK_FALSE(g.find("BM_Broken"));
  CHECK_FALSE(g.find("BM_Hash/64_mean"));
  const auto h = load_benchmark_json(data("hyperfine-base.json").string());
  REQUIRE(h.metrics.size() == 2);
  CHECK(h.metrics[0].name == "cuzk-prove batch s.json");
  CHECK(h.metrics[0].samples.size() == 6);
  CHECK(h.metrics[1].samples[0] == doctest::Approx(0.101));
  const auto p = load_benchmark_json(data("pyperf.json").string());
  REQUIRE(p.metrics.size() == 1);
  CHECK(p.metrics[0].name == "prove_small");
  CHECK(p.metrics[0].samples.size() == 6);  // values of both runs; warm-ups and the calibration run left out
  // Hostile: one line naming the file and the field.
  const auto bad = temp_file("hf-bad.json", R"({"results":[{"command":"x","times":[1,"2"]}]})");
  CHECK_THROWS_WITH_AS(load_benchmark_json(bad.string()), doctest::Contains("hf-bad.json: results[0].times[1]"),
                       cuzk::Error);
  const auto notimes = temp_file("hf-old.json", R"({"results":[{"command":"x","mean":1}]})");
  CHECK_THROWS_WITH_AS(load_benchmark_json(notimes.string()), doctest::Contains("no 'times' array"), cuzk::Error);
  const auto other = temp_file("other.json", R"({"x":1})");
  CHECK_THROWS_WITH_AS(load_benchmark_json(other.string()), doctest::Contains("neither an event file"), cuzk::Error);
  const auto pyv = temp_file("py-bad.json", R"({"benchmarks":[{"runs":[{"values":[1,null]}]}]})");
  CHECK_THROWS_WITH_AS(load_benchmark_json(pyv.string()), doctest::Contains("benchmarks[0].runs[0].values[1]"),
                       cuzk::Error);
  for (const auto& f : {bad, notimes, other, pyv}) fs::remove(f);
}

TEST_CASE("a large generated file reads and summarizes (heavy size with CUZK_HEAVY=1)") {
  const bool heavy = std::getenv("CUZK_HEAVY") != nullptr;
  const std::size_t lines = heavy ? 2000000 : 100000;
  const auto p = fs::temp_directory_path() / ("cuzk-stats-gen-" + std::to_string(::getpid()) + ".jsonl");
  const std::string cmd = "/usr/bin/python3 " + (cuzk::test::source_dir() / "scripts/gen-events.py").string() +
                          " --lines " + std::to_string(lines) + " --mem-interval 0.5 -o " + p.string();
  if (std::system(cmd.c_str()) != 0) {
    MESSAGE("skipped: scripts/gen-events.py could not run");
    return;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const RunData r = load_events(p.string());
  const RunSummary s = summarize(r, {});
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fs::remove(p);
  CHECK(r.lines >= lines);
  CHECK(s.proofs > 0);
  // The rate is reported, never asserted: tests do not fail on wall time (on a loaded 2-core
  // machine this ran at 11k lines/s against 100k+ idle). bench_stats measures it.
  MESSAGE(r.lines << " lines in " << secs << " s: " << double(r.lines) / secs << " lines/s");
}

TEST_CASE("a file holding several runs: split by 'run', schema-1 lines by the latest run_start") {
  const auto two = load_event_runs(data("two-runs.jsonl").string());
  REQUIRE(two.size() == 2);
  CHECK(two[0].run == "20261203T234501Z-h1-100-aaaa");
  CHECK(two[1].run == "20261203T234501Z-h1-101-bbbb");
  CHECK(two[0].file == data("two-runs.jsonl").string() + "#20261203T234501Z-h1-100-aaaa");
  for (const auto& r : two) {
    CHECK(r.runs_in_file == 2);
    CHECK(r.has_run_start);
    CHECK(r.has_run_end);
    CHECK(r.prov.schema == 2);
    CHECK(r.lines == 29);  // each run is tiny.jsonl, interleaved line by line
    CHECK(summarize(r, {}).proofs == 3);
  }
  CHECK(summarize(two[1], {}).wall == doctest::Approx(1.65));  // the second run is 1.5x slower
  const auto s1 = load_event_runs(data("schema1-two-runs.jsonl").string());
  REQUIRE(s1.size() == 2);
  CHECK(s1[0].run.empty());
  CHECK(s1[1].file == data("schema1-two-runs.jsonl").string() + "#2");
  CHECK(summarize(s1[1], {}).wall == doctest::Approx(2.2));
  // One run per file stays as before: the plain path, runs_in_file 1.
  const auto one = load_event_runs(data("tiny.jsonl").string());
  REQUIRE(one.size() == 1);
  CHECK(one[0].file == data("tiny.jsonl").string());
  CHECK_THROWS_WITH_AS(load_events(data("two-runs.jsonl").string()), doctest::Contains("holds 2 runs"), cuzk::Error);
  // compare/gate inputs: each run is one sample.
  CHECK(load_metrics(data("two-runs.jsonl").string(), {}).runs == 2);
  CHECK(load_metrics(data("two-runs.jsonl").string(), {}).notes.size() == 1);
}

TEST_CASE("wrong-typed fields, empty files and non-regular files are one BadInput/Io error naming the file") {
  struct Case {
    const char* name;
    const char* text;
    const char* want;
  };
  const Case cases[] = {
      {"schema.jsonl", "{\"ts\":0,\"ev\":\"run_start\",\"schema\":\"1\"}\n", "schema.jsonl:1: field 'schema' is a string"},
      {"ts.jsonl", "{\"ts\":\"0\",\"ev\":\"mem\",\"rss\":1}\n", "ts.jsonl:1: field 'ts' is a string"},
      {"gpus.jsonl", "{\"ts\":0,\"ev\":\"run_start\",\"gpus\":[[1]]}\n", "gpus.jsonl:1: gpus[0]: is an array"},
      {"run.jsonl", "{\"ts\":0,\"ev\":\"mem\",\"rss\":1,\"run\":5}\n", "run.jsonl:1: field 'run' is not a string"},
      {"huge.jsonl", "{\"ts\":1e300,\"ev\":\"mem\",\"rss\":1}\n", "huge.jsonl:1: field 'ts' is out of range"},
      {"anon.jsonl", "{\"ts\":0,\"ev\":\"mem\",\"rss\":1,\"rss_anon\":\"1\"}\n", "anon.jsonl:1: field 'rss_anon' is a string"},
      {"file.jsonl", "{\"ts\":0,\"ev\":\"mem\",\"rss\":1,\"rss_file\":-1}\n", "file.jsonl:1: field 'rss_file' is negative"},
      {"empty.jsonl", "", "empty.jsonl: is empty"},
  };
  for (const auto& c : cases) {
    const auto p = temp_file(c.name, c.text);
    CAPTURE(c.name);
    CHECK_THROWS_WITH_AS(load_event_runs(p.string()), doctest::Contains(c.want), cuzk::Error);
    fs::remove(p);
  }
  const auto b = temp_file("b.json", R"({"benchmarks":[{"name":"a","real_time":1,"time_unit":7}]})");
  CHECK_THROWS_WITH_AS(load_google_benchmark(b.string()), doctest::Contains("benchmarks[0]: field 'time_unit' is a number"),
                       cuzk::Error);
  fs::remove(b);
  CHECK_THROWS_WITH_AS(load_event_runs("/dev/zero"), doctest::Contains("/dev/zero: is a character device"), cuzk::Error);
  CHECK_THROWS_WITH_AS(detect_input("/dev/null"), doctest::Contains("/dev/null: is a character device"), cuzk::Error);
}

TEST_CASE("setup differences: user-set keys warn, defaults and auto-resolved values inform") {
  auto prov = [](nlohmann::json config, nlohmann::json argv) {
    Provenance p;
    p.host = "h1";
    p.config = std::move(config);
    p.argv = std::move(argv);
    return p;
  };
  // With a command line: only what it names is user-set.
  const auto a = prov({{"synth_workers", 2}, {"mem_budget", 3000}, {"queue_depth", 2}, {"out", "x"}},
                      {"cuzk-prove", "batch", "--synth-workers", "2", "--out", "x"});
  const auto b = prov({{"synth_workers", 4}, {"mem_budget", 3100}, {"queue_depth", 2}, {"out", "y"}},
                      {"cuzk-prove", "batch", "--synth-workers=4", "--out", "y"});
  auto d = setup_differences({a}, {b});
  REQUIRE(d.size() == 2);
  CHECK(d[0].key == "mem_budget");
  CHECK_FALSE(d[0].user_set);
  CHECK(d[1].key == "synth_workers");
  CHECK(d[1].user_set);
  CHECK(describe(d[1]) == "config synth_workers: baseline 2, candidate 4");
  // --no-verify names verify (volatile, never compared); --mem-budget on one side makes it user-set.
  auto c = b;
  c.argv = {"cuzk-prove", "batch", "--mem-budget", "3100"};
  d = setup_differences({a}, {c});
  REQUIRE(d.size() == 2);
  CHECK(d[0].key == "mem_budget");
  CHECK(d[0].user_set);
  // Without a command line (older files): every key but those whose _source says "auto".
  auto x = prov({{"synth_workers", 2}, {"mem_budget", 3000}, {"mem_budget_source", "auto: 0.8 x MemAvailable"}},
                nlohmann::json::array());
  auto y = prov({{"synth_workers", 2}, {"mem_budget", 3100}, {"mem_budget_source", "auto: 0.8 x MemAvailable"}},
                nlohmann::json::array());
  d = setup_differences({x}, {y});
  REQUIRE(d.size() == 1);
  CHECK_FALSE(d[0].user_set);
  y.config["synth_workers"] = 8;
  y.host = "h2";
  d = setup_differences({x}, {y});
  REQUIRE(d.size() == 3);
  CHECK(d[0].key == "host");
  CHECK(d[0].user_set);
  CHECK(d[2].key == "synth_workers");
  CHECK(d[2].user_set);
  CHECK(setup_differences({}, {y}).empty());
  // Many distinct numbers on a side (auto budgets differ run by run): count and range, one line.
  auto z1 = x, z2 = x, z3 = x;
  z2.config["mem_budget"] = 3001;
  z3.config["mem_budget"] = 2999;
  d = setup_differences({x, z1, z2, z3}, {y});
  REQUIRE_FALSE(d.empty());
  bool found = false;
  for (const auto& e : d)
    if (e.key == "mem_budget") found = describe(e) == "config mem_budget: baseline 3 values from 2999 to 3001, candidate 3100";
  CHECK(found);
}

TEST_CASE("start-up: the bottleneck comes from the steady state, the key read is its own phase") {
  SummaryOptions opt;
  // Older file: the 20 s key read sits in the first synth span of each worker. Counted as synthesis
  // work it would give synth 1.94 s per proof against the GPU's 1.56 s.
  const RunSummary old = summarize(load_events(data("startup-old.jsonl").string()), opt);
  CHECK(old.startup.rule == StartupRule::FirstSynthOutliers);
  CHECK(old.startup.flagged == 4);
  CHECK(old.startup.key_ready == doctest::Approx(21.07));
  CHECK(old.startup.end == doctest::Approx(21.07));  // the GPU began at 21.01, before the last key read ended
  CHECK(old.bottleneck == "gpu");
  // With key_load spans: K is their end, the synth spans are all steady.
  const RunSummary kl = summarize(load_events(data("startup-key-load.jsonl").string()), opt);
  CHECK(kl.startup.rule == StartupRule::KeyLoad);
  CHECK(kl.startup.key_ready == doctest::Approx(9.0));
  CHECK(kl.startup.key_bytes == doctest::Approx(12e9));
  CHECK(kl.startup.end == doctest::Approx(10.0));  // first gpu span
  CHECK(kl.bottleneck == "gpu");
  // No outlier among the first spans: no rule, start-up = the first span on the bottleneck stage.
  const RunSummary tiny = summarize(load_events(data("tiny.jsonl").string()), opt);
  CHECK(tiny.startup.rule == StartupRule::None);
  CHECK(tiny.startup.key_ready == 0);
  // A key_load line of the wrong shape is bad input naming the line.
  const auto bad = temp_file("keyload-bad.jsonl", "{\"ts\":1,\"ev\":\"key_load\",\"t0\":2,\"t1\":1}\n");
  CHECK_THROWS_WITH_AS(load_events(bad.string()), doctest::Contains("keyload-bad.jsonl:1"), cuzk::Error);
  fs::remove(bad);
}

TEST_CASE("text tables fit the width: column blocks repeating the first column, long cells cut") {
  Table t({"metric", "a", "b", "c"});
  t.row({"x", std::string(30, '1'), std::string(30, '2'), std::string(80, '3')});
  set_text_width(60);
  const std::string s = t.text();
  set_text_width(0);
  std::size_t longest = 0, blocks = 0, pos = 0;
  for (std::size_t nl; (nl = s.find('\n', pos)) != std::string::npos; pos = nl + 1) {
    std::size_t w = 0;
    for (std::size_t i = pos; i < nl; ++i) w += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
    longest = std::max(longest, w);
    blocks += s.compare(pos, 6, "metric") == 0;
  }
  CHECK(longest <= 60);
  CHECK(blocks == 3);  // a | b | c: no two fit beside "metric" in 60 columns
  CHECK(s.find("…") != std::string::npos);  // the 80-character cell, cut to 30
  CHECK(t.text().find(std::string(80, '3')) != std::string::npos);  // no limit: whole
}
