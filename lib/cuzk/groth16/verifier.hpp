#pragma once
// Groth16 verification: e(−πA, πB)·e(α1, β2)·e(vk_x, γ2)·e(πC, δ2) = 1 with
// vk_x = IC0 + Σ pub_i·IC_i. As strict as snarkjs: public inputs must be < r, proof
// points on their curves and (beyond snarkjs) in the prime-order subgroups. A template on
// the pairing engine E, instantiated for both curves in verifier.cpp.
#include <string>
#include <vector>

#include "cuzk/groth16/prover.hpp"

namespace cuzk::groth16 {

template <class E>
struct VerifyingKey {
  using Engine = E;
  std::uint32_t n_public = 0;
  typename E::G1Affine alpha1;
  typename E::G2Affine beta2, gamma2, delta2;
  std::vector<typename E::G1Affine> ic;
  // The fixed pair's Miller loop f_{β}(α), unreduced (prepare() below), and the α, β it was
  // computed for: verify() uses it (three Miller loops instead of four) only while alpha1 and
  // beta2 still equal them, so changing a key's points never verifies against stale values.
  typename E::Fq12 alpha_beta_ml;
  typename E::G1Affine ml_alpha1;
  typename E::G2Affine ml_beta2;
  bool prepared = false;
};

// Fills vk.alpha_beta_ml (one Miller loop); verifying_key() and vkey_from_json() call it.
template <class E>
void prepare(VerifyingKey<E>& vk);

template <class E>
VerifyingKey<E> verifying_key(const ProvingKey<E>& pk);

// Why a proof was rejected (empty when accepted): for messages and tests.
struct VerifyResult {
  bool ok = false;
  std::string reason;
  explicit operator bool() const { return ok; }
};

template <class E>
VerifyResult verify(const VerifyingKey<E>& vk, const std::vector<Scalar>& pub, const Proof<E>& proof);

}  // namespace cuzk::groth16
