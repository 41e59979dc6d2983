#pragma once
// Shoup's product by a fixed factor (V. Shoup, NTL's MulModPrecon; D. Harvey, "Faster
// arithmetic for number-theoretic transforms", 2014, §2), in N 32-bit limbs, B = 32N.
//
// For a factor w < p stored with its quotient w' = ⌊w·2^B / p⌋, and any x < 2p:
//   q = ⌊x·w' / 2^B⌋ (or one less),  r = x·w − q·p ∈ [0, 2p),
// then one conditional subtraction. x·w' / 2^B ≥ x·w/p − x/2^B and x < 2p < 2^B give
// q ≥ ⌊x·w/p⌋ − 1. The high half is computed truncated (the limb products below column
// N − 2, and the low words of column N − 2, are left out): that lowers x·w'/2^B by less
// than 2N/2^32, still < 1 together with x/2^B, so r < 2p holds; r is then exact from the
// low halves alone (r < 2^B). IMAD count (Fr, N = 8): 79 for the truncated high half +
// 64 + 64 for the two low halves = 207, against 4N² + N = 264 for the Montgomery product.
//
// Montgomery form passes through: with x = aR mod p and w the *canonical* factor, the
// result is (a·w)R mod p. The tables keep (canonical w, w'); from a factor's Montgomery
// form m = wR mod p (R = 2^B), w = m·R⁻¹ (Field::canonical) and, since w·2^B = w'·p + m,
// w' = m·(−p⁻¹) mod 2^B (a low-half product): shoup_factor below.
#include <cstdint>

#include "cuzk/cuda/field.cuh"

namespace cuzk::cuda {

template <class F>
struct ShoupConst {
  static constexpr int N = F::N;
  struct Limbs {
    std::uint32_t v[N];
  };
  // a·b mod 2^(32N)
  CUZK_HD_INLINE static constexpr Limbs mul_low(const Limbs& a, const Limbs& b) {
    Limbs r{};
    for (int i = 0; i < N; ++i) {
      std::uint64_t c = 0;
      for (int j = 0; i + j < N; ++j) {
        c += std::uint64_t(r.v[i + j]) + std::uint64_t(a.v[j]) * b.v[i];
        r.v[i + j] = std::uint32_t(c);
        c >>= 32;
      }
    }
    return r;
  }
  // −p⁻¹ mod 2^(32N), from the host field's modulus with its own multi-limb helpers (ff::bi):
  // Newton's x ← x·(2 − p·x) mod R, each step doubling the correct low bits (x = 1 is right
  // mod 2 as p is odd; 9 steps give 512 ≥ 64·Host::N bits), then negated.
  static constexpr auto kNegPinv = [] {
    namespace bi = ff::bi;
    constexpr std::size_t H = F::HostType::N;
    auto x = bi::from_u64<H>(1);
    for (int step = 0; step < 9; ++step) {
      auto two_minus = bi::from_u64<H>(2);
      bi::sub(two_minus, bi::mul(F::HostType::P, x));
      x = bi::mul(x, two_minus);
    }
    ff::Limbs<H> neg{};
    bi::sub(neg, x);
    return neg;
  }();
  static_assert([] {  // p·(−p⁻¹) ≡ −1 mod R: every limb all ones
    for (auto l : ff::bi::mul(F::HostType::P, kNegPinv))
      if (l != ~std::uint64_t(0)) return false;
    return true;
  }(), "−p⁻¹ mod 2^B is wrong");
  CUZK_HD_INLINE static constexpr std::uint32_t neg_pinv(int i) {
    constexpr auto q = kNegPinv;
    return std::uint32_t(q[i / 2] >> (32 * (i & 1)));
  }
};

#if defined(__CUDA_ARCH__)
namespace shoup_detail {
// acc += a·b mod 2^(32N): rows over b's limbs, each an even and an odd chain of (lo, hi)
// words as in Field::mul_rows, words above limb N − 1 and the carries out of it dropped.
template <int N>
__device__ __forceinline__ void mul_low_acc(std::uint32_t (&acc)[N], const std::uint32_t (&a)[N],
                                            const std::uint32_t (&b)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) {
#pragma unroll
    for (int par = 0; par < 2; ++par) {
      bool first = true;
#pragma unroll
      for (int j = par; i + j < N; j += 2) {
        if (first)
          asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(acc[i + j]) : "r"(a[j]), "r"(b[i]));
        else
          asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(acc[i + j]) : "r"(a[j]), "r"(b[i]));
        first = false;
        if (i + j + 1 < N)
          asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(acc[i + j + 1]) : "r"(a[j]), "r"(b[i]));
      }
    }
  }
}
}  // namespace shoup_detail
#endif

