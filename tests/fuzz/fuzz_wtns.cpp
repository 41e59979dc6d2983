// libFuzzer target: the .wtns reader. Malformed input must give cuzk::Error, nothing else.
#include <cstdint>

#include "cuzk/groth16/witness.hpp"
#include "cuzk/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)cuzk::groth16::read_wtns_from_memory(data, size, "fuzz.wtns");
  } catch (const cuzk::Error&) {
  }
  return 0;
}
