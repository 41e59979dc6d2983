#pragma once
// Montgomery-form prime field over N 64-bit limbs, parameterised by a config type:
//
//   struct MyCfg {
//     static constexpr std::size_t limbs = N;
//     static constexpr auto modulus = bi::from_hex<N>("0x...");   // the prime, as data
//     static constexpr const char* name = "...";
//   };
//
// Everything else (−p⁻¹ mod 2⁶⁴, R = 2^(64N) mod p, R², bit length, 2-adicity, the
// smallest quadratic non-residue, the 2^s-th root of unity derived from it) is computed
// at compile time and checked by static_assert, never pasted.
//
// Multiplication is CIOS Montgomery (Koç, Acar, Kaliski 1996, "Analyzing and comparing
// Montgomery multiplication algorithms") with the "no-carry" shortcut that needs the top
// limb of p below 2^63 − 1 (true for BLS12-381 Fq and Fr, and BN254): 2N² + N limb
// multiplications, no final-carry word. Values are kept fully reduced in [0, p).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "cuzk/ff/bigint.hpp"
#include "cuzk/ff/divstep_inverse.hpp"
#include "cuzk/util/hd.hpp"

// x86-64 fast paths (host code only): carry-chain add/sub, mulx/adcx/adox products for
// 4 and 6 limbs.
#if defined(__x86_64__) && defined(__BMI2__) && defined(__ADX__) && !defined(__CUDA_ARCH__) && \
    !defined(CUZK_PORTABLE_FIELD)
#define CUZK_MONT_X86 1
#include "cuzk/ff/mont_x86.hpp"
#else
#define CUZK_MONT_X86 0
#endif

namespace cuzk::ff {

template <class Cfg>
class Mont {
public:
  static constexpr std::size_t N = Cfg::limbs;
  using Repr = Limbs<N>;
  static constexpr Repr P = Cfg::modulus;
  static constexpr u64 INV = bi::neg_inv64(P[0]);               // −p⁻¹ mod 2⁶⁴
  static constexpr Repr R1 = bi::shl_mod<N>(bi::from_u64<N>(1), 64 * N, P);  // R mod p
  static constexpr Repr R2 = bi::shl_mod<N>(R1, 64 * N, P);     // R² mod p
  static constexpr Repr R3 = bi::shl_mod<N>(R2, 64 * N, P);     // R³ mod p (inverse)
  static constexpr std::size_t BITS = bi::num_bits(P);
  static constexpr std::size_t BYTES = (BITS + 7) / 8;

  static_assert(P[0] & 1, "modulus must be odd");
  static_assert(u64(P[0] * INV) == ~u64(0), "INV must be -p^-1 mod 2^64");
  static_assert(P[N - 1] < (~u64(0) >> 1) - 1, "no-carry CIOS needs top limb < 2^63 - 1");

  u64 v[N];  // Montgomery representation a·R mod p, little-endian limbs

  constexpr Mont() : v{} {}

  // ---- construction -----------------------------------------------------------------
  static constexpr Mont zero() { return Mont(); }
  static constexpr Mont one() { return from_raw(R1); }
  // Takes limbs already in Montgomery form (e.g. snarkjs zkey points). No reduction.
  static constexpr Mont from_raw(const Repr& r) {
    Mont a;
    for (std::size_t i = 0; i < N; ++i) a.v[i] = r[i];
    return a;
  }
  // Canonical integer x < p → field element. Caller guarantees x < p (see is_canonical).
  static constexpr Mont from_canonical(const Repr& x) { return from_raw(x) * from_raw(R2); }
  static constexpr Mont from_u64(u64 x) { return from_canonical(bi::from_u64<N>(x)); }
  static constexpr bool is_canonical(const Repr& x) { return bi::cmp(x, P) < 0; }

  constexpr Repr raw() const {
    Repr r{};
    for (std::size_t i = 0; i < N; ++i) r[i] = v[i];
    return r;
  }
  // Montgomery reduction of the representation: the canonical integer.
  constexpr Repr canonical() const {
    Mont t = *this * from_raw(bi::from_u64<N>(1));
    return t.raw();
  }

  // ---- predicates ----------------------------------------------------------------
  constexpr bool is_zero() const {
    u64 acc = 0;
    for (std::size_t i = 0; i < N; ++i) acc |= v[i];
    return acc == 0;
  }
  constexpr bool is_one() const { return *this == one(); }
  friend constexpr bool operator==(const Mont& a, const Mont& b) {
    u64 acc = 0;
    for (std::size_t i = 0; i < N; ++i) acc |= a.v[i] ^ b.v[i];
    return acc == 0;
  }
  friend constexpr bool operator!=(const Mont& a, const Mont& b) { return !(a == b); }

