// The circuit builder's Boolean/word gadgets against truth tables and native arithmetic,
// and porep-lite: shape and prove mode agree, rows hold for honest witnesses and break
// for tampered ones, and the replica tree is what a naive recomputation gives.
#include <doctest/doctest.h>

#include "circuit_test_util.hpp"
#include "cuzk/circuit/bits.hpp"
#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/circuit/poseidon.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/sha256.hpp"

using namespace cuzk;
using namespace cuzk::circuit;

namespace {

// Operand kinds 0 = constant, 1 = allocated, 2 = negated allocated.
template <class CS>
Bit make_bit(CS& cs, int kind, bool v) {
  if (kind == 0) return Bit::constant(v);
  if (kind == 1) return cs.alloc_bit(v);
  return !cs.alloc_bit(!v);
}

}  // namespace

TEST_CASE("bit gadgets: every operand kind and value against the truth table") {
  for (int ka = 0; ka < 3; ++ka)
    for (int kb = 0; kb < 3; ++kb)
      for (int kc = 0; kc < 3; ++kc)
        for (int v = 0; v < 8; ++v) {
          const bool a = v & 1, b = v & 2, c = v & 4;
          Bit r[6];
          auto circuit = [&](auto& cs) {
            Bit x = make_bit(cs, ka, a), y = make_bit(cs, kb, b), z = make_bit(cs, kc, c);
            r[0] = bit_xor(cs, x, y);
            r[1] = bit_and(cs, x, y);
            r[2] = bit_or(cs, x, y);
            r[3] = bit_ch(cs, x, y, z);
            r[4] = bit_maj(cs, x, y, z);
            r[5] = !x;
          };
          auto built = test::build_shape(circuit);
          CAPTURE(ka);
          CAPTURE(kb);
          CAPTURE(kc);
          CAPTURE(v);
          CHECK(r[0].value == (a != b));
          CHECK(r[1].value == (a && b));
          CHECK(r[2].value == (a || b));
          CHECK(r[3].value == (a ? b : c));
          CHECK(r[4].value == (int(a) + int(b) + int(c) >= 2));
          CHECK(r[5].value == !a);
          CHECK_FALSE(built.r1cs.first_unsatisfied(built.w).has_value());
          test::check_prove_matches_shape(circuit, built);
          // The result wires hold the values the Bits claim.
          for (const auto& x : r)
            if (!x.is_const()) CHECK(built.w[x.index][0] == std::uint64_t(x.kind == Bit::Kind::Is ? x.value : !x.value));
          // Tampering: an input wire set to 2 breaks its booleanity row; a flipped
          // result wire (after the inputs) breaks its gadget row.
          const std::size_t n_in = (ka != 0) + (kb != 0) + (kc != 0);
          for (std::size_t k = 1; k < built.w.size(); ++k) {
            auto bad = built.w;
            bad[k] = k <= n_in ? Scalar{2, 0, 0, 0} : Scalar{bad[k][0] ^ 1, 0, 0, 0};
            CHECK(built.r1cs.first_unsatisfied(bad).has_value());
          }
        }
}

TEST_CASE("add_many = native sum mod 2^32, mixed constant and allocated operands") {
  auto& g = test::circuit_rng();
  for (int it = 0; it < 300; ++it) {
    const unsigned k = 1 + g() % 7;
    std::vector<std::uint32_t> v(k);
    std::vector<bool> is_const(k);
    std::uint32_t expect = 0;
    for (unsigned i = 0; i < k; ++i) {
      v[i] = std::uint32_t(g());
      if (g() % 4 == 0) v[i] = ~0u;  // carries at the top
      is_const[i] = g() % 3 == 0;
      expect += v[i];
    }
    std::uint32_t got = 0;
    auto circuit = [&](auto& cs) {
      std::vector<Word> ops;
      for (unsigned i = 0; i < k; ++i) ops.push_back(is_const[i] ? word_constant(v[i]) : alloc_word(cs, v[i]));
      got = word_value(add_many(cs, std::span<const Word>(ops)));
    };
    auto built = test::build_shape(circuit);
    REQUIRE(got == expect);
    REQUIRE_FALSE(built.r1cs.first_unsatisfied(built.w).has_value());
    test::check_prove_matches_shape(circuit, built);
    if (built.w.size() > 1) {
      auto bad = built.w;
      const std::size_t i = 1 + g() % (bad.size() - 1);
      bad[i] = Scalar{bad[i][0] ^ 1, 0, 0, 0};
      REQUIRE(built.r1cs.first_unsatisfied(bad).has_value());
    }
  }
}

