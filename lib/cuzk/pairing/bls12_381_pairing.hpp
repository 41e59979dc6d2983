#pragma once
// Optimal ate pairing on BLS12-381, e: G1 × G2 → μ_r ⊂ Fq12*.
//
// Which power of the pairing: final_exponentiation(f) = f^(3·(p¹²−1)/r), i.e. the cube
// of the "textbook" reduced pairing f^((p¹²−1)/r). This is the value that snarkjs
// (ffjavascript/wasmcurves), @noble/curves and zkcrypto's bls12_381 all return, so
// pairing(α, β) equals snarkjs's vk_alphabeta_12 coefficient for coefficient (checked in
// tests/core/test_pairing.cpp against data/vectors/pairing.json and the fixtures' vkeys).
// Cubing is a bijection on μ_r (3 ∤ r), so it is still a non-degenerate bilinear pairing.
//
// Tower and coefficient order: see cuzk/ff/bls12_381_tower.hpp (c0 + c1·w, c_i ∈ Fq6).
// Inputs are taken as given: callers check curve / subgroup membership (the point
// decoders in cuzk/ec/encoding.hpp and in_subgroup() do). Infinity contributes 1.
#include <span>

#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ff/bls12_381_tower.hpp"

namespace cuzk::bls12_381 {

// f_{x,Q}(P) (conjugated for the negative seed), unreduced: only meaningful after
// final_exponentiation. Lines are scaled by subfield factors the final exponentiation
// removes, so this value is specific to this implementation.
Fq12 miller_loop(const G1Affine& p, const G2Affine& q);
// Π_i f_{x,Q_i}(P_i) with one shared chain of Fq12 squarings. Spans of equal length.
Fq12 miller_loop(std::span<const G1Affine> ps, std::span<const G2Affine> qs);

// f^(3·(p¹²−1)/r): easy part (p⁶−1)(p²+1), hard part 3·(p⁴−p²+1)/r by the x-chain.
Fq12 final_exponentiation(const Fq12& f);

// final_exponentiation(miller_loop(p, q)) — equals snarkjs's / noble's e(P, Q).
Fq12 pairing(const G1Affine& p, const G2Affine& q);

// true iff Π e(P_i, Q_i) = 1, with one final exponentiation (Groth16 verification:
// e(−A, B)·e(α, β)·e(L, γ)·e(C, δ) = 1). Spans of equal length, else Error(BadInput).
bool pairing_product_is_one(std::span<const G1Affine> ps, std::span<const G2Affine> qs);

// m^x for the (negative) seed x, m in the cyclotomic subgroup: 63 cyclotomic squarings
// + 5 multiplications + one conjugation. Exposed for tests and for GT arithmetic.
Fq12 cyclotomic_exp_by_seed(const Fq12& m);

}  // namespace cuzk::bls12_381
