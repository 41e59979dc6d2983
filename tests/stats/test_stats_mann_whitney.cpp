// Mann-Whitney U and Hodges-Lehmann: hand-worked exact p-values on tied data, brute-force
// enumeration, scipy on untied data, and the properties the verdicts rely on.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "cuzk/stats/comparison.hpp"
#include "cuzk/stats/mann_whitney.hpp"
#include "cuzk/stats/render.hpp"
#include "rng.hpp"
#include "stats_test_util.hpp"

using namespace cuzk::stats;

namespace {

// Reference: enumerate every way to label n1 of the pooled values as "x" (bitmask over N <= 20).
double brute_force_p(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> all = x;
  all.insert(all.end(), y.begin(), y.end());
  const std::size_t n = all.size(), n1 = x.size();
  std::vector<double> rank(n);
  for (std::size_t i = 0; i < n; ++i) {
    double less = 0, eq = 0;
    for (std::size_t j = 0; j < n; ++j) less += all[j] < all[i], eq += all[j] == all[i];
    rank[i] = less + (eq + 1) / 2;
  }
  double w = 0;
  for (std::size_t i = 0; i < n1; ++i) w += rank[i];
  const double mean = double(n1) * double(n + 1) / 2, dev = std::fabs(w - mean);
  std::size_t total = 0, extreme = 0;
  for (unsigned m = 0; m < (1u << n); ++m) {
    if (std::size_t(__builtin_popcount(m)) != n1) continue;
    double s = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (m >> i & 1) s += rank[i];
    ++total;
    extreme += std::fabs(s - mean) >= dev - 1e-9;
  }
  return double(extreme) / double(total);
}

std::string list(const std::vector<double>& v) {
  std::string s = "[";
  char b[40];
  for (double x : v) {
    std::snprintf(b, sizeof b, "%.17g,", x);
    s += b;
  }
  return s + "]";
}

}  // namespace

TEST_CASE("exact p on tied data: hand-worked") {
  // x = {1,2}, y = {2,3}: mid-ranks 1, 2.5, 2.5, 4; W_x = 3.5, E W = 5. Of the 6 labellings, the
  // rank sums are 3.5, 3.5, 5, 5, 6.5, 6.5; |W − 5| >= 1.5 for 4 of them: p = 2/3.
  auto r = mann_whitney(std::vector<double>{1, 2}, std::vector<double>{2, 3});
  CHECK(r.exact);
  CHECK(r.ties);
  CHECK(r.p == doctest::Approx(2.0 / 3));
  CHECK(r.u1 == 0.5);
  // x = {1,1,1,2}, y = {2,3,3,3}: tie groups (t=3, rank 2), (t=2, rank 4.5), (t=3, rank 7);
  // W_x = 10.5, E W = 18. Choosing (a, b, c) from the groups, |2a + 4.5b + 7c − 18| >= 7.5 only
  // for (3,1,0) and (0,1,3): 2 + 2 of C(8,4) = 70 labellings, p = 4/70.
  r = mann_whitney(std::vector<double>{1, 1, 1, 2}, std::vector<double>{2, 3, 3, 3});
  CHECK(r.p == doctest::Approx(4.0 / 70));
  // U1 == U2 → p = 1.
  CHECK(mann_whitney(std::vector<double>{1, 2, 3}, std::vector<double>{3, 2, 1}).p == 1);
  // All values tied.
  CHECK(mann_whitney(std::vector<double>{5, 5, 5}, std::vector<double>{5, 5}).p == 1);
}

TEST_CASE("exact p equals brute-force enumeration on random tied data") {
  auto& g = cuzk::test::rng();
  std::uniform_int_distribution<int> val(0, 4), size(1, 9);
  for (int t = 0; t < 60; ++t) {
    std::vector<double> x(size(g)), y(size(g));
    for (auto& v : x) v = val(g);
    for (auto& v : y) v = val(g);
    if (x.size() + y.size() > 18) continue;
    CAPTURE(list(x));
    CAPTURE(list(y));
    CHECK(mann_whitney(x, y).p == doctest::Approx(brute_force_p(x, y)).epsilon(1e-12));
  }
}

TEST_CASE("minimum p and needed n") {
  CHECK(mann_whitney_min_p(4, 4) == doctest::Approx(2.0 / 70));  // 0.029
  CHECK(mann_whitney_min_p(3, 3) == doctest::Approx(0.1));
  CHECK(mann_whitney_needed_n(0.05) == 4);
  CHECK(mann_whitney_needed_n(0.01) == 5);
  // The exact test attains the minimum for complete separation.
  CHECK(mann_whitney(std::vector<double>{1, 2, 3, 4}, std::vector<double>{5, 6, 7, 8}).p == doctest::Approx(2.0 / 70));
}

