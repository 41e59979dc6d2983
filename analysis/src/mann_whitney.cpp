#include "cuzk/stats/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace {

using Count = unsigned __int128;  // C(100, 50) ≈ 1.0e29 < 2^128 ≈ 3.4e38

double to_double(Count c) { return double(std::uint64_t(c >> 64)) * 18446744073709551616.0 + double(std::uint64_t(c)); }

struct TieGroup {
  std::size_t size;   // t
  std::int64_t rank2;  // doubled mid-rank (an integer)
};

// Pools both samples, returns the tie groups in ascending order and the doubled rank sum of x.
std::vector<TieGroup> tie_groups(std::span<const double> x, std::span<const double> y, std::int64_t& w2) {
  std::vector<std::pair<double, int>> all;
  all.reserve(x.size() + y.size());
  for (double v : x) all.emplace_back(v, 0);
  for (double v : y) all.emplace_back(v, 1);
  std::sort(all.begin(), all.end());
  std::vector<TieGroup> groups;
  w2 = 0;
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i;
    std::size_t in_x = 0;
    while (j < all.size() && all[j].first == all[i].first) in_x += all[j++].second == 0;
    const std::size_t t = j - i;
    // Positions i+1..i+t (1-based) share the mid-rank (2i + t + 1) / 2.
    const auto r2 = std::int64_t(2 * i + t + 1);
    groups.push_back({t, r2});
    w2 += std::int64_t(in_x) * r2;
    i = j;
  }
  return groups;
}

double normal_sf(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

}  // namespace

MannWhitney mann_whitney(std::span<const double> x, std::span<const double> y, std::size_t exact_max) {
  if (x.empty() || y.empty()) throw Error(Error::Kind::Internal, "Mann-Whitney needs two non-empty samples");
  const std::size_t n1 = x.size(), n2 = y.size(), n = n1 + n2;
  std::int64_t w2 = 0;
  const auto groups = tie_groups(x, y, w2);
  MannWhitney r;
  r.ties = groups.size() < n;
  // 2·U1 = W2 − n1(n1+1).
  const std::int64_t u1x2 = w2 - std::int64_t(n1 * (n1 + 1));
  r.u1 = double(u1x2) / 2;
  r.u2 = double(n1 * n2) - r.u1;
  // Doubled deviation from the mean: E[W2] = n1(n+1).
  const std::int64_t dev = std::llabs(w2 - std::int64_t(n1 * (n + 1)));
  if (dev == 0) {
    r.p = 1;
    r.exact = n1 <= exact_max && n2 <= exact_max;
    return r;
  }
  if (n1 <= exact_max && n2 <= exact_max) {
    // ways[c][s]: number of ways to pick c of the items seen so far with doubled rank sum s.
    const auto smax = std::size_t(n * (n + 1));  // doubled rank sum of all items
    std::vector<Count> ways((n1 + 1) * (smax + 1), 0);
    auto at = [&](std::size_t c, std::size_t s) -> Count& { return ways[c * (smax + 1) + s]; };
    at(0, 0) = 1;
    std::size_t seen = 0;
    std::size_t sum_hi = 0;
    for (const auto& g : groups) {
      // binom[k] = C(t, k)
      std::vector<Count> binom(g.size + 1, 1);
      for (std::size_t k = 1; k <= g.size; ++k) binom[k] = binom[k - 1] * Count(g.size - k + 1) / Count(k);
      const std::size_t cmax = std::min(n1, seen + g.size);
      for (std::size_t c = cmax + 1; c-- > 0;) {
        for (std::size_t k = 1; k <= std::min(c, g.size); ++k) {
          const std::size_t add = k * std::size_t(g.rank2);
          const std::size_t from = c - k;
          if (from > seen) continue;
          for (std::size_t s = 0; s <= sum_hi; ++s) {
            const Count v = at(from, s);
            if (v != 0) at(c, s + add) += v * binom[k];
          }
        }
      }
      seen += g.size;
      sum_hi += g.size * std::size_t(g.rank2);
      sum_hi = std::min(sum_hi, smax);
    }
    Count total = 0, extreme = 0;
    const auto mean2 = std::int64_t(n1 * (n + 1));
    for (std::size_t s = 0; s <= smax; ++s) {
      const Count v = at(n1, s);
      if (v == 0) continue;
      total += v;
      if (std::llabs(std::int64_t(s) - mean2) >= dev) extreme += v;
    }
    r.exact = true;
    r.p = std::min(1.0, to_double(extreme) / to_double(total));
    return r;
  }
  r.exact = false;
  double tie_sum = 0;
  for (const auto& g : groups) tie_sum += double(g.size) * double(g.size) * double(g.size) - double(g.size);
  const double dn = double(n);
  const double var = double(n1) * double(n2) / 12.0 * ((dn + 1) - tie_sum / (dn * (dn - 1)));
  if (var <= 0) {
    r.p = 1;
    return r;
  }
  const double z = std::max(0.0, std::fabs(r.u1 - double(n1 * n2) / 2) - 0.5) / std::sqrt(var);
  r.p = std::min(1.0, 2 * normal_sf(z));
  return r;
}

