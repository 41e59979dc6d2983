#pragma once
// Optimal ate pairing on BN254, e: G1 × G2 → μ_r ⊂ Fq12*.
//
// Which power of the pairing: final_exponentiation(f) = f^(λ·(p¹²−1)/r) with
// λ = 2u(6u² + 3u + 1), the multiple of the reduced pairing that the hard part of
// Fuentes-Castañeda, Knapp, Rodríguez-Henríquez ("Faster hashing to G2", SAC 2011, §6)
// computes. @noble/curves (bn254) computes the same power, so pairing(P, Q) equals noble's
// coefficient for coefficient (tests/interop/bn254-vectors.mjs, test_bn254_vectors.cpp),
// and so does snarkjs's vk_alphabeta_12 for bn128 keys (tests/core/test_pairing_bn254.cpp).
// λ is prime to r, so it is still a non-degenerate bilinear pairing.
//
// Tower and coefficient order: ff/bn254_tower.hpp (c0 + c1·w, c_i ∈ Fq6).
// Inputs are taken as given: callers check curve / subgroup membership (in_subgroup() in
// ec/bn254_subgroup.hpp). Infinity contributes 1.
#include <span>

#include "cuzk/ec/bn254_curves.hpp"
#include "cuzk/ff/bn254_tower.hpp"

namespace cuzk::bn254 {

// Π_i f_{6u+2,Q_i}(P_i)·(the two Frobenius lines), unreduced: only meaningful after
// final_exponentiation. Spans of equal length, else Error(BadInput).
Fq12 miller_loop(std::span<const G1Affine> ps, std::span<const G2Affine> qs);
Fq12 miller_loop(const G1Affine& p, const G2Affine& q);

// f^(λ·(p¹²−1)/r): easy part (p⁶−1)(p²+1), hard part λ·(p⁴−p²+1)/r.
Fq12 final_exponentiation(const Fq12& f);

// final_exponentiation(miller_loop(p, q)): equals noble's / snarkjs's e(P, Q).
Fq12 pairing(const G1Affine& p, const G2Affine& q);

// true iff Π e(P_i, Q_i) = 1, one final exponentiation (Groth16 verification).
bool pairing_product_is_one(std::span<const G1Affine> ps, std::span<const G2Affine> qs);

// m^u for the seed u, m in the cyclotomic subgroup. Exposed for tests.
Fq12 cyclotomic_exp_by_seed(const Fq12& m);

}  // namespace cuzk::bn254
