#include "cuzk/stats/edivisive.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <queue>

#include "cuzk/util/error.hpp"

namespace cuzk::stats {

std::size_t Splitmix::below(std::size_t n) {
  // Lemire: the high word of a 64x64 product, rejecting the biased low range.
  const std::uint64_t bound = n;
  const std::uint64_t threshold = (0 - bound) % bound;
  while (true) {
    const unsigned __int128 m = (unsigned __int128)next() * bound;
    if (std::uint64_t(m) >= threshold) return std::size_t(m >> 64);
  }
}

std::uint64_t segment_seed(std::uint64_t seed, std::size_t begin, std::size_t end) {
  Splitmix g(seed ^ (std::uint64_t(begin) * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(end) << 32 | std::uint64_t(end) >> 32));
  return g.next();
}

namespace {

// The values of one segment by rank, and the Fenwick pass that scores every split of an order.
class Segment {
public:
  explicit Segment(std::span<const double> z) : n_(z.size()), s_(z.begin(), z.end()), d_(n_), fc_(n_ + 1), fs_(n_ + 1) {
    std::vector<std::size_t> idx(n_);
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return z[a] < z[b]; });
    // Centred on the median: sums of differences keep their digits.
    const double mid = n_ ? z[idx[n_ / 2]] : 0;
    order_.resize(n_);
    for (std::size_t r = 0; r < n_; ++r) {
      s_[r] = z[idx[r]] - mid;
      order_[idx[r]] = std::uint32_t(r);
    }
    // D_r = Σ_j |s_r − s_j| and the total Σ_{i<j} |s_i − s_j| from prefix sums of the sorted values.
    double all = 0;
    for (double v : s_) all += v;
    double below = 0;
    for (std::size_t r = 0; r < n_; ++r) {
      const double v = s_[r];
      d_[r] = v * double(r) - below + (all - below - v) - v * double(n_ - 1 - r);
      total_ += v * (2.0 * double(r) - double(n_) + 1);
      below += v;
    }
  }

  const std::vector<std::uint32_t>& order() const { return order_; }

  // The best allowed split of the values in `ord` (ranks in series order): (Q, tau), tau = 0 when
  // none is allowed. `allowed[tau]` for tau in 0..n. Every Q when `all_q` is given.
  std::pair<double, std::size_t> best(const std::vector<std::uint32_t>& ord, const std::vector<char>& allowed,
                                      std::vector<double>* all_q = nullptr) {
    std::fill(fc_.begin(), fc_.end(), 0u);
    std::fill(fs_.begin(), fs_.end(), 0.0);
    double a = 0, b = 0, inserted = 0;
    double best_q = -INFINITY;
    std::size_t best_tau = 0;
    const double n = double(n_);
    for (std::size_t t = 0; t + 1 < n_; ++t) {
      const std::uint32_t r = ord[t];
      const double v = s_[r];
      std::uint32_t c_less = 0;
      double s_less = 0;
      for (std::size_t i = r; i > 0; i &= i - 1) c_less += fc_[i], s_less += fs_[i];
      for (std::size_t i = r + 1; i <= n_; i += i & (0 - i)) ++fc_[i], fs_[i] += v;
      const double c_more = double(t) - double(c_less), s_more = inserted - s_less;
      const double l = v * double(c_less) - s_less + s_more - v * c_more;
      inserted += v;
      b += l;
      a += d_[r] - 2 * l;
      const std::size_t tau = t + 1;
      if (!allowed[tau] && !all_q) continue;
      const double m = double(tau), k = n - m, c = total_ - a - b;
      double e = 2 * a / (m * k);
      if (m >= 2) e -= 2 * b / (m * (m - 1));
      if (k >= 2) e -= 2 * c / (k * (k - 1));
      const double q = m * k / n * e;
      if (all_q) (*all_q)[t] = q;
      if (allowed[tau] && q > best_q) best_q = q, best_tau = tau;
    }
    return {best_q, best_tau};
  }

private:
  std::size_t n_;
  std::vector<double> s_, d_;  // sorted (centred) values; D by rank
  std::vector<std::uint32_t> order_;
  std::vector<std::uint32_t> fc_;
  std::vector<double> fs_;
  double total_ = 0;
};

