// The CPU prover and verifier against snarkjs's own outputs for the committed fixtures:
// H value by value, a proof with fixed blinding byte for byte, snarkjs proofs accepted and
// tampered ones rejected, the exported verification key equal to snarkjs's.
#include <doctest/doctest.h>

#include "cuzk/ff/mont_io.hpp"
#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "fixture_paths.hpp"
#include "rng.hpp"

#include "bls12_381_types.hpp"  // E, Fr, G1, ... of BLS12-381

using namespace cuzk::groth16;
using cuzk::test::fixture;

namespace {
std::vector<std::string> decimals(const json& j) {
  std::vector<std::string> v;
  for (auto& x : j) v.push_back(x.get<std::string>());
  return v;
}
}  // namespace

TEST_CASE("zkey header matches the fixture description") {
  for (std::string c : {"tiny", "main"}) {
    auto meta = read_json_file(fixture(c, "fixture.json"));
    ProvingKey<E> pk = read_zkey<E>(fixture(c, "circuit.zkey"));
    CHECK(pk.header.n_vars == meta["nVars"].get<std::uint32_t>());
    CHECK(pk.header.n_public == meta["nPublic"].get<std::uint32_t>());
    CHECK(pk.header.domain_size == meta["domainSize"].get<std::uint32_t>());
    CHECK(pk.coefs.size() == meta["nCoefs"].get<std::size_t>());
    CHECK(pk.h.size() == pk.header.domain_size);
    CHECK(pk.c.size() == pk.header.n_vars - pk.header.n_public - 1);
  }
}

TEST_CASE("synthesis and H equal snarkjs's, value by value") {
  for (auto [c, w, vec] : {std::tuple{"tiny", "w0.wtns", "tiny-w0.json"}, std::tuple{"tiny", "w1.wtns", "tiny-w1.json"},
                           std::tuple{"main", "w0.wtns", "main-w0.json"}}) {
    CAPTURE(vec);
    ProvingKey<E> pk = read_zkey<E>(fixture(c, "circuit.zkey"));
    Witness wt = read_wtns(fixture(c, w), pk.header.n_vars);
    auto ref = read_json_file(cuzk::test::data_dir() + "/vectors/snarkjs-h/" + vec);
    Abc<E> abc = synthesize(pk, wt.values);
    if (ref.contains("a")) {
      auto ra = decimals(ref["a"]), rb = decimals(ref["b"]), rc = decimals(ref["c"]);
      for (std::size_t i = 0; i < abc.a.size(); ++i) {
        CHECK(abc.a[i].to_decimal() == ra[i]);
        CHECK(abc.b[i].to_decimal() == rb[i]);
        CHECK((abc.a[i] * abc.b[i]).to_decimal() == rc[i]);  // snarkjs's c = a∘b: what compute_h forms
      }
    }
    compute_h(pk, abc);
    auto rh = decimals(ref["h"]);
    REQUIRE(rh.size() == abc.a.size());
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < rh.size(); ++i) mismatches += abc.a[i].to_decimal() != rh[i];
    CHECK(mismatches == 0);
  }
}

TEST_CASE("fixed blinding r = 1, s = 2 reproduces the reference proof exactly") {
  ProvingKey<E> pk = read_zkey<E>(fixture("tiny", "circuit.zkey"));
  Witness wt = read_wtns(fixture("tiny", "w0.wtns"), pk.header.n_vars);
  CpuBackend cpu;
  Proof<E> p = prove(pk, wt.values, Blinding<E>{Fr::one(), Fr::from_u64(2)}, cpu);
  auto ref = read_json_file(cuzk::test::data_dir() + "/vectors/snarkjs-h/tiny-w0-proof-r1-s2.json");
  json ours = proof_to_json(p);
  CHECK(ours["pi_a"] == ref["pi_a"]);
  CHECK(ours["pi_b"] == ref["pi_b"]);
  CHECK(ours["pi_c"] == ref["pi_c"]);
  auto pub = read_json_file(cuzk::test::data_dir() + "/vectors/snarkjs-h/tiny-w0-public.json");
  CHECK(public_to_json(public_signals(pk, wt.values)) == pub);
}