TEST_CASE("untied data agrees with scipy (exact small, asymptotic large)") {
  if (!cuzk::test::oracle_run()) return;  // its own ctest entry runs it (SKIP when python3/scipy is missing)
  auto& g = cuzk::test::rng();
  std::normal_distribution<double> d(10, 1);
  std::string script = "from scipy.stats import mannwhitneyu\ncases = [\n";
  std::vector<std::pair<std::vector<double>, std::vector<double>>> cases;
  const std::pair<int, int> sizes[] = {{5, 5}, {4, 7}, {8, 6}, {12, 10}, {20, 25}, {50, 50}, {60, 70}, {200, 150}};
  for (auto [a, b] : sizes) {
    std::vector<double> x(a), y(b);
    for (auto& v : x) v = d(g);
    for (auto& v : y) v = d(g) + 0.4;
    cases.emplace_back(x, y);
    script += " (" + list(x) + "," + list(y) + "),\n";
  }
  script += "]\nfor x, y in cases:\n"
            "    m = 'exact' if max(len(x), len(y)) <= 50 else 'asymptotic'\n"
            "    r = mannwhitneyu(x, y, alternative='two-sided', method=m, use_continuity=True)\n"
            "    print(repr(float(r.statistic)), repr(float(r.pvalue)))\n";
  const auto out = cuzk::test::python(script);
  REQUIRE_MESSAGE(out.has_value(), "the python reference script failed");
  const auto ref = cuzk::test::parse_doubles(*out);
  REQUIRE(ref.size() == 2 * cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto r = mann_whitney(cases[i].first, cases[i].second);
    CAPTURE(i);
    CHECK(r.u1 == ref[2 * i]);
    CHECK(r.p == doctest::Approx(ref[2 * i + 1]).epsilon(1e-9));
  }
}

TEST_CASE("Hodges-Lehmann: shift, interval ranks as R's wilcox.test") {
  // 5 vs 5, alpha 0.05: P(U <= 2) = 4/252 < 0.025 <= P(U <= 3) = 7/252, so k = 3 and the interval
  // is [d_(3), d_(23)] at level 1 − 2·4/252 = 0.968.
  CHECK(mann_whitney_cdf(5, 5, 2) == doctest::Approx(4.0 / 252));
  CHECK(mann_whitney_cdf(5, 5, 3) == doctest::Approx(7.0 / 252));
  std::vector<double> x{0, 1, 2, 3, 4}, y{10, 20, 30, 40, 50};
  const auto e = hodges_lehmann(x, y);
  std::vector<double> d;
  for (double b : y)
    for (double a : x) d.push_back(b - a);
  std::sort(d.begin(), d.end());
  CHECK(e.shift == d[12]);
  CHECK(e.lo == d[2]);
  CHECK(e.hi == d[22]);
  CHECK(e.achieved_level == doctest::Approx(1 - 8.0 / 252));
  // 3 vs 3: P(U <= 0) = 0.05 >= 0.025 → k = 0 → 1 (R): the full range at level 0.9.
  const auto f = hodges_lehmann(std::vector<double>{1, 2, 3}, std::vector<double>{4, 5, 6});
  CHECK(f.lo == 1);
  CHECK(f.hi == 5);
  CHECK(f.achieved_level == doctest::Approx(0.9));
}

TEST_CASE("properties: identical groups never regress; a shifted copy is detected; order does not matter") {
  auto& g = cuzk::test::rng();
  std::lognormal_distribution<double> d(std::log(37.0), 0.003);
  CompareOptions opt;
  for (int t = 0; t < 30; ++t) {
    Metric a{"s_per_proof", "s", Better::Lower, {}, ""};
    for (int i = 0; i < 3 + t % 10; ++i) a.samples.push_back(d(g));
    const auto same = compare_metric(a, a, opt);
    CHECK(same.verdict != Verdict::Regression);
    CHECK(same.verdict != Verdict::Improvement);
    // A 5% slower copy is a regression once n is large enough (>= 4 per side).
    Metric b = a;
    for (auto& v : b.samples) v *= 1.05;
    const auto shifted = compare_metric(a, b, opt);
    if (a.samples.size() >= 4) {
      CHECK(shifted.verdict == Verdict::Regression);
      CHECK(*shifted.ratio == doctest::Approx(1.05).epsilon(1e-9));
    } else {
      CHECK(shifted.verdict == Verdict::Insufficient);
    }
    // Mirror: improvement for a faster copy.
    for (auto& v : b.samples) v /= 1.05 * 1.05;
    if (a.samples.size() >= 4) CHECK(compare_metric(a, b, opt).verdict == Verdict::Improvement);
    // Input order.
    Metric a2 = a, b2 = b;
    std::shuffle(a2.samples.begin(), a2.samples.end(), g);
    std::shuffle(b2.samples.begin(), b2.samples.end(), g);
    const auto r1 = compare_metric(a, b, opt), r2 = compare_metric(a2, b2, opt);
    CHECK(r1.p_value == r2.p_value);
    CHECK(r1.ratio == r2.ratio);
    CHECK(r1.ci_lo == r2.ci_lo);
    CHECK(r1.ci_hi == r2.ci_hi);
    CHECK(r1.verdict == r2.verdict);
  }
}

