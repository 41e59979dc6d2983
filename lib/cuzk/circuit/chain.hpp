#pragma once
// A squaring chain over any curve's scalar field, for TEST AND BENCHMARK keys of any size
// (`cuzk-prove gen-chain`): the circuit of data/fixtures' main.circom without its bit
// decompositions, sized to fill a 2^log_domain domain exactly.
//   public: out (the output), x, y (inputs); a_0 = x;
//   a_{i+1} = a_i² + y + i for i < m   (one constraint each: a_i · a_i = a_{i+1} − y − i)
//   out = a_m                           (a_m · 1 = out)
// m = 2^log_domain − 5, so nConstraints + nPublic + 1 = 2^log_domain. Every witness value is
// a full-width field element (no 0/1 values): the MSMs' worst case, unlike most real
// circuits, where most witness values are 0 or 1.
#include <cstdint>
#include <vector>

#include "cuzk/groth16/r1cs.hpp"

namespace cuzk::circuit::chain {

// Wires: 0 = 1, 1 = out, 2 = x (= a_0), 3 = y, 3 + k = a_k (k = 1..m).
template <class E>
groth16::R1cs<E> build_r1cs(unsigned log_domain);

// The witness (canonical values) for inputs x, y.
template <class E>
std::vector<groth16::Scalar> witness(unsigned log_domain, const typename E::Fr& x, const typename E::Fr& y);

}  // namespace cuzk::circuit::chain
