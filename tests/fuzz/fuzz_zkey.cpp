// libFuzzer target: the .zkey reader (header, section table, sizes, coefficients, points,
// batched subgroup checks). Malformed input must give cuzk::Error, nothing else.
#include <cstdint>

#include "cuzk/groth16/zkey.hpp"
#include "cuzk/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto one = [&](auto e) {  // each curve's reader (a key of the other curve is refused)
    try {
      auto k = cuzk::groth16::read_zkey_from_memory<decltype(e)>(data, size, "fuzz.zkey");
      (void)k.resident_bytes();
    } catch (const cuzk::Error&) {
    }
  };
  one(cuzk::pairing::Bls12_381{});
  one(cuzk::pairing::Bn254{});
  return 0;
}
