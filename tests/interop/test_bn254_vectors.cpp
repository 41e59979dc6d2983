// BN254 against @noble/curves (vectors from bn254-vectors.mjs, path in CUZK_BN254_VECTORS,
// made fresh by bn254_vectors.sh): scalar multiples of the generators, the .zkey point
// encoding (little-endian Montgomery, ec/snarkjs_points.hpp) both ways, subgroup membership,
// e(P, Q) coefficient for coefficient, and a four-pair product with one final exponentiation.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "cuzk/ec/bn254_subgroup.hpp"
#include "cuzk/ec/snarkjs_points.hpp"
#include "cuzk/pairing/bn254_pairing.hpp"
#include "gmp_oracle.hpp"
#include "vectors_util.hpp"

using namespace cuzk;
using namespace cuzk::bn254;
using json = nlohmann::json;

namespace {

json vectors() {
  const char* path = std::getenv("CUZK_BN254_VECTORS");
  REQUIRE_MESSAGE(path != nullptr, "CUZK_BN254_VECTORS not set: run through bn254_vectors.sh (ctest -L interop)");
  std::ifstream f(path);
  REQUIRE_MESSAGE(bool(f), "cannot read ", path);
  return json::parse(f);
}

std::vector<std::uint8_t> unhex(const std::string& h) {
  std::vector<std::uint8_t> b(h.size() / 2);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::uint8_t(std::stoul(h.substr(2 * i, 2), nullptr, 16));
  return b;
}

Fr fr_dec(const json& s) {
  auto v = ff::field_from_decimal<Fr>(s.get<std::string>());
  REQUIRE(v.has_value());
  return *v;
}

// The point from its decimal coordinates, checked against its zkey bytes both ways.
template <class Curve>
ec::Affine<Curve> point(const json& o) {
  using Aff = ec::Affine<Curve>;
  Aff p;
  if constexpr (std::is_same_v<Curve, G1Curve>) p = test::g1_obj<Aff>(o);
  else p = test::g2_obj<Aff>(o);
  const auto bytes = unhex(o["zkey"].get<std::string>());
  REQUIRE(bytes.size() == ec::snarkjs::POINT_BYTES<Curve>);
  Aff q;
  REQUIRE(ec::snarkjs::read_point<Curve>(bytes.data(), q));
  CHECK(q == p);
  std::vector<std::uint8_t> out(bytes.size());
  ec::snarkjs::write_point(p, out.data());
  CHECK(out == bytes);
  REQUIRE(p.on_curve());
  CHECK(in_subgroup(p));
  return p;
}

}  // namespace

TEST_CASE("BN254 against @noble/curves: generators, moduli, zkey encoding") {
  const json v = vectors();
  MESSAGE("vectors seed ", v["seed"].get<std::string>());
  CHECK(test::to_z<4>(Fq::P).str() == v["q"].get<std::string>());
  CHECK(test::to_z<4>(Fr::P).str() == v["r"].get<std::string>());
  CHECK(point<G1Curve>(v["generators"]["g1"]) == G1Affine::generator());
  CHECK(point<G2Curve>(v["generators"]["g2"]) == G2Affine::generator());
}

TEST_CASE("BN254 against @noble/curves: [a]G1, [b]G2 and e(P, Q)") {
  const json v = vectors();
  int n = 0;
  for (const auto& c : v["cases"]) {
    INFO("case " << c["name"].get<std::string>());
    const G1Affine P = point<G1Curve>(c["P"]);
    const G2Affine Q = point<G2Curve>(c["Q"]);
    CHECK(G1::generator().mul(fr_dec(c["a"]).canonical()).to_affine() == P);
    CHECK(G2::generator().mul(fr_dec(c["b"]).canonical()).to_affine() == Q);
    CHECK(pairing(P, Q) == test::fq12_flat<Fq12>(c["e"]));
    ++n;
  }
  CHECK(n >= 8);
}

TEST_CASE("BN254 against @noble/curves: product of four pairings") {
  const json v = vectors();
  std::vector<G1Affine> ps;
  std::vector<G2Affine> qs;
  for (const auto& o : v["product"]["P"]) ps.push_back(point<G1Curve>(o));
  for (const auto& o : v["product"]["Q"]) qs.push_back(point<G2Curve>(o));
  REQUIRE(ps.size() == 4);
  CHECK(final_exponentiation(miller_loop(ps, qs)) == test::fq12_flat<Fq12>(v["product"]["e"]));
}
