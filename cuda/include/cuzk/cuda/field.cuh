#pragma once
// Device prime field: the host `ff::Mont<Cfg>` value in 32-bit limbs, same Montgomery
// radix R = 2^(64·Host::N) (so R = 2^256 for Fr, 2^384 for Fq) and the same little-endian
// byte layout, so arrays move between host and device with a plain memcpy.
//
// Multiplication is separated operand scanning (SOS, Koç–Acar–Kaliski 1996): the full
// 2N-limb product, then N reduction rounds. On the device each row is two PTX carry
// chains (mad.lo.cc / madc.hi.cc), one over the even and one over the odd limbs of a, so
// that the lo and hi halves of a_j·b land on consecutive result limbs with no carry
// rippling (the "even/odd" split of sppark's mont_t and of Emmart–Weems, "Optimizing
// modular multiplication for NVIDIA's Maxwell GPUs", 2016). Reduction carries that would
// ripple are parked in one register and added one limb higher in the next round. For Fq the
// product (and a·b + c·d, and the square) instead splits its limb pairs by the parity of
// their position into two accumulators, so that each pair sits on an aligned register pair,
// and the reduction works on both (aligned_row, mont_reduce_aligned below).
// Counts for N limbs: N² IMAD.lo + N² IMAD.hi for the product, the same plus N IMUL for
// the reduction: 4N² + N (Fr: 264, Fq: 588).
//
// Host builds of this header (g++ never sees it; nvcc's host pass does) take the portable
// path, the same algorithm in 64-bit arithmetic, so kernels and host tests agree.
#include <cstddef>
#include <cstdint>

#include "cuzk/ff/mont.hpp"
#include "cuzk/util/hd.hpp"  // CUZK_HD_INLINE: __host__ __device__ __forceinline__ under nvcc

namespace cuzk::cuda {

template <class Host>
struct alignas(16) Field {
  static constexpr int N = int(2 * Host::N);  // 32-bit limbs
  static_assert(N % 2 == 0, "even/odd chains need an even limb count");
  static_assert(Host::P[Host::N - 1] >> 63 == 0, "needs a spare bit: a + b and the SOS result stay below 2^(32N)");
  using HostType = Host;

  std::uint32_t v[N];

  // ---- constants, derived from the host type at compile time -----------------------
  CUZK_HD_INLINE static constexpr std::uint32_t p(int i) {
    constexpr auto P = Host::P;
    return std::uint32_t(P[i / 2] >> (32 * (i & 1)));
  }
  CUZK_HD_INLINE static constexpr std::uint32_t inv32() {
    constexpr std::uint32_t k = std::uint32_t(Host::INV);
    return k;
  }  // −p⁻¹ mod 2³²
  static_assert(std::uint32_t(Host::P[0]) * std::uint32_t(Host::INV) == 0xffffffffu);

  CUZK_HD_INLINE constexpr Field() : v{} {}
  static constexpr Field from_host(const Host& h) {
    Field r;
    for (int i = 0; i < N; ++i) r.v[i] = std::uint32_t(h.v[i / 2] >> (32 * (i & 1)));
    return r;
  }
  Host to_host() const {
    Host h;
    for (int i = 0; i < N; i += 2) h.v[i / 2] = std::uint64_t(v[i]) | (std::uint64_t(v[i + 1]) << 32);
    return h;
  }
  CUZK_HD_INLINE static constexpr Field zero() { return Field(); }
  CUZK_HD_INLINE static Field one() {
    constexpr Field o = from_host(Host::one());
    return o;
  }
  CUZK_HD_INLINE static Field modulus() {
    Field r;
#pragma unroll
    for (int i = 0; i < N; ++i) r.v[i] = p(i);
    return r;
  }

  CUZK_HD_INLINE bool is_zero() const {
    std::uint32_t acc = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) acc |= v[i];
    return acc == 0;
  }
  CUZK_HD_INLINE bool is_one() const { return *this == one(); }
  CUZK_HD_INLINE friend bool operator==(const Field& a, const Field& b) {
    std::uint32_t acc = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) acc |= a.v[i] ^ b.v[i];
    return acc == 0;
  }
  CUZK_HD_INLINE friend bool operator!=(const Field& a, const Field& b) { return !(a == b); }

  // ---- additive group: N-limb add/sub chain + one conditional correction ------------
  CUZK_HD_INLINE friend Field operator+(const Field& a, const Field& b) {
    Field r;
#if defined(__CUDA_ARCH__)
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r.v[0]) : "r"(a.v[0]), "r"(b.v[0]));
#pragma unroll
    for (int i = 1; i < N; ++i) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r.v[i]) : "r"(a.v[i]), "r"(b.v[i]));
