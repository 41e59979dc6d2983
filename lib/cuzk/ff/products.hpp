#pragma once
// a·b − c·d for the curve formulas. A field type that offers sum_of_products and p_minus (the
// device Field, cuda/include/cuzk/cuda/field.cuh) computes it as a·b + c·(p − d) under one
// Montgomery reduction instead of two; every other type (the host fields, Fq2) as written.
// Both results are fully reduced, so host and device agree bit for bit.
#include "cuzk/util/hd.hpp"

namespace cuzk::ff {

template <class F>
CUZK_HD constexpr F diff_of_products(const F& a, const F& b, const F& c, const F& d) {
  if constexpr (requires { F::sum_of_products(a, b, c, d.p_minus()); })
    return F::sum_of_products(a, b, c, d.p_minus());
  else
    return a * b - c * d;
}

}  // namespace cuzk::ff
