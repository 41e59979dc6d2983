// Whole Groth16 partitions on the GPU: the CUDA backend's proofs equal the CPU backend's
// byte for byte for the same blinding (fresh random r, s each run), and verify; the key's
// points stay resident across partitions; a key change uploads the new key (another key at the same
// path too). The same holds
// with non-default CudaOptions (fixed MSM windows, H's window table). The witness goes up
// canonical, as synthesis gives it, from a pinned staging set. BN254 (bn128) keys
// go through the same backend: its proofs equal the CPU's too, and one backend serves keys of
// both curves in turn.
#include <doctest/doctest.h>

#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/cuda/groth16_backend.hpp"
#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/snarkjs_files.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/setup/setup.hpp"
#include "rng.hpp"

using namespace cuzk::groth16;
namespace pl = cuzk::circuit::porep_lite;
using E = cuzk::pairing::Bls12_381;  // porep-lite and the BLS12-381 fixtures
using Bn = cuzk::pairing::Bn254;

namespace {
std::string fixture(const std::string& c, const std::string& f) {
  const char* s = std::getenv("CUZK_SOURCE_DIR");
  return std::string(s ? s : ".") + "/data/fixtures/" + c + "/" + f;
}

// A 2^16-domain porep-lite key (single-party test setup) named `path`, and a replica.
struct Porep {
  ProvingKey<E> pk;
  pl::Replica rep;
};
Porep porep_case(const std::string& path) {
  auto tw = cuzk::setup::ToxicWaste<cuzk::pairing::Bls12_381>::random();
  ProvingKey<E> pk = cuzk::setup::generate_key(pl::build_r1cs(8, 2), tw);
  pk.path = path;
  return {std::move(pk), pl::Replica::generate(8, cuzk::test::rng()())};
}

template <class K>
StageTimes same_proof(const K& pk, const std::vector<Scalar>& w, cuzk::cuda::CudaBackend& gpu, bool early_free) {
  using C = typename K::Engine;
  auto bl = Blinding<C>::random();
  CpuBackend cpu;
  StageTimes tc, tg;
  Proof<C> pc = assemble(pk, cpu.compute(pk, synthesize(pk, w), w, tc, true), bl);
  Proof<C> pg = assemble(pk, gpu.compute(pk, synthesize(pk, w), w, tg, early_free), bl);
  CHECK(proof_json_text(pg) == proof_json_text(pc));
  CHECK(proof_file_bytes(pg) == proof_file_bytes(pc));
  CHECK(verify(verifying_key(pk), public_signals(pk, w), pg).ok);
  MESSAGE("domain 2^" << pk.header.log_domain << ": gpu h2d " << tg.h2d * 1e3 << " ms, ntt " << tg.ntt * 1e3
                      << " ms, msm_g1 " << tg.msm_g1 * 1e3 << " ms, msm_g2 " << tg.msm_g2 * 1e3 << " ms; cpu ntt "
                      << tc.ntt * 1e3 << " ms, msm " << (tc.msm_g1 + tc.msm_g2) * 1e3 << " ms");
  return tg;
}
}  // namespace

TEST_CASE("CUDA proofs equal CPU proofs on the snarkjs fixtures") {
  cuzk::cuda::CudaBackend gpu(0);
  for (std::string c : {"tiny", "main"}) {
    ProvingKey<E> pk = read_zkey<E>(fixture(c, "circuit.zkey"));
    for (std::string wn : {"w0.wtns", "w1.wtns"}) {
      CAPTURE(c);
      CAPTURE(wn);
      same_proof(pk, read_wtns(fixture(c, wn), pk.header.n_vars).values, gpu, true);
    }
  }
}

TEST_CASE("CUDA proofs equal CPU proofs on a native porep-lite partition") {
  const unsigned depth = 8;
  const std::uint32_t k = std::getenv("CUZK_HEAVY") ? 8 : 2;  // 2^16 or 2^18 domain
  auto tw = cuzk::setup::ToxicWaste<cuzk::pairing::Bls12_381>::random();
  ProvingKey<E> pk = cuzk::setup::generate_key(pl::build_r1cs(depth, k), tw);
  pk.path = "porep-test-key";
  auto rep = pl::Replica::generate(depth, cuzk::test::rng()());
  cuzk::cuda::CudaBackend gpu(0);
  for (int part = 0; part < 2; ++part) {
    auto ch = pl::draw_challenges(cuzk::test::rng()(), k, depth);
    auto syn = pl::synthesize(rep, ch);
    same_proof(pk, syn.witness, gpu, part == 0);
  }
}

// a/b/c synthesized into plain memory (here, and above): they and the canonical witness are
// copied into a page-locked set of the device stage's own and go up from there (the staged
// path; test_groth16_lent.cpp has the lent one), with the key uploaded by prepare() first.
TEST_CASE("CUDA proofs equal CPU proofs through the pinned staging sets (prepare first)") {
  const unsigned depth = 8;
  auto [pk, rep] = porep_case("porep-staging-key");
  cuzk::cuda::CudaBackend gpu(0);
  gpu.prepare(pk);
  for (int part = 0; part < 3; ++part) {  // the sets reused, early free on and off
    auto syn = pl::synthesize(rep, pl::draw_challenges(cuzk::test::rng()(), 2, depth));
    same_proof(pk, syn.witness, gpu, part != 1);
  }
  for (std::string c : {"tiny", "main"}) {  // smaller keys reuse the sets
    ProvingKey<E> fk = read_zkey<E>(fixture(c, "circuit.zkey"));
    CAPTURE(c);
    gpu.prepare(fk);
    for (std::string wn : {"w0.wtns", "w1.wtns"})
      same_proof(fk, read_wtns(fixture(c, wn), fk.header.n_vars).values, gpu, true);
  }
}

