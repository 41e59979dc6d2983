// E-divisive means: the fast implementation (analysis/src/edivisive.cpp) against a slow reference
// written straight from Matteson & James (2014), and the detector on synthetic series with known
// change points (recall and false positives, printed; the Daly et al. ICPE 2020 check asserted).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "cuzk/stats/edivisive.hpp"

using namespace cuzk::stats;

namespace {

// ---- The reference: every sum written out, O(n^2) per split. ----
double ref_q(const std::vector<double>& z, std::size_t tau) {
  const std::size_t n = z.size(), m = tau, k = n - tau;
  double cross = 0, wx = 0, wy = 0;
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = m; j < n; ++j) cross += std::fabs(z[i] - z[j]);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t l = i + 1; l < m; ++l) wx += std::fabs(z[i] - z[l]);
  for (std::size_t j = m; j < n; ++j)
    for (std::size_t l = j + 1; l < n; ++l) wy += std::fabs(z[j] - z[l]);
  const double dm = double(m), dk = double(k);
  double e = 2.0 / (dm * dk) * cross;
  if (m >= 2) e -= wx / (dm * (dm - 1) / 2);
  if (k >= 2) e -= wy / (dk * (dk - 1) / 2);
  return dm * dk / (dm + dk) * e;
}

std::pair<double, std::size_t> ref_best(const std::vector<double>& z, const std::vector<char>& allowed) {
  double best = -INFINITY;
  std::size_t at = 0;
  for (std::size_t t = 1; t < z.size(); ++t)
    if (allowed[t]) {
      const double q = ref_q(z, t);
      if (q > best) best = q, at = t;
    }
  return {best, at};
}

void ref_segment(const std::vector<double>& x, const std::vector<char>& allowed_at, std::size_t b, std::size_t e,
                 const EDivisiveOptions& opt, std::vector<SplitPoint>& out) {
  const std::size_t n = e - b, min = opt.min_size;
  if (n < 2 * min) return;
  std::vector<char> allowed(n + 1, 0);
  for (std::size_t t = min; t + min <= n; ++t) allowed[t] = allowed_at[b + t];
  std::vector<double> z(x.begin() + std::ptrdiff_t(b), x.begin() + std::ptrdiff_t(e));
  const auto [q, tau] = ref_best(z, allowed);
  if (tau == 0 || !(q > 0)) return;
  // Permutation test: the segment's values shuffled, the best Q recomputed; the same draws and the
  // same (documented) stopping rules as the implementation.
  Splitmix rng(segment_seed(opt.seed, b, e));
  const std::size_t stop_at = std::max<std::size_t>(std::size_t(std::floor(opt.alpha * double(opt.max_permutations + 1))), 1);
  std::vector<double> perm = z;
  std::size_t done = 0, exceed = 0;
  double max_perm = 0;
  while (done < opt.max_permutations) {
    rng.shuffle(perm);
    const double qp = ref_best(perm, allowed).first;
    ++done;
    max_perm = std::max(max_perm, qp);
    if (qp >= q - 1e-9 * std::fabs(q)) ++exceed;
    if (exceed >= stop_at) break;
    if (done == early_stop_permutations(opt) && exceed == 0 && q >= opt.early_margin * max_perm) break;
  }
  const double p = double(exceed + 1) / double(done + 1);
  if (p > opt.alpha) return;
  out.push_back({b + tau, q, p, done, b, e});
  ref_segment(x, allowed_at, b, b + tau, opt, out);
  ref_segment(x, allowed_at, b + tau, e, opt, out);
}

std::vector<SplitPoint> ref_e_divisive(const std::vector<double>& x, const std::vector<std::size_t>& splits,
                                       const EDivisiveOptions& opt) {
  std::vector<char> allowed_at(x.size() + 1, splits.empty() ? 1 : 0);
  for (std::size_t s : splits) allowed_at[s] = 1;
  std::vector<SplitPoint> out;
  ref_segment(x, allowed_at, 0, x.size(), opt, out);
  std::sort(out.begin(), out.end(), [](const SplitPoint& a, const SplitPoint& b) { return a.index < b.index; });
  return out;
}

// ---- Synthetic series. ----
struct Synth {
  std::vector<double> x;
  std::vector<std::size_t> splits;       // first run of each commit (but the first)
  std::vector<std::size_t> true_commits;  // commit index where a step starts
  std::vector<double> step_size;          // its relative size
  std::size_t commits = 0, replicates = 1;
};

