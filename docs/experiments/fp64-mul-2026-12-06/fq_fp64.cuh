#pragma once
// Experiment (issue 18, not product code): Fq Montgomery multiplication with the limb products
// on the FP64 pipe, after Emmart, Zheng and Weems, "Faster Modular Exponentiation Using Double
// Precision Floating Point Arithmetic on the GPU" (ARITH 2018). The question it answers: can an
// Fq product whose partial products run as DFMA (a pipe the MSM leaves idle) share the SM with
// the integer product (bound on the FMA-heavy pipe) so that more products a second get done?
//
// Representation: 8 digits of 48 bits (8·48 = 384, so R = 2^384, the integer product's own
// Montgomery radix: inputs and outputs are DFq values, bit for bit). A digit x < 2^48 is an
// exact double. For digits x, y (xy < 2^96):
//   hi  = fma_rz(x, y, 2^100)        = 2^100 + H·2^48, H = ⌊xy / 2^48⌋ (ulp 2^48 in [2^100, 2^101))
//   sub = (2^100 + 2^52) − hi        = 2^52 − H·2^48, exact
//   lo  = fma(x, y, sub)             = 2^52 + L,  L = xy − H·2^48 ∈ [0, 2^48), exact
// so bits(hi) − bits(2^100) = H and bits(lo) − bits(2^52) = L: the mantissas are the integers.
// Columns are summed as 64-bit integers (each column starts at minus its constants' bits, so
// the sums are the true values): 3 FP64 operations and two 64-bit adds a digit product.
// SOS: the 64 products of a·b, then 8 rounds m_i = (c_i·(−p⁻¹)) mod 2^48 adding m_i·p (64 more),
// each round's column divisible by 2^48 after it, its quotient carried up. Bounds: a column
// takes ≤ 32 terms < 2^49 (< 2^54; a square's hi terms reach 2^49) plus a small carry, far
// inside 64 bits; inputs < 2p give a result < 1.5p.
//
// Host builds (g++ or nvcc's host pass) use std::fma; the caller must set FE_TOWARDZERO (only
// hi's fma rounds; every other operation is exact in any mode).
#include <cstdint>
#include <cstring>
#if !defined(__CUDA_ARCH__)
#include <cmath>
#endif

#include "cuzk/cuda/curves.cuh"

namespace cuzk::cuda::fp64x {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

inline constexpr double kC1 = 0x1p100, kC2 = 0x1p100 + 0x1p52, kTwo52 = 0x1p52;
inline constexpr u64 kB1 = u64(1023 + 100) << 52, kB52 = u64(1023 + 52) << 52;  // their bits
inline constexpr u64 kM48 = (u64(1) << 48) - 1;
static_assert((kB52 & kM48) == 0 && (kB1 & kM48) == 0, "the constants' bits vanish mod 2^48");
static_assert(kC2 - kC1 == kTwo52, "2^100 + 2^52 must be exact");

CUZK_DFI double as_d(u64 x) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double(static_cast<long long>(x));
#else
  double d;
  std::memcpy(&d, &x, 8);
  return d;
#endif
}
CUZK_DFI u64 as_u(double d) {
#if defined(__CUDA_ARCH__)
  return static_cast<u64>(__double_as_longlong(d));
#else
  u64 x;
  std::memcpy(&x, &d, 8);
  return x;
#endif
}
CUZK_DFI double fma_rz(double a, double b, double c) {
#if defined(__CUDA_ARCH__)
  return __fma_rz(a, b, c);
#else
  return std::fma(a, b, c);  // under FE_TOWARDZERO (the caller's)
#endif
}

// p's digits (48 bits each) from the host's 64-bit limbs.
CUZK_DFI constexpr u64 p_digit(int k) {
  constexpr auto P = bls12_381::Fq::P;
  const int bit = 48 * k, w = bit / 64, s = bit % 64;
  u64 d = P[w] >> s;
  if (s > 16 && w + 1 < 6) d |= P[w + 1] << (64 - s);
  return d & kM48;
}
CUZK_DFI constexpr double p_double(int k) { return double(p_digit(k)); }
inline constexpr u64 kPinv = bls12_381::Fq::INV & kM48;  // −p⁻¹ mod 2^48
// Number of (i, j) in [0, 8)² with i + j = k, and of those with i ≤ j (a square's products).
constexpr int pairs(int k) { return k < 0 || k > 14 ? 0 : (k < 8 ? k + 1 : 15 - k); }
constexpr int half_pairs(int k) { return k < 0 || k > 14 ? 0 : (pairs(k) + 1 - (k & 1)) / 2; }
// Column k's start value: minus the constant bits of its lo terms and hi terms (those of the
// product or square, and pairs(k) / pairs(k − 1) of the 8 rounds' m·p).
template <bool Square>
constexpr u64 column_start(int k) {
  const int plo = Square ? half_pairs(k) : pairs(k), phi = Square ? half_pairs(k - 1) : pairs(k - 1);
  return u64(0) - (u64(plo + pairs(k)) * kB52 + u64(phi + pairs(k - 1)) * kB1);
}

// A digit (< 2^48) as an exact double: its bits under 2^52's exponent, less 2^52.
CUZK_DFI double digit_to_double(u64 d) { return as_d(d | kB52) - kTwo52; }

