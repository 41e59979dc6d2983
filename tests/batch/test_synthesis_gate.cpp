// SynthesisGate (lib/cuzk/pipeline/synthesis_gate.hpp). Rule 1: while a key's points go up to a
// device, one synthesis of that key at a time; side by side again once its uploads have ended.
// Rule 2 (pacing): one synthesis at a time unless one alone is measured slower than the devices.
// Unit cases on the gate itself, then batches on a stand-in device "with memory" whose key upload
// takes 0.4 s (rule 1: no two synthesis spans side by side before the upload's end) or whose proofs
// take 0.5 s more (rule 2 with the automatic worker count: no two side by side at all).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "cuzk/pipeline/batch.hpp"
#include "cuzk/pipeline/serial_backend.hpp"
#include "cuzk/pipeline/synthesis_gate.hpp"
#include "porep_sector.hpp"
#include "temp_dir.hpp"

using namespace cuzk::pipeline;
using detail::SynthesisGate;
using namespace std::chrono_literals;

TEST_CASE("synthesis gate, rule 1: one synthesis of a key while its uploads run, any number after; other keys untouched") {
  SynthesisGate g;
  int key = 0, other = 0;
  g.uploads_begin(&key, 2);  // two devices
  std::atomic<int> inside{0};
  auto a = std::make_unique<SynthesisGate::Pass>(g, &key);  // the first one passes
  auto second = std::async(std::launch::async, [&] {
    SynthesisGate::Pass p(g, &key);
    ++inside;
  });
  { SynthesisGate::Pass o(g, &other); }  // another key does not wait
  CHECK(second.wait_for(100ms) == std::future_status::timeout);  // held while a runs and uploads are pending
  CHECK(inside == 0);
  g.upload_end(&key);  // one of two devices done: still held
  CHECK(second.wait_for(100ms) == std::future_status::timeout);
  a.reset();  // the first synthesis ended: the second may start (alone)
  REQUIRE(second.wait_for(10s) == std::future_status::ready);
  CHECK(inside == 1);
  g.upload_end(&key);  // all uploads ended: side by side now
  SynthesisGate::Pass x(g, &key);
  auto y = std::async(std::launch::async, [&] { SynthesisGate::Pass p(g, &key); });
  CHECK(y.wait_for(10s) == std::future_status::ready);
}

TEST_CASE("synthesis gate, rule 2: paced from the start; side by side only once one alone is slower than the devices") {
  SynthesisGate off;
  CHECK(off.limit() == 0);  // not paced: no limit
  off.device_span(1.0);
  CHECK(off.limit() == 0);

  SynthesisGate g;
  int key = 0;
  g.pace(2);  // two devices
  CHECK(g.limit() == 1);  // nothing measured yet: one at a time
  {
    SynthesisGate::Pass a(g, &key);
    a.done(0.5);  // alone: the measure of one synthesis
  }
  CHECK(g.limit() == 1);  // no device span yet
  g.device_span(1.0);     // two devices: one proof every 0.5 s, 0.5 > 0.9 x 0.5
  CHECK(g.limit() == 0);
  g.device_span(1.4);  // the mean 1.2: 0.9 x 0.6 = 0.54 >= 0.5
  CHECK(g.limit() == 1);
  {
    SynthesisGate::Pass a(g, &key);
    a.done(0.7);  // the mean 0.6 > 0.54
  }
  CHECK(g.limit() == 0);

  // Side by side, neither is alone: their spans are not a synthesis's measure.
  {
    SynthesisGate::Pass a(g, &key);
    SynthesisGate::Pass b(g, &key);  // no limit now: enters at once
    a.done(0.01);
    b.done(0.01);
  }
  CHECK(g.limit() == 0);
  {
    SynthesisGate::Pass a(g, &key);
    { SynthesisGate::Pass b(g, &key); }  // began and ended inside a's span
    a.done(0.01);
  }
  CHECK(g.limit() == 0);
  {
    SynthesisGate::Pass a(g, &key);
    a.done(0.01);  // alone: the mean (0.6 + 0.01) / 2 = 0.305 <= 0.54
  }
  CHECK(g.limit() == 1);

  // Paced, a second synthesis waits for the first to end, of any key.
  int other = 0;
  auto a = std::make_unique<SynthesisGate::Pass>(g, &key);
  auto second = std::async(std::launch::async, [&] { SynthesisGate::Pass p(g, &other); });
  CHECK(second.wait_for(100ms) == std::future_status::timeout);
  a.reset();
  CHECK(second.wait_for(10s) == std::future_status::ready);
  // A measure that turns pacing off lets a waiting one in.
  a = std::make_unique<SynthesisGate::Pass>(g, &key);
  auto third = std::async(std::launch::async, [&] { SynthesisGate::Pass p(g, &other); });
  CHECK(third.wait_for(100ms) == std::future_status::timeout);
  g.device_span(0.01);  // the devices now far faster than a synthesis
  g.device_span(0.01);
  CHECK(third.wait_for(10s) == std::future_status::ready);
}

