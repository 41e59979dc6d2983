// UploadGate (lib/cuzk/pipeline/upload_gate.hpp): while a key's points go up to a device, one
// synthesis of that key at a time; side by side again once its uploads have ended. Unit cases on
// the gate itself, then a batch on a stand-in device "with memory" whose key upload takes 0.4 s:
// the events must show no two synthesis spans of the key side by side before the upload's end.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "cuzk/pipeline/batch.hpp"
#include "cuzk/pipeline/serial_backend.hpp"
#include "cuzk/pipeline/upload_gate.hpp"
#include "porep_sector.hpp"
#include "temp_dir.hpp"

using namespace cuzk::pipeline;
using detail::UploadGate;
using namespace std::chrono_literals;

TEST_CASE("upload gate: one synthesis of a key while its uploads run, any number after; other keys untouched") {
  UploadGate g;
  int key = 0, other = 0;
  g.uploads_begin(&key, 2);  // two devices
  std::atomic<int> inside{0};
  auto a = std::make_unique<UploadGate::Pass>(g, &key);  // the first one passes
  auto second = std::async(std::launch::async, [&] {
    UploadGate::Pass p(g, &key);
    ++inside;
  });
  { UploadGate::Pass o(g, &other); }  // another key does not wait
  CHECK(second.wait_for(100ms) == std::future_status::timeout);  // held while a runs and uploads are pending
  CHECK(inside == 0);
  g.upload_end(&key);  // one of two devices done: still held
  CHECK(second.wait_for(100ms) == std::future_status::timeout);
  a.reset();  // the first synthesis ended: the second may start (alone)
  REQUIRE(second.wait_for(10s) == std::future_status::ready);
  CHECK(inside == 1);
  g.upload_end(&key);  // all uploads ended: side by side now
  UploadGate::Pass x(g, &key);
  auto y = std::async(std::launch::async, [&] { UploadGate::Pass p(g, &key); });
  CHECK(y.wait_for(10s) == std::future_status::ready);
}

namespace {
// The CPU backend, on a stand-in device with memory: the batch uploads each key to it
// (Backend::prepare, on its uploader thread), here a 0.4 s wait.
class SlowUploadBackend final : public cuzk::groth16::Backend {
public:
  std::string name() const override { return "cpu-slow-upload"; }
  void prepare(const cuzk::groth16::ProvingKey<cuzk::pairing::Bls12_381>&) override { std::this_thread::sleep_for(400ms); }
  void prepare(const cuzk::groth16::ProvingKey<cuzk::pairing::Bn254>&) override { std::this_thread::sleep_for(400ms); }
  template <class E>
  cuzk::groth16::MsmSums<E> run(const cuzk::groth16::ProvingKey<E>& pk, cuzk::groth16::Abc<E> abc,
                                const std::vector<cuzk::groth16::Scalar>& w, cuzk::groth16::StageTimes& t, bool early_free) {
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
  cuzk::groth16::CpuBackend cpu_;
};
}  // namespace

TEST_CASE("batch: no two syntheses of a key side by side before its upload has ended") {
  cuzk::test::TempDir dir("cuzk-gate-");
  const unsigned parts = 6;
  const std::string sector = cuzk::test::make_porep_sector(dir.p, parts);
  BatchConfig cfg;
  cfg.out_dir = (dir.p / "out").string();
  cfg.progress = Progress::Off;
  cfg.key_cache = false;
  cfg.seed = 42;
  cfg.synth_workers = 3;
  Device d;
  d.name = "stand-in";
  d.memory = std::uint64_t(1) << 30;  // a device of its own memory: the key is "uploaded" to it
  d.backend = std::make_shared<SerialBackend>(std::make_shared<SlowUploadBackend>());
  const BatchResult r = run_batch(cfg, {sector}, {d}, RunInfo{});
  REQUIRE(r.proofs == parts);

  double up0 = -1, up1 = -1;
  std::vector<std::pair<double, double>> synth;
  std::ifstream ev(dir.p / "out" / "events.jsonl");
  for (std::string line; std::getline(ev, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j["ev"] == "key_upload") up0 = j["t0"].get<double>(), up1 = j["t1"].get<double>();
    if (j["ev"] == "synth") synth.emplace_back(j["t0"].get<double>(), j["t1"].get<double>());
  }
  REQUIRE(up1 >= up0 + 0.39);  // the stand-in's 0.4 s upload
  REQUIRE(synth.size() == parts);
  std::sort(synth.begin(), synth.end());
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
