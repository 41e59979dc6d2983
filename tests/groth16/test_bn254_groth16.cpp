// BN254 ("bn128", circom's default curve) through the same Groth16 code as BLS12-381: the
// committed bn128 fixtures (circom2 + snarkjs) read, proven and verified; snarkjs's own proofs
// accepted and changed ones refused; the verification key equal to snarkjs's export; the
// curve of every file detected and a file of the other curve refused with one line naming it;
// prepared keys of one curve never read as the other's.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <utility>

#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/groth16/prove_files.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/input_file.hpp"
#include "fixture_paths.hpp"
#include "temp_dir.hpp"

using namespace cuzk::groth16;
using cuzk::test::fixture;
using Bn = cuzk::pairing::Bn254;
using Bls = cuzk::pairing::Bls12_381;
using cuzk::pairing::CurveId;

namespace {

// The error's message, or "" when f does not throw.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const cuzk::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("bn128 files: the curve is read from each file's primes") {
  CHECK(zkey_curve(fixture("tiny-bn128", "circuit.zkey")) == CurveId::Bn254);
  CHECK(zkey_curve(fixture("tiny", "circuit.zkey")) == CurveId::Bls12_381);
  CHECK(r1cs_curve(fixture("main-bn128", "circuit.r1cs")) == CurveId::Bn254);
  CHECK(r1cs_curve(fixture("main", "circuit.r1cs")) == CurveId::Bls12_381);
  CHECK(read_wtns(fixture("tiny-bn128", "w0.wtns")).curve == CurveId::Bn254);
  CHECK(read_wtns(fixture("tiny", "w0.wtns")).curve == CurveId::Bls12_381);
  CHECK(json_file_curve(fixture("tiny-bn128", "verification_key.json")) == CurveId::Bn254);
  CHECK(json_file_curve(fixture("tiny-bn128", "proof.json")) == CurveId::Bn254);
}

TEST_CASE("bn128: our proofs of every fixture witness verify; changed ones do not") {
  for (auto [c, w] : {std::pair{"tiny-bn128", "w0.wtns"}, std::pair{"tiny-bn128", "w1.wtns"},
                      std::pair{"other-bn128", "w0.wtns"}, std::pair{"main-bn128", "w0.wtns"},
                      std::pair{"main-bn128", "w1.wtns"}, std::pair{"main-bn128", "w2.wtns"},
                      std::pair{"main-bn128", "w3.wtns"}}) {
    CAPTURE(c);
    CAPTURE(w);
    auto pk = read_zkey<Bn>(fixture(c, "circuit.zkey"));
    auto wt = read_wtns(fixture(c, w), {pk.header.n_vars, CurveId::Bn254, pk.path});
    CpuBackend cpu;
    const Proof<Bn> p = prove(pk, wt.values, Blinding<Bn>::random(), cpu);
    const auto pub = public_signals(pk, wt.values);
    // Against our key and against snarkjs's verification_key.json.
    CHECK(verify(verifying_key(pk), pub, p).ok);
    const auto vk = read_vkey_file<Bn>(fixture(c, "verification_key.json"));
    CHECK(verify(vk, pub, p).ok);
    auto bad = pub;
    bad[0][0] ^= 1;
    CHECK_FALSE(verify(vk, bad, p).ok);
    Proof<Bn> q = p;
    q.c = (Bn::G1::from_affine(q.c) + Bn::G1::generator()).to_affine();
    CHECK_FALSE(verify(vk, pub, q).ok);
    // The CPU prover is deterministic under a seed (what makes CPU and CUDA comparable).
    CHECK(prove(pk, wt.values, Blinding<Bn>::from_seed(3, "x"), cpu) ==
          prove(pk, wt.values, Blinding<Bn>::from_seed(3, "x"), cpu));
  }
}

TEST_CASE("bn128: snarkjs's proofs verify here; the main fixture's witness satisfies its r1cs") {
  for (std::string c : {"tiny-bn128", "other-bn128", "main-bn128"}) {
    CAPTURE(c);
    CHECK(verify_files(fixture(c, "verification_key.json"), fixture(c, "public.json"), fixture(c, "proof.json")).ok);
  }
  auto cs = read_r1cs<Bn>(fixture("main-bn128", "circuit.r1cs"));
  auto wt = read_wtns(fixture("main-bn128", "w2.wtns"), cs.n_wires);  // x = r - 1
  CHECK_FALSE(cs.first_unsatisfied(wt.values).has_value());
  auto bad = wt.values;
  bad[5][0] ^= 1;
  CHECK(cs.first_unsatisfied(bad).has_value());
}

