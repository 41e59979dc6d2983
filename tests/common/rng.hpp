#pragma once
// Seeded randomness for tests: CUZK_TEST_SEED fixes the seed, otherwise a fresh one is
// drawn and printed so any failure can be replayed.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>

namespace cuzk::test {

inline std::uint64_t test_seed() {
  static const std::uint64_t seed = []() -> std::uint64_t {
    if (const char* s = std::getenv("CUZK_TEST_SEED")) return std::strtoull(s, nullptr, 0);
    std::uint64_t v = (std::uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
    std::fprintf(stderr, "test seed: CUZK_TEST_SEED=%llu\n", (unsigned long long)v);
    return v;
  }();
  return seed;
}

inline std::mt19937_64& rng() {
  static std::mt19937_64 g(test_seed());
  return g;
}

}  // namespace cuzk::test