enum class Noise { Uniform, Normal, HeavyTail };

double noise(std::mt19937_64& g, Noise kind, double width) {
  switch (kind) {
    case Noise::Uniform: return std::uniform_real_distribution<double>(-width, width)(g);
    case Noise::Normal: return std::normal_distribution<double>(0, width)(g);
    case Noise::HeavyTail: return width * std::student_t_distribution<double>(3)(g) / std::sqrt(3.0);  // t3 scaled to sd `width`
  }
  return 0;
}

// `commits` commits of `reps` runs; the level is multiplied by (1 + step) at each step commit;
// `drift` adds a relative trend per commit; `outliers` is the fraction of runs multiplied by 1.5.
Synth make(std::uint64_t seed, std::size_t commits, std::size_t reps, const std::vector<std::pair<std::size_t, double>>& steps,
           Noise kind, double width, double drift = 0, double outliers = 0) {
  std::mt19937_64 g(seed);
  Synth s;
  s.commits = commits;
  s.replicates = reps;
  double level = 1;
  std::size_t next = 0;
  for (std::size_t c = 0; c < commits; ++c) {
    while (next < steps.size() && steps[next].first == c) {
      level *= 1 + steps[next].second;
      s.true_commits.push_back(c);
      s.step_size.push_back(steps[next].second);
      ++next;
    }
    if (c) s.splits.push_back(s.x.size());
    for (std::size_t r = 0; r < reps; ++r) {
      double v = level * (1 + drift * double(c)) * (1 + noise(g, kind, width));
      if (outliers > 0 && std::uniform_real_distribution<double>(0, 1)(g) < outliers) v *= 1.5;
      s.x.push_back(v);
    }
  }
  return s;
}

// Steps at random commits at least `gap` apart, sizes uniform in [lo, hi] with a random sign.
std::vector<std::pair<std::size_t, double>> random_steps(std::mt19937_64& g, std::size_t commits, std::size_t count,
                                                         std::size_t gap, double lo, double hi) {
  std::vector<std::pair<std::size_t, double>> s;
  std::size_t c = gap;
  for (std::size_t k = 0; k < count && c + gap <= commits; ++k) {
    const double mag = std::uniform_real_distribution<double>(lo, hi)(g);
    s.push_back({c, std::bernoulli_distribution(0.5)(g) ? mag : -mag});
    c += gap + std::uniform_int_distribution<std::size_t>(0, gap)(g);
  }
  return s;
}

struct Score {
  std::size_t big = 0, big_found = 0, all_steps = 0, all_found = 0, false_pos = 0, commits = 0, found = 0;
  double recall_big() const { return big ? double(big_found) / double(big) : 1; }
  double fp_per_100() const { return commits ? 100.0 * double(false_pos) / double(commits) : 0; }
};

// A detection matches a step when its commit is within `tol` commits of the step's commit.
void score(const Synth& s, const std::vector<SplitPoint>& cps, double big, Score& sc, std::size_t tol = 1) {
  std::vector<std::size_t> found;
  for (const auto& c : cps) found.push_back(c.index / s.replicates);  // commit index of the first run after
  sc.commits += s.commits;
  sc.found += found.size();
  for (std::size_t k = 0; k < s.true_commits.size(); ++k) {
    const bool hit = std::any_of(found.begin(), found.end(), [&](std::size_t f) {
      return f + tol >= s.true_commits[k] && f <= s.true_commits[k] + tol;
    });
    ++sc.all_steps;
    sc.all_found += hit;
    if (std::fabs(s.step_size[k]) >= big) ++sc.big, sc.big_found += hit;
  }
  for (std::size_t f : found)
    sc.false_pos += std::none_of(s.true_commits.begin(), s.true_commits.end(),
                                 [&](std::size_t t) { return f + tol >= t && f <= t + tol; });
}

void check_agreement(const Synth& s, const EDivisiveOptions& opt) {
  const auto fast = e_divisive(s.x, s.splits, opt);
  const auto ref = ref_e_divisive(s.x, s.splits, opt);
  REQUIRE(fast.size() == ref.size());
  for (std::size_t i = 0; i < fast.size(); ++i) {
    CHECK(fast[i].index == ref[i].index);
    CHECK(fast[i].q == doctest::Approx(ref[i].q).epsilon(1e-9));
    CHECK(fast[i].p == ref[i].p);
    CHECK(fast[i].permutations == ref[i].permutations);
  }
}

}  // namespace

