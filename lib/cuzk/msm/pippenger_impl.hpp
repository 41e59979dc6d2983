#pragma once
// The template bodies of pippenger() and msm_naive() (pippenger.hpp) with their helpers, for
// the files that instantiate them: pippenger.cpp (BLS12-381) and pippenger_bn254.cpp (BN254).
// One curve per translation unit on purpose: GCC's inlining budget is per unit, and the
// BLS12-381 code must compile as before BN254 existed. Not for other includers.
#include "cuzk/msm/pippenger.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/ec/xyzz.hpp"
#include "cuzk/msm/batch_buckets.hpp"

namespace cuzk::msm {

namespace {

using ff::Limbs;
using ff::u64;
namespace bi = ff::bi;

constexpr unsigned SCALAR_BITS = 255;  // scalars are reduced below r < 2^255
constexpr unsigned MAX_WINDOW = 16;    // digits are stored in 16 bits
constexpr std::uint16_t NO_DIGIT = 0xFFFF;
constexpr std::uint16_t NEG = 0x8000;

// Windows of width c covering `bits` bits plus the carry out of the last signed digit:
// ⌊bits/c⌋ + 1 windows, so W·c ≥ bits + 1 and the top digit is at most 2^(c−1) (no carry).
unsigned num_windows(unsigned c, unsigned bits = SCALAR_BITS) { return bits / c + 1; }

unsigned bit_length(const Limbs<4>& k) {
  for (unsigned l = 4; l-- > 0;)
    if (k[l]) return 64 * l + 64 - unsigned(__builtin_clzll(k[l]));
  return 0;
}

// Bits [off, off + c) of k, c ≤ 16.
inline unsigned extract(const Limbs<4>& k, unsigned off, unsigned c) {
  unsigned limb = off / 64, sh = off % 64;
  if (limb >= 4) return 0;
  u64 v = k[limb] >> sh;
  if (sh + c > 64 && limb + 1 < 4) v |= k[limb + 1] << (64 - sh);
  return unsigned(v & ((u64(1) << c) - 1));
}

// Signed digits of k: d_w = raw_w + carry; d_w > 2^(c−1) becomes d_w − 2^c with carry 1.
// Stored as bucket index |d| − 1 with NEG for negative digits, NO_DIGIT for 0.
inline void signed_digits(const Limbs<4>& k, unsigned c, unsigned W, std::uint16_t* out, std::size_t stride) {
  const unsigned half = 1u << (c - 1), full = 1u << c;
  unsigned carry = 0;
  for (unsigned w = 0; w < W; ++w) {
    unsigned d = extract(k, w * c, c) + carry;
    carry = 0;
    std::uint16_t code;
    if (d == 0) {
      code = NO_DIGIT;
    } else if (d > half && w + 1 < W) {
      d = full - d;  // digit −d, carry into the next window
      carry = 1;
      code = d == 0 ? NO_DIGIT : std::uint16_t(NEG | (d - 1));
    } else {
      code = std::uint16_t(d - 1);
    }
    out[w * stride] = code;
  }
}

// GLV on G1 (Gallant–Lambert–Vanstone 2001): φ(x, y) = (β·x, y) acts as [−x²] on G1, so
// with L = x² (128 bits) and k = q·L + rem (rem < L, q < r/L < 2^128):
//   k·P = rem·P + q·[x²]P = rem·P + q·(−φ(P)),
// two 128-bit scalars in place of one 255-bit one. q = ⌊k/L⌋ by Barrett: q̂ = ⌊k·M/2^256⌋
// with M = ⌊2^256/L⌋ is ⌊k/L⌋ or one less (k < 2^256), fixed by one comparison.
constexpr Limbs<4> GLV_L = {0x0000000100000000ull, 0xac45a4010001a402ull, 0, 0};   // x²
constexpr Limbs<8> GLV_M = {0x63f6e522f6cfee2eull, 0x7c6becf1e01faaddull, 1, 0, 0, 0, 0, 0};  // ⌊2^256/x²⌋
static_assert(bls12_381::subgroup_detail::kSeedAbs == 0xd201000000010000ull);

inline void glv_split(const Limbs<4>& k, Limbs<4>& rem, Limbs<4>& q) {
  const Limbs<8> prod = bi::mul<8>(bi::resize<8>(k), GLV_M);
  q = Limbs<4>{prod[4], prod[5], 0, 0};  // prod < 2^384 and q̂ ≤ k/L < 2^128: limbs 6, 7 are 0
  rem = k;
  bi::sub(rem, bi::mul<4>(q, GLV_L));
  if (bi::cmp(rem, GLV_L) >= 0) {
    bi::sub(rem, GLV_L);
    bi::add(q, bi::from_u64<4>(1));
  }
}

// Which curves split scalars by GLV: Glv<Curve>::split(k, rem, q) gives k·P = rem·P + q·(−φ(P))
// with both halves below 2^128, and Glv<Curve>::beta the β of φ(x, y) = (β·x, y).
// BLS12-381 G1 here; BN254 G1 in pippenger_bn254.cpp (each curve's constants stay in its own
// translation unit).
template <class Curve>
struct Glv {
  static constexpr bool enabled = false;
};
template <>
struct Glv<bls12_381::G1Curve> {
  static constexpr bool enabled = true;
  static void split(const Limbs<4>& k, Limbs<4>& rem, Limbs<4>& q) { glv_split(k, rem, q); }
  static constexpr const bls12_381::Fq& beta = bls12_381::subgroup_detail::kBeta;
};

inline bool is_one(const Limbs<4>& k) { return k[0] == 1 && (k[1] | k[2] | k[3]) == 0; }
inline bool is_zero(const Limbs<4>& k) { return (k[0] | k[1] | k[2] | k[3]) == 0; }

// Cost model in mixed additions: n per window plus 2·2^(c−1) full additions (≈ 1.4 madd each).
double model_cost(std::size_t n, unsigned bits, unsigned c) {
  return double(num_windows(c, bits)) * (double(n) + 1.4 * double(1u << c));
}

double best_cost(std::size_t n, unsigned bits) { return model_cost(n, bits, choose_window(n, bits)); }

// GLV pays when 2n points of 128 bits (plus one Fq mul ≈ 5 % of a madd for β·x on half of
// them) cost less than n points of `bits` bits. It does not at 2^20 (window 16 is the cap:
// 16 windows of 2^20 against 9 of 2^21). A forced window keeps GLV on (tests use both).
bool glv_pays(std::size_t n, unsigned bits, unsigned forced_window) {
  if (forced_window) return true;
  return 1.025 * best_cost(2 * n, 128) < best_cost(n, bits);
}

}  // namespace

template <class Curve>
ec::Jacobian<Curve> pippenger(const ec::Affine<Curve>* points, const Limbs<4>* scalars, std::size_t n,
                              const MsmConfig& cfg) {
  using Aff = ec::Affine<Curve>;
  using Jac = ec::Jacobian<Curve>;
  using Bucket = ec::XYZZ<Curve>;
  constexpr Limbs<4> R = Curve::Scalar::P;

  // ---- classify: skip 0 and infinity, sum the 1s directly, keep the rest -----------
  std::vector<std::uint32_t> big;
  std::vector<Limbs<4>> big_k;
  std::vector<std::uint32_t> ones;
  unsigned bits = 0;  // the longest remaining scalar: short scalars (e.g. 64-bit random
                      // coefficients of a batched check) need fewer windows
  for (std::size_t i = 0; i < n; ++i) {
    const Limbs<4>& k = scalars[i];
    if (is_zero(k) || points[i].inf) continue;
    if (is_one(k)) {
      ones.push_back(std::uint32_t(i));
      continue;
    }
    Limbs<4> kr = k;
    while (bi::cmp(kr, R) >= 0) bi::sub(kr, R);  // precondition is k < r; keep it safe anyway
    if (is_zero(kr)) continue;
    big.push_back(std::uint32_t(i));
    big_k.push_back(kr);
    bits = std::max(bits, bit_length(kr));
  }

  Bucket ones_sum = tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, ones.size(), 1024), Bucket::infinity(),
      [&](const tbb::blocked_range<std::size_t>& rg, Bucket acc) {
        for (std::size_t j = rg.begin(); j != rg.end(); ++j) acc = acc.add_mixed(points[ones[j]]);
        return acc;
      },
      [](const Bucket& a, const Bucket& b) { return a + b; });
  Jac result = ones_sum.to_jacobian();

  std::size_t m = big.size();
  if (m == 0) return result;

  // ---- GLV on G1: entries m..2m−1 stand for −φ(P) with the high halves ----------------
  std::size_t m_plain = m;  // entries j ≥ m_plain use −φ(points[big[j − m_plain]])
  if constexpr (Glv<Curve>::enabled) {
    if (cfg.endomorphism && bits > 128 && glv_pays(m, bits, cfg.window_bits)) {
      big_k.resize(2 * m);
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, m, 4096), [&](const auto& rg) {
        for (std::size_t j = rg.begin(); j != rg.end(); ++j) Glv<Curve>::split(Limbs<4>(big_k[j]), big_k[j], big_k[m + j]);
      });
      bits = 0;
      for (const auto& k : big_k) bits = std::max(bits, bit_length(k));
      m *= 2;
    }
  }

  // ---- signed digits, stored window-major -------------------------------------------
  const unsigned c = cfg.window_bits ? std::clamp(cfg.window_bits, 1u, MAX_WINDOW) : choose_window(m, bits);
  const unsigned W = num_windows(c, bits);
  const std::size_t nb = std::size_t(1) << (c - 1);
  std::vector<std::uint16_t> digits(std::size_t(W) * m);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, m, 4096), [&](const auto& rg) {
    for (std::size_t j = rg.begin(); j != rg.end(); ++j) signed_digits(big_k[j], c, W, digits.data() + j, m);
  });
  std::vector<Limbs<4>>().swap(big_k);

  // Batch-affine buckets pay off when a batch (nb/4, at most 512) shares an inversion
  // among enough additions; small windows keep XYZZ buckets.
  const std::size_t batch = std::min<std::size_t>(512, nb / 4);
  const bool use_batch = cfg.batch_affine && batch >= 128;

  // ---- tasks: windows × slices of the points ------------------------------------------
  const std::size_t slices = choose_slices(m, nb, W, std::size_t(std::max(1, tbb::this_task_arena::max_concurrency())),
                                           use_batch);
  std::vector<Bucket> partial(std::size_t(W) * slices);

  // The point of entry j with its digit's sign (entries ≥ m_plain: −φ(P) = (β·x, −y)).
  auto point = [&](std::size_t j, std::uint16_t d) {
    bool neg = d & NEG;
    Aff p;
    if (j < m_plain) {
      p = points[big[j]];
    } else if constexpr (Glv<Curve>::enabled) {
      p = points[big[j - m_plain]];
      p.x *= Glv<Curve>::beta;
      neg = !neg;
    }
    return neg ? -p : p;
  };
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, partial.size(), 1), [&](const auto& rg) {
    std::vector<Bucket> buckets;
    std::optional<detail::BatchAffineBuckets<Curve>> ab;
    if (use_batch) ab.emplace(nb, batch);
    else buckets.resize(nb);
    for (std::size_t task = rg.begin(); task != rg.end(); ++task) {
      const std::size_t w = task / slices, s = task % slices;
      const std::size_t lo = m * s / slices, hi = m * (s + 1) / slices;
      const std::uint16_t* dig = digits.data() + w * m;
      std::size_t top = 0;  // one past the highest bucket used
      if (use_batch) {
        ab->reset();
        constexpr std::size_t PF = 16;
        for (std::size_t j = lo; j < hi; ++j) {
          if (j + PF < hi && dig[j + PF] != NO_DIGIT) ab->prefetch(dig[j + PF] & ~NEG);
          const std::uint16_t d = dig[j];
          if (d == NO_DIGIT) continue;
          const std::uint32_t b = d & ~NEG;
          ab->add(b, point(j, d));
          top = std::max<std::size_t>(top, b + 1);
        }
        ab->finish();
        partial[task] = ab->running_sum(top);
        continue;
      }
      std::fill(buckets.begin(), buckets.end(), Bucket::infinity());
      constexpr std::size_t PF = 8;
      for (std::size_t j = lo; j < hi; ++j) {
        if (j + PF < hi && dig[j + PF] != NO_DIGIT) __builtin_prefetch(&buckets[dig[j + PF] & ~NEG], 1);
        const std::uint16_t d = dig[j];
        if (d == NO_DIGIT) continue;
        const std::size_t b = d & ~NEG;
        buckets[b] = buckets[b].add_mixed(point(j, d));
        top = std::max(top, b + 1);
      }
      // running sum: T = Σ_b (b + 1)·B_b
      Bucket run = Bucket::infinity(), tot = Bucket::infinity();
      for (std::size_t b = top; b-- > 0;) {
        run += buckets[b];
        tot += run;
      }
      partial[task] = tot;
    }
  });

  // ---- combine: Σ_w 2^(cw)·S_w by Horner ------------------------------------------------
  Jac acc;
  for (unsigned w = W; w-- > 0;) {
    for (unsigned i = 0; i < c && !acc.is_inf(); ++i) acc = acc.dbl();
    Bucket sw = Bucket::infinity();
    for (std::size_t s = 0; s < slices; ++s) sw += partial[w * slices + s];
    acc += sw.to_jacobian();
  }
  return acc + result;
}

template <class Curve>
ec::Jacobian<Curve> msm_naive(const ec::Affine<Curve>* points, const Limbs<4>* scalars, std::size_t n) {
  ec::Jacobian<Curve> acc;
  for (std::size_t i = 0; i < n; ++i) acc += ec::Jacobian<Curve>::from_affine(points[i]).mul(scalars[i]);
  return acc;
}

}  // namespace cuzk::msm
