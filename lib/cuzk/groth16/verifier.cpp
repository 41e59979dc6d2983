#include "cuzk/groth16/verifier.hpp"

namespace cuzk::groth16 {

template <class E>
void prepare(VerifyingKey<E>& vk) {
  vk.alpha_beta_ml = E::miller_loop(vk.alpha1, vk.beta2);
  vk.ml_alpha1 = vk.alpha1;
  vk.ml_beta2 = vk.beta2;
  vk.prepared = true;
}

template <class E>
VerifyingKey<E> verifying_key(const ProvingKey<E>& pk) {
  const auto& h = pk.header;
  VerifyingKey<E> vk{h.n_public, h.alpha1, h.beta2, h.gamma2, h.delta2, pk.ic, {}, {}, {}, false};
  prepare(vk);
  return vk;
}

template <class E>
VerifyResult verify(const VerifyingKey<E>& vk, const std::vector<Scalar>& pub, const Proof<E>& p) {
  using Fr = typename E::Fr;
  using G1 = typename E::G1;
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  auto no = [](std::string why) { return VerifyResult{false, std::move(why)}; };
  if (pub.size() != vk.n_public || vk.ic.size() != vk.n_public + 1)
    return no("expected " + std::to_string(vk.n_public) + " public inputs, got " + std::to_string(pub.size()));
  for (std::size_t i = 0; i < pub.size(); ++i)
    if (!Fr::is_canonical(pub[i])) return no("public input " + std::to_string(i) + " is not below r");
  if (!p.a.on_curve() || !p.c.on_curve() || !p.b.on_curve()) return no("a proof point is not on its curve");
  if (!E::in_subgroup(p.a) || !E::in_subgroup(p.b) || !E::in_subgroup(p.c))
    return no("a proof point is not in the prime-order subgroup");
  G1 x = G1::from_affine(vk.ic[0]);
  for (std::size_t i = 0; i < pub.size(); ++i) x += G1::from_affine(vk.ic[i + 1]).mul(pub[i]);
  // e(−A, B)·e(α, β)·e(vk_x, γ)·e(C, δ) = 1, one final exponentiation; f_β(α) precomputed.
  const G1Affine ps[3] = {-p.a, x.to_affine(), p.c};
  const G2Affine qs[3] = {p.b, vk.gamma2, vk.delta2};
  const bool fresh = vk.prepared && vk.ml_alpha1 == vk.alpha1 && vk.ml_beta2 == vk.beta2;
  const typename E::Fq12 ab = fresh ? vk.alpha_beta_ml : E::miller_loop(vk.alpha1, vk.beta2);
  if (!E::final_exponentiation(E::miller_loop(ps, qs) * ab).is_one()) return no("the pairing check failed");
  return {true, {}};
}

#define CUZK_VERIFIER_INSTANCES(E)                                                                     \
  template void prepare<E>(VerifyingKey<E>&);                                                         \
  template VerifyingKey<E> verifying_key<E>(const ProvingKey<E>&);                                    \
  template VerifyResult verify<E>(const VerifyingKey<E>&, const std::vector<Scalar>&, const Proof<E>&);
CUZK_VERIFIER_INSTANCES(pairing::Bls12_381)
CUZK_VERIFIER_INSTANCES(pairing::Bn254)
#undef CUZK_VERIFIER_INSTANCES

}  // namespace cuzk::groth16
