#pragma once
// Two-sample rank tests and effect sizes: Mann-Whitney U (two-sided) and the Hodges-Lehmann
// shift with its distribution-free confidence interval. Pure functions.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace cuzk::stats {

struct MannWhitney {
  double u1 = 0;      // U statistic of the first sample: #(x > y) + 0.5·#(x == y)
  double u2 = 0;      // n1·n2 − u1
  double p = 1;       // two-sided p-value
  bool exact = true;  // exact conditional distribution (else normal approximation)
  bool ties = false;
};

// Samples are used as given (no log). Exact when both samples have at most `exact_max` values:
// the null distribution of the doubled rank sum conditional on the observed tie pattern, counted
// with integers (a recurrence over tie groups); two-sided p = P(|W − E W| >= |w − E W|), which is
// 1 when U1 == U2 and equals scipy's exact p on untied data. Above that: normal approximation with
// tie correction Σ(t³ − t) and continuity correction 0.5. Throws Error(Internal) if a side is empty.
MannWhitney mann_whitney(std::span<const double> x, std::span<const double> y, std::size_t exact_max = 50);

// Smallest two-sided p-value achievable with these sample sizes (untied): 2 / C(n1+n2, n1).
double mann_whitney_min_p(std::size_t n1, std::size_t n2);
// Smallest n (per side, equal sizes) for which mann_whitney_min_p(n, n) <= alpha.
std::size_t mann_whitney_needed_n(double alpha);

// Null CDF of U for untied samples, P(U <= k) (exact counting). n1·n2 must be <= 10000.
double mann_whitney_cdf(std::size_t n1, std::size_t n2, std::size_t k);

// Hodges-Lehmann estimate of the shift y − x (median of the n1·n2 pairwise differences) with the
// distribution-free interval [d_(k), d_(n1·n2+1−k)] as R's wilcox.test(conf.int = TRUE): k is the
// smallest q with P(U <= q) >= alpha/2 (at least 1), from the exact untied U distribution when
// both sides have at most `exact_max` values, else the normal approximation.
struct ShiftEstimate {
  double shift = 0, lo = 0, hi = 0;
  double achieved_level = 0;  // 1 − 2·P(U <= k − 1)
};
ShiftEstimate hodges_lehmann(std::span<const double> x, std::span<const double> y, double alpha = 0.05,
                             std::size_t exact_max = 50);

}  // namespace cuzk::stats
