// The batch with a backend that lends a/b/c storage (as the CUDA backend lends page-locked
// sets), on the CPU: synthesis writes into the lent buffers (which hold an earlier partition's
// values), proofs are byte-identical to a plain run under --seed, the pool gets every buffer
// back, partitions beyond the pool fall back to plain memory, and the gpu events say which.
#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cuzk/pipeline/batch.hpp"
#include "cuzk/pipeline/serial_backend.hpp"
#include "cuzk/util/lending_pool.hpp"
#include "porep_sector.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using E = cuzk::pairing::Bls12_381;
using Bn = cuzk::pairing::Bn254;
using Fr = E::Fr;
using namespace cuzk::pipeline;

namespace {

struct Buffer {
  std::vector<Fr> v;
};

// The CPU backend's compute, over a/b storage it lends from a pool of `sets` buffers.
class LendingCpuBackend final : public cuzk::groth16::Backend {
public:
  explicit LendingCpuBackend(std::size_t sets) : pool_({sets}) {}
  std::string name() const override { return "cpu-lending"; }
  cuzk::groth16::Abc<E> lend_abc(const cuzk::groth16::ProvingKey<E>& pk) override {
    const std::size_t n = pk.header.domain_size;
    auto b = pool_.take(
        0, [&](const Buffer& x) { return x.v.size() >= 2 * n; },
        [&] { return std::make_unique<Buffer>(Buffer{std::vector<Fr>(2 * n, Fr::from_u64(0xbad))}); });
    if (!b) return {};
    lends++;
    cuzk::groth16::Abc<E> abc;
    Fr* p = b->v.data();
    abc.a = cuzk::HostArray<Fr>(p, n, b, &pool_);
    abc.b = cuzk::HostArray<Fr>(p + n, n, std::move(b), &pool_);
    return abc;
  }
  cuzk::groth16::MsmSums<E> compute(const cuzk::groth16::ProvingKey<E>& pk, cuzk::groth16::Abc<E> abc,
                                    const std::vector<cuzk::groth16::Scalar>& w, cuzk::groth16::StageTimes& t,
                                    bool early_free) override {
    const bool mine = abc.a.lender() == &pool_;
    (mine ? from_lent : from_plain)++;
    t.abc_from = mine ? "lent" : "pageable";
    return cpu_.compute(pk, std::move(abc), w, t, early_free);
  }
  cuzk::groth16::MsmSums<Bn> compute(const cuzk::groth16::ProvingKey<Bn>& pk, cuzk::groth16::Abc<Bn> abc,
                                     const std::vector<cuzk::groth16::Scalar>& w, cuzk::groth16::StageTimes& t,
                                     bool early_free) override {
    return cpu_.compute(pk, std::move(abc), w, t, early_free);
  }
  std::size_t out() const { return pool_.out(0); }
  std::size_t made() const { return pool_.made(); }
  std::atomic<int> lends{0}, from_lent{0}, from_plain{0};

private:
  cuzk::LendingPool<Buffer> pool_;
  cuzk::groth16::CpuBackend cpu_;
};

BatchResult run(const std::string& sector, const fs::path& out, std::shared_ptr<cuzk::groth16::Backend> be) {
  BatchConfig cfg;
  cfg.out_dir = out.string();
  cfg.progress = Progress::Off;
  cfg.key_cache = false;
  cfg.seed = 42;
  cfg.synth_workers = 2;
  Device d;
  d.name = "cpu";
  d.backend = std::make_shared<SerialBackend>(std::move(be));
  return run_batch(cfg, {sector}, {d}, RunInfo{});
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("batch: a/b/c synthesized into lent storage prove the same bytes; every buffer comes back") {
  cuzk::test::TempDir dir("cuzk-lend-");
  const unsigned parts = 6;
  const std::string sector = cuzk::test::make_porep_sector(dir.p, parts);

  const BatchResult plain = run(sector, dir.p / "plain", std::make_shared<cuzk::groth16::CpuBackend>());
  REQUIRE(plain.proofs == parts);

  auto lending = std::make_shared<LendingCpuBackend>(1);  // one buffer: some partitions go plain
  const BatchResult lent = run(sector, dir.p / "lent", lending);
  REQUIRE(lent.proofs == parts);
  CHECK(lent.failures == 0);
  CHECK(lending->lends > 0);
  CHECK(lending->from_lent == lending->lends);  // each lent set reached the device as lent
  CHECK(lending->from_lent + lending->from_plain == int(parts));
  CHECK(lending->made() == 1);  // bounded by the pool
  CHECK(lending->out() == 0);   // and all of it back

  for (unsigned p = 0; p < parts; ++p) {
    const std::string name = "p" + std::to_string(p) + ".proof.json";
    const std::string a = slurp(dir.p / "plain" / "s" / name), b = slurp(dir.p / "lent" / "s" / name);
    CAPTURE(name);
    REQUIRE_FALSE(a.empty());
    CHECK(a == b);
  }
  CHECK(slurp(dir.p / "plain" / "s.proof") == slurp(dir.p / "lent" / "s.proof"));

  // The gpu events say where each partition's a/b/c came from.
  int lent_events = 0, plain_events = 0;
  std::ifstream ev(dir.p / "lent" / "events.jsonl");
  for (std::string line; std::getline(ev, line);) {
    auto j = nlohmann::json::parse(line);
    if (j["ev"] != "gpu") continue;
    REQUIRE(j.contains("abc_from"));
    (j["abc_from"] == "lent" ? lent_events : plain_events)++;
  }
  CHECK(lent_events == lending->from_lent);
  CHECK(plain_events == lending->from_plain);
}
