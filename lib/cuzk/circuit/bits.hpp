#pragma once
// Boolean and 32-bit word gadgets (the bellman/bellperson gadgets' constraint shapes).
// Costs, in constraints, for operands that are not constants (constant operands fold and
// cost nothing):
//   alloc_bit 1 (b·(1−b) = 0)          xor 1 (2a·b = a + b − c)      and 1 (a·b = c)
//   ch 1 (a·(b − c) = r − c)           maj 2 (t = b·c; a·(b + c − 2t) = r − t)
//   add_many(k words) 32 + ⌈log2 k⌉ bits + 1 packing row (Σ2^i r_i = Σ operands)
// Results of xor/and/ch/maj are plain variables: the constraint itself forces them
// Boolean when the operands are. In prove mode (ProveCS) the rows' values are small
// integers computed from the bits (enforce_small), with no linear combinations formed.
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "cuzk/circuit/constraint_system.hpp"

namespace cuzk::circuit {

// A 32-bit word, bit 0 = least significant.
using Word = std::array<Bit, 32>;

inline Word word_constant(std::uint32_t v) {
  Word w;
  for (unsigned i = 0; i < 32; ++i) w[i] = Bit::constant((v >> i) & 1);
  return w;
}
inline std::uint32_t word_value(const Word& w) {
  std::uint32_t v = 0;
  for (unsigned i = 0; i < 32; ++i) v |= std::uint32_t(w[i].value) << i;
  return v;
}
inline bool word_is_const(const Word& w) {
  for (const auto& b : w)
    if (!b.is_const()) return false;
  return true;
}
template <class CS>
Word alloc_word(CS& cs, std::uint32_t v) {
  Word w;
  for (unsigned i = 0; i < 32; ++i) w[i] = cs.alloc_bit((v >> i) & 1);
  return w;
}
// Rotation/shift right by n: free (rewiring).
inline Word rotr(const Word& w, unsigned n) {
  Word r;
  for (unsigned i = 0; i < 32; ++i) r[i] = w[(i + n) % 32];
  return r;
}
inline Word shr(const Word& w, unsigned n) {
  Word r;
  for (unsigned i = 0; i < 32; ++i) r[i] = i + n < 32 ? w[i + n] : Bit::constant(false);
  return r;
}

template <class CS>
Bit bit_xor(CS& cs, const Bit& a, const Bit& b) {
  using LC = typename CS::LC;
  if (a.is_const()) return a.value ? !b : b;
  if (b.is_const()) return b.value ? !a : a;
  Bit r = cs.alloc_bit_free(a.value != b.value);
  if constexpr (!CS::kRecordsShape) {
    cs.enforce_small(2 * a.value, b.value, a.value + b.value - r.value);
    return r;
  }
  LC x, y(b), z;
  x.add(a, pow2(1));
  z.add(a).add(b).add(r, -Fr::one());
  cs.enforce(std::move(x), std::move(y), std::move(z));
  return r;
}

template <class CS>
Bit bit_and(CS& cs, const Bit& a, const Bit& b) {
  using LC = typename CS::LC;
  if (a.is_const()) return a.value ? b : Bit::constant(false);
  if (b.is_const()) return b.value ? a : Bit::constant(false);
  Bit r = cs.alloc_bit_free(a.value && b.value);
  if constexpr (!CS::kRecordsShape) cs.enforce_small(a.value, b.value, r.value);
  else cs.enforce(LC(a), LC(b), LC(r));
  return r;
}

template <class CS>
Bit bit_or(CS& cs, const Bit& a, const Bit& b) {
  return !bit_and(cs, !a, !b);
}

// SHA-256 Ch: a ? b : c.
template <class CS>
Bit bit_ch(CS& cs, const Bit& a, const Bit& b, const Bit& c) {
  using LC = typename CS::LC;
  if (a.is_const()) return a.value ? b : c;
  if (b.is_const() && c.is_const()) {
    if (b.value == c.value) return b;
    return b.value ? a : !a;
  }
  Bit r = cs.alloc_bit_free(a.value ? b.value : c.value);
  if constexpr (!CS::kRecordsShape) {
    cs.enforce_small(a.value, b.value - c.value, r.value - c.value);
    return r;
  }
  LC y(b), z(r);
  y.add(c, -Fr::one());
  z.add(c, -Fr::one());
  cs.enforce(LC(a), std::move(y), std::move(z));
  return r;
}

// SHA-256 Maj: majority of a, b, c.
template <class CS>
Bit bit_maj(CS& cs, const Bit& a, const Bit& b, const Bit& c) {
  using LC = typename CS::LC;
  // With a constant operand k: maj = k ? x ∨ y : x ∧ y.
  if (a.is_const()) return a.value ? bit_or(cs, b, c) : bit_and(cs, b, c);
  if (b.is_const()) return b.value ? bit_or(cs, a, c) : bit_and(cs, a, c);
  if (c.is_const()) return c.value ? bit_or(cs, a, b) : bit_and(cs, a, b);
  Bit t = bit_and(cs, b, c);
  const bool m = (int(a.value) + int(b.value) + int(c.value)) >= 2;
  Bit r = cs.alloc_bit_free(m);
  if constexpr (!CS::kRecordsShape) {
    cs.enforce_small(a.value, b.value + c.value - 2 * t.value, r.value - t.value);
    return r;
  }
  LC y(b), z(r);
  y.add(c).add(t, -pow2(1));
  z.add(t, -Fr::one());
  cs.enforce(LC(a), std::move(y), std::move(z));
  return r;
}

template <class CS>
Word word_xor(CS& cs, const Word& x, const Word& y) {
  Word r;
  for (unsigned i = 0; i < 32; ++i) r[i] = bit_xor(cs, x[i], y[i]);
  return r;
}
template <class CS>
Word word_ch(CS& cs, const Word& x, const Word& y, const Word& z) {
  Word r;
  for (unsigned i = 0; i < 32; ++i) r[i] = bit_ch(cs, x[i], y[i], z[i]);
  return r;
}
template <class CS>
Word word_maj(CS& cs, const Word& x, const Word& y, const Word& z) {
  Word r;
  for (unsigned i = 0; i < 32; ++i) r[i] = bit_maj(cs, x[i], y[i], z[i]);
  return r;
}

// Σ operands mod 2^32: the exact sum is decomposed into 32 + ⌈log2 k⌉ allocated bits
// (each Boolean-constrained) tied to the operands by one packing row; the low 32 bits
// are the result. All-constant operands fold to a constant.
template <class CS>
Word add_many(CS& cs, std::span<const Word> ops) {
  using LC = typename CS::LC;
  std::uint64_t sum = 0;
  bool all_const = true;
  for (const auto& w : ops) {
    sum += word_value(w);
    all_const = all_const && word_is_const(w);
  }
  if (all_const) return word_constant(std::uint32_t(sum));
  const unsigned nbits = unsigned(std::bit_width(std::uint64_t(ops.size()) * 0xffffffffull));
  if constexpr (!CS::kRecordsShape) {
    // Both sides of the packing row are the exact sum (< 2^35, far below r).
    Word r;
    for (unsigned i = 0; i < nbits; ++i) {
      Bit b = cs.alloc_bit((sum >> i) & 1);
      if (i < 32) r[i] = b;
    }
    const Fr s = Fr::from_u64(sum);
    cs.enforce_values(s, Fr::one(), s);
    return r;
  }
  LC packed, operands;
  Word r;
  for (unsigned i = 0; i < nbits; ++i) {
    Bit b = cs.alloc_bit((sum >> i) & 1);
    packed.add(b, pow2(i));
    if (i < 32) r[i] = b;
  }
  for (const auto& w : ops)
    for (unsigned i = 0; i < 32; ++i) operands.add(w[i], pow2(i));
  cs.enforce(std::move(packed), one<CS>(), std::move(operands));
  return r;
}

}  // namespace cuzk::circuit