struct Pending {
  double q;
  std::size_t tau, begin, end, seg;  // seg: index of its Segment (kept from the search to the test)
  bool operator<(const Pending& o) const { return q < o.q || (q == o.q && begin > o.begin); }
};

}  // namespace

std::size_t early_stop_permutations(const EDivisiveOptions& opt) {
  // p = 1 / (early + 1) must be <= alpha.
  return std::max(opt.early_permutations, std::size_t(std::ceil(1 / opt.alpha - 1e-9)) - 1);
}

std::vector<double> energy_q(std::span<const double> x) {
  std::vector<double> q(x.size() ? x.size() - 1 : 0);
  if (x.size() < 2) return q;
  Segment seg(x);
  std::vector<char> none(x.size() + 1, 0);
  seg.best(seg.order(), none, &q);
  return q;
}

std::vector<SplitPoint> e_divisive(std::span<const double> x, std::span<const std::size_t> splits,
                                   const EDivisiveOptions& opt) {
  for (double v : x)
    if (!std::isfinite(v)) throw Error(Error::Kind::Internal, "e_divisive: a value is not finite");
  if (x.size() > 0xFFFFFFFFu) throw Error(Error::Kind::BadInput, "e_divisive: more than 2^32 values");
  const std::size_t min = std::max<std::size_t>(opt.min_size, 1);
  std::vector<char> allowed_at(x.size() + 1, splits.empty() ? 1 : 0);
  for (std::size_t s : splits)
    if (s < allowed_at.size()) allowed_at[s] = 1;

  std::vector<std::unique_ptr<Segment>> segs;  // the pending segments' values by rank
  // The best split of [b, e), or nothing when no allowed split leaves `min` values on each side.
  auto candidate = [&](std::size_t b, std::size_t e, std::priority_queue<Pending>& heap) {
    if (e - b < 2 * min) return;
    std::vector<char> allowed(e - b + 1, 0);
    bool any = false;
    for (std::size_t t = min; t + min <= e - b; ++t) {
      allowed[t] = allowed_at[b + t];
      any = any || allowed[t];
    }
    if (!any) return;
    auto seg = std::make_unique<Segment>(x.subspan(b, e - b));
    const auto [q, tau] = seg->best(seg->order(), allowed);
    if (tau > 0 && q > 0) {
      heap.push({q, tau, b, e, segs.size()});
      segs.push_back(std::move(seg));
    }
  };

  std::priority_queue<Pending> heap;
  candidate(0, x.size(), heap);
  std::vector<SplitPoint> out;
  const std::size_t stop_at = std::size_t(std::floor(opt.alpha * double(opt.max_permutations + 1)));
  const std::size_t early = early_stop_permutations(opt);
  while (!heap.empty() && out.size() < opt.max_change_points) {
    const Pending c = heap.top();
    heap.pop();
    const std::size_t n = c.end - c.begin;
    const std::unique_ptr<Segment> held = std::move(segs[c.seg]);
    Segment& seg = *held;
    std::vector<char> allowed(n + 1, 0);
    for (std::size_t t = min; t + min <= n; ++t) allowed[t] = allowed_at[c.begin + t];
    Splitmix rng(segment_seed(opt.seed, c.begin, c.end));
    std::vector<std::uint32_t> ord = seg.order();
    std::size_t done = 0, exceed = 0;
    double max_perm = 0;
    while (done < opt.max_permutations) {
      rng.shuffle(ord);
      const double qp = seg.best(ord, allowed).first;
      ++done;
      max_perm = std::max(max_perm, qp);
      if (qp >= c.q - 1e-9 * std::fabs(c.q)) ++exceed;
      if (exceed >= std::max<std::size_t>(stop_at, 1)) break;  // futile: p > alpha already
      if (done == early && exceed == 0 && c.q >= opt.early_margin * max_perm) break;
    }
    const double p = double(exceed + 1) / double(done + 1);
    if (p > opt.alpha) continue;
    out.push_back({c.begin + c.tau, c.q, p, done, c.begin, c.end});
    candidate(c.begin, c.begin + c.tau, heap);
    candidate(c.begin + c.tau, c.end, heap);
  }
  std::sort(out.begin(), out.end(), [](const SplitPoint& a, const SplitPoint& b) { return a.index < b.index; });
  return out;
}

}  // namespace cuzk::stats
