// a and b synthesized straight into the CUDA backend's page-locked sets (CudaBackend::lend_abc;
// c = a∘b is formed on the device): the proofs equal the CPU backend's byte for byte, the sets
// come back to the pool (early free on and off, a lease that outlives its backend), the pool is
// bounded (kLentSets lent at once, then plain memory and the staged copy: the fallback), a set
// lent by another backend (another device of the process) is uploaded in place, and a batch on
// the GPU proves what the CPU batch proves under --seed, its gpu events saying where each
// partition's a and b came from.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/cuda/groth16_backend.hpp"
#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/snarkjs_files.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/pipeline/batch.hpp"
#include "cuzk/pipeline/serial_backend.hpp"
#include "cuzk/setup/setup.hpp"
#include "porep_sector.hpp"
#include "rng.hpp"
#include "temp_dir.hpp"

using namespace cuzk::groth16;
namespace pl = cuzk::circuit::porep_lite;
using E = cuzk::pairing::Bls12_381;
using cuzk::cuda::CudaBackend;

namespace {
const unsigned kDepth = 8;

struct Case {
  ProvingKey<E> pk;
  pl::Replica rep;
};
Case porep_case(const std::string& path) {
  ProvingKey<E> pk = cuzk::setup::generate_key(pl::build_r1cs(kDepth, 2), cuzk::setup::ToxicWaste<E>::random());
  pk.path = path;
  return {std::move(pk), pl::Replica::generate(kDepth, cuzk::test::rng()())};
}

// One partition: synthesized into `storage` (empty: plain memory), proven on `gpu`, compared
// with the CPU's proof from plain memory under the same blinding. Returns the GPU's times.
StageTimes prove_into(const Case& c, Abc<E> storage, CudaBackend& gpu, bool early_free) {
  const auto ch = pl::draw_challenges(cuzk::test::rng()(), 2, kDepth);
  auto ref = pl::synthesize(c.rep, ch);
  auto syn = pl::synthesize(c.rep, ch, {}, std::move(storage));
  const auto bl = Blinding<E>::random();
  CpuBackend cpu;
  StageTimes tc, tg;
  const Proof<E> pc = assemble(c.pk, cpu.compute(c.pk, std::move(ref.abc), ref.witness, tc, true), bl);
  const Proof<E> pg = assemble(c.pk, gpu.compute(c.pk, std::move(syn.abc), syn.witness, tg, early_free), bl);
  CHECK(proof_file_bytes(pg) == proof_file_bytes(pc));
  CHECK(verify(verifying_key(c.pk), public_signals(c.pk, syn.witness), pg).ok);
  return tg;
}
}  // namespace

TEST_CASE("lent a/b/c: proofs equal the CPU's, no staging copy, the sets reused (early free on and off)") {
  auto c = porep_case("porep-lent-key");
  CudaBackend gpu(0);
  gpu.prepare(c.pk);
  const void* first = nullptr;
  for (int part = 0; part < 4; ++part) {
    Abc<E> abc = gpu.lend_abc(c.pk);
    REQUIRE(abc.lent());
    REQUIRE(abc.size() == c.pk.header.domain_size);
    if (!first) first = abc.a.data();
    CHECK(abc.a.data() == first);  // the previous partition's set came back and is lent again
    const StageTimes t = prove_into(c, std::move(abc), gpu, part % 2 == 0);
    CHECK(t.abc_from == "lent");
  }
  // The snarkjs fixtures through groth16::synthesize into lent sets (smaller keys reuse the set).
  for (std::string name : {"tiny", "main"}) {
    const char* s = std::getenv("CUZK_SOURCE_DIR");
    const std::string dir = std::string(s ? s : ".") + "/data/fixtures/" + name + "/";
    ProvingKey<E> pk = read_zkey<E>(dir + "circuit.zkey");
    const auto w = read_wtns(dir + "w0.wtns", pk.header.n_vars).values;
    const auto bl = Blinding<E>::random();
    CpuBackend cpu;
    StageTimes tc, tg;
    const Proof<E> pc = assemble(pk, cpu.compute(pk, synthesize(pk, w), w, tc, true), bl);
    const Proof<E> pg = assemble(pk, gpu.compute(pk, synthesize(pk, w, gpu.lend_abc(pk)), w, tg, true), bl);
    CAPTURE(name);
    CHECK(proof_file_bytes(pg) == proof_file_bytes(pc));
    CHECK(tg.abc_from == "lent");
  }
}

