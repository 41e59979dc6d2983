#pragma once
// Field elements from randomness: the OS CSPRNG (getrandom) for real use, a seeded
// deterministic stream (SplitMix64, Steele–Lea–Flood 2014) for tests and reproducible
// benchmarks only. 512 bits are reduced mod r, so the bias is below 2^-250 for both curves'
// scalar fields (254 and 255 bits).
#include <cstdint>
#include <string_view>

#include "cuzk/ff/bigint.hpp"

namespace cuzk::groth16 {

class FrSource {
public:
  static FrSource os();                                    // getrandom(2)
  static FrSource seeded(std::uint64_t seed, std::string_view label);
  // The next element of the scalar field Fr (an ff::Mont of 4 limbs).
  template <class Fr>
  Fr next() {
    std::uint64_t w[8];
    next_words(w);
    // x = lo + hi·2^256 mod r; each half < 2^256 < 16r: a few subtractions.
    auto reduce256 = [](const std::uint64_t* p) {
      typename Fr::Repr x{p[0], p[1], p[2], p[3]};
      while (!Fr::is_canonical(x)) ff::bi::sub(x, Fr::P);
      return Fr::from_canonical(x);
    };
    return reduce256(w) + reduce256(w + 4) * Fr::from_canonical(Fr::R1);
  }

private:
  void next_words(std::uint64_t w[8]);  // 512 bits
  bool seeded_ = false;
  std::uint64_t state_ = 0;
};

}  // namespace cuzk::groth16
