#pragma once
// A sector's record in the output folder DIR: its files, what --resume finds there, and the
// proof manifest of each partition. All writes are atomic (temp + rename), never over finished
// work:
//   DIR/<sector>/p<i>.public.json   public signals (snarkjs public.json), written first
//   DIR/<sector>/p<i>.inputs.json   the manifest: what the proof was made from (inputs.hpp), written second
//   DIR/<sector>/p<i>.proof.json    the proof (snarkjs proof.json); its presence marks the partition done
//   DIR/<sector>.proof              the partitions' 192-byte compressed proofs in partition order,
//                                   only when every partition of the sector succeeded
//   DIR/<sector>/.cuzk-lock         held while this batch proves the sector (out_lock.hpp); one of
//                                   the batch's ClaimSlots is taken for as long
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cuzk/groth16/any_curve.hpp"
#include "cuzk/pipeline/inputs.hpp"

namespace cuzk::pipeline {

class FileLock;
class ClaimSlots;

std::string sector_dir(const std::string& out, const std::string& sector);
std::string proof_json_path(const std::string& out, const std::string& sector, unsigned part);
std::string public_json_path(const std::string& out, const std::string& sector, unsigned part);
std::string inputs_json_path(const std::string& out, const std::string& sector, unsigned part);
std::string sector_proof_path(const std::string& out, const std::string& sector);

// What --resume finds for one partition.
struct Existing {
  enum class State { None, Valid, Invalid } state = State::None;
  std::optional<groth16::AnyProof> proof;  // when Valid
  std::string reason;                   // when Invalid: why it will be recomputed
};

class SectorLedger {
public:
  // `slots` (shared by the batch's ledgers; none: no bound) bounds the claims held at once.
  SectorLedger(std::string out_dir, std::string sector, std::string zkey, std::shared_ptr<ClaimSlots> slots = {});
  ~SectorLedger();
  SectorLedger(const SectorLedger&) = delete;
  SectorLedger& operator=(const SectorLedger&) = delete;

  const std::string& dir() const { return dir_; }
  std::string proof_path() const { return sector_proof_path(out_, id_); }

  // Before anything is proven: the sector's folder exists (made here) and its proof's place is
  // free for a file. "" or the one-line problem (then nothing can be written for the sector).
  std::string prepare() const;
  // Takes one of the batch's claim slots (waiting for a sector of this batch to end when all
  // are held), then DIR/<sector>/.cuzk-lock, waiting for another batch proving this sector,
  // then removes the sector folder's stale temp files. Throws Error(Io) (the slot given back).
  // release() lets the next batch in and gives the slot back.
  void claim();
  void release();

  // True when any output file of the partition exists.
  bool has_outputs(unsigned part) const;
  // Loads p<i>.proof.json + p<i>.public.json if present and verifies them with `vk`; a proof
  // that verifies is kept only when p<i>.inputs.json records the inputs `current()` returns
  // (called only then; it may throw, which makes the partition stale too).
  Existing check(unsigned part, const groth16::AnyVerifyingKey& vk, const std::function<Inputs()>& current) const;
  // Writes public, manifest (the inputs and `origin`, {"witness"|"replica", path}), then proof
  // JSON (atomic; never over an existing file unless `overwrite`, which first removes the old
  // proof so a half-finished redo never looks done). Returns the bytes written.
  std::size_t write_partition(unsigned part, const groth16::AnyProof& proof, const std::vector<groth16::Scalar>& pub,
                              const Inputs& inputs, const std::pair<std::string, std::string>& origin,
                              bool overwrite) const;
  // DIR/<sector>.proof from every partition's proof, each in its curve's binary form
  // (groth16::proof_file_bytes: 192 bytes for BLS12-381, 256 for BN254). An existing one is kept when it holds the
  // same proofs and replaced when `replace` (--resume redid partitions); otherwise it fails (one
  // line). Returns true when one existed.
  bool write_sector_proof(const std::vector<groth16::AnyProof>& proofs, bool replace) const;

private:
  std::string out_, id_, zkey_, dir_;
  std::shared_ptr<ClaimSlots> slots_;
  std::unique_ptr<FileLock> lock_;
};

}  // namespace cuzk::pipeline
