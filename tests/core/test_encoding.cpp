// zcash point encodings: published generator / infinity vectors, noble's vectors
// (data/vectors/{curve,scalar_mul,add}.json), round trips on random points and strict
// rejection of every malformed input class.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "cuzk/ec/encoding.hpp"
#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/util/error.hpp"
#include "tower_test_util.hpp"
#include "vectors_util.hpp"

using namespace cuzk::test;
using namespace cuzk::bls12_381;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes unhex(const std::string& h) {
  Bytes b(h.size() / 2);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::uint8_t(std::stoi(h.substr(2 * i, 2), nullptr, 16));
  return b;
}
std::string hex(const Bytes& b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (auto x : b) {
    s += d[x >> 4];
    s += d[x & 15];
  }
  return s;
}
Bytes enc1c(const G1Affine& p) { Bytes b(48); g1_compress(p, b.data()); return b; }
Bytes enc1u(const G1Affine& p) { Bytes b(96); g1_encode_uncompressed(p, b.data()); return b; }
Bytes enc2c(const G2Affine& p) { Bytes b(96); g2_compress(p, b.data()); return b; }
Bytes enc2u(const G2Affine& p) { Bytes b(192); g2_encode_uncompressed(p, b.data()); return b; }

// Expects Error(BadInput) whose message contains `needle`.
template <class F>
void rejects(F&& f, const std::string& needle) {
  try {
    f();
    FAIL("accepted, expected rejection: " << needle);
  } catch (const cuzk::Error& e) {
    CHECK(e.kind() == cuzk::Error::Kind::BadInput);
    INFO("message: " << e.what());
    CHECK(std::string(e.what()).find(needle) != std::string::npos);
  }
}

// A point on E(Fq) outside G1 (cofactor h1 ≠ 1: a random curve point is almost never in G1).
G1Affine g1_off_subgroup() {
  for (;;) {
    Fq x = random_fq(), y;
    if ((x.sqr() * x + G1Curve::b()).sqrt(y)) {
      G1Affine p(x, y);
      if (!in_subgroup(p)) return p;
    }
  }
}
G2Affine g2_off_subgroup() {
  for (;;) {
    Fq2 x = random_fq2(), y;
    if ((x.sqr() * x + G2Curve::b()).sqrt(y)) {
      G2Affine p(x, y);
      if (!in_subgroup(p)) return p;
    }
  }
}

}  // namespace

