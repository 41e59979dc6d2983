#pragma once
// `cuzk-prove prove` and `export-vkey` as library calls: snarkjs files in, snarkjs files out,
// the outputs checked before any work and written whole or not at all (util/output_file.hpp).
#include <cstdint>
#include <optional>
#include <string>

#include "cuzk/groth16/verifier.hpp"

namespace cuzk::groth16 {

struct ProveFiles {
  std::string zkey, witness;        // inputs (.zkey, .wtns)
  std::string proof, pub;           // outputs: proof.json, public.json
  std::string proof_bin;            // "" or the 192-byte compressed proof's file
  std::string r1cs;                 // "" or a circuit to check every constraint against first
  std::optional<std::uint64_t> seed;  // TEST ONLY: the blinding from a seed (not zero-knowledge)
  bool force = false;               // replace existing outputs
};

// One proof on the CPU prover, checked before it is written: a witness that does not satisfy
// the circuit is Error(Unsatisfied), naming the first failing constraint when r1cs is given.
void prove_files(const ProveFiles& a);

// verification_key.json for a .zkey (as snarkjs zkey export verificationkey), of the key's curve.
void export_vkey_file(const std::string& zkey, const std::string& out, bool force);

// `snarkjs groth16 verify` of three files, over the curve the verification key names (the
// proof must name the same one, or none). Malformed files are Error(BadInput); a well-formed
// proof that does not verify is a false result with its reason.
VerifyResult verify_files(const std::string& vkey, const std::string& pub, const std::string& proof);

}  // namespace cuzk::groth16