double mann_whitney_min_p(std::size_t n1, std::size_t n2) {
  // 2 / C(n1+n2, n1), computed in log space.
  const double lc = std::lgamma(double(n1 + n2) + 1) - std::lgamma(double(n1) + 1) - std::lgamma(double(n2) + 1);
  return std::min(1.0, 2.0 * std::exp(-lc));
}

std::size_t mann_whitney_needed_n(double alpha) {
  for (std::size_t n = 1; n < 1000; ++n)
    if (mann_whitney_min_p(n, n) <= alpha) return n;
  return 1000;
}

namespace {
// Counts of U = 0..n1·n2 for untied samples. U is the number of (x, y) pairs with x > y; the
// arrangements with U = u correspond one-to-one to partitions of u into at most n1 parts, each at
// most n2 (the Gaussian binomial coefficient). g[c][u] counts partitions of u into exactly c parts
// in 1..n2, built by admitting part sizes one at a time with repetition (a 2-D unbounded knapsack).
std::vector<double> u_distribution(std::size_t n1, std::size_t n2) {
  const std::size_t umax = n1 * n2;
  std::vector<double> f(umax + 1, 0.0);
  std::vector<std::vector<double>> g(n1 + 1, std::vector<double>(umax + 1, 0.0));
  g[0][0] = 1;
  for (std::size_t part = 1; part <= n2; ++part)
    for (std::size_t c = 1; c <= n1; ++c)
      for (std::size_t u = part; u <= umax; ++u) g[c][u] += g[c - 1][u - part];
  for (std::size_t c = 0; c <= n1; ++c)
    for (std::size_t u = 0; u <= umax; ++u) f[u] += g[c][u];
  return f;
}
}  // namespace

double mann_whitney_cdf(std::size_t n1, std::size_t n2, std::size_t k) {
  if (n1 * n2 > 10000) throw Error(Error::Kind::Internal, "mann_whitney_cdf: sizes too large");
  const auto f = u_distribution(n1, n2);
  double total = 0, below = 0;
  for (std::size_t u = 0; u < f.size(); ++u) {
    total += f[u];
    if (u <= k) below += f[u];
  }
  return below / total;
}

ShiftEstimate hodges_lehmann(std::span<const double> x, std::span<const double> y, double alpha,
                             std::size_t exact_max) {
  if (x.empty() || y.empty()) throw Error(Error::Kind::Internal, "Hodges-Lehmann needs two non-empty samples");
  const std::size_t n1 = x.size(), n2 = y.size(), m = n1 * n2;
  std::vector<double> d;
  d.reserve(m);
  for (double b : y)
    for (double a : x) d.push_back(b - a);
  std::sort(d.begin(), d.end());
  ShiftEstimate e;
  e.shift = m % 2 ? d[m / 2] : 0.5 * (d[m / 2 - 1] + d[m / 2]);
  std::size_t k = 0;
  double below = 0;  // P(U <= k − 1)
  if (n1 <= exact_max && n2 <= exact_max) {
    const auto f = u_distribution(n1, n2);
    const double total = std::accumulate(f.begin(), f.end(), 0.0);
    double cdf = 0;
    for (std::size_t q = 0; q < f.size(); ++q) {
      const double prev = cdf;
      cdf += f[q] / total;
      if (cdf >= alpha / 2) {
        k = q;
        below = prev;
        break;
      }
    }
    if (k == 0) {
      k = 1;  // as R: the whole range of differences, at whatever level that achieves
      below = f[0] / total;
    }
  } else {
    const double mu = double(m) / 2, sd = std::sqrt(double(n1) * double(n2) * double(n1 + n2 + 1) / 12);
    // z quantile by bisection on the normal survival function (no <random> quantile in the standard).
    double lo = 0, hi = 10;
    for (int it = 0; it < 200; ++it) {
      const double mid = (lo + hi) / 2;
      (normal_sf(mid) > alpha / 2 ? lo : hi) = mid;
    }
    const double kq = std::floor(mu - hi * sd);
    k = std::size_t(std::max(1.0, kq));
    below = normal_sf((mu - (double(k) - 1) + 0.5) / sd);
  }
  k = std::min(k, (m + 1) / 2);
  e.lo = d[k - 1];
  e.hi = d[m - k];
  e.achieved_level = std::max(0.0, 1 - 2 * below);
  return e;
}

}  // namespace cuzk::stats
