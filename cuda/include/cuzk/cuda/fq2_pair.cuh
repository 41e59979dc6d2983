#pragma once
// Fq2 on a lane pair: each of two adjacent lanes (2k, 2k+1) holds one Fq component of the
// same Fq2 value (c0 on the even lane, c1 on the odd one), so a G2 point's state in a bucket
// loop costs each thread the registers of a G1 point, and an Fq2 product is two Fq products
// under one reduction a lane (Field::sum_of_products) instead of Karatsuba's three products
// and three reductions on one thread. The idea is the one behind sppark's CUDA fp2_t (its
// ff/bls12-381-fp2.hpp keeps one component a lane); the code here is ours over our Field.
//
// With u² = −1:  (a0 + a1·u)(b0 + b1·u) = (a0·b0 − a1·b1) + (a0·b1 + a1·b0)·u
//                (a0 + a1·u)²           = (a0 + a1)(a0 − a1) + (2·a1)·a0·u
// Lane 2k gets the partner's component by one shuffle a limb and computes a0·b0 − a1·b1
// (the subtrahend as a1·(p − b1)); lane 2k+1 computes a1·b0 + a0·b1. A square is one product
// a lane. Additions are per component and need no exchange.
//
// Only for kernels that run both lanes of every pair through the same code: each exchange
// and each test (is_zero, ==) synchronises the pair by its two-lane mask, and a test's
// answer is the pair's (both components), so the pair never diverges. Device only.
#include "cuzk/cuda/curves.cuh"

namespace cuzk::cuda {

#if defined(__CUDACC__)

template <class F>
struct Fq2Pair {
  F c;  // this lane's component: c0 on an even lane, c1 on an odd one

  __device__ __forceinline__ static bool odd() { return threadIdx.x & 1; }
  __device__ __forceinline__ static unsigned pair_mask() { return 3u << (threadIdx.x & 30u); }
  // the partner lane's value of x
  __device__ __forceinline__ static F partner(const F& x) {
    F r;
#pragma unroll
    for (int i = 0; i < F::N; ++i) r.v[i] = __shfl_xor_sync(pair_mask(), x.v[i], 1);
    return r;
  }
  // o ? x : y limb by limb (selects in registers; a ternary on the whole value can go
  // through local memory)
  __device__ __forceinline__ static F sel(bool o, const F& x, const F& y) {
    F r;
#pragma unroll
    for (int i = 0; i < F::N; ++i) r.v[i] = o ? x.v[i] : y.v[i];
    return r;
  }
  // true on both lanes when it holds on both
  __device__ __forceinline__ static bool both(bool mine) {
    return (__ballot_sync(pair_mask(), mine) & pair_mask()) == pair_mask();
  }

  __device__ __forceinline__ constexpr Fq2Pair() : c() {}
  __device__ __forceinline__ constexpr explicit Fq2Pair(const F& x) : c(x) {}
  __device__ __forceinline__ static Fq2Pair zero() { return Fq2Pair(); }
  __device__ __forceinline__ static Fq2Pair one() { return Fq2Pair(odd() ? F::zero() : F::one()); }

  __device__ __forceinline__ bool is_zero() const { return both(c.is_zero()); }
  __device__ __forceinline__ friend bool operator==(const Fq2Pair& a, const Fq2Pair& b) { return both(a.c == b.c); }
  __device__ __forceinline__ friend bool operator!=(const Fq2Pair& a, const Fq2Pair& b) { return !(a == b); }

  __device__ __forceinline__ friend Fq2Pair operator+(const Fq2Pair& a, const Fq2Pair& b) { return Fq2Pair(a.c + b.c); }
  __device__ __forceinline__ friend Fq2Pair operator-(const Fq2Pair& a, const Fq2Pair& b) { return Fq2Pair(a.c - b.c); }
  __device__ __forceinline__ Fq2Pair operator-() const { return Fq2Pair(-c); }
  __device__ __forceinline__ Fq2Pair dbl() const { return Fq2Pair(c.dbl()); }
  __device__ __forceinline__ Fq2Pair& operator+=(const Fq2Pair& b) { return *this = *this + b; }
  __device__ __forceinline__ Fq2Pair& operator-=(const Fq2Pair& b) { return *this = *this - b; }

  __device__ __forceinline__ friend Fq2Pair operator*(const Fq2Pair& a, const Fq2Pair& b) {
    const F a2 = partner(a.c), b2 = partner(b.c);
    const bool o = odd();
    // even: a0·b0 + a1·(p − b1); odd: a1·b0 + a0·b1
    return Fq2Pair(F::sum_of_products(a.c, sel(o, b2, b.c), a2, sel(o, b.c, b2.p_minus())));
  }
  __device__ __forceinline__ Fq2Pair& operator*=(const Fq2Pair& b) { return *this = *this * b; }
  __device__ __forceinline__ Fq2Pair sqr() const {
    const F a2 = partner(c);
    const bool o = odd();
    // even: (a0 + a1)(a0 − a1); odd: (2·a1)·a0
    return Fq2Pair(sel(o, c.dbl(), c + a2) * sel(o, a2, c - a2));
  }
};

using DFq2Pair = Fq2Pair<DFq>;
// A G2 curve DC with its Fq2 on lane pairs: the curve the generic formulas (ec::XYZZ,
// ec::Affine) see in the paired bucket kernel (DG2PairCurve for BLS12-381's).
template <class DC>
struct DPairCurve {
  static_assert(DC::kExtension, "lane pairs are for G2");
  using Field = Fq2Pair<typename DC::Field::Base>;
  using HostCurve = typename DC::HostCurve;
  static constexpr const char* name = "G2";
};
using DG2PairCurve = DPairCurve<DG2Curve>;
// Memory stays in the unpaired layout (Fq2 = c0, c1): a pair reads and writes an Fq2 array
// element by element, each lane its own component.
template <class F>
__device__ __forceinline__ Fq2Pair<F> load_pair(const ff::Fp2<F>& x) {
  return Fq2Pair<F>(reinterpret_cast<const F*>(&x)[Fq2Pair<F>::odd()]);
}
template <class F>
__device__ __forceinline__ void store_pair(ff::Fp2<F>& x, const Fq2Pair<F>& v) {
  reinterpret_cast<F*>(&x)[Fq2Pair<F>::odd()] = v.c;
}
template <class DC>
__device__ __forceinline__ ec::Affine<DPairCurve<DC>> load_pair(const PackedAffine<DC>& p) {
  ec::Affine<DPairCurve<DC>> a;
  a.x = load_pair(p.x);
  a.y = load_pair(p.y);
  a.inf = a.x.is_zero() && a.y.is_zero();
  return a;
}
template <class DC>
__device__ __forceinline__ DXYZZ<DPairCurve<DC>> load_pair(const DXYZZ<DC>& p) {
  DXYZZ<DPairCurve<DC>> v;
  v.X = load_pair(p.X);
  v.Y = load_pair(p.Y);
  v.ZZ = load_pair(p.ZZ);
  v.ZZZ = load_pair(p.ZZZ);
  return v;
}
template <class DC>
__device__ __forceinline__ void store_pair(DXYZZ<DC>& out, const DXYZZ<DPairCurve<DC>>& v) {
  store_pair(out.X, v.X);
  store_pair(out.Y, v.Y);
  store_pair(out.ZZ, v.ZZ);
  store_pair(out.ZZZ, v.ZZZ);
}
#endif  // __CUDACC__

}  // namespace cuzk::cuda