TEST_CASE("porep-lite replica: tree and paths recomputed naively") {
  auto rep = porep_lite::Replica::generate(5, 42);
  CHECK(rep.nodes() == 32);
  auto again = porep_lite::Replica::from_data(5, rep.data());
  CHECK(again.root() == rep.root());
  CHECK_FALSE(porep_lite::Replica::generate(5, 43).root() == rep.root());
  for (std::uint64_t i = 0; i < rep.nodes(); ++i) {
    Sha256State st = sha256_iv();
    sha256_compress(st, rep.node(i));
    Sha256Digest d = sha256_digest_bytes(st);
    d[31] &= 0x3f;
    Fr cur = Fr::from_canonical(Fr::repr_from_bytes_le(d.data()));
    REQUIRE(cur == rep.leaf(i));
    auto p = rep.path(i);
    for (unsigned l = 0; l < 5; ++l) cur = (i >> l) & 1 ? poseidon_hash2(p[l], cur) : poseidon_hash2(cur, p[l]);
    REQUIRE(cur == rep.root());
  }
  CHECK_THROWS_AS(porep_lite::Replica::from_data(5, std::vector<Sha256Block>(31)), Error);
}

TEST_CASE("porep-lite: shape = prove mode, rows satisfied, tampering and a wrong root detected") {
  const unsigned depth = 4;
  auto rep = porep_lite::Replica::generate(depth, test::circuit_rng()());
  auto ch = porep_lite::draw_challenges(test::circuit_rng()(), 3, depth);
  const auto L = porep_lite::layout(depth, 3);
  MESSAGE("porep-lite depth " << depth << ": " << L.per_challenge.rows << " rows, " << L.per_challenge.vars
                              << " private wires per challenge");
  CHECK(L.n_public == 4);
  CHECK(L.n_constraints == 3 * L.per_challenge.rows);
  CHECK(L.domain_size >= L.n_constraints + L.n_public + 1);
  CHECK(L.domain_size / 2 < L.n_constraints + L.n_public + 1);

  std::vector<Scalar> w_shape;
  auto r1cs = porep_lite::build_r1cs(rep, ch, w_shape);
  REQUIRE(r1cs.n_constraints == L.n_constraints);
  REQUIRE(r1cs.n_wires == L.n_wires);
  REQUIRE(r1cs.n_public() == L.n_public);
  CHECK_FALSE(r1cs.first_unsatisfied(w_shape).has_value());
  // The instance-free shape is the same matrix.
  auto r1cs0 = porep_lite::build_r1cs(depth, 3);
  for (std::uint32_t i = 0; i < r1cs.n_constraints; ++i) {
    const auto &x = r1cs.constraints[i], &y = r1cs0.constraints[i];
    auto same = [](const groth16::LinComb<Engine>& p, const groth16::LinComb<Engine>& q) {
      if (p.terms.size() != q.terms.size()) return false;
      for (std::size_t k = 0; k < p.terms.size(); ++k)
        if (p.terms[k].wire != q.terms[k].wire || p.terms[k].coef != q.terms[k].coef) return false;
      return true;
    };
    REQUIRE((same(x.a, y.a) && same(x.b, y.b) && same(x.c, y.c)));
  }

  auto s = porep_lite::synthesize(rep, ch, {.check = true, .root = std::nullopt});
  CHECK_FALSE(s.first_unsatisfied.has_value());
  REQUIRE(s.witness == w_shape);
  auto pub = porep_lite::public_inputs(rep, ch);
  CHECK(std::vector<Scalar>(s.witness.begin() + 1, s.witness.begin() + 1 + L.n_public) == pub);
  for (std::uint32_t i = 0; i < r1cs.n_constraints; ++i) {
    const auto& k = r1cs.constraints[i];
    REQUIRE(s.abc.a[i] == test::eval_lc(k.a, s.witness));
    REQUIRE(s.abc.b[i] == test::eval_lc(k.b, s.witness));
    REQUIRE(s.abc.a[i] * s.abc.b[i] == test::eval_lc(k.c, s.witness));  // the c = a∘b the backend forms
  }
  for (std::uint32_t k = 0; k <= L.n_public; ++k)
    CHECK(s.abc.a[L.n_constraints + k] == Fr::from_canonical(s.witness[k]));
  for (std::uint32_t i = L.n_constraints + L.n_public + 1; i < L.domain_size; ++i)
    REQUIRE((s.abc.a[i].is_zero() && s.abc.b[i].is_zero()));

  // Tampering: random private wires, a public index, the root.
  auto& g = test::circuit_rng();
  for (int it = 0; it < 50; ++it) {
    auto bad = s.witness;
    const std::size_t k = 1 + g() % (bad.size() - 1);
    bad[k] = (Fr::from_canonical(bad[k]) + Fr::one()).canonical();
    REQUIRE(r1cs.first_unsatisfied(bad).has_value());
  }
  auto wrong = porep_lite::synthesize(rep, ch, {.check = true, .root = rep.root() + Fr::one()});
  CHECK(wrong.first_unsatisfied.has_value());
  CHECK(r1cs.first_unsatisfied(wrong.witness).has_value());
  std::vector<std::uint64_t> out_of_range{ch[0], 16, ch[2]};
  CHECK_THROWS_AS(porep_lite::synthesize(rep, out_of_range), Error);
}

