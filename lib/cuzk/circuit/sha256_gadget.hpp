#pragma once
// SHA-256 compression of one 512-bit block in-circuit (FIPS 180-4 §6.2.2, bit by bit as
// bellman's sha256 gadget). Per call with a variable block and the constant IV:
//   message schedule, t = 16..63: σ0, σ1 (2 xor each per bit; shifts give constants,
//     which fold) and a 4-operand add_many (34 bits + 1);
//   64 rounds: Σ1, Σ0 (2 xor per bit), Ch (1), Maj (2) per bit, and two add_many:
//     e' = d + h + Σ1 + Ch + K + W (6 operands, 35 bits + 1),
//     a' = h + Σ1 + Ch + K + W + Σ0 + Maj (7 operands, 35 bits + 1);
//   final state + working variables: 8 add_many of 2 (33 bits + 1).
// Operations on constants fold (the IV makes the first rounds partly free). The exact
// count is reported by the tests (sha256_compress_constraints).
#include <array>

#include "cuzk/circuit/bits.hpp"
#include "cuzk/util/sha256.hpp"

namespace cuzk::circuit {

using Sha256Words = std::array<Word, 8>;
using Sha256BlockWords = std::array<Word, 16>;

inline Sha256Words sha256_state_constant(const Sha256State& s) {
  Sha256Words w;
  for (unsigned i = 0; i < 8; ++i) w[i] = word_constant(s[i]);
  return w;
}

// 512 allocated bits, word t = bytes 4t..4t+3 big-endian (512 booleanity rows).
template <class CS>
Sha256BlockWords alloc_sha256_block(CS& cs, const Sha256Block& blk) {
  Sha256BlockWords w;
  for (unsigned t = 0; t < 16; ++t)
    w[t] = alloc_word(cs, std::uint32_t(blk[4 * t]) << 24 | std::uint32_t(blk[4 * t + 1]) << 16 |
                              std::uint32_t(blk[4 * t + 2]) << 8 | blk[4 * t + 3]);
  return w;
}

template <class CS>
Word xor3(CS& cs, const Word& x, const Word& y, const Word& z) {
  return word_xor(cs, word_xor(cs, x, y), z);
}

template <class CS>
Sha256Words sha256_compress_gadget(CS& cs, const Sha256Words& state, const Sha256BlockWords& block) {
  const auto& K = sha256_k();
  std::array<Word, 64> w;
  for (unsigned t = 0; t < 16; ++t) w[t] = block[t];
  for (unsigned t = 16; t < 64; ++t) {
    Word s0 = xor3(cs, rotr(w[t - 15], 7), rotr(w[t - 15], 18), shr(w[t - 15], 3));
    Word s1 = xor3(cs, rotr(w[t - 2], 17), rotr(w[t - 2], 19), shr(w[t - 2], 10));
    const Word ops[4] = {w[t - 16], s0, w[t - 7], s1};
    w[t] = add_many(cs, std::span<const Word>(ops));
  }
  Word a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6],
       h = state[7];
  for (unsigned t = 0; t < 64; ++t) {
    Word S1 = xor3(cs, rotr(e, 6), rotr(e, 11), rotr(e, 25));
    Word ch = word_ch(cs, e, f, g);
    Word S0 = xor3(cs, rotr(a, 2), rotr(a, 13), rotr(a, 22));
    Word maj = word_maj(cs, a, b, c);
    const Word kt = word_constant(K[t]);
    const Word e_ops[6] = {d, h, S1, ch, kt, w[t]};
    const Word a_ops[7] = {h, S1, ch, kt, w[t], S0, maj};
    Word new_e = add_many(cs, std::span<const Word>(e_ops));
    Word new_a = add_many(cs, std::span<const Word>(a_ops));
    h = g;
    g = f;
    f = e;
    e = new_e;
    d = c;
    c = b;
    b = a;
    a = new_a;
  }
  const Word fin[8] = {a, b, c, d, e, f, g, h};
  Sha256Words out;
  for (unsigned i = 0; i < 8; ++i) {
    const Word ops[2] = {state[i], fin[i]};
    out[i] = add_many(cs, std::span<const Word>(ops));
  }
  return out;
}

inline Sha256State sha256_words_value(const Sha256Words& w) {
  Sha256State s;
  for (unsigned i = 0; i < 8; ++i) s[i] = word_value(w[i]);
  return s;
}

}  // namespace cuzk::circuit
