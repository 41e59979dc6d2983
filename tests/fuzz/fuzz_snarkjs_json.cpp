// libFuzzer target: the snarkjs JSON readers (verification_key.json, proof.json,
// public.json) over the same text; a key that parses is also used by verify() with a
// fixed proof, so its points reach the pairing.
#include <cstdint>
#include <string>

#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/util/error.hpp"

namespace g16 = cuzk::groth16;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  g16::json j;
  try {  // the same entry point as read_json_file (a number like 1e4444 once escaped it)
    j = g16::parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
  } catch (const cuzk::Error&) {
    return 0;
  }
  try {
    (void)g16::public_from_json(j, "fuzz/public.json");
  } catch (const cuzk::Error&) {
  }
  try {
    (void)g16::json_curve(j, "fuzz/proof.json", cuzk::pairing::CurveId::Bls12_381);
  } catch (const cuzk::Error&) {
  }
  auto one = [&](auto e) {  // each curve's parsers (a file naming the other curve is refused)
    using E = decltype(e);
    g16::Proof<E> p{E::G1Affine::generator(), E::G2Affine::generator(), E::G1Affine::generator()};
    try {
      p = g16::proof_from_json<E>(j, "fuzz/proof.json");
    } catch (const cuzk::Error&) {
    }
    try {
      auto vk = g16::vkey_from_json<E>(j, "fuzz/verification_key.json");
      if (vk.n_public <= 64) {
        std::vector<g16::Scalar> pub(vk.n_public, g16::Scalar{1, 0, 0, 0});
        (void)g16::verify(vk, pub, p);
      }
    } catch (const cuzk::Error&) {
    }
  };
  one(cuzk::pairing::Bls12_381{});
  one(cuzk::pairing::Bn254{});
  return 0;
}
