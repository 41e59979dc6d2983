#pragma once
// The two pairing-friendly curves as types, for code generic over the curve (the tests today;
// the Groth16 verifier, prepared keys and the CLI's curve dispatch next): each engine names
// its fields, groups, snarkjs's name for the curve, and forwards to its pairing functions.
#include <span>

#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/ec/bn254_subgroup.hpp"
#include "cuzk/pairing/bls12_381_pairing.hpp"
#include "cuzk/pairing/bn254_pairing.hpp"

namespace cuzk::pairing {

#define CUZK_PAIRING_ENGINE(NS, SNARKJS_NAME)                                                          \
  static constexpr const char* snarkjs_name = SNARKJS_NAME;                                             \
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
  CUZK_PAIRING_ENGINE(bls12_381, "bls12381")
};
struct Bn254 {
  CUZK_PAIRING_ENGINE(bn254, "bn128")
};

#undef CUZK_PAIRING_ENGINE

}  // namespace cuzk::pairing