namespace {
// The CPU backend, on a stand-in device with memory: the batch uploads each key to it
// (Backend::prepare, on its uploader thread), here a wait of `upload`, and each proof takes
// `extra` more.
class SlowUploadBackend final : public cuzk::groth16::Backend {
public:
  explicit SlowUploadBackend(std::chrono::milliseconds upload = 400ms, std::chrono::milliseconds extra = 0ms)
      : upload_(upload), extra_(extra) {}
  std::string name() const override { return "cpu-slow-upload"; }
  void prepare(const cuzk::groth16::ProvingKey<cuzk::pairing::Bls12_381>&) override { std::this_thread::sleep_for(upload_); }
  void prepare(const cuzk::groth16::ProvingKey<cuzk::pairing::Bn254>&) override { std::this_thread::sleep_for(upload_); }
  template <class E>
  cuzk::groth16::MsmSums<E> run(const cuzk::groth16::ProvingKey<E>& pk, cuzk::groth16::Abc<E> abc,
                                const std::vector<cuzk::groth16::Scalar>& w, cuzk::groth16::StageTimes& t, bool early_free) {
    std::this_thread::sleep_for(extra_);
    return cpu_.compute(pk, std::move(abc), w, t, early_free);
  }
  cuzk::groth16::MsmSums<cuzk::pairing::Bls12_381> compute(const cuzk::groth16::ProvingKey<cuzk::pairing::Bls12_381>& pk,
                                                           cuzk::groth16::Abc<cuzk::pairing::Bls12_381> abc,
                                                           const std::vector<cuzk::groth16::Scalar>& w,
                                                           cuzk::groth16::StageTimes& t, bool early_free) override {
    return run(pk, std::move(abc), w, t, early_free);
  }
  cuzk::groth16::MsmSums<cuzk::pairing::Bn254> compute(const cuzk::groth16::ProvingKey<cuzk::pairing::Bn254>& pk,
                                                       cuzk::groth16::Abc<cuzk::pairing::Bn254> abc,
                                                       const std::vector<cuzk::groth16::Scalar>& w,
                                                       cuzk::groth16::StageTimes& t, bool early_free) override {
    return run(pk, std::move(abc), w, t, early_free);
  }

private:
  std::chrono::milliseconds upload_, extra_;
  cuzk::groth16::CpuBackend cpu_;
};

// The events file's spans of one kind, sorted by start.
std::vector<std::pair<double, double>> spans(const std::filesystem::path& events, const char* kind) {
  std::vector<std::pair<double, double>> out;
  std::ifstream ev(events);
  for (std::string line; std::getline(ev, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j["ev"] == kind) out.emplace_back(j["t0"].get<double>(), j["t1"].get<double>());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A batch of `parts` porep-lite partitions in `dir` on one stand-in device with memory of its own
// (the key is "uploaded" to it, taking `upload`; each proof takes `extra` more); `tune` sets the
// configuration's workers. Returns the events file, after checking every partition was proven.
template <class Tune>
std::filesystem::path run_stand_in(const cuzk::test::TempDir& dir, unsigned parts, std::chrono::milliseconds upload,
                                   std::chrono::milliseconds extra, Tune tune) {
  const std::string sector = cuzk::test::make_porep_sector(dir.p, parts);
  BatchConfig cfg;
  cfg.out_dir = (dir.p / "out").string();
  cfg.progress = Progress::Off;
  cfg.key_cache = false;
  cfg.seed = 42;
  tune(cfg);
  Device d;
  d.name = "stand-in";
  d.memory = std::uint64_t(1) << 30;
  d.backend = std::make_shared<SerialBackend>(std::make_shared<SlowUploadBackend>(upload, extra));
  REQUIRE(run_batch(cfg, {sector}, {d}, RunInfo{}).proofs == parts);
  return dir.p / "out" / "events.jsonl";
}

nlohmann::json run_start_config(const std::filesystem::path& events) {
  std::ifstream ev(events);
  std::string first;
  REQUIRE(std::getline(ev, first));
  return nlohmann::json::parse(first)["config"];
}
}  // namespace

TEST_CASE("batch: no two syntheses of a key side by side before its upload has ended") {
  cuzk::test::TempDir dir("cuzk-gate-");
  const unsigned parts = 6;
  const auto events = run_stand_in(dir, parts, 400ms, 0ms, [](BatchConfig& c) { c.synth_workers = 3; });
  double up0 = -1, up1 = -1;
  for (const auto& [t0, t1] : spans(events, "key_upload")) up0 = t0, up1 = t1;
  const auto synth = spans(events, "synth");
  REQUIRE(up1 >= up0 + 0.39);  // the stand-in's 0.4 s upload
  REQUIRE(synth.size() == parts);
  // Two spans side by side: the later one began only once the upload had ended.
  for (std::size_t i = 0; i < synth.size(); ++i)
    for (std::size_t j = i + 1; j < synth.size(); ++j)
      if (synth[j].first < synth[i].second) {
        CAPTURE(i);
        CAPTURE(j);
        CHECK(synth[j].first >= up1);
      }
  // At least one synthesis ran while the key went up (the gate lets the first one in).
  CHECK(synth.front().first < up1);
}

TEST_CASE("batch: with the automatic worker count and a device slower than synthesis, one synthesis at a time") {
  cuzk::test::TempDir dir("cuzk-pace-");
  const unsigned parts = 5;
  const auto events = run_stand_in(dir, parts, 0ms, 500ms, [](BatchConfig& c) {
    c.cpus = 16;                 // the automatic count: 2 workers, whatever this machine has
    c.max_inflight = parts + 2;  // room for every partition: without pacing, syntheses run side by side
  });
  const auto config = run_start_config(events);
  CHECK(config["synth_workers"] == 2);
  CHECK(config["synth_pacing"] == true);
  CHECK(config["synth_workers_source"].get<std::string>().find("paced") != std::string::npos);
  const auto synth = spans(events, "synth");
  REQUIRE(synth.size() == parts);
  for (std::size_t i = 1; i < synth.size(); ++i) {
    CAPTURE(i);
    CHECK(synth[i].first >= synth[i - 1].second);  // each began once the one before had ended
  }
}

TEST_CASE("batch: a given worker count is not paced") {
  cuzk::test::TempDir dir("cuzk-pace-");
  const auto config = run_start_config(run_stand_in(dir, 2, 0ms, 0ms, [](BatchConfig& c) { c.synth_workers = 2; }));
  CHECK(config["synth_pacing"] == false);
  CHECK(config["synth_workers_source"] == "given");
}
