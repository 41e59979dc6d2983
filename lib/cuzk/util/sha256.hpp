#pragma once
// SHA-256 (FIPS 180-4), native: the compression function of one 512-bit block and the
// full padded hash. The circuit gadget (circuit/sha256_gadget.hpp) mirrors sha256_compress; the
// round constants K are derived here (FIPS 180-4 §4.2.2: the first 32 bits of the
// fractional parts of the cube roots of the first 64 primes) and the IV likewise
// (§5.3.3: square roots of the first 8 primes), both checked against FIPS values in
// the tests through the published digests.
#include <array>
#include <cstdint>
#include <span>

namespace cuzk {

using Sha256State = std::array<std::uint32_t, 8>;
using Sha256Block = std::array<std::uint8_t, 64>;
using Sha256Digest = std::array<std::uint8_t, 32>;

const std::array<std::uint32_t, 64>& sha256_k();
const Sha256State& sha256_iv();

// One compression: state ← state + F(state, block); the block is 16 big-endian words.
void sha256_compress(Sha256State& state, const Sha256Block& block);

// Digest bytes (big-endian words).
Sha256Digest sha256_digest_bytes(const Sha256State& state);

// The full hash with FIPS padding.
Sha256Digest sha256(std::span<const std::uint8_t> msg);

}  // namespace cuzk
