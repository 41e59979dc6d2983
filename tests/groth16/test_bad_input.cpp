// Bad input gets a cuzk::Error naming the file and the problem.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "cuzk/groth16/json_io.hpp"
#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/ec/snarkjs_points.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/groth16/witness.hpp"
#include "cuzk/util/input_file.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"
#include "fixture_paths.hpp"
#include "temp_dir.hpp"

#include "bls12_381_types.hpp"  // E, Fr, G1, ... of BLS12-381

using namespace cuzk::groth16;
using cuzk::Error;
using cuzk::test::fixture;
using cuzk::test::TempDir;
namespace fs = std::filesystem;

namespace {

// Runs f, expects an Error whose message contains the file path and `needle`.
template <class F>
void expect_error(F f, const std::string& file, const std::string& needle, Error::Kind kind = Error::Kind::BadInput) {
  try {
    f();
    FAIL("no error for " << file);
  } catch (const Error& e) {
    std::string m = e.what();
    CAPTURE(m);
    CHECK(e.kind() == kind);
    CHECK(m.find(file) != std::string::npos);
    CHECK(m.find(needle) != std::string::npos);
  }
}
}  // namespace

TEST_CASE("zkey: truncated, wrong magic, wrong curve, corrupt point") {
  TempDir t("cuzk-bad-");
  std::string good = cuzk::read_file(fixture("tiny", "circuit.zkey"));
  auto trunc = t.put("trunc.zkey", good.substr(0, good.size() - 100));
  expect_error([&] { read_zkey<E>(trunc); }, trunc, "truncated");
  auto magic = t.put("magic.zkey", "wtns" + good.substr(4));
  expect_error([&] { read_zkey<E>(magic); }, magic, "wrong magic");
  auto bn = fixture("tiny-bn128", "circuit.zkey");
  expect_error([&] { read_zkey<E>(bn); }, bn, "a BN254 key where a BLS12-381 key was expected");
  // A prime of neither curve (q changed in its lowest byte).
  // "zkey", version, section count (12 bytes); section 1 (id, size, protocol: 16); section 2's
  // id and size (12), n8q (4): q at byte 44.
  std::string q_bad = good;
  q_bad[44] ^= 1;
  auto neither = t.put("neither.zkey", q_bad);
  expect_error([&] { read_zkey<E>(neither); }, neither, "the base field prime q is not BLS12-381's");
  // Flip a byte inside the A section's first point: off the curve (or ≥ q).
  std::string bad = good;
  bad[bad.size() / 2] ^= 0x5a;
  auto corrupt = t.put("corrupt.zkey", bad);
  CHECK_THROWS_AS(read_zkey<E>(corrupt), Error);
  expect_error([&] { read_zkey<E>(t.put("empty.zkey", "")); }, "empty.zkey", "too short");
  expect_error([&] { read_zkey<E>((t.p / "missing.zkey").string()); }, "missing.zkey", "cannot open", Error::Kind::Io);
}

TEST_CASE("zkey: a coefficient out of range is named (the first of several)") {
  TempDir t("cuzk-bad-");
  std::string bad = cuzk::read_file(fixture("tiny", "circuit.zkey"));
  auto u32 = [&](std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, bad.data() + at, 4);
    return v;
  };
  // magic, version, section count; then sections: id (u32), size (u64), data
  std::size_t at = 12, coefs = 0;
  for (std::uint32_t k = 0; k < u32(8) && !coefs; ++k) {
    std::uint64_t size;
    std::memcpy(&size, bad.data() + at + 4, 8);
    if (u32(at) == 4) coefs = at + 12;
    at += 12 + size;
  }
  REQUIRE(coefs != 0);
  REQUIRE(u32(coefs) > 5);
  auto set = [&](std::size_t rec, std::size_t field, std::uint32_t v) {
    std::memcpy(bad.data() + coefs + 4 + 44 * rec + 4 * field, &v, 4);
  };
  set(5, 2, 0xffffff);  // signal past nVars
  set(2, 0, 7);         // matrix 7
  auto path = t.put("coef.zkey", bad);
  expect_error([&] { read_zkey<E>(path); }, path, "coefficient 2 is out of range (matrix 7");
}

