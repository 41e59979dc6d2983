#pragma once
// snarkjs witness (.wtns, version 2): S1 = u32 n8, prime r (n8 bytes LE), u32 nWitness;
// S2 = nWitness canonical little-endian values. w[0] must be 1.
#include <cstdint>
#include <string>
#include <vector>

#include "cuzk/ff/bls12_381.hpp"

namespace cuzk::groth16 {

// Canonical values (not Montgomery): what the MSMs consume, and what synthesis
// multiplies with the zkey's c·R² coefficients.
using Scalar = bls12_381::Fr::Repr;

struct Witness {
  std::vector<Scalar> values;
  std::string path;
};

// Throws Error(BadInput) naming the file: wrong magic, wrong prime (curve), truncated,
// a value ≥ r, w[0] ≠ 1, or (when expected_n_vars ≠ 0) a length that is not nVars.
Witness read_wtns(const std::string& path, std::uint32_t expected_n_vars = 0);
// The same parser over bytes in memory (fuzzers); `name` stands for the file in messages.
Witness read_wtns_from_memory(const std::uint8_t* data, std::size_t size, const std::string& name,
                              std::uint32_t expected_n_vars = 0);
class BinFile;
Witness read_wtns(const BinFile& f, std::uint32_t expected_n_vars);

// Writes a .wtns (tests and generators).
void write_wtns(const std::string& path, const std::vector<Scalar>& values);

}  // namespace cuzk::groth16