#else
    std::uint64_t c = 0;
    for (int i = 0; i < N; ++i) {
      c += std::uint64_t(a.v[i]) + b.v[i];
      r.v[i] = std::uint32_t(c);
      c >>= 32;
    }
#endif
    r.reduce_once();
    return r;
  }
  CUZK_HD_INLINE friend Field operator-(const Field& a, const Field& b) {
    Field r;
    std::uint32_t br;
#if defined(__CUDA_ARCH__)
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r.v[0]) : "r"(a.v[0]), "r"(b.v[0]));
#pragma unroll
    for (int i = 1; i < N; ++i) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r.v[i]) : "r"(a.v[i]), "r"(b.v[i]));
    asm volatile("subc.u32 %0, 0, 0;" : "=r"(br));  // 0 or 0xffffffff
    asm volatile("add.cc.u32 %0, %0, %1;" : "+r"(r.v[0]) : "r"(p(0) & br));
#pragma unroll
    for (int i = 1; i < N; ++i) asm volatile("addc.cc.u32 %0, %0, %1;" : "+r"(r.v[i]) : "r"(p(i) & br));
#else
    std::int64_t c = 0;
    for (int i = 0; i < N; ++i) {
      c += std::int64_t(a.v[i]) - std::int64_t(b.v[i]);
      r.v[i] = std::uint32_t(c);
      c >>= 32;  // arithmetic shift: 0 or −1
    }
    br = c ? 0xffffffffu : 0u;
    std::uint64_t d = 0;
    for (int i = 0; i < N; ++i) {
      d += std::uint64_t(r.v[i]) + (p(i) & br);
      r.v[i] = std::uint32_t(d);
      d >>= 32;
    }
#endif
    return r;
  }
  CUZK_HD_INLINE Field operator-() const { return zero() - *this; }
  CUZK_HD_INLINE Field dbl() const { return *this + *this; }
  CUZK_HD_INLINE Field& operator+=(const Field& b) { return *this = *this + b; }
  CUZK_HD_INLINE Field& operator-=(const Field& b) { return *this = *this - b; }

  // ---- multiplication ---------------------------------------------------------------
  CUZK_HD_INLINE friend Field operator*(const Field& a, const Field& b) {
#if defined(__CUDA_ARCH__)
    Field r;
    if constexpr (kAlignedProduct) {
      std::uint32_t e[2 * N + 1], o[2 * N + 1];
      aligned_zero(e, o);
#pragma unroll
      for (int i = 0; i < N; ++i) aligned_row(e, o, a, b.v[i], i);
      r = mont_reduce_aligned(e, o);
    } else {
      std::uint32_t t[2 * N + 1];
      mul_rows<false>(a, b, t);
      r = mont_reduce(t);
    }
#else
    std::uint64_t t[2 * N + 1] = {};
    host_mul_wide(a, b, t);
    Field r = host_reduce(t);
#endif
    r.reduce_once();
    return r;
  }
  // a·b + c·d under one Montgomery reduction: the two 2N-limb products summed (< 2p² < pR,
  // as p < R/2), then one reduction (Fq: 2·288 + 300 ≈ 876 IMAD against 2·588 + N adds for
  // two products). For the lane-paired Fq2 product (fq2_pair.cuh): a·b − c·d is
  // sum_of_products(a, b, c, d.p_minus()), p·c − c·d ≡ −c·d and still < p².
  CUZK_HD_INLINE static Field sum_of_products(const Field& a, const Field& b, const Field& c, const Field& d) {
#if defined(__CUDA_ARCH__)
    Field r;
    if constexpr (kAlignedProduct) {
      std::uint32_t e[2 * N + 1], o[2 * N + 1];
      aligned_zero(e, o);
#pragma unroll
      for (int i = 0; i < N; ++i) {
        aligned_row(e, o, a, b.v[i], i);
        aligned_row(e, o, c, d.v[i], i);
      }
      r = mont_reduce_aligned(e, o);
    } else {
      std::uint32_t t[2 * N + 1];
      mul_rows<false>(a, b, t);
      mul_rows<true>(c, d, t);  // t[2N] stays 0: the sum is below 2p² < 2^(64N)
      r = mont_reduce(t);
    }
#else
    std::uint64_t t[2 * N + 1] = {}, u[2 * N + 1] = {};
    host_mul_wide(a, b, t);
    host_mul_wide(c, d, u);
    std::uint64_t carry = 0;
    for (int i = 0; i < 2 * N + 1; ++i) {
      carry += t[i] + u[i];
      t[i] = std::uint32_t(carry);
      carry >>= 32;
    }
    Field r = host_reduce(t);
#endif
    r.reduce_once();
    return r;
  }
  // p − a for a ≤ p, unreduced (0 ↦ p): the negation sum_of_products takes, one chain and
  // no correction.
  CUZK_HD_INLINE Field p_minus() const {
    Field r;
#if defined(__CUDA_ARCH__)
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r.v[0]) : "r"(p(0)), "r"(v[0]));
#pragma unroll
    for (int i = 1; i < N; ++i) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r.v[i]) : "r"(p(i)), "r"(v[i]));