TEST_CASE("witness: wrong circuit, wrong curve, corrupt values") {
  TempDir t("cuzk-bad-");
  ProvingKey<E> pk = read_zkey<E>(fixture("main", "circuit.zkey"));
  auto other = fixture("other", "w0.wtns");
  expect_error([&] { read_wtns(other, pk.header.n_vars); }, other, "nVars");
  auto bn = fixture("tiny-bn128", "w0.wtns");
  expect_error([&] { read_wtns(bn, {6, cuzk::pairing::CurveId::Bls12_381, "k.zkey"}); }, bn,
               "a bn128 witness, but the proving key k.zkey is bls12381 (wrong curve)");
  std::string prime_bad = cuzk::read_file(bn);  // r's lowest byte changed: neither curve's
  prime_bad[4 + 4 + 4 + 4 + 8 + 4] ^= 1;
  auto neither = t.put("neither.wtns", prime_bad);
  expect_error([&] { read_wtns(neither); }, neither, "neither BLS12-381's nor BN254's");
  std::string good = cuzk::read_file(fixture("main", "w0.wtns"));
  auto trunc = t.put("trunc.wtns", good.substr(0, good.size() - 1));
  expect_error([&] { read_wtns(trunc); }, trunc, "truncated");
  std::string big = good;  // last value set to all-ones: not below r
  for (std::size_t i = big.size() - 32; i < big.size(); ++i) big[i] = char(0xff);
  auto over = t.put("over.wtns", big);
  expect_error([&] { read_wtns(over); }, over, "not below r");
}

TEST_CASE("an unsatisfying witness gives a proof that does not verify") {
  ProvingKey<E> pk = read_zkey<E>(fixture("main", "circuit.zkey"));
  Witness w = read_wtns(fixture("main", "w0.wtns"), pk.header.n_vars);
  w.values[w.values.size() - 1][0] ^= 1;  // an internal wire
  CpuBackend cpu;
  Proof<E> p = prove(pk, w.values, Blinding<E>::random(), cpu);
  CHECK_FALSE(verify(verifying_key(pk), public_signals(pk, w.values), p).ok);
}

TEST_CASE("JSON: malformed proof, key and public inputs") {
  TempDir t("cuzk-bad-");
  auto f = t.put("p.json", "{\"pi_a\": [\"1\", \"2\"");
  expect_error([&] { read_json_file(f); }, f, "invalid JSON");
  json p = read_json_file(fixture("tiny", "proof.json"));
  p["pi_a"][0] = "12x";
  expect_error([&] { proof_from_json<E>(p, "proof.json"); }, "proof.json", "pi_a[0]");
  json vk = read_json_file(fixture("tiny-bn128", "verification_key.json"));
  expect_error([&] { vkey_from_json<E>(vk, "vk.json"); }, "vk.json", "bls12381");
}

TEST_CASE("atomic output: unwritable folder, no overwrite, no temp file left") {
  TempDir t("cuzk-bad-");
  std::string target = (t.p / "out.json").string();
  cuzk::write_file_atomic(target, "one");
  expect_error([&] { cuzk::write_file_atomic(target, "two", true); }, target, "not overwritten", Error::Kind::Io);
  CHECK(cuzk::read_file(target) == "one");
  std::size_t n = 0;
  for (auto& e : fs::directory_iterator(t.p)) n += e.path().filename().string() != "out.json";
  CHECK(n == 0);
  expect_error([&] { cuzk::write_file_atomic("/nonexistent-dir/x.json", "x"); }, "/nonexistent-dir/x.json",
               "cannot create", Error::Kind::Io);
}

namespace {
// Offset of section `id`'s payload in an iden3 binary file.
std::size_t section_at(const std::string& b, std::uint32_t id) {
  auto u32 = [&](std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
  };
  std::size_t at = 12;
  for (std::uint32_t k = 0; k < u32(8); ++k) {
    std::uint64_t size;
    std::memcpy(&size, b.data() + at + 4, 8);
    if (u32(at) == id) return at + 12;
    at += 12 + size;
  }
  FAIL("no section " << id);
  return 0;
}
void put_u32(std::string& b, std::size_t at, std::uint32_t v) { std::memcpy(b.data() + at, &v, 4); }
const std::uint8_t* bytes(const std::string& s) { return reinterpret_cast<const std::uint8_t*>(s.data()); }
}  // namespace

TEST_CASE("zkey: header sizes are checked against the sections before allocating") {
  const std::string good = cuzk::read_file(fixture("tiny", "circuit.zkey"));
  const std::size_t h = section_at(good, 2) + 88;  // nVars, nPublic, domainSize
  auto with = [&](std::size_t off, std::uint32_t v) {
    std::string b = good;
    put_u32(b, h + off, v);
    return b;
  };
  auto refused = [&](const std::string& b, const std::string& needle) {
    expect_error([&] { read_zkey_from_memory<E>(bytes(b), b.size(), "mem.zkey"); }, "mem.zkey", needle);
  };
  refused(with(8, 1u << 31), "section 9 (H) holds 768 bytes, but domainSize = 2147483648");
  refused(with(8, 3), "not a power of two");
  refused(with(4, 0xffffffffu), "nPublic = 4294967295 leaves no room");
  refused(with(4, 6), "nPublic = 6 leaves no room in nVars = 6");
  refused(with(0, 1u << 30), "section 5 (A) holds 576 bytes, but nVars = 1073741824");
  refused(with(0, 7), "section 5 (A) holds 576 bytes");
  // header-only reads (export-vkey, batch estimates) apply the same checks
  TempDir t("cuzk-bad-");
  auto p = t.put("dom.zkey", with(8, 1u << 31));
  expect_error([&] { read_zkey_header<E>(p); }, p, "domainSize = 2147483648");
  CHECK(read_zkey_from_memory<E>(bytes(good), good.size(), "mem.zkey").header.n_vars == 6);
}