// DFq (12 × 32-bit limbs, < 2^384) → 8 digits as doubles.
CUZK_DFI void to_digits(const DFq& a, double (&x)[8]) {
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    const u32 v0 = a.v[3 * q], v1 = a.v[3 * q + 1], v2 = a.v[3 * q + 2];
    const u64 d0 = u64(v0) | (u64(v1 & 0xffffu) << 32);
    const u64 d1 = u64((v1 >> 16) | (v2 << 16)) | (u64(v2 >> 16) << 32);
    x[2 * q] = digit_to_double(d0);
    x[2 * q + 1] = digit_to_double(d1);
  }
}

// 8 normalised digits (< 2^48, the value < 2p) → DFq, canonical.
CUZK_DFI DFq from_digits(const u64 (&d)[8]) {
  DFq r;
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    const u64 d0 = d[2 * q], d1 = d[2 * q + 1];
    r.v[3 * q] = u32(d0);
    r.v[3 * q + 1] = u32(d0 >> 32) | (u32(d1) << 16);
    r.v[3 * q + 2] = u32(d1 >> 16);
  }
  r.reduce_once();
  return r;
}

// One digit product into its two columns.
CUZK_DFI void digit_product(double x, double y, u64& lo_col, u64& hi_col) {
  const double hi = fma_rz(x, y, kC1);
  const double sub = kC2 - hi;
  const double lo = fma_rz(x, y, sub);
  hi_col += as_u(hi);
  lo_col += as_u(lo);
}

// The 8 Montgomery rounds on the columns, then the result (canonical) from columns 8 .. 15.
CUZK_DFI DFq reduce(u64 (&c)[16]) {
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    // c[i] still holds minus bits(2^52) for round i's own m·p0 lo term, not yet added:
    // a multiple of 2^52, so m (mod 2^48) is unchanged by it.
    const u64 m = (c[i] * kPinv) & kM48;
    const double md = digit_to_double(m);
#pragma unroll
    for (int j = 0; j < 8; ++j) digit_product(md, p_double(j), c[i + j], c[i + j + 1]);
    c[i + 1] += c[i] >> 48;  // c[i] ≡ 0 mod 2^48 now
  }
  // columns 8 .. 15 (c[8] has round 7's carry): normalised to 48-bit digits
  u64 d[8], carry = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    const u64 t = c[8 + k] + carry;
    d[k] = t & kM48;
    carry = t >> 48;
  }
  return from_digits(d);
}

// a·b·2^-384 mod p, canonical (< p), for a, b < 2p: equal to DFq's operator*.
CUZK_DFI DFq mul(const DFq& a, const DFq& b) {
  double x[8], y[8];
  to_digits(a, x);
  to_digits(b, y);
  u64 c[16];
#pragma unroll
  for (int k = 0; k < 16; ++k) c[k] = column_start<false>(k);
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) digit_product(x[i], y[j], c[i + j], c[i + j + 1]);
  return reduce(c);
}

// a²·2^-384 mod p, canonical, for a < 2p: the 28 products x_i·x_j (i < j) once with 2·x_i (exact;
// 2·x_i·x_j < 2^97 keeps hi in [2^100, 2^101)), the 8 squares x_i², then the same rounds: 100
// digit products against mul's 128.
CUZK_DFI DFq sqr(const DFq& a) {
  double x[8];
  to_digits(a, x);
  u64 c[16];
#pragma unroll
  for (int k = 0; k < 16; ++k) c[k] = column_start<true>(k);
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    digit_product(x[i], x[i], c[2 * i], c[2 * i + 1]);
    const double x2 = x[i] + x[i];
#pragma unroll
    for (int j = i + 1; j < 8; ++j) digit_product(x2, x[j], c[i + j], c[i + j + 1]);
  }
  return reduce(c);
}

// Product scanning (FIPS: Koç–Acar–Kaliski's finely integrated product scanning): column k's
// products and round k together, so only two columns are live (cur, nxt) against SOS's 16, and
// the 8 m digits as doubles: fewer registers for the same digit products. Square = true: a²
// from the square's 36 products (2·x_i·x_j for i < j, x_i²); b is not read. Same result as
// mul / sqr, bit for bit.
template <bool Square>
CUZK_DFI DFq mul_fips(const DFq& a, const DFq& b) {
  double x[8], y[8], m[8];
  to_digits(a, x);
  if constexpr (Square) {
#pragma unroll
    for (int i = 0; i < 8; ++i) y[i] = x[i] + x[i];  // 2·x_i for the off-diagonal products
  } else {
    to_digits(b, y);
  }
  u64 cur = column_start<Square>(0), nxt = column_start<Square>(1), d[8];
#pragma unroll
  for (int k = 0; k < 16; ++k) {
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const int j = k - i;
      if (j < 0 || j > 7) continue;
      if constexpr (Square) {
        if (i > j) continue;
        digit_product(x[i], i == j ? x[i] : y[j], cur, nxt);  // y[j] = 2·x_j: 2·x_i·x_j as x_i·(2·x_j)
      } else {
        digit_product(x[i], y[j], cur, nxt);
      }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const int j = k - i;
      if (j < 1 || j > 7 || i >= k) continue;  // m_i·p_j for i < k (round k's own p0 below)
      digit_product(m[i], p_double(j), cur, nxt);
    }
    if (k < 8) {
      const u64 mk = (cur * kPinv) & kM48;  // cur lacks only m_k·p0's lo: its bias is 0 mod 2^48
      m[k] = digit_to_double(mk);
      digit_product(m[k], p_double(0), cur, nxt);
    } else {
      d[k - 8] = cur & kM48;
    }
    nxt += cur >> 48;
    cur = nxt;
    nxt = k + 2 < 16 ? column_start<Square>(k + 2) : 0;
  }
  return from_digits(d);
}

}  // namespace cuzk::cuda::fp64x
