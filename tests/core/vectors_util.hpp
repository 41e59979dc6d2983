#pragma once
// Loading data/vectors/*.json (noble reference vectors) and snarkjs JSON in the tests.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ff/bls12_381_tower.hpp"
#include "cuzk/ff/mont_io.hpp"

namespace cuzk::test {

using json = nlohmann::json;

inline std::filesystem::path source_dir() {
  if (const char* s = std::getenv("CUZK_SOURCE_DIR")) return s;
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
}

// nullopt when the file does not exist (vectors are produced by another step).
inline std::optional<json> load_json(const std::string& rel) {
  auto p = source_dir() / rel;
  std::ifstream f(p);
  if (!f) return std::nullopt;
  return json::parse(f);
}

// Generic over the curve (BLS12-381 by default, so the BLS12-381 tests need no arguments).
template <class Fq = bls12_381::Fq>
Fq fq_dec(const json& s) {
  auto v = ff::field_from_decimal<Fq>(s.get<std::string>());
  if (!v) throw std::runtime_error("bad Fq decimal in vector: " + s.get<std::string>());
  return *v;
}
template <class Fq = bls12_381::Fq>
ff::Fp2<Fq> fq2_obj(const json& o) {
  return {fq_dec<Fq>(o["c0"]), fq_dec<Fq>(o["c1"])};
}

// {infinity, x, y} (vector file layout).
template <class G1A = bls12_381::G1Affine>
G1A g1_obj(const json& o) {
  using Fq = typename G1A::Field;
  if (o["infinity"].get<bool>()) return {};
  return {fq_dec<Fq>(o["x"]), fq_dec<Fq>(o["y"])};
}
template <class G2A = bls12_381::G2Affine>
G2A g2_obj(const json& o) {
  using Fq = typename G2A::Field::Base;
  if (o["infinity"].get<bool>()) return {};
  return {fq2_obj<Fq>(o["x"]), fq2_obj<Fq>(o["y"])};
}
// snarkjs JSON: [x, y, "1"] and [[x0, x1], [y0, y1], ["1", "0"]] (affine, as snarkjs writes).
template <class G1A = bls12_381::G1Affine>
G1A g1_snarkjs(const json& a) {
  using Fq = typename G1A::Field;
  return {fq_dec<Fq>(a[0]), fq_dec<Fq>(a[1])};
}
template <class G2A = bls12_381::G2Affine>
G2A g2_snarkjs(const json& a) {
  using Fq = typename G2A::Field::Base;
  return {{fq_dec<Fq>(a[0][0]), fq_dec<Fq>(a[0][1])}, {fq_dec<Fq>(a[1][0]), fq_dec<Fq>(a[1][1])}};
}

// 12 decimals in the order c0.c0.c0, c0.c0.c1, …, c1.c2.c1.
template <class F12 = bls12_381::Fq12>
F12 fq12_flat(const json& a) {
  using F6 = typename F12::F6;
  using F2 = typename F6::Base;
  using Fq = typename F2::Base;
  auto f2 = [&](int i) { return F2(fq_dec<Fq>(a[2 * i]), fq_dec<Fq>(a[2 * i + 1])); };
  return {F6(f2(0), f2(1), f2(2)), F6(f2(3), f2(4), f2(5))};
}
// snarkjs vk_alphabeta_12 nesting [[[c000, c001], [c010, c011], [c020, c021]], [[…]]].
template <class F12 = bls12_381::Fq12>
F12 fq12_nested(const json& a) {
  using F6 = typename F12::F6;
  using F2 = typename F6::Base;
  using Fq = typename F2::Base;
  auto f2 = [&](const json& c) { return F2(fq_dec<Fq>(c[0]), fq_dec<Fq>(c[1])); };
  auto f6 = [&](const json& b) { return F6(f2(b[0]), f2(b[1]), f2(b[2])); };
  return {f6(a[0]), f6(a[1])};
}

}  // namespace cuzk::test