#else
    std::int64_t c = 0;
    for (int i = 0; i < N; ++i) {
      c += std::int64_t(p(i)) - std::int64_t(v[i]);
      r.v[i] = std::uint32_t(c);
      c >>= 32;
    }
#endif
    return r;
  }
  CUZK_HD_INLINE Field& operator*=(const Field& b) { return *this = *this * b; }
  // Squaring: the off-diagonal products a_i·a_j (i < j) once, doubled, plus the diagonal
  // a_i², then the same Montgomery reduction as the product: N(N−1)/2 + N limb products
  // instead of N² (Fq: 78 vs 144; with the reduction ~456 IMAD instead of 588). Fq's on the
  // aligned pairs (sqr_aligned), Fr's on interleaved rows (sqr_rows).
  CUZK_HD_INLINE Field sqr() const {
#if defined(__CUDA_ARCH__)
    if constexpr (kAlignedProduct)
      return sqr_aligned();
    else
      return sqr_rows();
#else
    return *this * *this;
#endif
  }

  // a^e for a small exponent (used for twiddles), square-and-multiply.
  CUZK_HD_INLINE Field pow(std::uint64_t e) const {
    Field r = one(), b = *this;
    while (e) {
      if (e & 1) r *= b;
      b = b.sqr();
      e >>= 1;
    }
    return r;
  }

  // a⁻¹ = a^(p−2) (Fermat), 0 ↦ 0: 32N squarings and ≈ 16N multiplications (Fq: 384 S +
  // ~190 M); the exponent is public, so the branch on its bits leaks nothing. Used for the
  // window table's affine normalisation (one inversion shared by a batch of points).
  CUZK_HD_INLINE Field inverse() const {
    std::uint32_t e[N];  // p − 2 (Fr's lowest limb is 1: the borrow runs into limb 1)
    std::uint32_t borrow = 2;
#pragma unroll
    for (int i = 0; i < N; ++i) {
      e[i] = p(i) - borrow;
      borrow = p(i) < borrow ? 1u : 0u;
    }
    Field r = one();
#pragma unroll 1
    for (int i = N - 1; i >= 0; --i) {
#pragma unroll 1
      for (int b = 31; b >= 0; --b) {
        r = r.sqr();
        if ((e[i] >> b) & 1) r *= *this;
      }
    }
    return r;
  }

  // Montgomery → canonical integer limbs (one multiplication by 1).
  CUZK_HD_INLINE Field canonical() const {
    Field o;
    o.v[0] = 1;
    return *this * o;
  }

private:
#if defined(__CUDA_ARCH__)
  // Acc = false: t = a·b, 2N limbs (t[2N] = 0), row i adding a·b_i at limb i in two chains:
  // even j: (lo, hi)(a_j b_i) → t[i+j], t[i+j+1], covering t[i .. i+N−1]; odd j: t[i+1 ..
  // i+N]. Each chain's carry lands in a limb still zero (the partial product after row i
  // is below 2^(32(i+N+1))).
  // Acc = true: t += a·b for any t with t + a·b < 2^(64N). Now both chains can carry out of
  // their top limbs: the even chain's carry (due at t[i+N+1]) and the one parked by the row
  // before (also due there) are added with the odd chain's last limb, and what that carries
  // is parked for t[i+N+2], the next row's odd top; the last row's is zero by the bound.
  // 2 instructions a row more. The carry sequence was checked in a Python model against
  // integers on adversarial t (runs of all-ones limbs), where leaving out either carry fails.
  template <bool Acc>
  CUZK_HD_INLINE static void mul_rows(const Field& a, const Field& b, std::uint32_t (&t)[2 * N + 1]) {
    if constexpr (!Acc) {
#pragma unroll
      for (int i = 0; i < 2 * N + 1; ++i) t[i] = 0;
    }
    std::uint32_t parked = 0, x = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) {
      const std::uint32_t bi = b.v[i];
      asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(t[i]), "+r"(t[i + 1]) : "r"(a.v[0]), "r"(bi));
