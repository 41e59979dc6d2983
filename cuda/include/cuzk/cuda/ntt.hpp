#pragma once
// Fr NTT on the device, natural order in and out, in place on a device array of
// 2^log_n elements (2^1 ≤ n ≤ 2^27 tested 2^10..2^27), roots ω_n = fr_root_of_unity(log_n)
// (ffjavascript's, from nqr 5), matching the CPU cuzk::ntt::Domain:
//   forward:      X[k] = Σ_i x[i] ω_n^(ik)
//   inverse:      x[i] = n⁻¹ Σ_k X[k] ω_n^(−ik)
//   to_odd_coset: inverse, then x[i] ·= ω_2n^i, then forward: the evaluations on the odd
//                 coset ω_2n·⟨ω_n⟩ that snarkjs's H = (A·B − C)/Z uses.
// `data` points to device memory holding host-layout bls12_381::Fr (Montgomery form); the
// bn254::Fr overloads are the same over BN254's Fr (roots ff::root_of_unity, nqr 5, as
// ntt::BasicDomain; 2^1 ≤ n ≤ 2^27: the coset needs ω_2n and the 2-adicity is 28).
#include <cstddef>

#include "cuzk/cuda/context.hpp"
#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/bn254.hpp"

namespace cuzk::cuda {

using bls12_381::Fr;

void ntt_forward(Context& ctx, Fr* data, unsigned log_n);
void ntt_inverse(Context& ctx, Fr* data, unsigned log_n);
void ntt_to_odd_coset(Context& ctx, Fr* data, unsigned log_n);

// out[i] = a[i]·b[i] − c[i] (the pointwise step of H), device arrays of n elements.
void fr_mul_sub(Context& ctx, Fr* out, const Fr* a, const Fr* b, const Fr* c, std::size_t n);
// out[i] = a[i]·b[i] (c = a∘b on the domain, formed on the device before c's NTT; out may be a
// or b), device arrays of n elements.
void fr_mul(Context& ctx, Fr* out, const Fr* a, const Fr* b, std::size_t n);

// BN254 (cuda/src/ntt_bn254.cu).
void ntt_forward(Context& ctx, bn254::Fr* data, unsigned log_n);
void ntt_inverse(Context& ctx, bn254::Fr* data, unsigned log_n);
void ntt_to_odd_coset(Context& ctx, bn254::Fr* data, unsigned log_n);
void fr_mul_sub(Context& ctx, bn254::Fr* out, const bn254::Fr* a, const bn254::Fr* b, const bn254::Fr* c,
                std::size_t n);
void fr_mul(Context& ctx, bn254::Fr* out, const bn254::Fr* a, const bn254::Fr* b, std::size_t n);

}  // namespace cuzk::cuda
