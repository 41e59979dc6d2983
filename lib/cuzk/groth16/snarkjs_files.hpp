#pragma once
// snarkjs proof.json, public.json and verification_key.json as text and files, and the
// 192-byte compressed proof, without the JSON library in the interface: for callers that
// only read or write these files (the JSON trees themselves: json_io.hpp). Proofs and keys
// are of the engine E's curve; a file's own curve is json_file_curve()'s answer.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cuzk/groth16/verifier.hpp"

namespace cuzk::groth16 {

// The snarkjs layout (1-space indent, no trailing newline), as json_io.hpp's dump_snarkjs.
template <class E>
std::string proof_json_text(const Proof<E>& p);
std::string public_json_text(const std::vector<Scalar>& pub);
template <class E>
std::string vkey_json_text(const VerifyingKey<E>& vk);  // includes vk_alphabeta_12 = e(α1, β2)

// The curve a proof.json or verification_key.json names (json_curve: a proof without
// "curve" is taken as `fallback`). Error(Io) / Error(BadInput) naming `path`.
CurveId json_file_curve(const std::string& path, std::optional<CurveId> fallback = std::nullopt);

// Read and parse one file; Error(Io) / Error(BadInput) naming `path` (and the field).
template <class E>
Proof<E> read_proof_file(const std::string& path);
std::vector<Scalar> read_public_file(const std::string& path);
template <class E>
VerifyingKey<E> read_vkey_file(const std::string& path);

// The 192-byte zcash-compressed BLS12-381 proof A(48) ‖ B(96) ‖ C(48) used by Filecoin.
std::vector<std::uint8_t> proof_to_bytes(const Proof<pairing::Bls12_381>& p);
Proof<pairing::Bls12_381> proof_from_bytes(const std::uint8_t* p, const std::string& file);
// The 256-byte BN254 proof as Ethereum's pairing precompile (EIP-197) and snarkjs's Solidity
// verifier take it: A.x ‖ A.y ‖ B.x.c1 ‖ B.x.c0 ‖ B.y.c1 ‖ B.y.c0 ‖ C.x ‖ C.y, each coordinate
// 32 bytes big-endian, canonical (infinity as zeros).
std::vector<std::uint8_t> proof_to_eip197(const Proof<pairing::Bn254>& p);
// A sector's proof file holds each partition's proof in its curve's form above (192 bytes
// for BLS12-381, 256 for BN254).
template <class E>
std::vector<std::uint8_t> proof_file_bytes(const Proof<E>& p) {
  if constexpr (E::id == CurveId::Bn254)
    return proof_to_eip197(p);
  else
    return proof_to_bytes(p);
}

}  // namespace cuzk::groth16
