#pragma once
// snarkjs witness (.wtns, version 2): S1 = u32 n8, prime r (n8 bytes LE), u32 nWitness;
// S2 = nWitness canonical little-endian values. w[0] must be 1. The prime r names the
// curve (BLS12-381 or BN254: both scalar fields are 32 bytes).
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cuzk/ff/bigint.hpp"
#include "cuzk/pairing/engine.hpp"

namespace cuzk::groth16 {

using pairing::CurveId;

// Canonical values (not Montgomery): what the MSMs consume, and what synthesis
// multiplies with the zkey's c·R² coefficients. 256 bits for both curves' scalar fields.
using Scalar = ff::Limbs<4>;
static_assert(std::is_same_v<Scalar, pairing::Bls12_381::Fr::Repr> && std::is_same_v<Scalar, pairing::Bn254::Fr::Repr>);

struct Witness {
  std::vector<Scalar> values;
  std::string path;
  CurveId curve = CurveId::Bls12_381;  // from the file's prime
};

// What a reader expects of a witness (each check skipped when unset).
struct WitnessExpect {
  WitnessExpect(std::uint32_t n = 0, std::optional<CurveId> c = std::nullopt, std::string k = {})  // NOLINT: implicit
      : n_vars(n), curve(c), key(std::move(k)) {}
  std::uint32_t n_vars = 0;         // 0 = any length
  std::optional<CurveId> curve;     // the proving key's curve
  std::string key;                  // the key's path, for the message
};

// Throws Error(BadInput) naming the file: wrong magic, a prime of neither curve, truncated,
// a value ≥ r, w[0] ≠ 1, or a curve / length other than `expect`'s.
Witness read_wtns(const std::string& path, const WitnessExpect& expect = {});
// The same parser over bytes in memory (fuzzers); `name` stands for the file in messages.
Witness read_wtns_from_memory(const std::uint8_t* data, std::size_t size, const std::string& name,
                              const WitnessExpect& expect = {});
class BinFile;
Witness read_wtns(const BinFile& f, const WitnessExpect& expect);

// Writes a .wtns of `curve`'s scalar field (tests and generators).
void write_wtns(const std::string& path, const std::vector<Scalar>& values, CurveId curve = CurveId::Bls12_381);

}  // namespace cuzk::groth16
