// SHA-256: native = FIPS 180-4 examples; gadget = native (FIPS blocks and random blocks);
// the gadget's rows are satisfied by its witness, and prove mode agrees with shape mode.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "circuit_test_util.hpp"
#include "cuzk/circuit/sha256_gadget.hpp"

using namespace cuzk;
using namespace cuzk::circuit;

namespace {

std::string hex(const Sha256Digest& d) {
  static const char* x = "0123456789abcdef";
  std::string s;
  for (auto b : d) s += {x[b >> 4], x[b & 15]};
  return s;
}
Sha256Digest hash_str(const std::string& m) {
  return sha256(std::span(reinterpret_cast<const std::uint8_t*>(m.data()), m.size()));
}

// FIPS 180-4 examples (NIST CSRC "SHA256.pdf", SHA2_Additional examples).
const std::string ABC_DIGEST = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const std::string TWO_BLOCK = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const std::string TWO_BLOCK_DIGEST = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";

// Padded blocks of a short message (FIPS §5.1.1).
std::vector<Sha256Block> padded(const std::string& m) {
  std::vector<std::uint8_t> v(m.begin(), m.end());
  v.push_back(0x80);
  while (v.size() % 64 != 56) v.push_back(0);
  for (int j = 7; j >= 0; --j) v.push_back(std::uint8_t((std::uint64_t(m.size()) * 8) >> (8 * j)));
  std::vector<Sha256Block> out(v.size() / 64);
  for (std::size_t i = 0; i < out.size(); ++i) std::memcpy(out[i].data(), v.data() + 64 * i, 64);
  return out;
}

// Chained gadget compressions from the constant IV; returns the final state values.
Sha256State gadget_hash(const std::vector<Sha256Block>& blocks, std::uint32_t* rows = nullptr) {
  Sha256State out{};
  auto circuit = [&](auto& cs) {
    auto st = sha256_state_constant(sha256_iv());
    for (const auto& b : blocks) st = sha256_compress_gadget(cs, st, alloc_sha256_block(cs, b));
    out = sha256_words_value(st);
  };
  auto built = test::build_shape(circuit);
  CHECK_FALSE(built.r1cs.first_unsatisfied(built.w).has_value());
  if (rows) *rows = built.r1cs.n_constraints;
  return out;
}

}  // namespace

TEST_CASE("sha256 native: FIPS 180-4 examples") {
  CHECK(hex(hash_str("abc")) == ABC_DIGEST);
  CHECK(hex(hash_str(TWO_BLOCK)) == TWO_BLOCK_DIGEST);
  CHECK(hex(hash_str("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(hex(hash_str("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsm"
                     "nopqrstnopqrstu")) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  CHECK(hex(hash_str(std::string(1000000, 'a'))) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256 gadget = FIPS 180-4 (one and two blocks)") {
  std::uint32_t rows = 0;
  CHECK(hex(sha256_digest_bytes(gadget_hash(padded("abc"), &rows))) == ABC_DIGEST);
  MESSAGE("sha256 compression (constant IV, 512 allocated input bits): " << rows << " rows");
  CHECK(hex(sha256_digest_bytes(gadget_hash(padded(TWO_BLOCK)))) == TWO_BLOCK_DIGEST);
}

TEST_CASE("sha256 gadget = native on random blocks and states; prove mode = shape mode") {
  auto& g = test::circuit_rng();
  for (int it = 0; it < 40; ++it) {
    Sha256Block blk;
    for (auto& b : blk) b = std::uint8_t(g());
    Sha256State st0;
    for (auto& v : st0) v = std::uint32_t(g());
    const bool var_state = it % 2;  // half with an allocated (non-constant) input state
    Sha256State native = st0;
    sha256_compress(native, blk);
    Sha256State got{};
    auto circuit = [&](auto& cs) {
      Sha256Words st;
      for (unsigned i = 0; i < 8; ++i) st[i] = var_state ? alloc_word(cs, st0[i]) : word_constant(st0[i]);
      got = sha256_words_value(sha256_compress_gadget(cs, st, alloc_sha256_block(cs, blk)));
    };
    auto built = test::build_shape(circuit);
    REQUIRE(got == native);
    REQUIRE_FALSE(built.r1cs.first_unsatisfied(built.w).has_value());
    // Prove mode: same witness; a, b = the rows evaluated on it; every row checks.
    const auto n = built.r1cs.n_constraints;
    std::vector<Scalar> w(built.r1cs.n_wires);
    w[0] = Fr::one().canonical();
    std::vector<Fr> a(n), b(n);
    ProveCS cs(w.data(), a.data(), b.data(), 1, 0, true);
    circuit(cs);
    REQUIRE_FALSE(cs.first_unsatisfied().has_value());
    REQUIRE(w == built.w);
    for (std::uint32_t i = 0; i < n; ++i) {
      const auto& k = built.r1cs.constraints[i];
      REQUIRE(a[i] == test::eval_lc(k.a, w));
      REQUIRE(b[i] == test::eval_lc(k.b, w));
      REQUIRE(a[i] * b[i] == test::eval_lc(k.c, w));
    }
    // A flipped input bit (wire 1 with a constant state, else some state bit) must break a row.
    auto bad = built.w;
    const std::size_t k = 1 + g() % 64;
    bad[k] = Scalar{bad[k][0] ^ 1, 0, 0, 0};
    REQUIRE(built.r1cs.first_unsatisfied(bad).has_value());
  }
}
