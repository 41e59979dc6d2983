#include "cuzk/pipeline/outputs.hpp"

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
std::string sector_proof_path(const std::string& out, const std::string& sector) {
  return out + "/" + sector + ".proof";
}

bool partition_outputs_exist(const std::string& out, const std::string& sector, unsigned part) {
  std::error_code ec;
  return fs::exists(proof_json_path(out, sector, part), ec) || fs::exists(public_json_path(out, sector, part), ec);
}

Existing check_existing(const std::string& out, const std::string& sector, unsigned part,
                        const groth16::VerifyingKey& vk) {
  Existing e;
  const std::string pp = proof_json_path(out, sector, part), pu = public_json_path(out, sector, part);
  std::error_code ec;
  bool has_proof = fs::exists(pp, ec), has_pub = fs::exists(pu, ec);
  if (!has_proof && !has_pub) return e;
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
    e.state = Existing::State::Valid;
    e.proof = proof;
  } catch (const std::exception& x) {
    e.reason = x.what();
  }
  return e;
}

std::size_t write_partition(const std::string& out, const std::string& sector, unsigned part,
                            const groth16::Proof& proof, const std::vector<groth16::Scalar>& pub, bool overwrite) {
  auto pj = groth16::dump_snarkjs(groth16::public_to_json(pub));
  auto pr = groth16::dump_snarkjs(groth16::proof_to_json(proof));
  write_file_atomic(public_json_path(out, sector, part), pj, !overwrite);
  write_file_atomic(proof_json_path(out, sector, part), pr, !overwrite);
  return pj.size() + pr.size();
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
