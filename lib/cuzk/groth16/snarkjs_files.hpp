#pragma once
// snarkjs proof.json, public.json and verification_key.json as text and files, and the
// 192-byte compressed proof, without the JSON library in the interface: for callers that
// only read or write these files (the JSON trees themselves: json_io.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "cuzk/groth16/verifier.hpp"

namespace cuzk::groth16 {

// The snarkjs layout (1-space indent, no trailing newline), as json_io.hpp's dump_snarkjs.
std::string proof_json_text(const Proof& p);
std::string public_json_text(const std::vector<Scalar>& pub);
std::string vkey_json_text(const VerifyingKey& vk);  // includes vk_alphabeta_12 = e(α1, β2)

// Read and parse one file; Error(Io) / Error(BadInput) naming `path` (and the field).
Proof read_proof_file(const std::string& path);
std::vector<Scalar> read_public_file(const std::string& path);
VerifyingKey read_vkey_file(const std::string& path);

// The 192-byte zcash-compressed proof A(48) ‖ B(96) ‖ C(48) used by Filecoin.
std::vector<std::uint8_t> proof_to_bytes(const Proof& p);
Proof proof_from_bytes(const std::uint8_t* p, const std::string& file);

}  // namespace cuzk::groth16