TEST_CASE("our proofs verify; a changed public input or proof does not") {
  for (std::string c : {"tiny", "main"}) {
    CAPTURE(c);
    ProvingKey<E> pk = read_zkey<E>(fixture(c, "circuit.zkey"));
    VerifyingKey<E> vk = verifying_key(pk);
    Witness wt = read_wtns(fixture(c, "w1.wtns"), pk.header.n_vars);
    CpuBackend cpu;
    Proof<E> p = prove(pk, wt.values, Blinding<E>::random(), cpu);
    auto pub = public_signals(pk, wt.values);
    CHECK(verify(vk, pub, p).ok);
    auto bad = pub;
    bad[0][0] ^= 1;
    CHECK_FALSE(verify(vk, bad, p).ok);
    Proof<E> q = p;
    q.c = (G1::from_affine(q.c) + G1::generator()).to_affine();
    CHECK_FALSE(verify(vk, pub, q).ok);
    // Two proofs of the same witness differ (fresh blinding) and both verify.
    Proof<E> p2 = prove(pk, wt.values, Blinding<E>::random(), cpu);
    CHECK_FALSE(p2 == p);
    CHECK(verify(vk, pub, p2).ok);
    // The prepared e(α, β) Miller loop: an unprepared key gives the same answers, and a key
    // whose α or β changed after prepare() is checked against its new points, not stale ones.
    VerifyingKey<E> raw = vk;
    raw.prepared = false;
    CHECK(verify(raw, pub, p).ok);
    CHECK_FALSE(verify(raw, bad, p).ok);
    VerifyingKey<E> moved = vk;
    moved.alpha1 = (G1::from_affine(vk.alpha1) + G1::generator()).to_affine();
    CHECK_FALSE(verify(moved, pub, p).ok);
    moved = vk;
    moved.beta2 = (G2::from_affine(vk.beta2) + G2::generator()).to_affine();
    CHECK_FALSE(verify(moved, pub, p).ok);
  }
}

TEST_CASE("snarkjs's proofs verify with our verifier; tampered ones do not") {
  for (std::string c : {"tiny", "main"}) {
    CAPTURE(c);
    auto vkf = fixture(c, "verification_key.json"), pf = fixture(c, "proof.json"), pubf = fixture(c, "public.json");
    VerifyingKey<E> vk = vkey_from_json<E>(read_json_file(vkf), vkf);
    Proof<E> p = proof_from_json<E>(read_json_file(pf), pf);
    auto pub = public_from_json(read_json_file(pubf), pubf);
    CHECK(verify(vk, pub, p).ok);
    for (std::size_t i = 0; i < pub.size(); ++i) {
      auto bad = pub;
      bad[i] = (Fr::from_canonical(bad[i]) + Fr::one()).canonical();
      CHECK_FALSE(verify(vk, bad, p).ok);
    }
    auto over = pub;  // public input ≥ r is rejected, as snarkjs does
    over[0] = Fr::P;
    CHECK_FALSE(verify(vk, over, p).ok);
    Proof<E> q = p;
    q.a.x += Fq::one();  // now off the curve
    CHECK_FALSE(verify(vk, pub, q).ok);
  }
}

TEST_CASE("exported verification key equals snarkjs zkey export verificationkey") {
  for (std::string c : {"tiny", "main"}) {
    CAPTURE(c);
    ProvingKey<E> pk = read_zkey_header<E>(fixture(c, "circuit.zkey"));
    json ours = vkey_to_json(verifying_key(pk));
    std::string theirs_text = cuzk::read_file(fixture(c, "verification_key.json"));
    json theirs = json::parse(theirs_text);
    CHECK(ours == theirs);
    // Same bytes too, modulo a trailing newline.
    std::string t = dump_snarkjs(ours);
    while (!theirs_text.empty() && theirs_text.back() == '\n') theirs_text.pop_back();
    while (!t.empty() && t.back() == '\n') t.pop_back();
    CHECK(t == theirs_text);
  }
}

TEST_CASE("r1cs check names the first unsatisfied constraint") {
  R1cs<E> cs = read_r1cs<E>(fixture("main", "circuit.r1cs"));
  Witness wt = read_wtns(fixture("main", "w0.wtns"), cs.n_wires);
  CHECK_FALSE(cs.first_unsatisfied(wt.values).has_value());
  auto bad = wt.values;
  std::size_t k = 1 + cuzk::test::rng()() % (bad.size() - 1);
  bad[k] = (Fr::from_canonical(bad[k]) + Fr::one()).canonical();
  CHECK(cs.first_unsatisfied(bad).has_value());
}

TEST_CASE("compressed 192-byte proof round-trips") {
  ProvingKey<E> pk = read_zkey<E>(fixture("tiny", "circuit.zkey"));
  Witness wt = read_wtns(fixture("tiny", "w0.wtns"), pk.header.n_vars);
  CpuBackend cpu;
  Proof<E> p = prove(pk, wt.values, Blinding<E>::from_seed(7, "x"), cpu);
  auto b = proof_to_bytes(p);
  REQUIRE(b.size() == 192);
  CHECK(proof_from_bytes(b.data(), "mem") == p);
  // Same seed, same label → same proof; another label → another proof.
  CHECK(prove(pk, wt.values, Blinding<E>::from_seed(7, "x"), cpu) == p);
  CHECK_FALSE(prove(pk, wt.values, Blinding<E>::from_seed(7, "y"), cpu) == p);
}