TEST_CASE("bn128: the exported verification key is snarkjs's, byte for byte") {
  cuzk::test::TempDir t("cuzk-bn254-");
  for (std::string c : {"tiny-bn128", "other-bn128", "main-bn128"}) {
    CAPTURE(c);
    const std::string out = t.p.string() + "/" + c + ".vk.json";
    export_vkey_file(fixture(c, "circuit.zkey"), out, false);
    CHECK(cuzk::read_file(out) == cuzk::read_file(fixture(c, "verification_key.json")));
  }
}

TEST_CASE("a file of the other curve is one error naming it") {
  // A BLS12-381 witness for a bn128 key, and the reverse.
  auto m = error_of([] { read_wtns(fixture("tiny", "w0.wtns"), {6, CurveId::Bn254, "k.zkey"}); });
  CHECK(m.find(fixture("tiny", "w0.wtns")) != std::string::npos);
  CHECK(m.find("bls12381 witness, but the proving key k.zkey is bn128") != std::string::npos);
  m = error_of([] { read_wtns(fixture("tiny-bn128", "w0.wtns"), {6, CurveId::Bls12_381, "k.zkey"}); });
  CHECK(m.find("bn128 witness") != std::string::npos);
  // A key, an r1cs, a proof and a verification key read as the other curve's.
  m = error_of([] { read_zkey<Bls>(fixture("tiny-bn128", "circuit.zkey")); });
  CHECK(m.find(fixture("tiny-bn128", "circuit.zkey")) != std::string::npos);
  CHECK(m.find("BN254 key where a BLS12-381 key was expected") != std::string::npos);
  CHECK(error_of([] { read_zkey<Bn>(fixture("tiny", "circuit.zkey")); }).find("BLS12-381 key where a BN254") !=
        std::string::npos);
  CHECK(error_of([] { read_r1cs<Bls>(fixture("tiny-bn128", "circuit.r1cs")); }).find("wrong curve") !=
        std::string::npos);
  CHECK(error_of([] { read_proof_file<Bls>(fixture("tiny-bn128", "proof.json")); }).find("wrong curve") !=
        std::string::npos);
  CHECK(error_of([] { read_vkey_file<Bn>(fixture("tiny", "verification_key.json")); }).find("wrong curve") !=
        std::string::npos);
  // A curve neither bls12381 nor bn128.
  CHECK(error_of([] { json_curve(json::parse(R"({"curve": "bls12377"})"), "v.json"); }).find("neither") !=
        std::string::npos);
}

TEST_CASE("prepared keys: a bn128 entry is never read as a BLS12-381 key (or the reverse)") {
  cuzk::test::TempDir t("cuzk-bn254-");
  const std::string zkey = t.p.string() + "/k.zkey", entry = t.p.string() + "/k.cuzkpk";
  std::filesystem::copy_file(fixture("tiny-bn128", "circuit.zkey"), zkey);
  auto pk = read_zkey<Bn>(zkey);
  write_prepared_key(pk, zkey, entry);
  std::string why;
  auto back = read_prepared_key<Bn>(entry, zkey, why);
  REQUIRE(back.has_value());
  const auto& mapped = *back;  // a view of the mapping: read-only
  CHECK(mapped.header.n_vars == pk.header.n_vars);
  REQUIRE(mapped.a.size() == pk.a.size());
  for (std::size_t i = 0; i < pk.a.size(); ++i) CHECK(mapped.a[i] == std::as_const(pk).a[i]);
  // Read as the other curve's: refused, with the reason (the caller then parses the .zkey).
  CHECK_FALSE(read_prepared_key<Bls>(entry, zkey, why).has_value());
  CHECK(why.find("another curve (BN254)") != std::string::npos);
  // Through the cache: the first load prepares, the second maps; proofs are the same.
  KeyCacheOptions co;
  co.dir = t.p.string() + "/cache";
  KeyLoadReport r1, r2;
  auto k1 = load_any_key(zkey, {}, co, r1);
  auto k2 = load_any_key(zkey, {}, co, r2);
  CHECK(r1.source == "zkey");
  CHECK(r1.wrote);
  CHECK(r2.source == "prepared");
  REQUIRE(k2.index() == 1);
  auto wt = read_wtns(fixture("tiny-bn128", "w0.wtns"));
  CpuBackend cpu;
  CHECK(prove(std::get<1>(k1), wt.values, Blinding<Bn>::from_seed(1, "p"), cpu) ==
        prove(std::get<1>(k2), wt.values, Blinding<Bn>::from_seed(1, "p"), cpu));
}