TEST_CASE("porep-lite: a domain of 2^18 (a/b/c vectors of 8 MiB, faulted in beforehand) = shape mode") {
  const unsigned depth = 4;
  const std::uint32_t k = 5;
  auto rep = porep_lite::Replica::generate(depth, test::circuit_rng()());
  auto ch = porep_lite::draw_challenges(test::circuit_rng()(), k, depth);
  const auto L = porep_lite::layout(depth, k);
  REQUIRE(std::uint64_t(L.domain_size) * sizeof(Fr) >= (std::uint64_t(8) << 20));
  std::vector<Scalar> w_shape;
  auto r1cs = porep_lite::build_r1cs(rep, ch, w_shape);
  auto s = porep_lite::synthesize(rep, ch);
  REQUIRE(s.witness == w_shape);
  REQUIRE(s.abc.a.size() == L.domain_size);
  for (std::uint32_t i = 0; i < r1cs.n_constraints; ++i) {
    const auto& row = r1cs.constraints[i];
    REQUIRE(s.abc.a[i] == test::eval_lc(row.a, s.witness));
    REQUIRE(s.abc.b[i] == test::eval_lc(row.b, s.witness));
    REQUIRE(s.abc.a[i] * s.abc.b[i] == test::eval_lc(row.c, s.witness));
  }
  for (std::uint32_t i = L.n_constraints; i < L.domain_size; ++i) {
    const bool extra = i <= L.n_constraints + L.n_public;
    REQUIRE(s.abc.a[i] == (extra ? Fr::from_canonical(s.witness[i - L.n_constraints]) : Fr::zero()));
    REQUIRE(s.abc.b[i].is_zero());  // so c = a∘b is 0 there too
  }
}

TEST_CASE("porep-lite: max_challenges fills the domain and no more") {
  for (unsigned depth : {4u, 16u, 24u})
    for (unsigned log_n = 15; log_n <= 26; ++log_n) {
      const auto k = porep_lite::max_challenges(depth, log_n);
      CAPTURE(depth);
      CAPTURE(log_n);
      if (k == 0) continue;
      CHECK(porep_lite::layout(depth, k).log_domain <= log_n);
      CHECK(porep_lite::layout(depth, k + 1).log_domain > log_n);
    }
  CHECK(porep_lite::max_challenges(16, 16) == 2);
  CHECK(porep_lite::max_challenges(16, 26) == 2168);
}
