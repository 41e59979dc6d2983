#pragma once
// Single-party Groth16 key generation in the snarkjs .zkey layout, for TESTS AND
// BENCHMARKS ONLY: whoever runs it knows the toxic waste (τ, α, β, γ, δ) and can forge
// proofs. Production keys come from a multi-party ceremony (snarkjs powersoftau + zkey
// contribute).
//
// The key is what snarkjs `zkey new` + contributions would produce for the same
// secrets (zkey_new.js), computed directly from τ instead of from a powers-of-tau file:
//   domain n = 2^k ≥ nConstraints + nPublic + 1; L_i(τ) = (τⁿ−1)·ωⁱ / (n·(τ−ωⁱ)) over ffjavascript's ω_n;
//   the A matrix gets the rows (nConstraints + s, signal s, 1) for s = 0..nPublic;
//   u_j, v_j, w_j = Σ_i A/B/C[i][j]·L_i(τ);
//   A_j = u_j·G1, B1_j = v_j·G1, B2_j = v_j·G2, IC_j = (βu_j + αv_j + w_j)/γ·G1 (j ≤ nPublic),
//   C_j = (βu_j + αv_j + w_j)/δ·G1 (j > nPublic), H_i = L^(2n)_(2i+1)(τ)/δ·G1 (the odd
//   points of the 2n Lagrange basis: the prover's h lives on the odd 2n-th roots).
#include <cstdint>
#include <optional>
#include <string>

#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/setup/fixed_base.hpp"

namespace cuzk::setup {

// The secrets, in the scalar field of the curve E (a pairing engine: the key's curve).
template <class E>
struct ToxicWaste {
  typename E::Fr tau, alpha, beta, gamma, delta;
  static ToxicWaste random();                    // OS CSPRNG
  static ToxicWaste from_seed(std::uint64_t s);  // reproducible tests
};

// Seconds spent per phase (for `cuzk-prove setup` reporting); `engine` names what ran the
// fixed-base products ("cpu" or the accelerator's name).
struct SetupTimes {
  double lagrange = 0, qap = 0, g1 = 0, g2 = 0;
  std::string engine = "cpu";
};

// An accelerator for the batched fixed-base products k_i·G of BLS12-381 (the CUDA backend has one):
// given the host's table (FixedBase::table()), it returns exactly what
// FixedBase::mul_many returns (affine points are unique, so results are bit-identical).
// Errors throw cuzk::Error (Device, OutOfMemory).
class FixedBaseEngine {
public:
  virtual ~FixedBaseEngine() = default;
  virtual std::string name() const = 0;
  virtual BigVector<bls12_381::G1Affine> mul_many(const FixedBase<bls12_381::G1Curve>& fb,
                                                  const bls12_381::Fr* scalars, std::size_t n) = 0;
  virtual BigVector<bls12_381::G2Affine> mul_many(const FixedBase<bls12_381::G2Curve>& fb,
                                                  const bls12_381::Fr* scalars, std::size_t n) = 0;
};

// A key over cs's curve E. engine == nullptr, or E not BLS12-381: TBB-parallel on the CPU.
template <class E>
groth16::ProvingKey<E> generate_key(const groth16::R1cs<E>& cs, const ToxicWaste<E>& tw, SetupTimes* times = nullptr,
                                    FixedBaseEngine* engine = nullptr);

}  // namespace cuzk::setup