  // ---- additive group -------------------------------------------------------------
  // p < 2^(64N−1), so a + b < 2^(64N): no carry out; one conditional subtraction.
  friend constexpr Mont operator+(const Mont& a, const Mont& b) {
    Mont r;
#if CUZK_MONT_X86
    if (!std::is_constant_evaluated()) {
      x86::add_mod<N>(r.v, a.v, b.v, P.data());
      return r;
    }
#endif
    u64 c = 0;
    for (std::size_t i = 0; i < N; ++i) {
      u128 t = u128(a.v[i]) + b.v[i] + c;
      r.v[i] = u64(t);
      c = u64(t >> 64);
    }
    r.reduce_once();
    return r;
  }
  friend constexpr Mont operator-(const Mont& a, const Mont& b) {
    Mont r;
#if CUZK_MONT_X86
    if (!std::is_constant_evaluated()) {
      x86::sub_mod<N>(r.v, a.v, b.v, P.data());
      return r;
    }
#endif
    u64 br = 0;
    for (std::size_t i = 0; i < N; ++i) {
      u128 t = u128(a.v[i]) - b.v[i] - br;
      r.v[i] = u64(t);
      br = u64(t >> 64) & 1;
    }
    // add p back when it borrowed (mask keeps it branch-free)
    u64 mask = 0 - br, c = 0;
    for (std::size_t i = 0; i < N; ++i) {
      u128 t = u128(r.v[i]) + (P[i] & mask) + c;
      r.v[i] = u64(t);
      c = u64(t >> 64);
    }
    return r;
  }
  constexpr Mont operator-() const { return zero() - *this; }
  constexpr Mont dbl() const { return *this + *this; }
  constexpr Mont& operator+=(const Mont& b) { return *this = *this + b; }
  constexpr Mont& operator-=(const Mont& b) { return *this = *this - b; }

  // ---- multiplication: CIOS, no-carry variant ---------------------------------------
  // At run time on x86-64 with BMI2+ADX, N = 4 and N = 6 go to the mulx/adcx/adox kernel
  // (mont_x86.hpp, same algorithm, bit-identical results); constant evaluation and other
  // targets use the portable __int128 loop below.
  [[gnu::always_inline]] friend constexpr Mont operator*(const Mont& a, const Mont& b) {
#if CUZK_MONT_X86
    if constexpr (N == 4 || N == 6) {
      if (!std::is_constant_evaluated()) {
        Mont r;
        x86::mont_mul<N>(r.v, a.v, b.v, QINV.data());
        return r;
      }
    }
#endif
    return mul_portable(a, b);
  }
  static constexpr Mont mul_portable(const Mont& a, const Mont& b) {
    u64 t[N] = {};
#pragma GCC unroll 8
    for (std::size_t i = 0; i < N; ++i) {
      u128 s = u128(t[0]) + u128(a.v[0]) * b.v[i];
      t[0] = u64(s);
      u64 A = u64(s >> 64);
      u64 m = t[0] * INV;
      u128 q = u128(m) * P[0] + t[0];
      u64 C = u64(q >> 64);
#pragma GCC unroll 8
      for (std::size_t j = 1; j < N; ++j) {
        s = u128(t[j]) + u128(a.v[j]) * b.v[i] + A;
        A = u64(s >> 64);
        q = u128(m) * P[j] + u64(s) + C;
        t[j - 1] = u64(q);
        C = u64(q >> 64);
      }
      t[N - 1] = C + A;
    }
    Mont r;
    for (std::size_t i = 0; i < N; ++i) r.v[i] = t[i];
    r.reduce_once();
    return r;
  }
  // In place, as blst_fp_mul(a, a, b): the x86 kernel reads both operands before it stores
  // the limbs into v, one scalar store each (mont_mul_store), so no temporary and no SSE merge.
  // For N = 4 it takes v's limbs in registers (mont_mul_reg): the form for dependent chains.
  [[gnu::always_inline]] constexpr Mont& operator*=(const Mont& b) {
#if CUZK_MONT_X86
    if constexpr (N == 4 || N == 6) {
      if (!std::is_constant_evaluated()) {
        x86::mont_mul_store<N>(v, v, b.v, QINV.data());
        return *this;
      }
    }
#endif
    return *this = *this * b;
  }
  // N = 4 on x86: its own kernel, the product with both operands in registers (the general
  // product reads both from memory: x = x.sqr() would make every mulx re-read fresh stores).
  [[gnu::always_inline]] constexpr Mont sqr() const {
#if CUZK_MONT_X86
    if constexpr (N == 4) {
      if (!std::is_constant_evaluated()) {
        Mont r;
        x86::mont_sqr<N>(r.v, v, QINV.data());
        return r;
      }
    }
#endif
    return *this * *this;
  }