TEST_CASE("zkey: a B2 point off the curve or outside the subgroup is blamed on the key's section") {
  std::string b = cuzk::read_file(fixture("tiny", "circuit.zkey"));
  const std::size_t at = section_at(b, 7) + 192 * 3;  // B2 point 3
  G2Affine t;
  for (std::uint64_t c = 1;; ++c) {  // x = c + u: a point of the twist outside the subgroup
    cuzk::bls12_381::Fq2 x(Fq::from_u64(c), Fq::from_u64(1)), y;
    if ((x.sqr() * x + cuzk::bls12_381::G2Curve::b()).sqrt(y)) {
      t = G2Affine(x, y);
      break;
    }
  }
  REQUIRE_FALSE(cuzk::bls12_381::in_subgroup(t));
  cuzk::ec::snarkjs::write_point(t, reinterpret_cast<std::uint8_t*>(b.data() + at));
  expect_error([&] { read_zkey_from_memory<E>(bytes(b), b.size(), "k.zkey"); }, "k.zkey",
               "section 7 (B2): a point of section 7 is not in the prime-order subgroup");
  ZkeyOptions no_sub;
  no_sub.check_subgroups = false;
  CHECK(read_zkey_from_memory<E>(bytes(b), b.size(), "k.zkey", no_sub).b2[3] == t);
  t.y.c0 += Fq::one();
  cuzk::ec::snarkjs::write_point(t, reinterpret_cast<std::uint8_t*>(b.data() + at));
  expect_error([&] { read_zkey_from_memory<E>(bytes(b), b.size(), "k.zkey", no_sub); }, "k.zkey",
               "section 7 (B2): point 3 is not on the curve");
}

TEST_CASE("r1cs and wtns: counts against each other and the section sizes") {
  const std::string r1 = cuzk::read_file(fixture("tiny", "circuit.r1cs"));
  const std::size_t h = section_at(r1, 1);
  std::string b = r1;
  put_u32(b, h + 44, 100);  // nPubInputs 100 > nWires 6
  expect_error([&] { read_r1cs_from_memory<E>(bytes(b), b.size(), "c.r1cs"); }, "c.r1cs", "exceed nWires 6");
  b = r1;
  put_u32(b, h + 60, 0xffffffffu);  // nConstraints
  expect_error([&] { read_r1cs_from_memory<E>(bytes(b), b.size(), "c.r1cs"); }, "c.r1cs",
               "too few for nConstraints = 4294967295");
  b = r1;
  b[h + 4] ^= 1;  // the prime's lowest byte: neither curve's scalar field
  expect_error([&] { read_r1cs_from_memory<E>(bytes(b), b.size(), "c.r1cs"); }, "c.r1cs",
               "the prime is neither BLS12-381's nor BN254's scalar field");
  const std::string bn = cuzk::read_file(fixture("tiny-bn128", "circuit.r1cs"));
  expect_error([&] { read_r1cs_from_memory<E>(bytes(bn), bn.size(), "bn.r1cs"); }, "bn.r1cs",
               "BN254's scalar field, not BLS12-381's (wrong curve)");
  R1cs<E> cs = read_r1cs_from_memory<E>(bytes(r1), r1.size(), "c.r1cs");
  expect_error([&] { cs.first_unsatisfied(std::vector<Scalar>(2)); }, "c.r1cs", "the witness has 2 values");
  const std::string w = cuzk::read_file(fixture("tiny", "w0.wtns"));
  b = w;
  put_u32(b, section_at(w, 1) + 36, 1u << 30);
  expect_error([&] { read_wtns_from_memory(bytes(b), b.size(), "w.wtns"); }, "w.wtns", "expected 1073741824 values");
}

TEST_CASE("verification key: nPublic is bounded and must match IC (no u32 wrap)") {
  json vk = read_json_file(fixture("tiny", "verification_key.json"));
  vk["nPublic"] = std::uint64_t(1) << 32 | 2;  // wraps to 2 in u32, matching the 3 IC points
  expect_error([&] { vkey_from_json<E>(vk, "vk.json"); }, "vk.json", "nPublic: expected an integer");
  vk["nPublic"] = 0xffffffffu;  // + 1 wraps to 0 in u32
  vk["IC"] = json::array();
  expect_error([&] { vkey_from_json<E>(vk, "vk.json"); }, "vk.json", "nPublic");
  vk = read_json_file(fixture("tiny", "verification_key.json"));
  vk["nPublic"] = 3;
  expect_error([&] { vkey_from_json<E>(vk, "vk.json"); }, "vk.json", "IC: expected nPublic + 1 = 4 points, found 3");
}
