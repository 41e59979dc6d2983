// The SectorLedger (sector_ledger.hpp): the only part of the batch that reads or writes a
// sector's output files, and the one place the p<i>.inputs.json manifest is made.
#include "cuzk/pipeline/sector_ledger.hpp"

#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/snarkjs_files.hpp"
#include "cuzk/pipeline/out_lock.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

namespace fs = std::filesystem;

std::string sector_dir(const std::string& out, const std::string& sector) { return out + "/" + sector; }
std::string proof_json_path(const std::string& out, const std::string& sector, unsigned part) {
  return sector_dir(out, sector) + "/p" + std::to_string(part) + ".proof.json";
}
std::string public_json_path(const std::string& out, const std::string& sector, unsigned part) {
  return sector_dir(out, sector) + "/p" + std::to_string(part) + ".public.json";
}
std::string inputs_json_path(const std::string& out, const std::string& sector, unsigned part) {
  return sector_dir(out, sector) + "/p" + std::to_string(part) + ".inputs.json";
}
std::string sector_proof_path(const std::string& out, const std::string& sector) {
  return out + "/" + sector + ".proof";
}

namespace {

bool partition_outputs_exist(const std::string& out, const std::string& sector, unsigned part) {
  std::error_code ec;
  return fs::exists(proof_json_path(out, sector, part), ec) || fs::exists(public_json_path(out, sector, part), ec) ||
         fs::exists(inputs_json_path(out, sector, part), ec);
}

using ojson = nlohmann::ordered_json;

ojson to_json(const Inputs& in) {
  ojson j = ojson::object();
  for (const auto& [name, v] : in.fields) std::visit([&, &name = name](const auto& x) { j[name] = x; }, v);
  return j;
}

// Why the recorded inputs differ from the current ones ("" when equal).
std::string stale_reason(const ojson& recorded, const ojson& now) {
  if (recorded == now) return "";
  if (!recorded.is_object() || recorded.value("key", ojson()) != now.value("key", ojson()))
    return "stale: key changed";
  return "stale: witness changed";
}

// The proofs' binary forms, concatenated.
std::string sector_proof_bytes(const std::vector<groth16::AnyProof>& proofs) {
  std::string s;
  for (const auto& p : proofs) {
    auto b = groth16::visit_curve(p, [](auto, const auto& x) { return groth16::proof_file_bytes(x); });
    s.append(reinterpret_cast<const char*>(b.data()), b.size());
  }
  return s;
}

}  // namespace

SectorLedger::SectorLedger(std::string out_dir, std::string sector, std::string zkey, std::shared_ptr<ClaimSlots> slots)
    : out_(std::move(out_dir)),
      id_(std::move(sector)),
      zkey_(std::move(zkey)),
      dir_(sector_dir(out_, id_)),
      slots_(std::move(slots)) {}

SectorLedger::~SectorLedger() { release(); }

std::string SectorLedger::prepare() const {
  // An earlier run's output in the place of this sector's proof (a sector named "<id>.proof"
  // has its folder there): refused now rather than after proving.
  std::error_code ec;
  const std::string proof = proof_path();
  const auto pst = fs::symlink_status(proof, ec);
  if (fs::exists(pst) && !fs::is_regular_file(pst))
    return proof + ": exists and is not a file (another sector's folder?); the sector's proof cannot go there";
  fs::create_directories(dir_, ec);
  if (!fs::is_directory(dir_, ec)) return dir_ + ": cannot create the sector's output folder (a file of that name exists?)";
  return "";
}

void SectorLedger::claim() {
  if (lock_) return;
  if (slots_) slots_->acquire();  // bounds the descriptors the batch's sector locks hold
  try {
    auto lock = std::make_unique<FileLock>();
    lock->lock(sector_lock_path(out_, id_), true, true);
    lock_ = std::move(lock);
  } catch (...) {
    if (slots_) slots_->release();
    throw;
  }
  remove_stale_temp_files(dir_);  // only while the sector is ours
}

void SectorLedger::release() {
  if (!lock_) return;
  lock_.reset();  // closes the descriptor: the lock is free for another batch
  if (slots_) slots_->release();
}

bool SectorLedger::has_outputs(unsigned part) const { return partition_outputs_exist(out_, id_, part); }

