#include "cuzk/groth16/snarkjs_files.hpp"

#include "cuzk/ec/encoding.hpp"
#include "cuzk/groth16/json_io.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::groth16 {

std::string proof_json_text(const Proof& p) { return dump_snarkjs(proof_to_json(p)); }
std::string public_json_text(const std::vector<Scalar>& pub) { return dump_snarkjs(public_to_json(pub)); }
std::string vkey_json_text(const VerifyingKey& vk) { return dump_snarkjs(vkey_to_json(vk)); }

Proof read_proof_file(const std::string& path) { return proof_from_json(read_json_file(path), path); }
std::vector<Scalar> read_public_file(const std::string& path) { return public_from_json(read_json_file(path), path); }
VerifyingKey read_vkey_file(const std::string& path) { return vkey_from_json(read_json_file(path), path); }

std::vector<std::uint8_t> proof_to_bytes(const Proof& p) {
  std::vector<std::uint8_t> out(192);
  ec::g1_compress(p.a, out.data());
  ec::g2_compress(p.b, out.data() + 48);
  ec::g1_compress(p.c, out.data() + 144);
  return out;
}

Proof proof_from_bytes(const std::uint8_t* b, const std::string& file) {
  try {
    return {ec::g1_decompress(b), ec::g2_decompress(b + 48), ec::g1_decompress(b + 144)};
  } catch (const Error& e) {
    fail(Error::Kind::BadInput, file, std::string("invalid compressed proof: ") + e.what());
  }
}

}  // namespace cuzk::groth16
