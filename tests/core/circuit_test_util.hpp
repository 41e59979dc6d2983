#pragma once
// Running a gadget stand-alone in the tests: count it, then record its shape and witness
// (wire 0 = 1, the gadget's wires from 1), and an independent evaluation of the rows.
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

}  // namespace cuzk::test