  // ---- exponentiation, inversion --------------------------------------------------
  template <std::size_t M>
  constexpr Mont pow(const Limbs<M>& e) const {
    Mont r = one();
    for (std::size_t i = bi::num_bits(e); i-- > 0;) {
      r = r.sqr();
      if (bi::bit(e, i)) r *= *this;
    }
    return r;
  }
  constexpr Mont pow(u64 e) const { return pow(bi::from_u64<1>(e)); }
  // Fermat: a^(p−2). Inverse of zero is zero (callers that care check first).
  constexpr Mont inverse_fermat() const {
    Repr e = P;
    bi::sub(e, bi::from_u64<N>(2));
    return pow(e);
  }
  // Variable-time inversion by Bernstein–Yang divsteps (divstep_inverse.hpp) on the
  // representation x = aR, giving x⁻¹ mod p; then a⁻¹R = x⁻¹·R², one Montgomery product
  // with R³. Not constant time: public data only (point normalisation, batch inversion).
  // Constant evaluation takes Fermat. Inverse of zero is zero.
  constexpr Mont inverse() const {
    if (std::is_constant_evaluated()) return inverse_fermat();
    if (is_zero()) return zero();
    return from_raw(DIVSTEP.inverse(raw())) * from_raw(R3);
  }
  // Legendre symbol: 1 (non-zero square), −1 → returns -1, 0 for zero.
  constexpr int legendre() const {
    if (is_zero()) return 0;
    Repr e = P;
    bi::sub(e, bi::from_u64<N>(1));
    bi::shr1(e);
    return pow(e).is_one() ? 1 : -1;
  }

  // Square root for p ≡ 3 (mod 4): a^((p+1)/4). Returns false for a non-square.
  constexpr bool sqrt(Mont& out) const {
    static_assert(P[0] % 4 == 3, "this square root needs p = 3 mod 4");
    Repr e = P;
    bi::add(e, bi::from_u64<N>(1));
    bi::shr1(e);
    bi::shr1(e);
    Mont x = pow(e);
    if (x.sqr() != *this) return false;
    out = x;
    return true;
  }

  // ---- bytes ----------------------------------------------------------------------
  // Canonical little-endian value, `out` has 8N bytes (snarkjs witness / r1cs layout).
  void to_bytes_le(std::uint8_t* out) const {
    Repr c = canonical();
    for (std::size_t i = 0; i < 8 * N; ++i) out[i] = std::uint8_t(c[i / 8] >> (8 * (i % 8)));
  }
  static Repr repr_from_bytes_le(const std::uint8_t* in, std::size_t n = 8 * N) {
    Repr r{};
    for (std::size_t i = 0; i < n && i < 8 * N; ++i) r[i / 8] |= u64(in[i]) << (8 * (i % 8));
    return r;
  }
  static Repr repr_from_bytes_be(const std::uint8_t* in, std::size_t n) {
    Repr r{};
    for (std::size_t i = 0; i < n && i < 8 * N; ++i) r[i / 8] |= u64(in[n - 1 - i]) << (8 * (i % 8));
    return r;
  }
  void to_bytes_be(std::uint8_t* out, std::size_t n = BYTES) const {
    Repr c = canonical();
    for (std::size_t i = 0; i < n; ++i) out[n - 1 - i] = i < 8 * N ? std::uint8_t(c[i / 8] >> (8 * (i % 8))) : 0;
  }
  // Lexicographically largest of {y, −y} (used by the zcash point encoding's sort flag).
  bool lexicographically_largest() const {
    Repr c = canonical(), h = P;
    bi::shr1(h);  // (p−1)/2
    return bi::cmp(c, h) > 0;
  }

  std::string to_decimal() const;  // defined in mont_io.hpp
  std::string to_hex() const;

  // ---- compile-time derived constants ------------------------------------------
  static constexpr std::size_t two_adicity() {
    Repr e = P;
    bi::sub(e, bi::from_u64<N>(1));
    std::size_t s = 0;
    while (!(e[0] & 1)) {
      bi::shr1(e);
      ++s;
    }
    return s;
  }
  // Smallest quadratic non-residue ≥ 2 (ffjavascript's `nqr`).
  static constexpr u64 smallest_nqr() {
    for (u64 k = 2;; ++k)
      if (from_u64(k).legendre() == -1) return k;
  }

private:
  static constexpr Limbs<N + 1> QINV = [] {  // p then INV, the x86 kernels' constant block
    Limbs<N + 1> r{};
    for (std::size_t i = 0; i < N; ++i) r[i] = P[i];
    r[N] = INV;
    return r;
  }();

  static constexpr DivstepInverse<N> DIVSTEP{P};

  constexpr void reduce_once() {
    // r = v − p if v ≥ p
    u64 tmp[N], br = 0;
    for (std::size_t i = 0; i < N; ++i) {
      u128 t = u128(v[i]) - P[i] - br;
      tmp[i] = u64(t);
      br = u64(t >> 64) & 1;
    }
    if (!br)
      for (std::size_t i = 0; i < N; ++i) v[i] = tmp[i];
  }
};

}  // namespace cuzk::ff
