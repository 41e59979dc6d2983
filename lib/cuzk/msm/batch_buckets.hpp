#pragma once
// Pippenger buckets kept affine and filled in batches that share one field inversion
// (Montgomery's trick; the "batch-affine" accumulation of blst's and sppark's successors):
// an affine addition λ = (y₂ − y₁)/(x₂ − x₁), x₃ = λ² − x₁ − x₂, y₃ = λ(x₁ − x₃) − y₁ costs
// 2M + 1S plus 3M for its share of the batched inversion, against 8M + 2S for a mixed XYZZ
// addition. A batch holds at most one pending addition per bucket; a point whose bucket is
// already pending waits for the next batch. When the waiting points would make batches too
// small to pay for their inversion (few distinct buckets: repeated scalars), they go to
// XYZZ buckets instead (allocated on first use). Special cases inside a batch: x₁ = x₂ and
// y₁ = y₂ is a doubling (λ = 3x₁²/2y₁; y ≠ 0 on the prime-order groups), x₁ = x₂ otherwise
// is P + (−P) = O.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cuzk/ec/affine.hpp"
#include "cuzk/ec/xyzz.hpp"

namespace cuzk::msm::detail {

template <class Curve>
class BatchAffineBuckets {
 public:
  using Aff = ec::Affine<Curve>;
  using F = typename Curve::Field;
  using Bucket = ec::XYZZ<Curve>;

  // Worth it when a batch of `batch` additions saves more than one inversion's cost.
  static constexpr std::size_t MIN_BATCH = 32;

  BatchAffineBuckets(std::size_t nb, std::size_t batch) : bk_(nb), stamp_(nb, 0), batch_(batch) {
    pend_.reserve(batch);
    den_.reserve(batch);
    pre_.reserve(batch);
  }

  void reset() {
    std::fill(bk_.begin(), bk_.end(), Aff::infinity());
    if (!fb_.empty()) std::fill(fb_.begin(), fb_.end(), Bucket::infinity());
    next_epoch();
  }

  void add(std::uint32_t b, const Aff& p) {
    place(b, p);
    if (pend_.size() >= batch_) {
      flush();
      drain();
    }
  }

  // Bucket b will be added to soon: bring its bucket and stamp into cache.
  void prefetch(std::uint32_t b) const {
    __builtin_prefetch(&bk_[b], 1);
    __builtin_prefetch(&stamp_[b], 1);
  }

  // Completes every pending and waiting addition.
  void finish() {
    while (!pend_.empty()) {
      flush();
      drain();
      if (pend_.size() < MIN_BATCH) {  // too few distinct buckets left: XYZZ for the rest
        for (const auto& e : pend_) fallback(e.b, e.p);
        for (const auto& e : wait_) fallback(e.b, e.p);
        pend_.clear();
        wait_.clear();
        next_epoch();
      }
    }
  }

  // Σ_b (b + 1)·B_b over buckets [0, top) by the running sum.
  Bucket running_sum(std::size_t top) const {
    Bucket run = Bucket::infinity(), tot = Bucket::infinity();
    for (std::size_t b = top; b-- > 0;) {
      run = run.add_mixed(bk_[b]);
      if (!fb_.empty()) run += fb_[b];
      tot += run;
    }
    return tot;
  }

 private:
  struct Entry {
    std::uint32_t b;
    Aff p;
  };

  void next_epoch() {
    if (++epoch_ == 0) {  // wrapped: clear the stamps once every 2^32 batches
      std::fill(stamp_.begin(), stamp_.end(), 0u);
      epoch_ = 1;
    }
  }

  void place(std::uint32_t b, const Aff& p) {
    if (stamp_[b] == epoch_) {
      if (wait_.size() < 4 * batch_) wait_.push_back({b, p});
      else fallback(b, p);
      return;
    }
    if (bk_[b].inf) {
      bk_[b] = p;
      return;
    }
    stamp_[b] = epoch_;
    pend_.push_back({b, p});
  }

  // The waiting points go into the new batch (those whose bucket is pending again wait on).
  void drain() {
    if (wait_.empty()) return;
    std::vector<Entry> w;
    w.swap(wait_);
    for (const auto& e : w) place(e.b, e.p);
  }

  void fallback(std::uint32_t b, const Aff& p) {
    if (fb_.empty()) fb_.assign(bk_.size(), Bucket::infinity());
    fb_[b] = fb_[b].add_mixed(p);
  }

  void flush() {
    const std::size_t n = pend_.size();
    if (n == 0) return;
    den_.resize(n);
    pre_.resize(n);
    F acc = F::one();
    for (std::size_t i = 0; i < n; ++i) {
      const Aff& q = bk_[pend_[i].b];
      const Aff& p = pend_[i].p;
      if (q.x != p.x) den_[i] = p.x - q.x;
      else if (q.y == p.y) den_[i] = q.y.dbl();
      else den_[i] = F::one();  // P + (−P): no inversion needed
      pre_[i] = acc;
      acc *= den_[i];
    }
    F inv = acc.inverse();
    for (std::size_t i = n; i-- > 0;) {
      const F inv_i = inv * pre_[i];
      inv *= den_[i];
      Aff& q = bk_[pend_[i].b];
      const Aff& p = pend_[i].p;
      F lambda;
      if (q.x != p.x) {
        lambda = (p.y - q.y) * inv_i;
      } else if (q.y == p.y) {
        const F xx = q.x.sqr();
        lambda = (xx.dbl() + xx) * inv_i;
      } else {
        q = Aff::infinity();
        continue;
      }
      const F x3 = lambda.sqr() - q.x - p.x;
      q.y = lambda * (q.x - x3) - q.y;
      q.x = x3;
    }
    pend_.clear();
    next_epoch();
  }

  std::vector<Aff> bk_;
  std::vector<std::uint32_t> stamp_;
  std::vector<Bucket> fb_;
  std::vector<Entry> pend_, wait_;
  std::vector<F> den_, pre_;
  std::size_t batch_;
  std::uint32_t epoch_ = 1;
};

}  // namespace cuzk::msm::detail
