// `table` columns worked out by hand on small event files written here: gpu_busy_steady (the GPU's
// busy share of the window from the first to the last completed proof) and key_upload.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cuzk/stats/run_summary.hpp"
#include "cuzk/stats/runs_table.hpp"

using namespace cuzk::stats;
namespace fs = std::filesystem;

namespace {

fs::path temp_file(const std::string& name, const std::string& content) {
  const auto p = fs::temp_directory_path() / ("cuzk-stats-table-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p, std::ios::binary) << content;
  return p;
}

RunSummary summary_of(const std::string& name, const std::string& content) {
  const auto p = temp_file(name, content);
  RunSummary s = summarize(load_events(p.string()), SummaryOptions{});
  fs::remove(p);
  return s;
}

// Two devices. Device 0: A [1, 2.8] (lock_wait 0.5, waited before t0: not part of the span), B [3, 5]
// (lock_wait 1.2), C [4.5, 6] overlapping B, D [7, 8]. Device 1: E [5, 7.5]. Proofs complete (write
// t1) at 3.5, 5.5, 6.5, 8.0, 8.5: the window is [3.5, 8.5], 5 s. A lies before it; B ∪ C = [3, 6]
// counts from 3.5: 2.5 s; D 1 s. Device 0: 3.5 / 5 = 0.7; device 1: 2.5 / 5 = 0.5; mean 0.6.
// lock_wait precedes t0 (docs/events.md): taking it out of the spans again (as
// docs/experiments/tools/runs_summary.py --busy did before 669a38c) would give device 0
// ([4.2, 6] + [7.3, 8]) / 5 = 0.5.
// key_upload: 0.7 s on each device, 1.4 s.
const char* kTwoDevices = R"({"ts":0,"ev":"run_start","schema":1,"host":"h","gpus":[],"config":{}}
{"ts":0.9,"ev":"key_upload","t0":0.2,"t1":0.9,"device":0}
{"ts":1.0,"ev":"key_upload","t0":0.3,"t1":1.0,"device":1}
{"ts":2.8,"ev":"gpu","t0":1,"t1":2.8,"seq":0,"partition":0,"device":0,"worker":0,"lock_wait":0.5}
{"ts":3.5,"ev":"write","t0":3,"t1":3.5,"seq":0,"partition":0}
{"ts":5,"ev":"gpu","t0":3,"t1":5,"seq":0,"partition":1,"device":0,"worker":1,"lock_wait":1.2}
{"ts":5.5,"ev":"write","t0":5,"t1":5.5,"seq":0,"partition":1}
{"ts":6,"ev":"gpu","t0":4.5,"t1":6,"seq":0,"partition":2,"device":0,"worker":0,"lock_wait":0}
{"ts":6.5,"ev":"write","t0":6,"t1":6.5,"seq":0,"partition":2}
{"ts":7.5,"ev":"gpu","t0":5,"t1":7.5,"seq":0,"partition":4,"device":1,"worker":0,"lock_wait":0}
{"ts":8,"ev":"gpu","t0":7,"t1":8,"seq":0,"partition":3,"device":0,"worker":1,"lock_wait":0.3}
{"ts":8,"ev":"write","t0":7.5,"t1":8,"seq":0,"partition":4}
{"ts":8.5,"ev":"write","t0":8,"t1":8.5,"seq":0,"partition":3}
{"ts":10,"ev":"run_end","proofs":5,"failures":0,"wall":10,"s_per_proof":2,"peak_rss":0}
)";

// One proof: no window, so no steady busy fraction; no key_upload spans: 0 s.
const char* kOneProof = R"({"ts":0,"ev":"run_start","schema":1,"host":"h","gpus":[],"config":{}}
{"ts":2,"ev":"gpu","t0":1,"t1":2,"seq":0,"partition":0,"device":0,"worker":0,"lock_wait":0.1}
{"ts":2.5,"ev":"write","t0":2,"t1":2.5,"seq":0,"partition":0}
{"ts":3,"ev":"run_end","proofs":1,"failures":0,"wall":3,"s_per_proof":3,"peak_rss":0}
)";

}  // namespace

TEST_CASE("gpu_busy_steady: the union of each device's gpu spans inside first..last proof, mean over devices") {
  const RunSummary s = summary_of("two-devices.jsonl", kTwoDevices);
  REQUIRE(s.proofs == 5);
  REQUIRE(s.devices.size() == 2);
  REQUIRE(s.devices[0].busy_steady_fraction);
  REQUIRE(s.devices[1].busy_steady_fraction);
  CHECK(*s.devices[0].busy_steady_fraction == doctest::Approx(0.7));
  CHECK(*s.devices[1].busy_steady_fraction == doctest::Approx(0.5));
  REQUIRE(s.gpu_busy_steady_fraction);
  CHECK(*s.gpu_busy_steady_fraction == doctest::Approx(0.6));
  // gpu_busy is over the whole wall: device 0 [1, 2.8] ∪ [3, 6] ∪ [7, 8] = 5.8 s, device 1 2.5 s, of 10 s.
  CHECK(s.gpu_busy_fraction == doctest::Approx((0.58 + 0.25) / 2));
  CHECK(s.key_uploads == 2);
  CHECK(s.key_upload_seconds == doctest::Approx(1.4));

  const RunSummary one = summary_of("one-proof.jsonl", kOneProof);
  REQUIRE(one.proofs == 1);
  CHECK_FALSE(one.devices.at(0).busy_steady_fraction);
  CHECK_FALSE(one.gpu_busy_steady_fraction);
  CHECK(one.key_upload_seconds == 0);
}

TEST_CASE("table: gpu_busy_steady and key_upload columns, n/a under 2 proofs") {
  const std::vector<RunSummary> runs{summary_of("two-devices.jsonl", kTwoDevices), summary_of("one-proof.jsonl", kOneProof)};
  RunsTableOptions opt;
  opt.columns = {"gpu_busy_steady", "key_upload"};
  const auto j = runs_table_json(runs, opt);
  CHECK(j["columns"][0]["unit"] == "fraction");
  CHECK(j["columns"][1]["unit"] == "s");
  CHECK(j["runs"][0]["values"]["gpu_busy_steady"].get<double>() == doctest::Approx(0.6));
  CHECK(j["runs"][0]["values"]["key_upload"].get<double>() == doctest::Approx(1.4));
  CHECK(j["runs"][1]["values"]["gpu_busy_steady"].is_null());
  CHECK(j["runs"][1]["values"]["key_upload"].get<double>() == 0);
  opt.format = Format::Csv;
  const std::string csv = render_runs_table(runs, opt);
  CHECK(csv.find("gpu_busy_steady,key_upload\n0.6,1.4\n,0\n") != std::string::npos);
  opt.format = Format::Text;
  CHECK(render_runs_table(runs, opt).find("n/a") != std::string::npos);
}
