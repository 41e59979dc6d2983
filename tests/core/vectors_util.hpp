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

inline bls12_381::Fq fq_dec(const json& s) {
  auto v = ff::field_from_decimal<bls12_381::Fq>(s.get<std::string>());
  if (!v) throw std::runtime_error("bad Fq decimal in vector: " + s.get<std::string>());
  return *v;
}
inline bls12_381::Fq2 fq2_obj(const json& o) { return {fq_dec(o["c0"]), fq_dec(o["c1"])}; }

// {infinity, x, y} (vector file layout).
inline bls12_381::G1Affine g1_obj(const json& o) {
  if (o["infinity"].get<bool>()) return {};
  return {fq_dec(o["x"]), fq_dec(o["y"])};
}
inline bls12_381::G2Affine g2_obj(const json& o) {
  if (o["infinity"].get<bool>()) return {};
  return {fq2_obj(o["x"]), fq2_obj(o["y"])};
}
// snarkjs JSON: [x, y, "1"] and [[x0, x1], [y0, y1], ["1", "0"]] (affine, as snarkjs writes).
inline bls12_381::G1Affine g1_snarkjs(const json& a) { return {fq_dec(a[0]), fq_dec(a[1])}; }
inline bls12_381::G2Affine g2_snarkjs(const json& a) {
  return {{fq_dec(a[0][0]), fq_dec(a[0][1])}, {fq_dec(a[1][0]), fq_dec(a[1][1])}};
}

// 12 decimals in the order c0.c0.c0, c0.c0.c1, …, c1.c2.c1.
inline bls12_381::Fq12 fq12_flat(const json& a) {
  using namespace bls12_381;
  auto f2 = [&](int i) { return Fq2(fq_dec(a[2 * i]), fq_dec(a[2 * i + 1])); };
  return {Fq6(f2(0), f2(1), f2(2)), Fq6(f2(3), f2(4), f2(5))};
}
// snarkjs vk_alphabeta_12 nesting [[[c000, c001], [c010, c011], [c020, c021]], [[…]]].
inline bls12_381::Fq12 fq12_nested(const json& a) {
  using namespace bls12_381;
  auto f6 = [&](const json& b) {
    return Fq6(Fq2(fq_dec(b[0][0]), fq_dec(b[0][1])), Fq2(fq_dec(b[1][0]), fq_dec(b[1][1])),
               Fq2(fq_dec(b[2][0]), fq_dec(b[2][1])));
  };
  return {f6(a[0]), f6(a[1])};
}

}  // namespace cuzk::test
