#pragma once
// E-divisive means (Matteson & James 2014, "A nonparametric approach for multiple change point
// analysis of multivariate data", JASA 109(505)) on one ordered series, with the exponent
// alpha = 1 on 1-D values, as MongoDB's signal-processing-algorithms and Apache Otava use it.
//
// For a segment Z = x[a, b) and a split tau (X = Z[0, tau), Y = Z[tau, n), m = tau, k = n - tau):
//   E(X, Y) = 2/(m k) Σ|x_i − y_j| − 1/C(m,2) Σ_{i<l}|x_i − x_l| − 1/C(k,2) Σ_{j<l}|y_j − y_l|
//   Q(tau)  = m k / (m + k) · E(X, Y)
// The best split of a segment is the allowed tau with the largest Q. Segments are split
// recursively (binary segmentation; the second end point kappa is the segment's end, as in
// signal-processing-algorithms); each segment's best split is kept when a permutation test of that
// segment (its values shuffled, the best Q recomputed) gives p <= alpha.
//
// Speed: Q(tau) for every tau of a segment in O(n log n): with the values' ranks fixed (a
// permutation only reorders the same values), one pass over the segment keeps a Fenwick tree of
// counts and sums by rank, which gives L_t = Σ_{i<t}|x_t − x_i|; with D_t = Σ_all |x_t − x_i|
// (from the sorted values, unchanged by a permutation) the three sums update in O(1):
//   B += L_t (within the left), A += D_t − 2 L_t (across), C = total − A − B.
// Permutations are bounded and stop early (see EDivisiveOptions).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::stats {

struct EDivisiveOptions {
  double alpha = 0.05;                  // significance level of each segment's permutation test
  std::size_t max_permutations = 99;    // B: p = (exceedances + 1) / (permutations + 1)
  // Early stop, futility (exact, Besag & Clifford 1991): once floor(alpha (B + 1)) permuted Q reach
  // the observed one, p > alpha whatever the remaining permutations give.
  // Early stop, clear change: after `early_permutations` with none reaching the observed Q and the
  // observed Q at least `early_margin` times the largest permuted Q, p = 1 / (early + 1) is taken
  // (a permutation test of that size; with the defaults 1/20 = 0.05).
  std::size_t early_permutations = 19;
  double early_margin = 1.5;
  std::size_t min_size = 5;             // runs on each side of a split, at least
  std::size_t max_change_points = 100;  // a cap per series
  std::uint64_t seed = 1;               // permutations are reproducible
};

struct SplitPoint {
  std::size_t index = 0;  // first value after the change (x[index] is the first of the new segment)
  double q = 0;           // the statistic Q of the split in its segment
  double p = 1;           // permutation p-value
  std::size_t permutations = 0;
  std::size_t seg_begin = 0, seg_end = 0;  // the segment that was split
};

// The small reproducible generator of the permutations (splitmix64): exposed so that the test
// suite's slow reference draws the same permutations.
class Splitmix {
public:
  explicit Splitmix(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (n > 0; Lemire's multiply-shift with rejection).
  std::size_t below(std::size_t n);
  // Fisher-Yates, last to first.
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
  }

private:
  std::uint64_t s_;
};

// The permutations after which a clear change stops: early_permutations, raised to ceil(1/alpha) - 1
// so that the p it reports, 1 / (that + 1), is <= alpha.
std::size_t early_stop_permutations(const EDivisiveOptions& opt);

// The seed of the permutations of the segment [begin, end): each segment draws its own stream,
// so a segment's p does not depend on the order segments are tested in.
std::uint64_t segment_seed(std::uint64_t seed, std::size_t begin, std::size_t end);

// Q(tau) of the segment `x` for every tau in 1..n-1 (index tau - 1); O(n log n).
std::vector<double> energy_q(std::span<const double> x);

// The change points of `x`, sorted by index. `splits` lists the allowed indices (ascending; a
// split before x[i] for i in splits), e.g. the first run of each commit so that the runs of one
// commit (replicates) are never split; empty = every index. Values must be finite.
std::vector<SplitPoint> e_divisive(std::span<const double> x, std::span<const std::size_t> splits,
                                   const EDivisiveOptions& opt);

}  // namespace cuzk::stats
