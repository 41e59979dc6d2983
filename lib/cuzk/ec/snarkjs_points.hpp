#pragma once
// Points as snarkjs stores them, for any curve (BLS12-381 "bls12381", BN254 "bn128"):
//
//   binary (.zkey, .ptau): affine x‖y, each coordinate n8q = 8·N bytes little-endian in
//     Montgomery form (x·2^(8·n8q) mod q, i.e. our Mont representation: 48 bytes for
//     BLS12-381's Fq, 32 for BN254's); an Fq2 coordinate is c0‖c1; infinity is all-zero bytes.
//   JSON (proof.json, verification_key.json): decimal canonical affine coordinates with a
//     projective z: G1 [x, y, "1"], G2 [[x0, x1], [y0, y1], ["1", "0"]]; infinity
//     ["0", "1", "0"] and [["0", "0"], ["1", "0"], ["0", "0"]].
//
// Decoding checks only that each coordinate is below q (the caller reports failures with
// file context, checks the curve equation and the subgroup). See /work/shared/docs/
// snarkjs-formats.md. The .zkey reader and writer (groth16/) use it for both curves.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuzk/ec/affine.hpp"
#include "cuzk/ff/fp2.hpp"
#include "cuzk/ff/mont_io.hpp"

namespace cuzk::ec::snarkjs {

// ---- field elements --------------------------------------------------------------------
template <class F>
struct FieldCodec {  // a prime field (ff::Mont)
  static constexpr std::size_t BYTES = 8 * F::N;
  static bool read(const std::uint8_t* p, F& out) {
    auto r = F::repr_from_bytes_le(p, BYTES);
    if (!F::is_canonical(r)) return false;
    out = F::from_raw(r);
    return true;
  }
  static void write(const F& a, std::uint8_t* p) {
    for (std::size_t i = 0; i < BYTES; ++i) p[i] = std::uint8_t(a.v[i / 8] >> (8 * (i % 8)));
  }
  static std::vector<std::string> decimal(const F& a) { return {a.to_decimal()}; }
};
template <class F>
struct FieldCodec<ff::Fp2<F>> {  // c0 ‖ c1
  using F2 = ff::Fp2<F>;
  static constexpr std::size_t BYTES = 2 * FieldCodec<F>::BYTES;
  static bool read(const std::uint8_t* p, F2& out) {
    return FieldCodec<F>::read(p, out.c0) && FieldCodec<F>::read(p + FieldCodec<F>::BYTES, out.c1);
  }
  static void write(const F2& a, std::uint8_t* p) {
    FieldCodec<F>::write(a.c0, p);
    FieldCodec<F>::write(a.c1, p + FieldCodec<F>::BYTES);
  }
  static std::vector<std::string> decimal(const F2& a) { return {a.c0.to_decimal(), a.c1.to_decimal()}; }
};

// ---- points: binary ------------------------------------------------------------------
template <class Curve>
inline constexpr std::size_t POINT_BYTES = 2 * FieldCodec<typename Curve::Field>::BYTES;

// false when a coordinate is not below q.
template <class Curve>
bool read_point(const std::uint8_t* p, Affine<Curve>& out) {
  using C = FieldCodec<typename Curve::Field>;
  bool zero = true;
  for (std::size_t i = 0; i < POINT_BYTES<Curve> && zero; ++i) zero = p[i] == 0;
  if (zero) {
    out = Affine<Curve>::infinity();
    return true;
  }
  out.inf = false;
  return C::read(p, out.x) && C::read(p + C::BYTES, out.y);
}
template <class Curve>
void write_point(const Affine<Curve>& a, std::uint8_t* p) {
  using C = FieldCodec<typename Curve::Field>;
  if (a.inf) return (void)std::memset(p, 0, POINT_BYTES<Curve>);
  C::write(a.x, p);
  C::write(a.y, p + C::BYTES);
}

// ---- points: JSON coordinates ------------------------------------------------------------
// The three projective coordinates, each as its decimal strings (1 for Fq, 2 for Fq2).
template <class Curve>
std::vector<std::vector<std::string>> json_coords(const Affine<Curve>& a) {
  using F = typename Curve::Field;
  using C = FieldCodec<F>;
  if (a.inf) return {C::decimal(F::zero()), C::decimal(F::one()), C::decimal(F::zero())};
  return {C::decimal(a.x), C::decimal(a.y), C::decimal(F::one())};
}

}  // namespace cuzk::ec::snarkjs
