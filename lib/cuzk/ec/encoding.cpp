// zcash serialization of BLS12-381 points; see encoding.hpp for the format.
#include "cuzk/ec/encoding.hpp"

#include <cstring>
#include <string>

#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::ec {
namespace {

using bls12_381::Fq;
using bls12_381::Fq2;

constexpr std::uint8_t FLAG_COMPRESSED = 0x80, FLAG_INFINITY = 0x40, FLAG_SORT = 0x20, FLAG_MASK = 0xe0;
constexpr std::size_t FQ_BYTES = 48;
static_assert(Fq::BYTES == FQ_BYTES);

[[noreturn]] void bad(const char* what, const std::string& msg) {
  throw Error(Error::Kind::BadInput, std::string(what) + ": " + msg);
}

// ---- field elements: 48 bytes big-endian; Fq2 as c1 ‖ c0 -----------------------------
void put(const Fq& a, std::uint8_t* out) { a.to_bytes_be(out, FQ_BYTES); }
void put(const Fq2& a, std::uint8_t* out) {
  put(a.c1, out);
  put(a.c0, out + FQ_BYTES);
}
// `in` has had its flag bits cleared already where they apply.
void get(const std::uint8_t* in, Fq& a, const char* what) {
  auto r = Fq::repr_from_bytes_be(in, FQ_BYTES);
  if (!Fq::is_canonical(r)) bad(what, "coordinate is not canonical (>= p)");
  a = Fq::from_canonical(r);
}
void get(const std::uint8_t* in, Fq2& a, const char* what) {
  get(in, a.c1, what);
  get(in + FQ_BYTES, a.c0, what);
}

template <class Curve>
struct Traits;
template <>
struct Traits<bls12_381::G1Curve> {
  static constexpr std::size_t FIELD_BYTES = FQ_BYTES;
  static constexpr const char* COMPRESSED = "G1 compressed point";
  static constexpr const char* UNCOMPRESSED = "G1 uncompressed point";
};
template <>
struct Traits<bls12_381::G2Curve> {
  static constexpr std::size_t FIELD_BYTES = 2 * FQ_BYTES;
  static constexpr const char* COMPRESSED = "G2 compressed point";
  static constexpr const char* UNCOMPRESSED = "G2 uncompressed point";
};

template <class Curve>
void encode(const Affine<Curve>& p, std::uint8_t* out, bool compressed) {
  const std::size_t len = Traits<Curve>::FIELD_BYTES * (compressed ? 1 : 2);
  if (p.inf) {
    std::memset(out, 0, len);
    out[0] = compressed ? (FLAG_COMPRESSED | FLAG_INFINITY) : FLAG_INFINITY;
    return;
  }
  put(p.x, out);
  if (compressed) {
    out[0] |= FLAG_COMPRESSED;
    if (p.y.lexicographically_largest()) out[0] |= FLAG_SORT;
  } else {
    put(p.y, out + Traits<Curve>::FIELD_BYTES);
  }
}

template <class Curve>
Affine<Curve> decode(const std::uint8_t* in, bool compressed, bool check_subgroup) {
  using F = typename Curve::Field;
  constexpr std::size_t FB = Traits<Curve>::FIELD_BYTES;
  const char* what = compressed ? Traits<Curve>::COMPRESSED : Traits<Curve>::UNCOMPRESSED;
  const std::size_t len = FB * (compressed ? 1 : 2);
  const std::uint8_t flags = in[0] & FLAG_MASK;

  if (bool(flags & FLAG_COMPRESSED) != compressed)
    bad(what, compressed ? "compression flag (0x80) not set" : "compression flag (0x80) set in an uncompressed encoding");
  if (flags & FLAG_INFINITY) {
    bool rest_zero = (in[0] & ~(FLAG_COMPRESSED | FLAG_INFINITY)) == 0;
    for (std::size_t i = 1; i < len && rest_zero; ++i) rest_zero = in[i] == 0;
    if (!rest_zero) bad(what, "infinity flag set but the other bits are not all zero");
    return Affine<Curve>::infinity();
  }
  if (!compressed && (flags & FLAG_SORT)) bad(what, "sort flag (0x20) set in an uncompressed encoding");

  std::uint8_t buf[2 * FB];
  std::memcpy(buf, in, len);
  buf[0] &= std::uint8_t(~FLAG_MASK);
  F x, y;
  get(buf, x, what);
  if (compressed) {
    F rhs = x.sqr() * x + Curve::b();
    if (!rhs.sqrt(y)) bad(what, "x is not the x-coordinate of a curve point");
    if (y.lexicographically_largest() != bool(flags & FLAG_SORT)) y = -y;
  } else {
    get(buf + FB, y, what);
  }
  Affine<Curve> p(x, y);
  if (!p.on_curve()) bad(what, "point is not on the curve");
  if (check_subgroup && !bls12_381::in_subgroup(p)) bad(what, "point is not in the prime-order subgroup");
  return p;
}

}  // namespace

void g1_compress(const G1Affine& p, std::uint8_t out[48]) { encode(p, out, true); }
void g1_encode_uncompressed(const G1Affine& p, std::uint8_t out[96]) { encode(p, out, false); }
G1Affine g1_decompress(const std::uint8_t in[48], bool check_subgroup) {
  return decode<bls12_381::G1Curve>(in, true, check_subgroup);
}
G1Affine g1_decode_uncompressed(const std::uint8_t in[96], bool check_subgroup) {
  return decode<bls12_381::G1Curve>(in, false, check_subgroup);
}

void g2_compress(const G2Affine& p, std::uint8_t out[96]) { encode(p, out, true); }
void g2_encode_uncompressed(const G2Affine& p, std::uint8_t out[192]) { encode(p, out, false); }
G2Affine g2_decompress(const std::uint8_t in[96], bool check_subgroup) {
  return decode<bls12_381::G2Curve>(in, true, check_subgroup);
}
G2Affine g2_decode_uncompressed(const std::uint8_t in[192], bool check_subgroup) {
  return decode<bls12_381::G2Curve>(in, false, check_subgroup);
}

}  // namespace cuzk::ec
