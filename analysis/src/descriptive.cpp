#include "cuzk/stats/descriptive.hpp"

#include <algorithm>
#include <cmath>

#include "cuzk/util/error.hpp"

namespace cuzk::stats {

std::string_view to_string(PercentileMethod m) {
  return m == PercentileMethod::Linear ? "linear (R-7)" : "nearest-rank";
}

PercentileMethod parse_percentile_method(std::string_view s) {
  if (s == "linear" || s == "r7" || s == "R-7") return PercentileMethod::Linear;
  if (s == "nearest-rank") return PercentileMethod::NearestRank;
  throw Error(Error::Kind::BadInput, "unknown percentile method '" + std::string(s) +
                                         "' (use linear or nearest-rank)");
}

double percentile_sorted(std::span<const double> x, double q, PercentileMethod m) {
  if (x.empty()) throw Error(Error::Kind::Internal, "percentile of an empty sample");
  if (!(q >= 0 && q <= 1)) throw Error(Error::Kind::Internal, "percentile q outside [0, 1]");
  const std::size_t n = x.size();
  if (m == PercentileMethod::NearestRank) {
    // Rank ceil(q·n), computed with a tolerance so that e.g. 0.9·10 is exactly 9.
    const double r = std::ceil(q * double(n) - 1e-9);
    const std::size_t k = std::clamp<std::size_t>(r < 1 ? 1 : std::size_t(r), 1, n);
    return x[k - 1];
  }
  const double h = (double(n) - 1) * q;
  const auto lo = std::size_t(std::floor(h));
  if (lo + 1 >= n) return x[n - 1];
  const double f = h - double(lo);
  return x[lo] + f * (x[lo + 1] - x[lo]);
}

void Moments::add(double x) {
  ++n_;
  const double d = x - mean_;
  mean_ += d / double(n_);
  m2_ += d * (x - mean_);
}
double Moments::variance() const { return n_ < 2 ? 0.0 : m2_ / double(n_ - 1); }
double Moments::stddev() const { return std::sqrt(variance()); }

namespace {
double binom_pmf(std::size_t n, std::size_t k, double q) {
  if (q <= 0) return k == 0 ? 1.0 : 0.0;
  if (q >= 1) return k == n ? 1.0 : 0.0;
  const double lg = std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) - std::lgamma(double(n - k) + 1);
  return std::exp(lg + double(k) * std::log(q) + double(n - k) * std::log1p(-q));
}
}  // namespace

std::size_t quantile_ci_min_n(double q, double level) {
  // The widest interval [x_(1), x_(n)] covers with probability 1 - q^n - (1-q)^n.
  for (std::size_t n = 2; n < 100000000; ++n) {
    const double cov = 1.0 - std::pow(q, double(n)) - std::pow(1.0 - q, double(n));
    if (cov >= level) return n;
  }
  return 0;
}

QuantileCi quantile_ci_sorted(std::span<const double> x, double q, double level) {
  QuantileCi ci;
  ci.min_n = quantile_ci_min_n(q, level);
  const std::size_t n = x.size();
  if (n < 2) return ci;
  // B = number of samples below the true quantile. The interval [x_(a), x_(b+1)] covers the
  // quantile iff a <= B <= b; ranks must stay within 1..n, so 1 <= a <= b <= n-1.
  auto mode = std::size_t(std::floor(double(n + 1) * q));
  mode = std::clamp<std::size_t>(mode, 1, n - 1);
  std::size_t a = mode, b = mode;
  double mass = binom_pmf(n, mode, q);
  double pa = a > 1 ? binom_pmf(n, a - 1, q) : -1, pb = b + 1 <= n - 1 ? binom_pmf(n, b + 1, q) : -1;
  while (mass < level) {
    if (pa < 0 && pb < 0) return ci;
    if (pa >= pb) {
      mass += pa;
      --a;
      pa = a > 1 ? binom_pmf(n, a - 1, q) : -1;
    } else {
      mass += pb;
      ++b;
      pb = b + 1 <= n - 1 ? binom_pmf(n, b + 1, q) : -1;
    }
  }
  ci.rank_lo = a;
  ci.rank_hi = b + 1;
  ci.lo = x[a - 1];
  ci.hi = x[b];
  ci.coverage = std::min(mass, 1.0);
  return ci;
}

namespace {
// Median (R-7: the mean of the two middle values for even n) by selection, O(n); reorders v.
double median_select(std::vector<double>& v) {
  const std::size_t n = v.size(), h = n / 2;
  std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(h), v.end());
  const double hi = v[h];
  if (n % 2) return hi;
  return 0.5 * (*std::max_element(v.begin(), v.begin() + std::ptrdiff_t(h)) + hi);
}
}  // namespace

Outliers find_outliers(std::span<const double> v, double k) {
  Outliers o;
  if (v.empty()) return o;
  std::vector<double> s(v.begin(), v.end());
  o.median = median_select(s);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = std::fabs(v[i] - o.median);
  o.robust_sigma = 1.4826 * median_select(s);
  if (o.robust_sigma <= 0) return o;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (std::fabs(v[i] - o.median) > k * o.robust_sigma) o.index.push_back(i);
  return o;
}

Describe describe(std::vector<double> v, PercentileMethod m, double level) {
  Describe d;
  d.n = v.size();
  if (v.empty()) {
    d.median_ci.min_n = quantile_ci_min_n(0.5, level);
    d.p90_ci.min_n = quantile_ci_min_n(0.9, level);
    d.p99_ci.min_n = quantile_ci_min_n(0.99, level);
    return d;
  }
  d.outliers = find_outliers(v).index.size();
  Moments mo;
  for (double x : v) {
    mo.add(x);
    d.sum += x;
  }
  d.mean = mo.mean();
  d.stddev = mo.stddev();
  std::sort(v.begin(), v.end());
  d.min = v.front();
  d.max = v.back();
  if (d.min == d.max) d.stddev = 0;  // Welford's rounding residue on identical values
  d.median = percentile_sorted(v, 0.5, m);
  d.p90 = percentile_sorted(v, 0.9, m);
  d.p99 = percentile_sorted(v, 0.99, m);
  d.median_ci = quantile_ci_sorted(v, 0.5, level);
  d.p90_ci = quantile_ci_sorted(v, 0.9, level);
  d.p99_ci = quantile_ci_sorted(v, 0.99, level);
  return d;
}

std::optional<double> ls_slope(std::span<const double> y) {
  const std::size_t n = y.size();
  if (n < 2) return std::nullopt;
  // x = 0..n-1: mean (n-1)/2; accumulate centred sums for stability.
  const double xm = (double(n) - 1) / 2;
  Moments ym;
  for (double v : y) ym.add(v);
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double dx = double(i) - xm;
    sxy += dx * (y[i] - ym.mean());
    sxx += dx * dx;
  }
  return sxy / sxx;
}

}  // namespace cuzk::stats
