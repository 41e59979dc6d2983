#pragma once
// Points in snarkjs's binary layout: affine x‖y, coordinates little-endian Montgomery
// (our Fq representation), Fq2 as c0‖c1, infinity = all-zero bytes.
#include <cstdint>
#include <cstring>

#include "cuzk/ec/bls12_381_curves.hpp"

namespace cuzk::groth16 {

inline bool read_fq_mont(const std::uint8_t* p, bls12_381::Fq& out) {
  auto r = bls12_381::Fq::repr_from_bytes_le(p, 48);
  if (!bls12_381::Fq::is_canonical(r)) return false;
  out = bls12_381::Fq::from_raw(r);
  return true;
}
inline void write_fq_mont(const bls12_381::Fq& a, std::uint8_t* p) {
  for (std::size_t i = 0; i < 48; ++i) p[i] = std::uint8_t(a.v[i / 8] >> (8 * (i % 8)));
}
inline bool all_zero(const std::uint8_t* p, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (p[i]) return false;
  return true;
}

// false when a coordinate is not below q (the caller reports it with context).
inline bool read_g1_mont(const std::uint8_t* p, bls12_381::G1Affine& out) {
  if (all_zero(p, 96)) {
    out = bls12_381::G1Affine::infinity();
    return true;
  }
  out.inf = false;
  return read_fq_mont(p, out.x) && read_fq_mont(p + 48, out.y);
}
inline bool read_g2_mont(const std::uint8_t* p, bls12_381::G2Affine& out) {
  if (all_zero(p, 192)) {
    out = bls12_381::G2Affine::infinity();
    return true;
  }
  out.inf = false;
  return read_fq_mont(p, out.x.c0) && read_fq_mont(p + 48, out.x.c1) && read_fq_mont(p + 96, out.y.c0) &&
         read_fq_mont(p + 144, out.y.c1);
}
inline void write_g1_mont(const bls12_381::G1Affine& a, std::uint8_t* p) {
  if (a.inf) return (void)std::memset(p, 0, 96);
  write_fq_mont(a.x, p);
  write_fq_mont(a.y, p + 48);
}
inline void write_g2_mont(const bls12_381::G2Affine& a, std::uint8_t* p) {
  if (a.inf) return (void)std::memset(p, 0, 192);
  write_fq_mont(a.x.c0, p);
  write_fq_mont(a.x.c1, p + 48);
  write_fq_mont(a.y.c0, p + 96);
  write_fq_mont(a.y.c1, p + 144);
}

}  // namespace cuzk::groth16
