#pragma once
// Running a gadget stand-alone in the tests: count it, then record its shape and witness
// (wire 0 = 1, the gadget's wires from 1), and an independent evaluation of the rows.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "cuzk/circuit/constraint_system.hpp"
#include "rng.hpp"

namespace cuzk::test {

using circuit::Fr;
using circuit::Scalar;

// The shared seeded test RNG (CUZK_TEST_SEED, else fresh and printed).
inline std::mt19937_64& circuit_rng() { return rng(); }

struct Built {
  circuit::R1cs r1cs;
  std::vector<Scalar> w;
};

// circuit: a generic callable [&](auto& cs) { ... } (called once per mode).
template <class F>
Built build_shape(F&& circuit) {
  circuit::ProveCS counter;
  circuit(counter);
  const auto e = counter.used();
  Built b;
  b.r1cs.n_wires = 1 + e.vars;
  b.r1cs.n_pub_inputs = 0;
  b.r1cs.n_constraints = e.rows;
  b.r1cs.constraints.resize(e.rows);
  b.w.assign(b.r1cs.n_wires, Scalar{});
  b.w[0] = Fr::one().canonical();
  circuit::ShapeCS cs(b.r1cs.constraints, b.w, 1, 0);
  circuit(cs);
  return b;
}

// ⟨lc, w⟩ straight from the recorded terms (canonical witness).
inline Fr eval_lc(const groth16::LinComb<circuit::Engine>& lc, const std::vector<Scalar>& w) {
  Fr acc;
  for (const auto& t : lc.terms) acc += t.coef * Fr::from_canonical(w[t.wire]);
  return acc;
}

// Prove mode (ProveCS, whose gadgets take fast paths: enforce_small, enforce_values) writes
// what the rows recorded in shape mode give on the recorded witness: the same witness,
// a = ⟨A,w⟩, b = ⟨B,w⟩, and with check on no row whose a·b ≠ ⟨C,w⟩ (a·b = ⟨C,w⟩ checked
// here too: the c = a∘b the prover's backend forms).
template <class F>
void check_prove_matches_shape(F&& circuit, const Built& built) {
  const std::uint32_t rows = built.r1cs.n_constraints;
  std::vector<Scalar> w(built.w.size());
  w[0] = built.w[0];
  std::vector<Fr> a(rows), b(rows);
  circuit::ProveCS cs(w.data(), a.data(), b.data(), 1, 0, /*check=*/true);
  circuit(cs);
  REQUIRE(cs.used().rows == rows);
  CHECK_FALSE(cs.first_unsatisfied().has_value());
  REQUIRE(w == built.w);
  for (std::uint32_t i = 0; i < rows; ++i) {
    const auto& k = built.r1cs.constraints[i];
    CAPTURE(i);
    REQUIRE(a[i] == eval_lc(k.a, built.w));
    REQUIRE(b[i] == eval_lc(k.b, built.w));
    REQUIRE(a[i] * b[i] == eval_lc(k.c, built.w));
  }
}

}  // namespace cuzk::test