// A key file replaced by another key of the same shape (a new setup or ceremony contribution at
// the same path): the backend must not take the points it holds for the first one.
TEST_CASE("CUDA backend: another key at the same path and of the same shape goes up anew") {
  const unsigned depth = 8;
  auto [first, rep] = porep_case("same-path-key");
  auto second = porep_case("same-path-key").pk;  // fresh toxic waste: another delta, other points
  REQUIRE(first.header.n_vars == second.header.n_vars);
  REQUIRE_FALSE(first.header.delta1 == second.header.delta1);
  cuzk::cuda::CudaBackend gpu(0);
  for (const ProvingKey<E>* pk : {&first, &second, &first}) {
    auto syn = pl::synthesize(rep, pl::draw_challenges(cuzk::test::rng()(), 2, depth));
    same_proof(*pk, syn.witness, gpu, true);
  }
}

TEST_CASE("CUDA proofs equal CPU proofs with fixed MSM windows") {
  cuzk::cuda::CudaOptions o;
  o.msm_window_bits_g1 = 9;
  o.msm_window_bits_g2 = 8;
  cuzk::cuda::CudaBackend gpu(0, 2, o);
  CHECK(gpu.options().msm_window_bits_g1 == 9);
  for (std::string c : {"tiny", "main"}) {
    ProvingKey<E> pk = read_zkey<E>(fixture(c, "circuit.zkey"));
    CAPTURE(c);
    same_proof(pk, read_wtns(fixture(c, "w0.wtns"), pk.header.n_vars).values, gpu, true);
  }
}

TEST_CASE("CUDA proofs equal CPU proofs with H's MSM over a window table (--msm-table-h)") {
  const unsigned depth = 8;
  auto [pk, rep] = porep_case("porep-table-key");
  for (unsigned bits : {8u, 22u}) {
    CAPTURE(bits);
    cuzk::cuda::CudaOptions o;
    o.msm_table_h_bits = bits;
    cuzk::cuda::CudaBackend gpu(0, 1, o);
    for (int part = 0; part < 2; ++part) {
      auto syn = pl::synthesize(rep, pl::draw_challenges(cuzk::test::rng()(), 2, depth));
      StageTimes t = same_proof(pk, syn.witness, gpu, part == 0);
      REQUIRE(t.h_table.has_value());
      CHECK(*t.h_table);  // the table is built with the key, before the first partition's H
    }
  }
  cuzk::cuda::CudaBackend plain(0);
  auto syn = pl::synthesize(rep, pl::draw_challenges(cuzk::test::rng()(), 2, depth));
  CHECK(!same_proof(pk, syn.witness, plain, true).h_table.has_value());  // off: not reported
}

TEST_CASE("CUDA backend: many partitions through the one G2 thread, then teardown") {
  ProvingKey<E> pk = read_zkey<E>(fixture("main", "circuit.zkey"));
  auto w = read_wtns(fixture("main", "w1.wtns"), pk.header.n_vars).values;
  for (int round = 0; round < 2; ++round) {  // the second backend's worker starts after the first's joined
    cuzk::cuda::CudaBackend gpu(0);
    for (int i = 0; i < 4; ++i) same_proof(pk, w, gpu, i % 2 == 0);
  }
}

TEST_CASE("BN254: CUDA proofs equal CPU proofs on the bn128 fixtures, and verify against snarkjs's key") {
  cuzk::cuda::CudaBackend gpu(0);
  for (auto [c, wn] : {std::pair{"tiny-bn128", "w0.wtns"}, std::pair{"tiny-bn128", "w1.wtns"},
                       std::pair{"other-bn128", "w0.wtns"}, std::pair{"main-bn128", "w0.wtns"},
                       std::pair{"main-bn128", "w2.wtns"}, std::pair{"main-bn128", "w3.wtns"}}) {
    CAPTURE(c);
    CAPTURE(wn);
    ProvingKey<Bn> pk = read_zkey<Bn>(fixture(c, "circuit.zkey"));
    const auto w = read_wtns(fixture(c, wn), pk.header.n_vars).values;
    same_proof(pk, w, gpu, true);
    // Against snarkjs's verification key, with a seeded blinding (what --seed gives a batch).
    const auto bl = Blinding<Bn>::from_seed(5, c);
    StageTimes t;
    const Proof<Bn> p = assemble(pk, gpu.compute(pk, synthesize(pk, w), w, t, false), bl);
    CHECK(verify(read_vkey_file<Bn>(fixture(c, "verification_key.json")), public_signals(pk, w), p).ok);
  }
}

TEST_CASE("BN254 and BLS12-381 keys in turn on one backend (a mixed batch), staged and resident") {
  cuzk::cuda::CudaBackend gpu(0, 1);  // one resident key: every switch uploads the other curve's
  ProvingKey<Bn> bn = read_zkey<Bn>(fixture("main-bn128", "circuit.zkey"));
  ProvingKey<E> bls = read_zkey<E>(fixture("main", "circuit.zkey"));
  gpu.prepare(bn);
  gpu.prepare(bls);
  const auto wb = read_wtns(fixture("main-bn128", "w1.wtns"), bn.header.n_vars).values;
  const auto wl = read_wtns(fixture("main", "w1.wtns"), bls.header.n_vars).values;
  for (int i = 0; i < 3; ++i) {
    same_proof(bn, wb, gpu, i % 2 == 0);
    same_proof(bls, wl, gpu, i % 2 == 1);
  }
}
