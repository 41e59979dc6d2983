// porep-lite against a key from setup::generate_key: the key's coefficient section,
// evaluated on the witness (a[i] = Σ_A coef·w, the zkey semantics groth16::synthesize
// implements), gives exactly prove mode's a and b, and c = a∘b; also after a .zkey
// file round trip. (test_circuit_groth16.cpp adds groth16::synthesize and a proof.)
#include <doctest/doctest.h>

#include <filesystem>

#include "circuit_test_util.hpp"
#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/setup/setup.hpp"

using namespace cuzk;
using E = cuzk::pairing::Bls12_381;  // this file's keys and proofs are BLS12-381's
using namespace cuzk::circuit;

namespace {

// raw(c·R²) ⊗ canonical(w) = Montgomery form of c·w (zkey.hpp).
void check_against_key(const groth16::ProvingKey<E>& pk, const porep_lite::Synthesis& s) {
  const std::size_t n = pk.header.domain_size;
  REQUIRE(s.abc.a.size() == n);
  std::vector<Fr> a(n), b(n);
  for (const auto& c : pk.coefs) {
    REQUIRE(c.constraint < n);
    REQUIRE(c.signal < s.witness.size());
    (c.matrix == 0 ? a : b)[c.constraint] += c.value * Fr::from_raw(s.witness[c.signal]);
  }
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < n; ++i)
    mismatches += !(a[i] == s.abc.a[i] && b[i] == s.abc.b[i]);
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("porep-lite prove-mode a/b/c = the generated key's coefficients on the witness") {
  const unsigned depth = 3;
  const std::uint32_t k = 2;
  auto& g = test::circuit_rng();
  auto rep = porep_lite::Replica::generate(depth, g());
  auto ch = porep_lite::draw_challenges(g(), k, depth);
  const auto L = porep_lite::layout(depth, k);
  auto pk = setup::generate_key(porep_lite::build_r1cs(depth, k), setup::ToxicWaste<cuzk::pairing::Bls12_381>::from_seed(g()));
  CHECK(pk.header.domain_size == L.domain_size);
  CHECK(pk.header.n_vars == L.n_wires);
  CHECK(pk.header.n_public == L.n_public);
  auto s = porep_lite::synthesize(rep, ch);
  check_against_key(pk, s);

  auto path = std::filesystem::temp_directory_path() / ("cuzk_porep_lite_" + std::to_string(g()) + ".zkey");
  groth16::write_zkey(path.string(), pk);
  auto pk2 = groth16::read_zkey<E>(path.string());
  std::filesystem::remove(path);
  check_against_key(pk2, s);
}