TEST_CASE("energy statistic: the O(n log n) scan equals the double sums at every split") {
  std::mt19937_64 g(7);
  for (std::size_t n : {2u, 3u, 5u, 17u, 64u, 301u}) {
    std::vector<double> x(n);
    for (auto& v : x) v = std::normal_distribution<double>(30, 2)(g);
    if (n > 10) x[3] = x[7] = x[9];  // ties
    const auto q = energy_q(x);
    REQUIRE(q.size() == n - 1);
    double scale = 0;
    for (std::size_t t = 1; t < n; ++t) scale = std::max(scale, std::fabs(ref_q(x, t)));
    for (std::size_t t = 1; t < n; ++t) CHECK(q[t - 1] == doctest::Approx(ref_q(x, t)).epsilon(1e-9).scale(scale));
  }
  // Constant series: no split has positive Q.
  const std::vector<double> c(20, 4.0);
  for (double v : energy_q(c)) CHECK(std::fabs(v) < 1e-12);
}

TEST_CASE("e-divisive: the fast implementation agrees with the reference on every test series") {
  EDivisiveOptions opt;
  opt.min_size = 3;
  std::mt19937_64 g(11);
  std::size_t series = 0, cps = 0;
  const std::vector<Synth> cases = {
      make(1, 40, 1, {{20, 0.10}}, Noise::Normal, 0.02),                       // one step
      make(2, 45, 1, {{15, 0.10}, {30, -0.08}}, Noise::Normal, 0.02),          // two steps
      make(3, 40, 1, {}, Noise::Normal, 0.02, 0.004),                          // slow drift
      make(4, 40, 1, {{20, 0.15}}, Noise::HeavyTail, 0.03),                    // heavy tails
      make(5, 40, 1, {{20, 0.10}}, Noise::Normal, 0.02, 0, 0.05),              // outliers
      make(6, 12, 5, {{6, 0.06}}, Noise::Uniform, 0.03),                       // replicates: splits at commits only
      make(7, 40, 1, {}, Noise::Normal, 0.02),                                 // no change
      make(8, 7, 1, {}, Noise::Normal, 0.02),                                  // too short to split
  };
  for (const auto& s : cases) {
    check_agreement(s, opt);
    cps += e_divisive(s.x, s.splits, opt).size();
    ++series;
  }
  // Random series with and without splits restricted, several seeds.
  for (std::uint64_t seed = 20; seed < 30; ++seed) {
    Synth s = make(seed, 30, 2, random_steps(g, 30, 2, 8, 0.03, 0.12), Noise::Normal, 0.02);
    opt.seed = seed;
    check_agreement(s, opt);
    s.splits.clear();
    check_agreement(s, opt);
    cps += e_divisive(s.x, s.splits, opt).size();
    series += 2;
  }
  MESSAGE("fast == reference on " << series << " series (" << cps << " change points, same index, Q, p, permutations)");
  CHECK(cps > 10);  // the agreement covered change points, not only empty answers
}

TEST_CASE("e-divisive: a smaller alpha still finds a clear change (the early stop waits for p <= alpha)") {
  const Synth s = make(41, 30, 3, {{15, 0.10}}, Noise::Uniform, 0.03);
  EDivisiveOptions opt;
  opt.alpha = 0.01;
  const auto cps = e_divisive(s.x, s.splits, opt);
  REQUIRE(cps.size() == 1);
  CHECK(cps[0].index == 45);
  CHECK(cps[0].p <= 0.01);
  CHECK(cps[0].permutations == 99);
  opt.alpha = 0.05;
  CHECK(e_divisive(s.x, s.splits, opt)[0].permutations == 19);
}

TEST_CASE("e-divisive: replicates are never split and results are reproducible") {
  const Synth s = make(31, 20, 5, {{10, 0.08}}, Noise::Uniform, 0.03);
  EDivisiveOptions opt;
  const auto a = e_divisive(s.x, s.splits, opt), b = e_divisive(s.x, s.splits, opt);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].index % 5 == 0);
    CHECK(a[i].index == b[i].index);
    CHECK(a[i].p == b[i].p);
  }
  REQUIRE(a.size() >= 1);
  CHECK(a[0].index == 50);
  // Edge cases: empty, one value, non-finite refused.
  CHECK(e_divisive(std::vector<double>{}, {}, opt).empty());
  CHECK(e_divisive(std::vector<double>{1.0}, {}, opt).empty());
  CHECK_THROWS(e_divisive(std::vector<double>{1.0, NAN, 2.0}, {}, opt));
}