TEST_CASE("a shift inside the noise threshold is not a change even when significant") {
  Metric a{"m", "s", Better::Lower, {1.000, 1.001, 1.002, 1.003, 1.004, 1.005}, ""};
  Metric b = a;
  for (auto& v : b.samples) v *= 1.01;  // +1% with no overlap: p small, interval inside ±2%
  const auto r = compare_metric(a, b, CompareOptions{});
  CHECK(*r.p_value <= 0.05);
  CHECK(r.verdict == Verdict::NoChange);
  CompareOptions tight;
  tight.noise = 0.005;
  CHECK(compare_metric(a, b, tight).verdict == Verdict::Regression);
}

TEST_CASE("higher-is-better metrics invert the verdict") {
  Metric a{"gpu_busy", "fraction", Better::Higher, {0.80, 0.81, 0.82, 0.80, 0.81}, ""};
  Metric b = a;
  for (auto& v : b.samples) v *= 1.10;
  CHECK(compare_metric(a, b, CompareOptions{}).verdict == Verdict::Improvement);
}

TEST_CASE("a zero baseline: fractions need the shift to clear the noise in points, seconds any shift") {
  // The seed experiment's gpu_starved: 0 in every baseline run, ~1e-6 of the wall in every
  // candidate run: significant, but no regression a gate should fail on.
  Metric a{"gpu_starved", "fraction", Better::Lower, {0, 0, 0, 0}, ""};
  Metric b{"gpu_starved", "fraction", Better::Lower, {7.4e-7, 1.05e-6, 1.08e-6, 1.10e-6}, ""};
  auto r = compare_metric(a, b, CompareOptions{});
  CHECK(*r.p_value <= 0.05);
  CHECK(!r.ratio);
  CHECK(r.verdict == Verdict::NoChange);
  CHECK(r.points);
  REQUIRE(r.diff);
  CHECK(*r.diff == doctest::Approx(1.065e-6).epsilon(0.05));  // in fraction units: ~0.0001 points
  CHECK(r.note.find("within the noise threshold") != std::string::npos);
  for (auto& v : b.samples) v += 0.05;  // starved 5 % of the wall: a regression
  CHECK(compare_metric(a, b, CompareOptions{}).verdict == Verdict::Regression);
  // Seconds have no natural floor: a lock wait that appears in every run counts.
  Metric c{"gpu.lock_wait.median", "s", Better::Lower, {0, 0, 0, 0}, ""};
  Metric d{"gpu.lock_wait.median", "s", Better::Lower, {0.004, 0.005, 0.006, 0.005}, ""};
  CHECK(compare_metric(c, d, CompareOptions{}).verdict == Verdict::Regression);
  CHECK(compare_metric(d, c, CompareOptions{}).verdict == Verdict::Improvement);
}

TEST_CASE("fractions are compared as differences in points with their interval, never as ratios") {
  // Issue 45: gpu_starved 0.0% -> 0.0% was reported as +108.17% [-6314.24%, +368.36%].
  Metric a{"gpu_starved", "fraction", Better::Lower, {2e-6, -1e-7, 4e-6, 1e-6, 3e-6}, ""};
  Metric b{"gpu_starved", "fraction", Better::Lower, {5e-6, 1e-6, 6e-6, 2e-6, 4e-6}, ""};
  const auto r = compare_metric(a, b, CompareOptions{});
  CHECK(r.points);
  CHECK(!r.ratio);
  CHECK(!r.ci_lo);
  REQUIRE(r.diff);
  REQUIRE(r.diff_lo);
  REQUIRE(r.diff_hi);
  CHECK(*r.diff_lo <= *r.diff);
  CHECK(*r.diff <= *r.diff_hi);
  CHECK(std::fabs(*r.diff_hi) < 1e-4);  // well under 0.01 points
  CHECK(r.verdict == Verdict::NoChange);
  CHECK(change_cell(r).find(" pt") != std::string::npos);
  CHECK(change_cell(r).find('%') == std::string::npos);
  CHECK(change_ci_cell(r).find(" pt]") != std::string::npos);
  // A real change of a busy fraction: 80 % -> 90 % is +10 points, not +12.5 %.
  Metric c{"gpu_busy", "fraction", Better::Higher, {0.80, 0.81, 0.79, 0.80, 0.80}, ""};
  Metric d{"gpu_busy", "fraction", Better::Higher, {0.90, 0.91, 0.89, 0.90, 0.90}, ""};
  const auto e = compare_metric(c, d, CompareOptions{});
  REQUIRE(e.diff);
  CHECK(*e.diff == doctest::Approx(0.10).epsilon(1e-6));
  CHECK(change_cell(e) == "+10.00 pt");
  CHECK(e.verdict == Verdict::Improvement);
  // Other units keep their ratio.
  Metric f{"s_per_proof", "s", Better::Lower, {1.0, 1.01, 0.99, 1.0, 1.0}, ""};
  CHECK(!compare_metric(f, f, CompareOptions{}).points);
  CHECK(compare_metric(f, f, CompareOptions{}).ratio);
}
