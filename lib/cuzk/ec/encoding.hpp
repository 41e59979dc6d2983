#pragma once
// The zcash serialization of BLS12-381 points (zcash `bls12_381` crate, IETF
// draft-irtf-cfrg-pairing-friendly-curves Appendix C, blst, bellperson/Filecoin):
//
//   G1: 48 bytes compressed (x), 96 uncompressed (x ‖ y); G2: 96 / 192, with each Fq2
//   coordinate written c1 ‖ c0. Every Fq is 48 bytes big-endian, canonical (< p).
//   The three top bits of byte 0 are flags:
//     0x80  compression   — set in the compressed form, clear in the uncompressed one
//     0x40  infinity      — the point at infinity; then every other bit is zero
//     0x20  sort          — compressed only: y is the lexicographically largest of ±y
//                           (Fq: y > (p−1)/2; Fq2: compare c1, or c0 when c1 = 0)
//   Infinity encodes as c0 00…00 (compressed) and 40 00…00 (uncompressed).
//
// Decoding is strict: a wrong compression flag, stray bits next to the infinity flag,
// the sort flag in an uncompressed encoding, a coordinate ≥ p, a point off the curve,
// and (with check_subgroup) a point outside the order-r subgroup all throw
// cuzk::Error(BadInput) with a message naming the group and the problem.
//
// A Groth16 proof in its 192-byte form (bellperson / Filecoin) is A(48) ‖ B(96) ‖ C(48),
// each compressed (groth16/json_io builds it from these functions).
//
// Namespace cuzk::ec (the callers write ec::g1_compress); also visible as
// cuzk::bls12_381::g1_compress etc.
#include <cstddef>
#include <cstdint>

#include "cuzk/ec/bls12_381_curves.hpp"

namespace cuzk::ec {

using bls12_381::G1Affine;
using bls12_381::G2Affine;

inline constexpr std::size_t G1_COMPRESSED_BYTES = 48;
inline constexpr std::size_t G1_UNCOMPRESSED_BYTES = 96;
inline constexpr std::size_t G2_COMPRESSED_BYTES = 96;
inline constexpr std::size_t G2_UNCOMPRESSED_BYTES = 192;
inline constexpr std::size_t GROTH16_PROOF_BYTES = 192;

void g1_compress(const G1Affine& p, std::uint8_t out[48]);
void g1_encode_uncompressed(const G1Affine& p, std::uint8_t out[96]);
G1Affine g1_decompress(const std::uint8_t in[48], bool check_subgroup = true);
G1Affine g1_decode_uncompressed(const std::uint8_t in[96], bool check_subgroup = true);

void g2_compress(const G2Affine& p, std::uint8_t out[96]);
void g2_encode_uncompressed(const G2Affine& p, std::uint8_t out[192]);
G2Affine g2_decompress(const std::uint8_t in[96], bool check_subgroup = true);
G2Affine g2_decode_uncompressed(const std::uint8_t in[192], bool check_subgroup = true);

}  // namespace cuzk::ec

namespace cuzk::bls12_381 {
using ec::g1_compress;
using ec::g1_decode_uncompressed;
using ec::g1_decompress;
using ec::g1_encode_uncompressed;
using ec::g2_compress;
using ec::g2_decode_uncompressed;
using ec::g2_decompress;
using ec::g2_encode_uncompressed;
}  // namespace cuzk::bls12_381
