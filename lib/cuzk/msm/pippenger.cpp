// pippenger() / msm_naive() for BLS12-381's G1 and G2 (bodies in pippenger_impl.hpp), and the
// curve-independent window and slice choices.
#include "cuzk/msm/pippenger_impl.hpp"

namespace cuzk::msm {

// W·s equal tasks run in ⌈W·s/threads⌉ rounds, and a task costs m/s point additions plus
// its running sum over the nb buckets (a mixed and a full addition a bucket: ≈ 3.6
// batch-affine point additions, ≈ 2.8 XYZZ mixed ones). The old rule
// (⌈2·threads/W⌉) gave 40 tasks for 16 threads at 2^16 (W = 10): 3 rounds where 2.5 were
// work, and 2 half-length rounds at 2^20 (W = 16) where one full round costs less.
std::size_t choose_slices(std::size_t m, std::size_t nb, std::size_t W, std::size_t threads, bool batch_affine) {
  const double per_bucket = batch_affine ? 3.6 : 2.8;
  const std::size_t most = std::max<std::size_t>(1, std::min(m / (2 * nb), 4 * threads));
  std::size_t best = 1;
  double best_cost = 1e300;
  for (std::size_t s = 1; s <= most; ++s) {
    const double rounds = double((W * s + threads - 1) / threads);
    const double cost = rounds * (double(m) / double(s) + per_bucket * double(nb));
    if (cost < best_cost * 0.999) best_cost = cost, best = s;
  }
  return best;
}

unsigned choose_window(std::size_t n) { return choose_window(n, SCALAR_BITS); }

unsigned choose_window(std::size_t n, unsigned bits) {
  if (n < 4) return 1;
  unsigned best = 1;
  double best_cost = 1e300;
  for (unsigned c = 1; c <= MAX_WINDOW; ++c) {
    // n mixed additions per window plus 2·2^(c−1) full additions (≈ 1.4 madd each)
    const double cost = model_cost(n, bits, c);
    if (cost < best_cost) {
      best_cost = cost;
      best = c;
    }
  }
  return best;
}

template ec::Jacobian<bls12_381::G1Curve> pippenger(const ec::Affine<bls12_381::G1Curve>*, const Limbs<4>*,
                                                    std::size_t, const MsmConfig&);
template ec::Jacobian<bls12_381::G2Curve> pippenger(const ec::Affine<bls12_381::G2Curve>*, const Limbs<4>*,
                                                    std::size_t, const MsmConfig&);
template ec::Jacobian<bls12_381::G1Curve> msm_naive(const ec::Affine<bls12_381::G1Curve>*, const Limbs<4>*,
                                                    std::size_t);
template ec::Jacobian<bls12_381::G2Curve> msm_naive(const ec::Affine<bls12_381::G2Curve>*, const Limbs<4>*,
                                                    std::size_t);
}  // namespace cuzk::msm