#pragma unroll
      for (int j = 2; j < N; j += 2)
        asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                     : "+r"(t[i + j]), "+r"(t[i + j + 1]) : "r"(a.v[j]), "r"(bi));
      if constexpr (Acc)
        asm volatile("addc.cc.u32 %0, %0, 0; addc.u32 %1, %2, 0;" : "+r"(t[i + N]), "=r"(x) : "r"(parked));
      else
        asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[i + N]));
      asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(t[i + 1]), "+r"(t[i + 2]) : "r"(a.v[1]), "r"(bi));
#pragma unroll
      for (int j = 3; j < N; j += 2)
        asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                     : "+r"(t[i + j]), "+r"(t[i + j + 1]) : "r"(a.v[j]), "r"(bi));
      if constexpr (Acc)
        asm volatile("addc.cc.u32 %0, %0, %2; addc.u32 %1, 0, 0;" : "+r"(t[i + N + 1]), "=r"(parked) : "r"(x));
      else
        asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[i + N + 1]));
    }
  }
  // The 12-limb product (Fq) takes the aligned rows (aligned_row): against the interleaved
  // rows (H100, both builds timed in one session): G1 2^24 −3.5 %, G2 2^22 −3 %, 2^24 −4.5 … −5.2 %. The 8-limb one (Fr) keeps the interleaved rows:
  // ptxas already splits its misaligned half into IMAD.X / IMAD.HI.X with few moves, and the
  // default (Shoup) NTT, whose kernels also hold Fr products, ran 0.7–1.6 % slower with it in
  // the same session.
  static constexpr bool kAlignedProduct = N >= 12;
  // Fq's reduction and square on the aligned pairs too (mont_reduce_aligned, sqr_aligned):
  // against the reduction on the interleaved rows (H100, both builds timed in one session,
  // twice): G1 2^24 −3.7 … −4.3 %, the c = 22 table −4.7 %, G2 2^24 −6.1 %. All rows, then
  // all rounds: with the old square both ways, the interleaved order (round i after row i)
  // ran G1 0.6 % slower than this one; the old square cost G1 2.2 %.
  // a·b with every (lo, hi) limb pair on an even-aligned register pair, the form the wide
  // multiply-add (IMAD.WIDE) takes without moves: the products whose value position i + j is
  // even go to e (pairs e[i+j], e[i+j+1]), the odd ones to o (o[k] at position k + 1: pairs
  // o[i+j−1], o[i+j]); row i's chain over e takes j ≡ i (mod 2), the one over o the others,
  // each carry landing in a limb that holds at most 1 (modelled:
  // docs/experiments/mul-sass-2026-12-06/aligned_model.py). a·b + c·d (inputs ≤ p, the sum
  // below 2p² < 2^(64N)) takes row i of both products into the same accumulators, a·b's then
  // c·d's; a limb takes at most four carries before the row that writes it (aligned2_model.py).
  // The value, e + o·2^32, is never summed: mont_reduce_aligned works on both arrays.
  CUZK_HD_INLINE static void aligned_zero(std::uint32_t (&e)[2 * N + 1], std::uint32_t (&o)[2 * N + 1]) {
#pragma unroll
    for (int k = 0; k < 2 * N + 1; ++k) e[k] = 0, o[k] = 0;
  }
  // Row i of a·b_i over j ≥ j0 (0 for a product, i + 1 for a square's off-diagonal
  // triangle): the chain over e takes j ≡ i (mod 2), the one over o the others; a chain with
  // no j below N is left out.
  CUZK_HD_INLINE static void aligned_row(std::uint32_t (&e)[2 * N + 1], std::uint32_t (&o)[2 * N + 1], const Field& a,
                                   std::uint32_t bi, int i, int j0 = 0) {
    const int je = j0 + ((j0 + i) & 1), jo = j0 + ((j0 + i + 1) & 1);       // first j of each
    const int le = je + 2 * ((N - 1 - je) / 2), lo_ = jo + 2 * ((N - 1 - jo) / 2);  // last j of each
    if (je < N) {
      asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(e[i + je]), "+r"(e[i + je + 1]) : "r"(a.v[je]), "r"(bi));
#pragma unroll
      for (int j = je + 2; j < N; j += 2)
        asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                     : "+r"(e[i + j]), "+r"(e[i + j + 1]) : "r"(a.v[j]), "r"(bi));
      asm volatile("addc.u32 %0, %0, 0;" : "+r"(e[i + le + 2]));
    }
    if (jo < N) {
      asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(o[i + jo - 1]), "+r"(o[i + jo]) : "r"(a.v[jo]), "r"(bi));
