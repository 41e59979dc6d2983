// porep-lite end to end: a key from setup::generate_key on the builder's R1cs; prove-mode
// a/b/c = groth16::synthesize on that key; a CPU proof from them verifies, and fails for
// other public inputs.
#include <doctest/doctest.h>

#include <algorithm>

#include "circuit_test_util.hpp"
#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/setup/setup.hpp"

using namespace cuzk;
using E = cuzk::pairing::Bls12_381;  // this file's keys and proofs are BLS12-381's
using namespace cuzk::circuit;

namespace {
// A depth-4, 2-challenge porep-lite instance and its key (single-party setup).
struct PorepCase {
  porep_lite::Replica rep;
  std::vector<std::uint64_t> ch;
  porep_lite::Layout L;
  groth16::ProvingKey<E> pk;
};
PorepCase porep_case() {
  const unsigned depth = 4;
  const std::uint32_t k = 2;
  auto& g = test::circuit_rng();
  auto rep = porep_lite::Replica::generate(depth, g());
  auto ch = porep_lite::draw_challenges(g(), k, depth);
  auto pk = setup::generate_key(porep_lite::build_r1cs(depth, k), setup::ToxicWaste<E>::from_seed(g()));
  return {std::move(rep), std::move(ch), porep_lite::layout(depth, k), std::move(pk)};
}
}  // namespace

TEST_CASE("porep-lite: prove-mode a/b/c = groth16::synthesize, and the Groth16 proof verifies") {
  auto& g = test::circuit_rng();
  auto [rep, ch, L, pk] = porep_case();
  REQUIRE(pk.header.domain_size == L.domain_size);
  REQUIRE(pk.header.n_vars == L.n_wires);
  REQUIRE(pk.header.n_public == L.n_public);

  auto s = porep_lite::synthesize(rep, ch);
  auto ref = groth16::synthesize(pk, s.witness);
  REQUIRE(ref.a.size() == s.abc.a.size());
  CHECK(std::ranges::equal(ref.a, s.abc.a));
  CHECK(std::ranges::equal(ref.b, s.abc.b));

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

namespace {
// a/b storage as a backend lends it: one buffer of 2n elements (marked lent), holding
// garbage from an earlier partition.
groth16::Abc<E> dirty_lent_storage(std::size_t n, const void* lender) {
  auto buf = std::make_shared<std::vector<Fr>>(2 * n, Fr::from_u64(0xdeadbeef));
  groth16::Abc<E> x;
  x.a = HostArray<Fr>(buf->data(), n, buf, lender);
  x.b = HostArray<Fr>(buf->data() + n, n, buf, lender);
  return x;
}
}  // namespace

TEST_CASE("a/b/c written into lent storage that holds old values equal those in plain memory") {
  auto [rep, ch, L, pk] = porep_case();
  REQUIRE(L.n_constraints + L.n_public + 1 < L.domain_size);  // rows past the constraints to clear
  const int tag = 0;
  auto plain = porep_lite::synthesize(rep, ch);
  CHECK_FALSE(plain.abc.lent());
  auto lent = porep_lite::synthesize(rep, ch, {}, dirty_lent_storage(L.domain_size, &tag));
  REQUIRE(lent.abc.lent());
  CHECK(lent.abc.a.lender() == &tag);
  CHECK(lent.witness == plain.witness);
  CHECK(std::ranges::equal(lent.abc.a, plain.abc.a));
  CHECK(std::ranges::equal(lent.abc.b, plain.abc.b));

  auto ref = groth16::synthesize(pk, plain.witness);
  CHECK_FALSE(ref.lent());
  auto into = groth16::synthesize(pk, plain.witness, dirty_lent_storage(L.domain_size, &tag));
  REQUIRE(into.lent());
  CHECK(std::ranges::equal(into.a, ref.a));
  CHECK(std::ranges::equal(into.b, ref.b));
  // Storage of another size is a caller's bug, never written past.
  CHECK_THROWS_AS(groth16::synthesize(pk, plain.witness, dirty_lent_storage(L.domain_size / 2, &tag)), Error);
  CHECK_THROWS_AS(porep_lite::synthesize(rep, ch, {}, dirty_lent_storage(L.domain_size * 2, &tag)), Error);

  // The CPU backend proves from lent storage as from plain memory (byte-identical proofs).
  groth16::CpuBackend cpu;
  groth16::StageTimes t1, t2;
  const auto bl = groth16::Blinding<E>::from_seed(7, "lent");
  auto p1 = groth16::assemble(pk, cpu.compute(pk, std::move(ref), plain.witness, t1, true), bl);
  auto p2 = groth16::assemble(pk, cpu.compute(pk, std::move(into), plain.witness, t2, true), bl);
  CHECK(p1 == p2);
}