TEST_CASE("lent sets are bounded: past kLentSets synthesis gets plain memory and the staged copy runs") {
  auto c = porep_case("porep-bound-key");
  CudaBackend gpu(0);
  std::vector<Abc<E>> held;
  for (std::size_t i = 0; i < CudaBackend::kLentSets; ++i) {
    held.push_back(gpu.lend_abc(c.pk));
    REQUIRE(held.back().lent());
  }
  Abc<E> none = gpu.lend_abc(c.pk);
  CHECK_FALSE(none.lent());
  CHECK(none.a.empty());  // nothing lent: the caller takes plain memory
  CHECK(prove_into(c, std::move(none), gpu, true).abc_from == "staged");   // the fallback
  CHECK(prove_into(c, std::move(held.back()), gpu, true).abc_from == "lent");  // one proven: its set is back
  held.pop_back();
  CHECK(gpu.lend_abc(c.pk).lent());
  held.clear();
  CHECK(prove_into(c, gpu.lend_abc(c.pk), gpu, false).abc_from == "lent");
}

TEST_CASE("a lent set outlives its backend; a set lent by another backend goes up in place") {
  auto c = porep_case("porep-two-key");
  Abc<E> kept;
  {
    CudaBackend gone(0);
    kept = gone.lend_abc(c.pk);
    REQUIRE(kept.lent());
  }
  kept.a[0] = kept.b[0];  // still mapped and writable
  kept.release();         // unregistered and unmapped now, without its pool

  CudaBackend lender(0), prover(0);  // two devices' backends (one GPU here: the same device twice)
  for (bool early : {true, false})
    CHECK(prove_into(c, lender.lend_abc(c.pk), prover, early).abc_from == "lent");
  std::vector<Abc<E>> all;  // every set came back to its lender: all kLentSets can be lent at once
  for (std::size_t i = 0; i < CudaBackend::kLentSets; ++i) {
    all.push_back(lender.lend_abc(c.pk));
    CHECK(all.back().lent());
  }
  CHECK_FALSE(lender.lend_abc(c.pk).lent());
}

TEST_CASE("batch on the GPU: pinned a/b/c, proofs byte-identical to the CPU batch under --seed") {
  cuzk::test::TempDir dir("cuzk-cuda-lent-");
  const unsigned parts = 6;
  const std::string sector = cuzk::test::make_porep_sector(dir.p, parts, kDepth, 2);
  auto run = [&](const std::string& out, std::shared_ptr<Backend> be, std::uint64_t memory) {
    cuzk::pipeline::BatchConfig cfg;
    cfg.out_dir = (dir.p / out).string();
    cfg.progress = cuzk::pipeline::Progress::Off;
    cfg.key_cache = false;
    cfg.seed = 42;
    cuzk::pipeline::Device d;
    d.name = out;
    d.memory = memory;
    d.backend = memory ? be : std::make_shared<cuzk::pipeline::SerialBackend>(be);
    return cuzk::pipeline::run_batch(cfg, {sector}, {d}, {});
  };
  REQUIRE(run("cpu", std::make_shared<CpuBackend>(), 0).proofs == parts);
  REQUIRE(run("gpu", std::make_shared<CudaBackend>(0), std::uint64_t(1) << 30).proofs == parts);
  auto slurp = [](const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  };
  CHECK(slurp(dir.p / "cpu" / "s.proof") == slurp(dir.p / "gpu" / "s.proof"));
  CHECK_FALSE(slurp(dir.p / "gpu" / "s.proof").empty());
  int lent = 0, gpu_events = 0;
  std::ifstream ev(dir.p / "gpu" / "events.jsonl");
  for (std::string line; std::getline(ev, line);) {
    if (line.find("\"ev\":\"gpu\"") == std::string::npos) continue;
    ++gpu_events;
    lent += line.find("\"abc_from\":\"lent\"") != std::string::npos;
  }
  CHECK(gpu_events == int(parts));
  CHECK(lent >= 1);  // the first partitions at least (kLentSets of them in flight)
  MESSAGE(lent << " of " << parts << " partitions went up from lent page-locked sets");
}
