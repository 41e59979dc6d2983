// Percentiles, order-statistic intervals, Welford, outliers and the slope, checked against
// numpy (Debian python3) and hand-worked values.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "cuzk/stats/descriptive.hpp"
#include "cuzk/util/error.hpp"
#include "rng.hpp"
#include "stats_test_util.hpp"

using namespace cuzk::stats;

TEST_CASE("percentiles: hand-worked R-7 and nearest-rank") {
  const std::vector<double> x{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  CHECK(percentile_sorted(x, 0.5, PercentileMethod::Linear) == doctest::Approx(5.5));
  CHECK(percentile_sorted(x, 0.9, PercentileMethod::Linear) == doctest::Approx(9.1));
  CHECK(percentile_sorted(x, 0.99, PercentileMethod::Linear) == doctest::Approx(9.91));
  CHECK(percentile_sorted(x, 0.0, PercentileMethod::Linear) == 1);
  CHECK(percentile_sorted(x, 1.0, PercentileMethod::Linear) == 10);
  // Nearest rank: x_(ceil(q n)); 0.9·10 = 9 exactly → x_(9), not x_(10).
  CHECK(percentile_sorted(x, 0.9, PercentileMethod::NearestRank) == 9);
  CHECK(percentile_sorted(x, 0.5, PercentileMethod::NearestRank) == 5);
  CHECK(percentile_sorted(x, 0.91, PercentileMethod::NearestRank) == 10);
  CHECK(percentile_sorted(x, 0.0, PercentileMethod::NearestRank) == 1);
  const std::vector<double> one{3.5};
  CHECK(percentile_sorted(one, 0.99, PercentileMethod::Linear) == 3.5);
  CHECK_THROWS_AS(percentile_sorted(std::vector<double>{}, 0.5, PercentileMethod::Linear), cuzk::Error);
  CHECK_THROWS_AS(parse_percentile_method("awk"), cuzk::Error);
}

TEST_CASE("percentiles agree with numpy (linear and inverted_cdf)") {
  if (!cuzk::test::oracle_run()) return;  // its own ctest entry runs it (SKIP when python3/scipy is missing)
  auto& g = cuzk::test::rng();
  std::lognormal_distribution<double> d(0.0, 0.5);
  std::vector<double> v(257);
  for (auto& x : v) x = d(g);
  std::string script = "v = numpy.array([";
  char buf[64];
  for (double x : v) {
    std::snprintf(buf, sizeof buf, "%.17g,", x);
    script += buf;
  }
  script += "])\nfor q in (0.0, 0.1, 0.5, 0.9, 0.99, 1.0):\n"
            "    print(repr(float(numpy.percentile(v, 100*q, method='linear'))), "
            "repr(float(numpy.percentile(v, 100*q, method='inverted_cdf'))))\n";
  const auto out = cuzk::test::python(script);
  REQUIRE_MESSAGE(out.has_value(), "the python reference script failed");
  const auto ref = cuzk::test::parse_doubles(*out);
  REQUIRE(ref.size() == 12);
  std::sort(v.begin(), v.end());
  const double qs[] = {0.0, 0.1, 0.5, 0.9, 0.99, 1.0};
  for (int i = 0; i < 6; ++i) {
    CHECK(percentile_sorted(v, qs[i], PercentileMethod::Linear) == doctest::Approx(ref[2 * i]).epsilon(1e-12));
    CHECK(percentile_sorted(v, qs[i], PercentileMethod::NearestRank) == ref[2 * i + 1]);
  }
}

TEST_CASE("order-statistic intervals: minimum sizes and coverage") {
  CHECK(quantile_ci_min_n(0.5) == 6);
  CHECK(quantile_ci_min_n(0.9) == 29);
  CHECK(quantile_ci_min_n(0.99) == 299);
  std::vector<double> v(6);
  for (int i = 0; i < 6; ++i) v[i] = i + 1;
  auto ci = quantile_ci_sorted(v, 0.5);
  REQUIRE(ci.lo);
  CHECK(*ci.lo == 1);
  CHECK(*ci.hi == 6);
  CHECK(ci.coverage == doctest::Approx(62.0 / 64));  // 1 − 2/2^6
  v.pop_back();
  CHECK_FALSE(quantile_ci_sorted(v, 0.5).lo);  // n = 5: 1 − 2/32 < 0.95
  // Large n: the interval brackets the sample median and its coverage reaches the level.
  std::vector<double> w(1001);
  for (int i = 0; i <= 1000; ++i) w[i] = i;
  ci = quantile_ci_sorted(w, 0.5);
  REQUIRE(ci.lo);
  CHECK(ci.coverage >= 0.95);
  CHECK(*ci.lo < 500);
  CHECK(*ci.hi > 500);
  CHECK(ci.rank_hi - ci.rank_lo < 80);  // ≈ 2·1.96·sqrt(n/4) ≈ 62
  ci = quantile_ci_sorted(w, 0.99);
  REQUIRE(ci.lo);
  CHECK(*ci.lo <= 990);
  CHECK(*ci.hi >= 990);
}

TEST_CASE("order-statistic interval coverage by simulation") {
  // The true median of U(0,1) is 0.5; a 95% interval must cover it at least ~95% of the time.
  std::mt19937_64 g(12345);
  std::uniform_real_distribution<double> u(0, 1);
  int covered = 0;
  const int trials = 2000;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> v(31);
    for (auto& x : v) x = u(g);
    std::sort(v.begin(), v.end());
    const auto ci = quantile_ci_sorted(v, 0.5);
    covered += *ci.lo <= 0.5 && 0.5 <= *ci.hi;
  }
  CHECK(double(covered) / trials >= 0.93);
}

TEST_CASE("Welford matches the two-pass formulas, also with a large offset") {
  Moments m;
  std::vector<double> v;
  for (int i = 0; i < 1000; ++i) v.push_back(1e9 + (i % 7) * 0.125);
  for (double x : v) m.add(x);
  double mean = 0;
  for (double x : v) mean += x;
  mean /= double(v.size());
  double ss = 0;
  for (double x : v) ss += (x - mean) * (x - mean);
  CHECK(m.mean() == doctest::Approx(mean).epsilon(1e-15));
  CHECK(m.variance() == doctest::Approx(ss / 999).epsilon(1e-9));
  Moments one;
  one.add(3);
  CHECK(one.variance() == 0);
}

TEST_CASE("outliers: > 10 robust sigma flagged, values kept") {
  std::vector<double> v{1.00, 1.01, 0.99, 1.02, 0.98, 1.00, 1.01, 5.0};
  const auto o = find_outliers(v);
  REQUIRE(o.index.size() == 1);
  CHECK(o.index[0] == 7);
  CHECK(describe(v, PercentileMethod::Linear).n == 8);  // kept
  CHECK(describe(v, PercentileMethod::Linear).outliers == 1);
  CHECK(find_outliers(std::vector<double>{2, 2, 2, 9}).index.empty());  // MAD = 0: scale unknown
}

TEST_CASE("least-squares slope") {
  std::vector<double> y;
  for (int i = 0; i < 10; ++i) y.push_back(3 + 0.25 * i + (i % 2 ? 0.01 : -0.01));
  CHECK(*ls_slope(y) == doctest::Approx(0.25).epsilon(0.01));
  CHECK_FALSE(ls_slope(std::vector<double>{1.0}));
}
