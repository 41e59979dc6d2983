#pragma once
// The batch's output files (all written atomically, temp + rename, never over finished work):
//   DIR/<sector>/p<i>.public.json   public signals (snarkjs public.json), written first
//   DIR/<sector>/p<i>.inputs.json   what the proof was made from (key and witness digests)
//   DIR/<sector>/p<i>.proof.json    the proof (snarkjs proof.json); its presence marks the partition done
//   DIR/<sector>.proof              the partitions' 192-byte compressed proofs in partition order,
//                                   only when every partition of the sector succeeded
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cuzk/groth16/verifier.hpp"

namespace cuzk::pipeline {

std::string sector_dir(const std::string& out, const std::string& sector);
std::string proof_json_path(const std::string& out, const std::string& sector, unsigned part);
std::string public_json_path(const std::string& out, const std::string& sector, unsigned part);
std::string inputs_json_path(const std::string& out, const std::string& sector, unsigned part);
std::string sector_proof_path(const std::string& out, const std::string& sector);

// What one partition's proof is made from, as --resume compares it (docs/batch.md):
//   {"key": "sha256:<verification key digest>", "witness": "sha256t:<digest of the witness values>"}
//   native: {"key": ..., "replica": "sha256t:<replica file digest>", "depth": D, "challenges": K,
//            "challenge_seed": N}
using Inputs = nlohmann::ordered_json;

// What --resume finds for one partition.
struct Existing {
  enum class State { None, Valid, Invalid } state = State::None;
  std::optional<groth16::Proof> proof;  // when Valid
  std::string reason;                   // when Invalid: why it will be recomputed
};
// Loads p<i>.proof.json + p<i>.public.json if present and verifies them with `vk`; a proof
// that verifies is kept only when p<i>.inputs.json records the inputs `current()` returns
// (called only then; it may throw, which makes the partition stale too).
Existing check_existing(const std::string& out, const std::string& sector, unsigned part,
                        const groth16::VerifyingKey& vk, const std::function<Inputs()>& current);
// True when any output file of the partition exists.
bool partition_outputs_exist(const std::string& out, const std::string& sector, unsigned part);

// Writes public, inputs record, then proof JSON (atomic; no_overwrite unless `overwrite`,
// which first removes the old proof so a half-finished redo never looks done). Returns bytes.
std::size_t write_partition(const std::string& out, const std::string& sector, unsigned part,
                            const groth16::Proof& proof, const std::vector<groth16::Scalar>& pub,
                            const nlohmann::ordered_json& record, bool overwrite);

// Concatenated 192-byte proofs.
std::string sector_proof_bytes(const std::vector<groth16::Proof>& proofs);

}  // namespace cuzk::pipeline
