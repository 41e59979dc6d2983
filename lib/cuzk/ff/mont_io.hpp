#pragma once
// Text conversions for field elements (decimal as snarkjs JSON writes them, hex for logs).
// Not on hot paths.
#include <optional>
#include <string>
#include <string_view>

#include "cuzk/ff/mont.hpp"

namespace cuzk::ff {

template <std::size_t N>
std::string limbs_to_decimal(Limbs<N> a) {
  if (bi::is_zero(a)) return "0";
  std::string out;
  while (!bi::is_zero(a)) {
    u64 rem = 0;
    a = bi::div_small(a, 10000000000000000000ull, rem);  // 10^19
    std::string chunk = std::to_string(rem);
    if (!bi::is_zero(a)) chunk.insert(0, 19 - chunk.size(), '0');
    out.insert(0, chunk);
  }
  return out;
}

// Parses a non-negative decimal integer; nullopt on a non-digit, empty input or overflow.
template <std::size_t N>
std::optional<Limbs<N>> limbs_from_decimal(std::string_view s) {
  if (s.empty() || s.size() > 20 * N) return std::nullopt;
  Limbs<N> r{};
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    u64 carry = u64(c - '0');
    for (std::size_t i = 0; i < N; ++i) {
      u128 t = u128(r[i]) * 10 + carry;
      r[i] = u64(t);
      carry = u64(t >> 64);
    }
    if (carry) return std::nullopt;
  }
  return r;
}

template <class Cfg>
std::string Mont<Cfg>::to_decimal() const {
  return limbs_to_decimal<N>(canonical());
}

template <class Cfg>
std::string Mont<Cfg>::to_hex() const {
  static const char* d = "0123456789abcdef";
  Repr c = canonical();
  std::string s = "0x";
  bool lead = true;
  for (std::size_t i = 8 * N * 2; i-- > 0;) {
    int nib = int((c[i / 16] >> (4 * (i % 16))) & 15);
    if (lead && nib == 0 && i) continue;
    lead = false;
    s += d[nib];
  }
  return s;
}

// Decimal string → field element; nullopt unless the value is canonical (< p).
template <class F>
std::optional<F> field_from_decimal(std::string_view s) {
  auto l = limbs_from_decimal<F::N>(s);
  if (!l || !F::is_canonical(*l)) return std::nullopt;
  return F::from_canonical(*l);
}

}  // namespace cuzk::ff