TEST_CASE("generators and infinity (zcash / IETF published encodings)") {
  CHECK(hex(enc1c(G1Affine::generator())) ==
        "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
  CHECK(hex(enc2c(G2Affine::generator())) ==
        "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
        "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8");
  CHECK(hex(enc1u(G1Affine::generator())) ==
        "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"
        "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1");
  Bytes inf1c = enc1c(G1Affine::infinity()), inf1u = enc1u(G1Affine::infinity());
  Bytes inf2c = enc2c(G2Affine::infinity()), inf2u = enc2u(G2Affine::infinity());
  CHECK(inf1c[0] == 0xc0);
  CHECK(inf1u[0] == 0x40);
  CHECK(inf2c[0] == 0xc0);
  CHECK(inf2u[0] == 0x40);
  for (auto* b : {&inf1c, &inf1u, &inf2c, &inf2u})
    for (std::size_t i = 1; i < b->size(); ++i) REQUIRE((*b)[i] == 0);
  CHECK(g1_decompress(inf1c.data()).is_inf());
  CHECK(g1_decode_uncompressed(inf1u.data()).is_inf());
  CHECK(g2_decompress(inf2c.data()).is_inf());
  CHECK(g2_decode_uncompressed(inf2u.data()).is_inf());
  // −G flips only the sort bit
  Bytes n1 = enc1c(-G1Affine::generator()), g1 = enc1c(G1Affine::generator());
  CHECK(n1[0] == (g1[0] | 0x20));
  CHECK(std::memcmp(n1.data() + 1, g1.data() + 1, 47) == 0);
}

TEST_CASE("noble vectors: curve.json, scalar_mul.json, add.json") {
  auto curve = load_json("data/vectors/curve.json");
  auto sm = load_json("data/vectors/scalar_mul.json");
  auto add = load_json("data/vectors/add.json");
  if (!curve || !sm || !add) {
    MESSAGE("data/vectors not present, skipped");
    return;
  }
  std::vector<json> g1s, g2s;
  g1s.push_back((*curve)["g1"]);
  g2s.push_back((*curve)["g2"]);
  g1s.push_back((*curve)["infinity"]["g1"]);
  g2s.push_back((*curve)["infinity"]["g2"]);
  for (auto& c : (*sm)["cases"]) {
    g1s.push_back(c["g1"]);
    g2s.push_back(c["g2"]);
  }
  for (auto& c : (*add)["cases"])
    for (const char* k : {"P", "Q", "sum"}) {
      g1s.push_back(c["g1"][k]);
      g2s.push_back(c["g2"][k]);
    }
  for (auto& o : g1s) {
    G1Affine p = g1_obj(o);
    REQUIRE(hex(enc1c(p)) == o["compressed"].get<std::string>());
    REQUIRE(hex(enc1u(p)) == o["uncompressed"].get<std::string>());
    REQUIRE(g1_decompress(unhex(o["compressed"]).data()) == p);
    REQUIRE(g1_decode_uncompressed(unhex(o["uncompressed"]).data()) == p);
  }
  for (auto& o : g2s) {
    G2Affine p = g2_obj(o);
    REQUIRE(hex(enc2c(p)) == o["compressed"].get<std::string>());
    REQUIRE(hex(enc2u(p)) == o["uncompressed"].get<std::string>());
    REQUIRE(g2_decompress(unhex(o["compressed"]).data()) == p);
    REQUIRE(g2_decode_uncompressed(unhex(o["uncompressed"]).data()) == p);
  }
  CHECK(g1s.size() > 40);
}

TEST_CASE("round trips on random points") {
  for (int i = 0; i < 40; ++i) {
    Fr k = random_fr();
    G1Affine p = G1::generator().mul(k.canonical()).to_affine();
    G2Affine q = G2::generator().mul(k.canonical()).to_affine();
    REQUIRE(g1_decompress(enc1c(p).data()) == p);
    REQUIRE(g1_decompress(enc1c(-p).data()) == -p);
    REQUIRE(g1_decode_uncompressed(enc1u(p).data()) == p);
    REQUIRE(g2_decompress(enc2c(q).data()) == q);
    REQUIRE(g2_decompress(enc2c(-q).data()) == -q);
    REQUIRE(g2_decode_uncompressed(enc2u(q).data()) == q);
    // the sort bit is set for exactly one of ±P
    REQUIRE(((enc1c(p)[0] ^ enc1c(-p)[0]) & 0x20) == 0x20);
    REQUIRE(((enc2c(q)[0] ^ enc2c(-q)[0]) & 0x20) == 0x20);
  }
}

TEST_CASE("strict decoding rejects malformed inputs") {
  Bytes g1c = enc1c(G1Affine::generator()), g1u = enc1u(G1Affine::generator());
  Bytes g2c = enc2c(G2Affine::generator()), g2u = enc2u(G2Affine::generator());

  // compression flag
  { Bytes b = g1c; b[0] &= 0x7f; rejects([&] { g1_decompress(b.data()); }, "compression flag"); }
  { Bytes b = g1u; b[0] |= 0x80; rejects([&] { g1_decode_uncompressed(b.data()); }, "compression flag"); }
  { Bytes b = g2c; b[0] &= 0x7f; rejects([&] { g2_decompress(b.data()); }, "compression flag"); }
  { Bytes b = g2u; b[0] |= 0x80; rejects([&] { g2_decode_uncompressed(b.data()); }, "compression flag"); }
  // sort flag in uncompressed form
  { Bytes b = g1u; b[0] |= 0x20; rejects([&] { g1_decode_uncompressed(b.data()); }, "sort flag"); }
  { Bytes b = g2u; b[0] |= 0x20; rejects([&] { g2_decode_uncompressed(b.data()); }, "sort flag"); }
  // infinity with stray bits: the sort bit, a low bit of byte 0, the last byte
  for (std::size_t pos : {std::size_t(0), std::size_t(47)}) {
    Bytes b(48, 0);
    b[0] = 0xc0;
    b[pos] |= pos == 0 ? 0x20 : 0x01;
    rejects([&] { g1_decompress(b.data()); }, "infinity flag");
  }
  { Bytes b(48, 0); b[0] = 0xc1; rejects([&] { g1_decompress(b.data()); }, "infinity flag"); }
  { Bytes b(96, 0); b[0] = 0x40; b[95] = 1; rejects([&] { g1_decode_uncompressed(b.data()); }, "infinity flag"); }
  { Bytes b(96, 0); b[0] = 0xc0; b[50] = 1; rejects([&] { g2_decompress(b.data()); }, "infinity flag"); }
  { Bytes b(192, 0); b[0] = 0x60; rejects([&] { g2_decode_uncompressed(b.data()); }, "infinity flag"); }
  // all-zero bytes (snarkjs's infinity) are not a zcash encoding
  { Bytes b(48, 0); rejects([&] { g1_decompress(b.data()); }, "compression flag"); }
  { Bytes b(96, 0); rejects([&] { g1_decode_uncompressed(b.data()); }, "not on the curve"); }

  // non-canonical coordinates: x = p, and x + p for the generator (still < 2^381)
  Bytes pbytes(48);
  Fq::Repr P = Fq::P;
  for (std::size_t i = 0; i < 48; ++i) pbytes[47 - i] = std::uint8_t(P[i / 8] >> (8 * (i % 8)));
  { Bytes b = pbytes; b[0] |= 0x80; rejects([&] { g1_decompress(b.data()); }, "canonical"); }
  {
    Bytes b = g1u;  // y ← y + p
    auto y = G1Affine::generator().y.canonical();
    cuzk::ff::bi::add(y, Fq::P);
    for (std::size_t i = 0; i < 48; ++i) b[95 - i] = std::uint8_t(y[i / 8] >> (8 * (i % 8)));
    rejects([&] { g1_decode_uncompressed(b.data()); }, "canonical");
  }
  { Bytes b = g2c; std::memcpy(b.data() + 48, pbytes.data(), 48); rejects([&] { g2_decompress(b.data()); }, "canonical"); }
  { Bytes b = g2u; std::memcpy(b.data() + 144, pbytes.data(), 48); rejects([&] { g2_decode_uncompressed(b.data()); }, "canonical"); }

  // x with no curve point; uncompressed point off the curve
  {
    Fq x;
    Fq y;
    do x = random_fq(); while ((x.sqr() * x + G1Curve::b()).sqrt(y));
    Bytes b(48);
    x.to_bytes_be(b.data(), 48);
    b[0] |= 0x80;
    rejects([&] { g1_decompress(b.data()); }, "x-coordinate");
  }
  {
    Fq2 x, y;
    do x = random_fq2(); while ((x.sqr() * x + G2Curve::b()).sqrt(y));
    Bytes b = enc2c(G2Affine::generator());
    Bytes t(192);  // the uncompressed encoding is 192 bytes; its first 96 are x
    G2Affine fake;
    fake.inf = false;
    fake.x = x;
    fake.y = Fq2::one();
    g2_encode_uncompressed(fake, t.data());
    std::memcpy(b.data(), t.data(), 96);
    b[0] |= 0x80;
    rejects([&] { g2_decompress(b.data()); }, "x-coordinate");
  }
  { Bytes b = g1u; b[95] ^= 1; rejects([&] { g1_decode_uncompressed(b.data()); }, "not on the curve"); }
  { Bytes b = g2u; b[191] ^= 1; rejects([&] { g2_decode_uncompressed(b.data()); }, "not on the curve"); }

  // on the curve but outside the subgroup: rejected unless the check is switched off
  for (int i = 0; i < 3; ++i) {
    G1Affine p = g1_off_subgroup();
    rejects([&] { g1_decompress(enc1c(p).data()); }, "subgroup");
    rejects([&] { g1_decode_uncompressed(enc1u(p).data()); }, "subgroup");
    CHECK(g1_decompress(enc1c(p).data(), false) == p);
    CHECK(g1_decode_uncompressed(enc1u(p).data(), false) == p);
    G2Affine q = g2_off_subgroup();
    rejects([&] { g2_decompress(enc2c(q).data()); }, "subgroup");
    rejects([&] { g2_decode_uncompressed(enc2u(q).data()); }, "subgroup");
    CHECK(g2_decompress(enc2c(q).data(), false) == q);
    CHECK(g2_decode_uncompressed(enc2u(q).data(), false) == q);
  }
}
