#pragma once
// Multi-scalar multiplication Σ kᵢ·Pᵢ by Pippenger's bucket method (Pippenger 1976; the
// signed-digit bucket variant as in Bernstein et al., "Faster batch forgery identification",
// 2012, and blst/sppark):
//   · scalars 0 are skipped and scalars 1 summed directly (bit decompositions are common
//     in witnesses), each with one mixed addition;
//   · the rest are cut into signed c-bit digits d ∈ [−2^(c−1)+1, 2^(c−1)], so each window
//     needs only 2^(c−1) buckets; −P is free on affine points;
//   · buckets are XYZZ points filled by mixed additions (madd-2008-s, 8M + 2S), reduced by
//     the running sum Σ_b b·B_b = Σ_b (B_top + … + B_b) with 2·2^(c−1) XYZZ additions;
//   · on G1, scalars longer than 128 bits are split by GLV (BLS12-381: k = rem + q·x², x²·P =
//     −φ(P); BN254: a 2-dimensional lattice split, pippenger_impl.hpp),
//     2n points with 128-bit scalars: half the windows and their bucket reductions;
//   · windows (and, for few windows or many cores, slices of the points inside a window)
//     run as TBB tasks; window sums are combined by Horner with c Jacobian doublings each.
// Cost ≈ (⌊b/c⌋+1)·(n·madd + 2^c·add) for b = the longest scalar's bit length; c is chosen
// by that model (1 ≤ c ≤ 16).
#include <cstddef>

#include "cuzk/ec/affine.hpp"
#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ec/bn254_curves.hpp"
#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ff/bigint.hpp"

namespace cuzk::msm {

struct MsmConfig {
  unsigned window_bits = 0;  // 0 = choose by size; otherwise clamped to [1, 16]
  bool endomorphism = true;  // G1: split scalars by GLV with φ (two 128-bit halves)
  bool batch_affine = true;   // affine buckets filled in batches sharing one inversion (from c = 10)
};

// Window width the cost model picks for n non-trivial scalars of at most `bits` bits
// (pippenger() uses the longest scalar it is given, so short scalars cost fewer windows).
unsigned choose_window(std::size_t n);  // bits = 255
unsigned choose_window(std::size_t n, unsigned bits);

// Slices of a window's m points (each a task with its own nb buckets) for W windows on
// `threads` threads: the count with the fewest ⌈W·s/threads⌉ rounds × (m/s additions +
// the running sum's per-bucket cost), at most max(1, m/(2·nb)).
std::size_t choose_slices(std::size_t m, std::size_t nb, std::size_t W, std::size_t threads, bool batch_affine);

// Σ scalars[i]·points[i]. Scalars are canonical little-endian integers (< r of Curve::Scalar);
// points are affine, infinity allowed; zero scalars allowed. n = 0 gives infinity.
// Instantiated for the G1 and G2 of BLS12-381 and BN254 (GLV on both G1s).
template <class Curve>
ec::Jacobian<Curve> pippenger(const ec::Affine<Curve>* points, const ff::Limbs<4>* scalars, std::size_t n,
                              const MsmConfig& cfg = {});

// Reference: Σ kᵢ·Pᵢ by one double-and-add per term. Slow; tests only.
template <class Curve>
ec::Jacobian<Curve> msm_naive(const ec::Affine<Curve>* points, const ff::Limbs<4>* scalars, std::size_t n);

extern template ec::Jacobian<bls12_381::G1Curve> pippenger(const ec::Affine<bls12_381::G1Curve>*,
                                                           const ff::Limbs<4>*, std::size_t, const MsmConfig&);
extern template ec::Jacobian<bls12_381::G2Curve> pippenger(const ec::Affine<bls12_381::G2Curve>*,
                                                           const ff::Limbs<4>*, std::size_t, const MsmConfig&);
extern template ec::Jacobian<bls12_381::G1Curve> msm_naive(const ec::Affine<bls12_381::G1Curve>*,
                                                           const ff::Limbs<4>*, std::size_t);
extern template ec::Jacobian<bls12_381::G2Curve> msm_naive(const ec::Affine<bls12_381::G2Curve>*,
                                                           const ff::Limbs<4>*, std::size_t);
extern template ec::Jacobian<bn254::G1Curve> pippenger(const ec::Affine<bn254::G1Curve>*, const ff::Limbs<4>*,
                                                       std::size_t, const MsmConfig&);
extern template ec::Jacobian<bn254::G2Curve> pippenger(const ec::Affine<bn254::G2Curve>*, const ff::Limbs<4>*,
                                                       std::size_t, const MsmConfig&);
extern template ec::Jacobian<bn254::G1Curve> msm_naive(const ec::Affine<bn254::G1Curve>*, const ff::Limbs<4>*,
                                                       std::size_t);
extern template ec::Jacobian<bn254::G2Curve> msm_naive(const ec::Affine<bn254::G2Curve>*, const ff::Limbs<4>*,
                                                       std::size_t);

}  // namespace cuzk::msm
