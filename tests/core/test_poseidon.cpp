// Poseidon: the generated constants give the reference implementation's published test
// vectors (hadeshash code/test_vectors.txt: poseidonperm_x5_255_3, poseidonperm_x5_255_5;
// the same values appear in independent ports); the gadget = native.
#include <doctest/doctest.h>

#include "circuit_test_util.hpp"
#include "cuzk/circuit/poseidon_gadget.hpp"
#include "cuzk/ff/mont_io.hpp"

using namespace cuzk;
using namespace cuzk::circuit;

namespace {

Fr fr_hex(const char* h) { return Fr::from_canonical(ff::bi::from_hex<4>(h)); }

Fr random_fr(std::mt19937_64& g) {
  Fr::Repr r;
  do {
    for (auto& l : r) l = g();
    r[3] &= 0x7fffffffffffffffull;
  } while (!Fr::is_canonical(r));
  return Fr::from_canonical(r);
}

template <PoseidonSpec S>
void check_gadget(std::mt19937_64& g, int iters) {
  for (int it = 0; it < iters; ++it) {
    typename Poseidon<S>::State in;
    for (auto& x : in) x = random_fr(g);
    auto native = in;
    Poseidon<S>::get().permute(native);
    typename Poseidon<S>::State got;
    auto circuit = [&](auto& cs) {
      using LC = typename std::decay_t<decltype(cs)>::LC;
      std::array<LC, S.t> st;
      for (unsigned i = 0; i < S.t; ++i) st[i] = LC(cs.alloc(in[i]));
      poseidon_permute_gadget<S>(cs, st);
      for (unsigned i = 0; i < S.t; ++i) got[i] = st[i].val;
    };
    auto b = test::build_shape(circuit);
    REQUIRE(got == native);
    REQUIRE(b.r1cs.n_constraints == poseidon_constraints<S>());
    REQUIRE_FALSE(b.r1cs.first_unsatisfied(b.w).has_value());
    test::check_prove_matches_shape(circuit, b);
    // Any tampered internal wire (S-box output or flattened lane) breaks a row.
    auto bad = b.w;
    const std::size_t k = 1 + S.t + g() % (b.w.size() - 1 - S.t);
    bad[k] = (Fr::from_canonical(bad[k]) + Fr::one()).canonical();
    REQUIRE(b.r1cs.first_unsatisfied(bad).has_value());
  }
}

}  // namespace

TEST_CASE("poseidon x5_255_3: reference test vector perm(0, 1, 2)") {
  Poseidon3::State s{Fr::from_u64(0), Fr::from_u64(1), Fr::from_u64(2)};
  Poseidon3::get().permute(s);
  CHECK(s[0] == fr_hex("0x28ce19420fc246a05553ad1e8c98f5c9d67166be2c18e9e4cb4b4e317dd2a78a"));
  CHECK(s[1] == fr_hex("0x51f3e312c95343a896cfd8945ea82ba956c1118ce9b9859b6ea56637b4b1ddc4"));
  CHECK(s[2] == fr_hex("0x3b2b69139b235626a0bfb56c9527ae66a7bf486ad8c11c14d1da0c69bbe0f79a"));
  CHECK(poseidon_hash2(Fr::from_u64(1), Fr::from_u64(2)) == s[0]);
  CHECK(Poseidon3::get().rc.size() == 65 * 3);
}

TEST_CASE("poseidon x5_255_5: reference test vector perm(0, 1, 2, 3, 4)") {
  Poseidon5::State s;
  for (unsigned i = 0; i < 5; ++i) s[i] = Fr::from_u64(i);
  Poseidon5::get().permute(s);
  CHECK(s[0] == fr_hex("0x2a918b9c9f9bd7bb509331c81e297b5707f6fc7393dcee1b13901a0b22202e18"));
  CHECK(s[1] == fr_hex("0x65ebf8671739eeb11fb217f2d5c5bf4a0c3f210e3f3cd3b08b5db75675d797f7"));
  CHECK(s[2] == fr_hex("0x2cc176fc26bc70737a696a9dfd1b636ce360ee76926d182390cdb7459cf585ce"));
  CHECK(s[3] == fr_hex("0x4dc4e29d283afd2a491fe6aef122b9a968e74eff05341f3cc23fda1781dcb566"));
  CHECK(s[4] == fr_hex("0x03ff622da276830b9451b88b85e6184fd6ae15c8ab3ee25a5667be8592cce3b1"));
}

TEST_CASE("poseidon: the generated MDS matrix is invertible") {
  const auto& P = Poseidon3::get();
  // det(M) ≠ 0 (3×3 cofactor expansion).
  const auto& m = P.mds;
  Fr det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  CHECK_FALSE(det.is_zero());
}

TEST_CASE("poseidon gadget = native, rows satisfied, tampering detected (t = 3 and t = 5)") {
  auto& g = test::circuit_rng();
  check_gadget<kPoseidon255x3>(g, 200);
  check_gadget<kPoseidon255x5>(g, 50);
  MESSAGE("poseidon t=3 permutation: " << poseidon_constraints<kPoseidon255x3>() << " rows");
}
