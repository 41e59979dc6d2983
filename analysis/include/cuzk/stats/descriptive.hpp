#pragma once
// Descriptive statistics over samples: percentiles (two documented definitions), order-statistic
// confidence intervals for quantiles, Welford moments and robust outlier flags. Pure functions over
// spans of doubles; no I/O.
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace cuzk::stats {

enum class PercentileMethod {
  Linear,       // Hyndman-Fan type 7 (R default, numpy "linear"): interpolate at h = (n-1)q
  NearestRank,  // the smallest x with at least q·n samples <= x: x_(ceil(q·n)), x_(1) for q = 0
};

std::string_view to_string(PercentileMethod m);
PercentileMethod parse_percentile_method(std::string_view s);  // throws Error(BadInput)

// q in [0, 1]; `sorted` ascending and non-empty (throws Error(Internal) otherwise).
double percentile_sorted(std::span<const double> sorted, double q, PercentileMethod m);

// Welford's online mean and variance (numerically stable; one pass).
class Moments {
public:
  void add(double x);
  std::size_t count() const { return n_; }
  double mean() const { return mean_; }
  // Sample variance (n-1 denominator); 0 for n < 2.
  double variance() const;
  double stddev() const;

private:
  std::size_t n_ = 0;
  double mean_ = 0, m2_ = 0;
};

// Distribution-free interval for the q-quantile from order statistics: the number of samples below
// the true quantile is Binomial(n, q); we choose 1-based ranks l < u with P(l <= B < u) >= level,
// taking the highest-probability (narrowest) set of B values around the mode. Empty when no
// ranks 1 <= l < u <= n reach the level; then `min_n` says how many samples would be needed.
struct QuantileCi {
  std::optional<double> lo, hi;
  std::size_t rank_lo = 0, rank_hi = 0;  // 1-based, 0 when empty
  double coverage = 0;                   // achieved P(l <= B < u)
  std::size_t min_n = 0;                 // smallest n for which an interval exists at this level
};
QuantileCi quantile_ci_sorted(std::span<const double> sorted, double q, double level = 0.95);
std::size_t quantile_ci_min_n(double q, double level = 0.95);

// Robust spread: sigma = 1.4826 * median(|x - median|). Outliers are values more than `k` robust
// sigmas from the median (k = 10, as hyperfine). They are flagged, never dropped. Assumption: when
// MAD is 0 (more than half the values identical) no value is flagged, since the scale is unknown.
struct Outliers {
  double median = 0, robust_sigma = 0;
  std::vector<std::size_t> index;  // positions in the input (unsorted) order
};
Outliers find_outliers(std::span<const double> values, double k = 10.0);

// Everything `summary` prints for one sample set.
struct Describe {
  std::size_t n = 0;
  double mean = 0, stddev = 0, min = 0, median = 0, p90 = 0, p99 = 0, max = 0, sum = 0;
  QuantileCi median_ci, p90_ci, p99_ci;
  std::size_t outliers = 0;
};
// `values` is taken by value and sorted; n == 0 gives a Describe with n = 0.
Describe describe(std::vector<double> values, PercentileMethod m, double level = 0.95);

// Least-squares slope of y over x (x = 0, 1, 2, ... when x is empty). Needs >= 2 points.
std::optional<double> ls_slope(std::span<const double> y);

}  // namespace cuzk::stats