#pragma unroll
      for (int j = jo + 2; j < N; j += 2)
        asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                     : "+r"(o[i + j - 1]), "+r"(o[i + j]) : "r"(a.v[j]), "r"(bi));
      asm volatile("addc.u32 %0, %0, 0;" : "+r"(o[i + lo_ + 1]));
    }
  }
  // The square on interleaved rows (Fr): the off-diagonal triangle, doubled, the diagonal,
  // mont_reduce.
  CUZK_HD_INLINE Field sqr_rows() const {
    std::uint32_t t[2 * N + 1];
#pragma unroll
    for (int i = 0; i < 2 * N + 1; ++i) t[i] = 0;
#pragma unroll
    for (int i = 0; i + 1 < N; ++i) {
      // chain A: j = i+1, i+3, …; chain B: j = i+2, i+4, …. Each ends at j ∈ {N−2, N−1}, so
      // its carry lands in the top limb written so far (no carry is lost: the partial sum
      // after row i is below 2^(32(N+i)+30)).
      triangle_chain(t, i, i + 1);
      if (i + 2 < N) triangle_chain(t, i, i + 2);
    }
    double_limbs<2 * N - 1>(t);  // the off-diagonal sum is below a²/2 < 2^(64N−1)
    add_diagonal(t);             // a² < 2^(64N)
    Field r = mont_reduce(t);
    r.reduce_once();
    return r;
  }
  // One chain of the square's row i: a_j·a_i for j = j0, j0 + 2, … < N into the limb pairs
  // (i + j, i + j + 1), then the chain's carry into the limb above its last pair.
  CUZK_HD_INLINE void triangle_chain(std::uint32_t (&t)[2 * N + 1], int i, int j0) const {
    const std::uint32_t ai = v[i];
    asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                 : "+r"(t[i + j0]), "+r"(t[i + j0 + 1]) : "r"(v[j0]), "r"(ai));
#pragma unroll
    for (int j = j0 + 2; j < N; j += 2)
      asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(t[i + j]), "+r"(t[i + j + 1]) : "r"(v[j]), "r"(ai));
    const int last = j0 + 2 * ((N - 1 - j0) / 2);
    asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[i + last + 2]));
  }
  // The Fq square on aligned pairs: the off-diagonal triangle a_j·a_i (j > i) into e / o
  // (aligned_row from j0 = i + 1), both arrays doubled by a one-bit funnel shift (the
  // triangle is below a²/2 < 2^(64N−1), and so are e and o·2^32), the diagonal a_i² (at the
  // even positions 2i) added to e in one chain with no carry out (the sum is a² < 2^(64N)),
  // then mont_reduce_aligned. Modelled: docs/experiments/reduce-aligned-2026-12-06/sqr_model.py.
  CUZK_HD_INLINE Field sqr_aligned() const {
    std::uint32_t e[2 * N + 1], o[2 * N + 1];
    aligned_zero(e, o);
#pragma unroll
    for (int i = 0; i + 1 < N; ++i) aligned_row(e, o, *this, v[i], i, i + 1);
    double_limbs<2 * N - 1>(e);
    double_limbs<2 * N - 2>(o);
    add_diagonal(e);
    Field r = mont_reduce_aligned(e, o);
    r.reduce_once();
    return r;
  }
  // x ·= 2 over limbs 0 .. Top by one-bit funnel shifts; the caller's bound keeps the top bit
  // of limb Top clear, so no bit leaves it.
  template <int Top>
  CUZK_HD_INLINE static void double_limbs(std::uint32_t (&x)[2 * N + 1]) {
#pragma unroll
    for (int k = Top; k > 0; --k) x[k] = __funnelshift_l(x[k - 1], x[k], 1);
    x[0] <<= 1;
  }
  // x += Σ a_i²·2^(64i) in one chain: a square's diagonal, at the even positions 2i. The
  // caller's sum stays below 2^(64N), so no carry leaves the chain.
  CUZK_HD_INLINE void add_diagonal(std::uint32_t (&x)[2 * N + 1]) const {
    asm volatile("mad.lo.cc.u32 %0, %2, %2, %0; madc.hi.cc.u32 %1, %2, %2, %1;"
                 : "+r"(x[0]), "+r"(x[1]) : "r"(v[0]));
#pragma unroll
    for (int i = 1; i < N; ++i)
      asm volatile("madc.lo.cc.u32 %0, %2, %2, %0; madc.hi.cc.u32 %1, %2, %2, %1;"
                   : "+r"(x[2 * i]), "+r"(x[2 * i + 1]) : "r"(v[i]));
  }
  // Montgomery reduction of a 2N-limb t (t[2N] = 0 on entry) to N limbs, < 2p.
  CUZK_HD_INLINE static Field mont_reduce(std::uint32_t (&t)[2 * N + 1]) {
    Field r;
    // round i zeroes t[i]; carries out of t[i+N] wait in c for limb i+N+1
    std::uint32_t c = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) {
      const std::uint32_t m = t[i] * inv32();
      asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(t[i]), "+r"(t[i + 1]) : "r"(p(0)), "r"(m));