// The (canonical factor, quotient) pair of a factor given in Montgomery form m.
template <class F>
CUZK_HD_INLINE void shoup_factor(const F& m, F& w, F& wq) {
  using C = ShoupConst<F>;
  w = m.canonical();
  typename C::Limbs a{}, b{};
  for (int i = 0; i < F::N; ++i) a.v[i] = m.v[i], b.v[i] = C::neg_pinv(i);
  const typename C::Limbs q = C::mul_low(a, b);
  for (int i = 0; i < F::N; ++i) wq.v[i] = q.v[i];
}

// x·w mod p for x < 2p, w < p canonical, wq = ⌊w·2^B/p⌋; result < p.
template <class F>
CUZK_HD_INLINE F shoup_mul(const F& x, const F& w, const F& wq) {
  constexpr int N = F::N;
  F r;
#if defined(__CUDA_ARCH__)
  // 1. q: the high half of x·wq from the limb products at columns ≥ N − 2 (high words) and
  // ≥ N − 1 (low words), accumulated in t[N−1 .. 2N] with mul_rows' even/odd chains: row i
  // (factor wq_i) adds the even j's (lo, hi)(x_j·wq_i) at limbs (i+j, i+j+1), then the odd
  // j's; each chain starts at its first kept word and its carry lands in a limb that holds
  // at most 1 (as in Field::mul_rows: the partial sums are bounded by the full product's).
  std::uint32_t t[2 * N + 1];
#pragma unroll
  for (int k = 0; k < 2 * N + 1; ++k) t[k] = 0;
#pragma unroll
  for (int i = 0; i < N; ++i) {
    const std::uint32_t b = wq.v[i];
#pragma unroll
    for (int par = 0; par < 2; ++par) {
      bool first = true;
#pragma unroll
      for (int j = par; j < N; j += 2) {
        if (i + j >= N - 1) {
          if (first)
            asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + j]) : "r"(x.v[j]), "r"(b));
          else
            asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + j]) : "r"(x.v[j]), "r"(b));
          first = false;
        }
        if (i + j >= N - 2) {
          if (first)
            asm volatile("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + j + 1]) : "r"(x.v[j]), "r"(b));
          else
            asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + j + 1]) : "r"(x.v[j]), "r"(b));
          first = false;
        }
      }
      const int top = i + (par ? N - 1 : N - 2) + 2;  // the limb above the chain's last word
      if (top < 2 * N) asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[top]));
    }
  }
  // 2. r = x·w − q·p mod 2^B: two low halves (words at limbs ≤ N − 1 only; carries out of
  // limb N − 1 are dropped), then one subtraction chain.
  std::uint32_t u[N], s[N], pl[N], q[N];
#pragma unroll
  for (int k = 0; k < N; ++k) u[k] = 0, s[k] = 0, pl[k] = F::p(k), q[k] = t[N + k];
  shoup_detail::mul_low_acc(u, x.v, w.v);
  shoup_detail::mul_low_acc(s, pl, q);
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r.v[0]) : "r"(u[0]), "r"(s[0]));
#pragma unroll
  for (int k = 1; k < N; ++k) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r.v[k]) : "r"(u[k]), "r"(s[k]));
#else
  // The portable path (nvcc's host pass): the same truncated quotient, in 64-bit words.
  std::uint64_t t[2 * N + 1] = {};
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      const std::uint64_t prod = std::uint64_t(x.v[j]) * wq.v[i];
      std::uint64_t add[2] = {i + j >= N - 1 ? (prod & 0xffffffffu) : 0, i + j >= N - 2 ? (prod >> 32) : 0};
      for (int h = 0; h < 2; ++h) {
        std::uint64_t c = add[h];
        for (int k = i + j + h; c && k < 2 * N + 1; ++k) {
          c += t[k];
          t[k] = c & 0xffffffffu;
          c >>= 32;
        }
      }
    }
  std::uint64_t c = 0;
  std::uint32_t u[N] = {}, s[N] = {};
  for (int i = 0; i < N; ++i) {  // u = x·w, s = q·p, both mod 2^B
    std::uint64_t cu = 0, cs = 0;
    for (int j = 0; i + j < N; ++j) {
      cu += std::uint64_t(u[i + j]) + std::uint64_t(x.v[j]) * w.v[i];
      u[i + j] = std::uint32_t(cu);
      cu >>= 32;
      cs += std::uint64_t(s[i + j]) + std::uint64_t(F::p(j)) * std::uint32_t(t[N + i]);
      s[i + j] = std::uint32_t(cs);
      cs >>= 32;
    }
  }
  for (int k = 0; k < N; ++k) {
    std::int64_t d = std::int64_t(u[k]) - std::int64_t(s[k]) - std::int64_t(c);
    r.v[k] = std::uint32_t(d);
    c = d < 0 ? 1 : 0;
  }
#endif
  r.reduce_once();
  return r;
}

}  // namespace cuzk::cuda