namespace {

Score run_scenario(std::uint64_t seed, std::size_t trials, std::size_t commits, std::size_t reps, std::size_t steps,
                   double lo, double hi, Noise kind, double width, double drift = 0, double outliers = 0) {
  std::mt19937_64 g(seed);
  Score sc;
  EDivisiveOptions opt;
  for (std::size_t t = 0; t < trials; ++t) {
    const Synth s = make(seed * 1000 + t, commits, reps, random_steps(g, commits, steps, 10, lo, hi), kind, width, drift, outliers);
    opt.seed = seed + t;
    if (t == 0) {  // the statistic itself against the reference on this scenario's first series (every 7th split)
      const auto q = energy_q(s.x);
      double scale = 0;
      for (double v : q) scale = std::max(scale, std::fabs(v));
      for (std::size_t k = 1; k < s.x.size(); k += 7) CHECK(q[k - 1] == doctest::Approx(ref_q(s.x, k)).epsilon(1e-9).scale(scale));
    }
    score(s, e_divisive(s.x, s.splits, opt), 0.05, sc);
  }
  return sc;
}

void report(const char* name, const Score& s) {
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "%-44s steps >= 5%%: %zu/%zu found within 1 commit (%.1f%%); all steps %zu/%zu; false change points %zu "
                "in %zu commits (%.2f per 100 commits)",
                name, s.big_found, s.big, 100 * s.recall_big(), s.all_found, s.all_steps, s.false_pos, s.commits,
                s.fp_per_100());
  MESSAGE(buf);
}

}  // namespace

TEST_CASE("e-divisive on synthetic histories: recall and false positives (Daly et al. ICPE 2020 check)") {
  // The check of the issue: steps of 2-10 % under +-3 % noise, 5 replicates per commit: every step
  // >= 5 % found within one commit, <= 1 false change point per 100 commits.
  const Score daly = run_scenario(101, 40, 100, 5, 6, 0.02, 0.10, Noise::Uniform, 0.03);
  report("steps 2-10%, uniform +-3% noise, 5 replicates", daly);
  CHECK(daly.big > 50);
  CHECK(daly.big_found == daly.big);
  CHECK(daly.fp_per_100() <= 1.0);
  // Harder: normal noise with sd 3 % (+-3 % is one sd).
  const Score normal = run_scenario(102, 40, 100, 5, 6, 0.02, 0.10, Noise::Normal, 0.03);
  report("steps 2-10%, normal sd 3% noise, 5 replicates", normal);
  CHECK(normal.fp_per_100() <= 1.0);
  const Score heavy = run_scenario(103, 40, 100, 5, 6, 0.02, 0.10, Noise::HeavyTail, 0.03);
  report("steps 2-10%, t3 noise (sd 3%), 5 replicates", heavy);
  CHECK(heavy.fp_per_100() <= 1.0);
  const Score outl = run_scenario(104, 40, 100, 5, 6, 0.02, 0.10, Noise::Uniform, 0.03, 0, 0.01);
  report("steps 2-10%, +-3%, 1% outlier runs x1.5", outl);
  CHECK(outl.fp_per_100() <= 1.0);
  const Score single = run_scenario(105, 40, 100, 1, 6, 0.05, 0.10, Noise::Uniform, 0.03);
  report("steps 5-10%, +-3%, no replicates", single);
  const Score none = run_scenario(106, 40, 100, 5, 0, 0, 0, Noise::Uniform, 0.03);
  report("no change, +-3%, 5 replicates", none);
  CHECK(none.fp_per_100() <= 1.0);
  // A slow drift (+0.1 % a commit, +10 % over the history): split into steps, reported here only.
  const Score drift = run_scenario(107, 20, 100, 5, 0, 0, 0, Noise::Uniform, 0.03, 0.001);
  char buf[160];
  std::snprintf(buf, sizeof buf, "slow drift +0.1%%/commit, +-3%%, 5 replicates: %.2f change points per 100 commits",
                100.0 * double(drift.found) / double(drift.commits));
  MESSAGE(buf);
  CHECK(drift.found > 0);
}
