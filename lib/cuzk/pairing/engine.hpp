#pragma once
// The two pairing-friendly curves as types, for code generic over the curve (the Groth16
// layer is templated on an engine): each engine names its fields, groups, its CurveId,
// snarkjs's name for the curve, and forwards to its pairing functions. Code that holds a curve
// only as a value (a file's curve, an event's field) uses CurveId and with_curve() below.
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/ec/bn254_subgroup.hpp"
#include "cuzk/pairing/bls12_381_pairing.hpp"
#include "cuzk/pairing/bn254_pairing.hpp"

namespace cuzk::pairing {

// A curve as a value. The numbers are stored in prepared keys: never renumber.
enum class CurveId : std::uint8_t { Bls12_381 = 1, Bn254 = 2 };

#define CUZK_PAIRING_ENGINE(NS, ID, SNARKJS_NAME, DISPLAY)                                              \
  static constexpr CurveId id = CurveId::ID;                                                            \
  static constexpr const char* snarkjs_name = SNARKJS_NAME;                                             \
  static constexpr const char* display_name = DISPLAY;                                                  \
  using Fr = NS::Fr;                                                                                    \
  using Fq = NS::Fq;                                                                                    \
  using Fq2 = NS::Fq2;                                                                                  \
  using Fq12 = NS::Fq12;                                                                                \
  using G1Curve = NS::G1Curve;                                                                          \
  using G2Curve = NS::G2Curve;                                                                          \
  using G1Affine = NS::G1Affine;                                                                        \
  using G2Affine = NS::G2Affine;                                                                        \
  using G1 = NS::G1;                                                                                    \
  using G2 = NS::G2;                                                                                    \
  static Fq12 miller_loop(std::span<const G1Affine> p, std::span<const G2Affine> q) {                   \
    return NS::miller_loop(p, q);                                                                       \
  }                                                                                                     \
  static Fq12 miller_loop(const G1Affine& p, const G2Affine& q) { return NS::miller_loop(p, q); }       \
  static Fq12 final_exponentiation(const Fq12& f) { return NS::final_exponentiation(f); }               \
  static Fq12 pairing(const G1Affine& p, const G2Affine& q) { return NS::pairing(p, q); }               \
  static bool pairing_product_is_one(std::span<const G1Affine> p, std::span<const G2Affine> q) {        \
    return NS::pairing_product_is_one(p, q);                                                            \
  }                                                                                                     \
  static bool in_subgroup(const G1Affine& p) { return NS::in_subgroup(p); }                             \
  static bool in_subgroup(const G2Affine& p) { return NS::in_subgroup(p); }

struct Bls12_381 {
  CUZK_PAIRING_ENGINE(bls12_381, Bls12_381, "bls12381", "BLS12-381")
};
struct Bn254 {
  CUZK_PAIRING_ENGINE(bn254, Bn254, "bn128", "BN254")
};

#undef CUZK_PAIRING_ENGINE

// Calls f(Engine{}) with the engine of `c` and returns what it returns (both calls must return
// the same type): the one place a curve value becomes a type.
template <class F>
decltype(auto) with_curve(CurveId c, F&& f) {
  if (c == CurveId::Bn254) return std::forward<F>(f)(Bn254{});
  return std::forward<F>(f)(Bls12_381{});
}

// snarkjs's name ("bls12381", "bn128"), as in proof.json and verification_key.json.
constexpr const char* snarkjs_name(CurveId c) {
  return c == CurveId::Bn254 ? Bn254::snarkjs_name : Bls12_381::snarkjs_name;
}
constexpr const char* display_name(CurveId c) {
  return c == CurveId::Bn254 ? Bn254::display_name : Bls12_381::display_name;
}
// The curve snarkjs calls `name` ("bn128", also "bn254"/"alt_bn128"; "bls12381"), if any.
constexpr bool curve_from_snarkjs_name(std::string_view name, CurveId& out) {
  if (name == "bls12381") return out = CurveId::Bls12_381, true;
  if (name == "bn128" || name == "bn254" || name == "alt_bn128") return out = CurveId::Bn254, true;
  return false;
}

}  // namespace cuzk::pairing
