#pragma once
// a·b − c·d for the curve formulas. A field type that offers sum_of_products and p_minus (the
// device Field, cuda/include/cuzk/cuda/field.cuh) computes it as a·b + c·(p − d) under one
// Montgomery reduction instead of two; every other type (the host fields, Fq2) as written.
// Both results are fully reduced, so host and device agree bit for bit.
#include "cuzk/util/hd.hpp"

namespace cuzk::ff {

// Host: always inlined. The x86 products inside look big to GCC's inliner, and a call passes the
// four operands and the result through memory (XYZZ mixed addition +4 %); the device keeps nvcc's choice.
#if defined(__CUDACC__)
#define CUZK_PRODUCTS_INLINE
#else
#define CUZK_PRODUCTS_INLINE [[gnu::always_inline]]
#endif
template <class F>
CUZK_PRODUCTS_INLINE CUZK_HD constexpr F diff_of_products(const F& a, const F& b, const F& c, const F& d) {
  if constexpr (requires { F::sum_of_products(a, b, c, d.p_minus()); })
    return F::sum_of_products(a, b, c, d.p_minus());
  else
    return a * b - c * d;
}

#undef CUZK_PRODUCTS_INLINE

}  // namespace cuzk::ff
