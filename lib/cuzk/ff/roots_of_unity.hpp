#pragma once
// Power-of-two roots of unity of a prime field, the ffjavascript (snarkjs) way: nqr = the
// smallest quadratic non-residue, ω_(2^s) = nqr^((p−1)/2^s) for s = the 2-adicity of p − 1,
// smaller power-of-two roots by squaring. (For BLS12-381 Fr this differs from the
// generator-7 root of blst/arkworks/bellperson; for BN254 Fr, nqr = 5 is also arkworks'
// generator, so the roots agree.) Everything at compile time.
#include <cstddef>

#include "cuzk/ff/bigint.hpp"

namespace cuzk::ff {

namespace detail {
template <class F>
constexpr F derive_max_root_of_unity() {
  auto e = F::P;
  bi::sub(e, bi::from_u64<F::N>(1));
  for (std::size_t i = 0; i < F::two_adicity(); ++i) bi::shr1(e);
  return F::from_u64(F::smallest_nqr()).pow(e);
}
}  // namespace detail

// Primitive 2^s-th root of unity, s = F::two_adicity().
template <class F>
inline constexpr F max_root_of_unity = detail::derive_max_root_of_unity<F>();

// Primitive 2^log_n-th root of unity (log_n ≤ two_adicity).
template <class F>
constexpr F root_of_unity(std::size_t log_n) {
  F w = max_root_of_unity<F>;
  for (std::size_t i = log_n; i < F::two_adicity(); ++i) w = w.sqr();
  return w;
}

}  // namespace cuzk::ff