#pragma unroll
      for (int j = 2; j < N; j += 2)
        asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                     : "+r"(t[i + j]), "+r"(t[i + j + 1]) : "r"(p(j)), "r"(m));
      asm volatile("addc.cc.u32 %0, %0, %1; addc.u32 %1, 0, 0;" : "+r"(t[i + N]), "+r"(c));
      asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(t[i + 1]), "+r"(t[i + 2]) : "r"(p(1)), "r"(m));
#pragma unroll
      for (int j = 3; j < N; j += 2)
        asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                     : "+r"(t[i + j]), "+r"(t[i + j + 1]) : "r"(p(j)), "r"(m));
      asm volatile("addc.u32 %0, %0, 0;" : "+r"(c));
    }
    // t[N .. 2N) < 2p (SOS bound for p < R/4), c is zero
#pragma unroll
    for (int i = 0; i < N; ++i) r.v[i] = t[N + i];
    return r;
  }
  // Montgomery reduction of the aligned accumulators (value e + o·2^32, e[2N] = o[2N−1] =
  // o[2N] = 0) to N limbs, < 2p, with every (lo, hi) pair of m·p on an aligned register pair as
  // well. Round i takes the exact limb at position i, s = e[i] + o[i−1] + cr, where cr, the
  // carry of the previous round's s, is 0 or 1 (e + o + 1 < 2^33) and so enters as the carry
  // flag. m·p0 + s ≡ 0 goes to a junk register (its carry, s ≠ 0, goes on to position i + 1);
  // the pairs of even j go to the array X whose pairs start at positions of i's parity, those of
  // odd j to the other, Y, and the carries out of their tops are parked as in mont_reduce. The
  // limbs below position N are read once, into s, and never written. The result is
  // e[N..2N) + o[N−1..2N−1) + cr, one chain. Bit for bit mont_reduce's result (the same m
  // digits); modelled against integer REDC with PTX carry semantics, Fq's inputs below 2p, the
  // two-product sums, runs of all-ones limbs, and mutants that drop any carry caught:
  // docs/experiments/reduce-aligned-2026-12-06/reduce_model.py.
  CUZK_HD_INLINE static Field mont_reduce_aligned(std::uint32_t (&e)[2 * N + 1], std::uint32_t (&o)[2 * N + 1]) {
    std::uint32_t cr = 0, parked = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) redc_round(e, o, i, cr, parked);
    // positions N .. 2N − 1 plus cr: no carry out, and parked is zero (the result is below 2p)
    Field r;
    std::uint32_t junk;
    asm volatile("add.cc.u32 %0, %1, 0xffffffff;" : "=r"(junk) : "r"(cr));
