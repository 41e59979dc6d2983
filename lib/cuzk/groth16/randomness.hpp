#pragma once
// Field elements from randomness: the OS CSPRNG (getrandom) for real use, a seeded
// deterministic stream (SplitMix64, Steele–Lea–Flood 2014) for tests and reproducible
// benchmarks only. 512 bits are reduced mod r, so the bias is below 2^-250.
#include <cstdint>
#include <string_view>

#include "cuzk/ff/bls12_381.hpp"

namespace cuzk::groth16 {

class FrSource {
public:
  static FrSource os();                                    // getrandom(2)
  static FrSource seeded(std::uint64_t seed, std::string_view label);
  bls12_381::Fr next();

private:
  bool seeded_ = false;
  std::uint64_t state_ = 0;
};

}  // namespace cuzk::groth16
