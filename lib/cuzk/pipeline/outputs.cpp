#include "cuzk/pipeline/outputs.hpp"

#include <unistd.h>

#include <filesystem>

#include "cuzk/groth16/json_io.hpp"
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

bool partition_outputs_exist(const std::string& out, const std::string& sector, unsigned part) {
  std::error_code ec;
  return fs::exists(proof_json_path(out, sector, part), ec) || fs::exists(public_json_path(out, sector, part), ec) ||
         fs::exists(inputs_json_path(out, sector, part), ec);
}

namespace {

// Why the recorded inputs differ from the current ones ("" when equal).
std::string stale_reason(const Inputs& recorded, const Inputs& now) {
  if (recorded == now) return "";
  if (!recorded.is_object() || recorded.value("key", nlohmann::ordered_json()) != now.value("key", nlohmann::ordered_json()))
    return "stale: key changed";
  return "stale: witness changed";
}

}  // namespace

Existing check_existing(const std::string& out, const std::string& sector, unsigned part,
                        const groth16::VerifyingKey& vk, const std::function<Inputs()>& current) {
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
    auto proof = groth16::proof_from_json(groth16::read_json_file(pp), pp);
    auto pub = groth16::public_from_json(groth16::read_json_file(pu), pu);
    auto r = groth16::verify(vk, pub, proof);
    if (!r) {
      e.reason = pp + ": does not verify (" + r.reason + ")";
      return e;
    }
    if (!has_inputs) {
      e.reason = "stale: no record of its inputs (" + pi + " is missing)";
      return e;
    }
    auto rec = groth16::read_json_file(pi);
    Inputs recorded = rec.is_object() && rec.contains("inputs") ? Inputs(rec["inputs"]) : Inputs();
    Inputs now;
    try {
      now = current();
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

std::size_t write_partition(const std::string& out, const std::string& sector, unsigned part,
                            const groth16::Proof& proof, const std::vector<groth16::Scalar>& pub,
                            const nlohmann::ordered_json& record, bool overwrite) {
  auto pj = groth16::dump_snarkjs(groth16::public_to_json(pub));
  auto pr = groth16::dump_snarkjs(groth16::proof_to_json(proof));
  auto in = record.dump(1) + "\n";
  const std::string pp = proof_json_path(out, sector, part);
  if (overwrite) ::unlink(pp.c_str());  // this partition's invalid or stale proof, being redone
  write_file_atomic(public_json_path(out, sector, part), pj, !overwrite);
  write_file_atomic(inputs_json_path(out, sector, part), in, !overwrite);
  write_file_atomic(pp, pr, !overwrite);
  return pj.size() + in.size() + pr.size();
}

std::string sector_proof_bytes(const std::vector<groth16::Proof>& proofs) {
  std::string s;
  for (const auto& p : proofs) {
    auto b = groth16::proof_to_bytes(p);
    s.append(reinterpret_cast<const char*>(b.data()), b.size());
  }
  return s;
}

}  // namespace cuzk::pipeline
