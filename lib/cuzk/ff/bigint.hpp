#pragma once
// Fixed-width little-endian multi-limb integers (64-bit limbs), all constexpr, used to
// state field parameters as data (hex strings) and to derive the Montgomery constants
// at compile time. Not used on hot paths: the field types have their own kernels.
#include <array>
#include <cstddef>
#include <cstdint>

#include "cuzk/util/hd.hpp"

namespace cuzk::ff {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

template <std::size_t N>
using Limbs = std::array<u64, N>;

namespace bi {

constexpr int hex_digit(char c) {
  return (c >= '0' && c <= '9') ? c - '0'
       : (c >= 'a' && c <= 'f') ? c - 'a' + 10
       : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                : -1;
}

// Parses "0x..." (or bare hex) into N limbs. A literal that does not fit, or holds a
// non-hex character, makes constant evaluation fail (throw in a constexpr context).
template <std::size_t N>
constexpr Limbs<N> from_hex(const char* s) {
  Limbs<N> r{};
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
  std::size_t len = 0;
  while (s[len]) ++len;
  if (len > 16 * N) throw "hex literal too wide";
  for (std::size_t i = 0; i < len; ++i) {
    int d = hex_digit(s[len - 1 - i]);
    if (d < 0) throw "not a hex digit";
    r[i / 16] |= u64(d) << (4 * (i % 16));
  }
  return r;
}

template <std::size_t N>
constexpr bool is_zero(const Limbs<N>& a) {
  for (auto x : a)
    if (x) return false;
  return true;
}

// -1, 0, 1
template <std::size_t N>
constexpr int cmp(const Limbs<N>& a, const Limbs<N>& b) {
  for (std::size_t i = N; i-- > 0;) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return 0;
}

// a += b, returns carry
template <std::size_t N>
constexpr u64 add(Limbs<N>& a, const Limbs<N>& b) {
  u64 c = 0;
  for (std::size_t i = 0; i < N; ++i) {
    u128 t = u128(a[i]) + b[i] + c;
    a[i] = u64(t);
    c = u64(t >> 64);
  }
  return c;
}

// a -= b, returns borrow
template <std::size_t N>
constexpr u64 sub(Limbs<N>& a, const Limbs<N>& b) {
  u64 br = 0;
  for (std::size_t i = 0; i < N; ++i) {
    u128 t = u128(a[i]) - b[i] - br;
    a[i] = u64(t);
    br = u64(t >> 64) & 1;
  }
  return br;
}

template <std::size_t N>
constexpr Limbs<N> from_u64(u64 v) {
  Limbs<N> r{};
  r[0] = v;
  return r;
}

template <std::size_t N>
constexpr void shr1(Limbs<N>& a) {
  for (std::size_t i = 0; i < N; ++i) a[i] = (a[i] >> 1) | (i + 1 < N ? a[i + 1] << 63 : 0);
}

template <std::size_t N>
constexpr bool bit(const Limbs<N>& a, std::size_t i) {
  return i < 64 * N && ((a[i / 64] >> (i % 64)) & 1);
}

template <std::size_t N>
constexpr std::size_t num_bits(const Limbs<N>& a) {
  for (std::size_t i = N; i-- > 0;)
    if (a[i]) return 64 * i + (64 - std::size_t(__builtin_clzll(a[i])));
  return 0;
}

// (a << k) mod m for a < m, by repeated doubling: used for R = 2^(64N) mod m.
template <std::size_t N>
constexpr Limbs<N> shl_mod(Limbs<N> a, std::size_t k, const Limbs<N>& m) {
  for (std::size_t i = 0; i < k; ++i) {
    u64 top = a[N - 1] >> 63;
    for (std::size_t j = N; j-- > 1;) a[j] = (a[j] << 1) | (a[j - 1] >> 63);
    a[0] <<= 1;
    if (top || cmp(a, m) >= 0) sub(a, m);
  }
  return a;
}

// -m^{-1} mod 2^64 for odd m0 (Newton iteration, 6 steps double the correct bits to 64).
constexpr u64 neg_inv64(u64 m0) {
  u64 x = 1;
  for (int i = 0; i < 6; ++i) x *= 2 - m0 * x;
  return ~x + 1;
}

// Schoolbook product of the low N limbs (truncating: callers size N for the result).
template <std::size_t N>
constexpr Limbs<N> mul(const Limbs<N>& a, const Limbs<N>& b) {
  Limbs<N> r{};
  for (std::size_t i = 0; i < N; ++i) {
    u64 c = 0;
    for (std::size_t j = 0; i + j < N; ++j) {
      u128 t = u128(a[i]) * b[j] + r[i + j] + c;
      r[i + j] = u64(t);
      c = u64(t >> 64);
    }
  }
  return r;
}

// a / d for a small divisor; `rem` receives the remainder.
template <std::size_t N>
constexpr Limbs<N> div_small(const Limbs<N>& a, u64 d, u64& rem) {
  Limbs<N> q{};
  u128 r = 0;
  for (std::size_t i = N; i-- > 0;) {
    r = (r << 64) | a[i];
    q[i] = u64(r / d);
    r %= d;
  }
  rem = u64(r);
  return q;
}

template <std::size_t M, std::size_t N>
constexpr Limbs<M> resize(const Limbs<N>& a) {
  Limbs<M> r{};
  for (std::size_t i = 0; i < M && i < N; ++i) r[i] = a[i];
  return r;
}

}  // namespace bi
}  // namespace cuzk::ff