#pragma unroll
    for (int k = 0; k < N; ++k)
      asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r.v[k]) : "r"(e[N + k]), "r"(o[N - 1 + k]));
    return r;
  }
  // Round i of mont_reduce_aligned (cr: the running carry into position i; parked: the carry
  // waiting for position i + N).
  CUZK_HD_INLINE static void redc_round(std::uint32_t (&e)[2 * N + 1], std::uint32_t (&o)[2 * N + 1], int i,
                                  std::uint32_t& cr, std::uint32_t& parked) {
    std::uint32_t junk, s = e[0];
    if (i > 0)
      asm volatile("add.cc.u32 %0, %2, 0xffffffff; addc.cc.u32 %1, %3, %4; addc.u32 %2, 0, 0;"
                   : "=&r"(junk), "=r"(s), "+r"(cr) : "r"(e[i]), "r"(o[i - 1]));
    const std::uint32_t m = s * inv32();
    const int xo = i & 1, yo = 1 - xo;  // index = position − offset: e's 0, o's 1
    std::uint32_t(&X)[2 * N + 1] = xo ? o : e;
    std::uint32_t(&Y)[2 * N + 1] = xo ? e : o;
    asm volatile("mad.lo.cc.u32 %0, %2, %3, %4; madc.hi.cc.u32 %1, %2, %3, %1;"
                 : "=&r"(junk), "+r"(X[i + 1 - xo]) : "r"(p(0)), "r"(m), "r"(s));
#pragma unroll
    for (int j = 2; j < N; j += 2)
      asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(X[i + j - xo]), "+r"(X[i + j + 1 - xo]) : "r"(p(j)), "r"(m));
    asm volatile("addc.cc.u32 %0, %0, %1; addc.u32 %1, 0, 0;" : "+r"(X[i + N - xo]), "+r"(parked));
    asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                 : "+r"(Y[i + 1 - yo]), "+r"(Y[i + 2 - yo]) : "r"(p(1)), "r"(m));
#pragma unroll
    for (int j = 3; j < N; j += 2)
      asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                   : "+r"(Y[i + j - yo]), "+r"(Y[i + j + 1 - yo]) : "r"(p(j)), "r"(m));
    asm volatile("addc.u32 %0, %0, 0;" : "+r"(parked));
  }
#else
  // The portable path's schoolbook product and reduction (32-bit limbs in 64-bit words).
  static void host_mul_wide(const Field& a, const Field& b, std::uint64_t (&t)[2 * N + 1]) {
    for (int i = 0; i < N; ++i) {
      std::uint64_t c = 0;
      for (int j = 0; j < N; ++j) {
        c += t[i + j] + std::uint64_t(a.v[j]) * b.v[i];
        t[i + j] = std::uint32_t(c);
        c >>= 32;
      }
      t[i + N] = c;
    }
  }
  static Field host_reduce(std::uint64_t (&t)[2 * N + 1]) {
    for (int i = 0; i < N; ++i) {
      std::uint32_t m = std::uint32_t(t[i]) * inv32();
      std::uint64_t c = 0;
      for (int j = 0; j < N; ++j) {
        c += t[i + j] + std::uint64_t(m) * p(j);
        t[i + j] = std::uint32_t(c);
        c >>= 32;
      }
      for (int k = i + N; c && k < 2 * N + 1; ++k) {
        c += t[k];
        t[k] = std::uint32_t(c);
        c >>= 32;
      }
    }
    Field r;
    for (int i = 0; i < N; ++i) r.v[i] = std::uint32_t(t[N + i]);
    return r;
  }
#endif

public:
  // v −= p if v ≥ p: N-limb subtract, keep the difference unless it borrowed (public for
  // the products that end below 2p: shoup.cuh).
  CUZK_HD_INLINE void reduce_once() {
    std::uint32_t d[N], br;
#if defined(__CUDA_ARCH__)
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(d[0]) : "r"(v[0]), "r"(p(0)));
#pragma unroll
    for (int i = 1; i < N; ++i) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(d[i]) : "r"(v[i]), "r"(p(i)));
    asm volatile("subc.u32 %0, 0, 0;" : "=r"(br));
#else
    std::int64_t c = 0;
    for (int i = 0; i < N; ++i) {
      c += std::int64_t(v[i]) - std::int64_t(p(i));
      d[i] = std::uint32_t(c);
      c >>= 32;
    }
    br = c ? 0xffffffffu : 0u;
#endif
#pragma unroll
    for (int i = 0; i < N; ++i) v[i] = br ? v[i] : d[i];
  }
};

}  // namespace cuzk::cuda
