#pragma once
// Radix-2 number-theoretic transform over a scalar field Fr (BLS12-381's, 2-adicity 32, or
// BN254's, 2-adicity 28) on the 2^k-th roots of unity, with the roots ffjavascript/snarkjs
// use (ff::root_of_unity: from the smallest non-residue, 5 for both).
//
//   forward:  a_i ← Σ_j a_j ω^(ij)            (evaluations at ω^i of Σ a_j X^j)
//   inverse:  a_i ← n⁻¹ Σ_j a_j ω^(−ij)       (interpolation)
//   to_odd_coset: evaluations on the n-domain → evaluations at ω_2n^(2i+1), i < n:
//             iNTT(n), coefficient k ×ω_2n^k, NTT(n) — snarkjs's/rapidsnark's H step.
// Natural order in and out. Iterative Cooley–Tukey decimation in time after a bit-reversal
// permutation (Cormen et al., "Introduction to Algorithms", §30.3): n/2·log n butterflies,
// each 1M. The first stages run per cache-sized block, the rest as one pass per stage; both
// in parallel with TBB. The inverse is the forward transform followed by i ↦ −i mod n
// (DFT_ω⁻¹(a)_i = DFT_ω(a)_(−i)), so only ω's twiddles are stored: n elements,
// tw[m + j] = ω_2m^j for m = 1, 2, 4, …, n/2.
// All methods are const and thread-safe; Domain::get caches one Domain per size.
#include <cstddef>
#include <vector>

#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/bn254.hpp"

namespace cuzk::ntt {

template <class Fr>
class BasicDomain {
public:
  static constexpr unsigned MAX_LOG = unsigned(Fr::two_adicity()) - 1;  // to_odd_coset needs ω_2n

  explicit BasicDomain(unsigned log_n);
  // Shared, lazily built domain of size 2^log_n (lives until exit).
  static const BasicDomain& get(unsigned log_n);

  unsigned log_n() const { return log_n_; }
  std::size_t size() const { return n_; }
  const Fr& omega() const { return omega_; }      // primitive n-th root ω_n
  const Fr& omega_2n() const { return omega2n_; }  // ω_2n, ω_2n² = ω_n
  const Fr& n_inv() const { return n_inv_; }

  void forward(Fr* a) const;
  void inverse(Fr* a) const;
  void to_odd_coset(Fr* evals) const;

private:
  void dft(Fr* a) const;  // forward without scaling, natural order
  unsigned log_n_;
  std::size_t n_;
  Fr omega_, omega2n_, n_inv_;
  std::vector<Fr> tw_;
};

extern template class BasicDomain<bls12_381::Fr>;
extern template class BasicDomain<bn254::Fr>;

using Domain = BasicDomain<bls12_381::Fr>;  // the BLS12-381 domain (the prover's, today)
using Bn254Domain = BasicDomain<bn254::Fr>;
static_assert(Domain::MAX_LOG == 31 && Bn254Domain::MAX_LOG == 27);

}  // namespace cuzk::ntt
