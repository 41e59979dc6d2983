// libFuzzer target: the .r1cs reader, then the constraint check over a witness of nWires
// values (what `prove --r1cs` runs), so every index the reader accepted is exercised.
#include <cstdint>

#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto one = [&](auto e) {  // each curve's reader (an input of the other curve is refused)
    try {
      auto cs = cuzk::groth16::read_r1cs_from_memory<decltype(e)>(data, size, "fuzz.r1cs");
      if (cs.n_wires <= (1u << 16)) {
        std::vector<cuzk::groth16::Scalar> w(cs.n_wires, cuzk::groth16::Scalar{1, 0, 0, 0});
        (void)cs.first_unsatisfied(w);
      }
    } catch (const cuzk::Error&) {
    }
  };
  one(cuzk::pairing::Bls12_381{});
  one(cuzk::pairing::Bn254{});
  return 0;
}
