// porep-lite end to end: a key from setup::generate_key on the builder's R1cs; prove-mode
// a/b/c = groth16::synthesize on that key; a CPU proof from them verifies, and fails for
// other public inputs.
#include <doctest/doctest.h>

#include "circuit_test_util.hpp"
#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/setup/setup.hpp"

using namespace cuzk;
using E = cuzk::pairing::Bls12_381;  // this file's keys and proofs are BLS12-381's
using namespace cuzk::circuit;

TEST_CASE("porep-lite: prove-mode a/b/c = groth16::synthesize, and the Groth16 proof verifies") {
  const unsigned depth = 4;
  const std::uint32_t k = 2;
  auto& g = test::circuit_rng();
  auto rep = porep_lite::Replica::generate(depth, g());
  auto ch = porep_lite::draw_challenges(g(), k, depth);
  const auto L = porep_lite::layout(depth, k);

  auto r1cs = porep_lite::build_r1cs(depth, k);
  auto pk = setup::generate_key(r1cs, setup::ToxicWaste<cuzk::pairing::Bls12_381>::from_seed(g()));
  REQUIRE(pk.header.domain_size == L.domain_size);
  REQUIRE(pk.header.n_vars == L.n_wires);
  REQUIRE(pk.header.n_public == L.n_public);

  auto s = porep_lite::synthesize(rep, ch);
  auto ref = groth16::synthesize(pk, s.witness);
  REQUIRE(ref.a.size() == s.abc.a.size());
  CHECK(ref.a == s.abc.a);
  CHECK(ref.b == s.abc.b);
  CHECK(ref.c == s.abc.c);

  groth16::StageTimes t;
  groth16::CpuBackend cpu;
  auto sums = cpu.compute(pk, std::move(s.abc), s.witness, t, true);
  auto proof = groth16::assemble(pk, sums, groth16::Blinding<E>::from_seed(g(), "porep-lite"));
  const auto vk = groth16::verifying_key(pk);
  auto pub = porep_lite::public_inputs(rep, ch);
  CHECK(pub == groth16::public_signals(pk, s.witness));
  auto ok = groth16::verify(vk, pub, proof);
  CHECK_MESSAGE(ok.ok, ok.reason);
  auto wrong = pub;
  wrong[1] = Scalar{(wrong[1][0] + 1) % 16, 0, 0, 0};
  CHECK_FALSE(groth16::verify(vk, wrong, proof).ok);
  wrong = pub;
  wrong[0] = (Fr::from_canonical(wrong[0]) + Fr::one()).canonical();
  CHECK_FALSE(groth16::verify(vk, wrong, proof).ok);
}