Existing SectorLedger::check(unsigned part, const groth16::AnyVerifyingKey& any_vk,
                             const std::function<Inputs()>& current) const {
  const std::string& out = out_;
  const std::string& sector = id_;
  Existing e;
  const std::string pp = proof_json_path(out, sector, part), pu = public_json_path(out, sector, part);
  const std::string pi = inputs_json_path(out, sector, part);
  std::error_code ec;
  bool has_proof = fs::exists(pp, ec), has_pub = fs::exists(pu, ec), has_inputs = fs::exists(pi, ec);
  if (!has_proof && !has_pub && !has_inputs) return e;
  e.state = Existing::State::Invalid;
  if (!has_proof || !has_pub) {
    e.reason = std::string("incomplete: ") + (has_proof ? pu : pp) + " is missing";
    return e;
  }
  try {
    // A proof of the other curve is invalid here (proof_from_json names the curve).
    auto pub = groth16::public_from_json(groth16::read_json_file(pu), pu);
    groth16::VerifyResult r;
    groth16::AnyProof proof = groth16::visit_curve(any_vk, [&](auto e, const auto& vk) {
      using E = decltype(e);
      auto pr = groth16::proof_from_json<E>(groth16::read_json_file(pp), pp);
      r = groth16::verify(vk, pub, pr);
      return groth16::AnyProof(pr);
    });
    if (!r) {
      e.reason = pp + ": does not verify (" + r.reason + ")";
      return e;
    }
    if (!has_inputs) {
      e.reason = "stale: no record of its inputs (" + pi + " is missing)";
      return e;
    }
    auto rec = groth16::read_json_file(pi);
    ojson recorded = rec.is_object() && rec.contains("inputs") ? ojson(rec["inputs"]) : ojson();
    ojson now;
    try {
      now = to_json(current());
    } catch (const std::exception& x) {
      e.reason = std::string("stale: its inputs cannot be read now (") + x.what() + ")";
      return e;
    }
    e.reason = stale_reason(recorded, now);
    if (!e.reason.empty()) return e;
    e.state = Existing::State::Valid;
    e.proof = proof;
  } catch (const std::exception& x) {
    e.reason = x.what();
  }
  return e;
}

std::size_t SectorLedger::write_partition(unsigned part, const groth16::AnyProof& proof,
                                          const std::vector<groth16::Scalar>& pub, const Inputs& inputs,
                                          const std::pair<std::string, std::string>& origin, bool overwrite) const {
  ojson record;  // the manifest
  record["schema"] = 1;
  record["sector"] = id_;
  record["partition"] = part;
  record["inputs"] = to_json(inputs);
  record["zkey"] = zkey_;
  record[origin.first] = origin.second;
  auto pj = groth16::dump_snarkjs(groth16::public_to_json(pub));
  auto pr = groth16::visit_curve(proof, [](auto, const auto& x) { return groth16::dump_snarkjs(groth16::proof_to_json(x)); });
  // replace: a path from a sector file may be any bytes, not UTF-8; the manifest stays JSON.
  auto in = record.dump(1, ' ', false, ojson::error_handler_t::replace) + "\n";
  const std::string pp = proof_json_path(out_, id_, part);
  if (overwrite) ::unlink(pp.c_str());  // this partition's invalid or stale proof, being redone
  write_file_atomic(public_json_path(out_, id_, part), pj, !overwrite);
  write_file_atomic(inputs_json_path(out_, id_, part), in, !overwrite);
  write_file_atomic(pp, pr, !overwrite);
  return pj.size() + in.size() + pr.size();
}

bool SectorLedger::write_sector_proof(const std::vector<groth16::AnyProof>& proofs, bool replace) const {
  const std::string path = proof_path();
  const std::string bytes = sector_proof_bytes(proofs);
  std::error_code ec;
  const auto st = fs::symlink_status(path, ec);
  if (!fs::exists(st)) {
    write_file_atomic(path, bytes, true);
    return false;
  }
  if (!fs::is_regular_file(st)) fail(Error::Kind::Io, path, "exists and is not a regular file; not overwritten");
  const bool same = fs::file_size(path, ec) == bytes.size() && read_file(path, bytes.size()) == bytes;
  if (!same) {
    // --resume redid stale or invalid partitions: the old sector proof is made of those and is
    // replaced (atomically). Otherwise it is not ours to replace.
    if (!replace)
      fail(Error::Kind::Io, path, "exists with other proofs; not overwritten: remove it, pass --resume, or use another --out");
    write_file_atomic(path, bytes, false);
  }
  return true;
}

}  // namespace cuzk::pipeline
