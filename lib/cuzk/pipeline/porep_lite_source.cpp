// Native porep-lite sectors: partition i proves the challenges drawn from its seed over the
// sector's replica, witness and a/b/c in one native pass (partition_source.hpp).
#include <mutex>

#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/circuit/replica_file.hpp"
#include "cuzk/pipeline/partition_source.hpp"
#include "cuzk/pipeline/sources.hpp"
#include "cuzk/util/digest.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

namespace {

namespace pl = circuit::porep_lite;

class PorepLiteSource final : public PartitionSource {
public:
  PorepLiteSource(const SectorSpec& spec, std::string key_digest)
      : n_(*spec.native), zkey_(spec.zkey), key_(std::move(key_digest)) {}

  Synthesized synthesize(unsigned part, const groth16::AnyKey& key, groth16::AnyAbc storage) override {
    if (groth16::curve_of(key) != pairing::CurveId::Bls12_381)
      fail(Error::Kind::BadInput, zkey_,
           std::string("is a ") + pairing::snarkjs_name(groth16::curve_of(key)) +
               " key; porep-lite circuits are over BLS12-381's scalar field");
    const auto& pk = std::get<groth16::ProvingKey<pairing::Bls12_381>>(key);
    const auto replica = loaded();
    const pl::Layout lay = pl::layout(n_.depth, n_.challenges);
    if (lay.n_wires != pk.header.n_vars || lay.n_public != pk.header.n_public || lay.domain_size != pk.header.domain_size)
      fail(Error::Kind::BadInput, zkey_,
           "is not the porep-lite key for depth " + std::to_string(n_.depth) + " and " + std::to_string(n_.challenges) +
               " challenges (nVars/nPublic/domain differ)");
    auto ch = pl::draw_challenges(n_.challenge_seeds[part], n_.challenges, n_.depth);
    pl::Synthesis syn = pl::synthesize(*replica, ch, {}, take_storage<pairing::Bls12_381>(storage));
    Synthesized out;
    out.w.values = std::move(syn.witness);
    out.w.path = n_.replica;
    out.inputs = current_inputs(part);
    out.abc = std::move(syn.abc);  // BLS12-381's alternative
    return out;
  }

  Inputs current_inputs(unsigned part) override {
    std::call_once(digest_once_, [&] {
      try {
        digest_ = "sha256t:" + to_hex(digest_file(n_.replica));
      } catch (const std::exception& e) {
        digest_error_ = e.what();
      }
    });
    if (!digest_error_.empty()) fail(Error::Kind::Io, "", digest_error_);
    Inputs in;
    in.set("key", key_);
    in.set("replica", digest_);
    in.set("depth", std::uint64_t(n_.depth));
    in.set("challenges", std::uint64_t(n_.challenges));
    in.set("challenge_seed", n_.challenge_seeds[part]);
    return in;
  }

  std::pair<std::string, std::string> origin(unsigned) const override { return {"replica", n_.replica}; }

  // A loaded replica: 64-byte nodes plus the Poseidon tree (≈ 2 Fr a node).
  std::pair<std::uint64_t, std::string> sector_memory() const override {
    return {(std::uint64_t(64) + 2 * 32) << n_.depth, "replica"};
  }

  void release() override {
    std::lock_guard<std::mutex> lk(m_);
    replica_.reset();  // every partition is done: its memory goes back to the budget
  }

private:
  // The replica, read by the first partition that needs it.
  std::shared_ptr<const pl::Replica> loaded() {
    std::call_once(replica_once_, [&] {
      try {
        auto r = std::make_shared<const pl::Replica>(pl::read_replica(n_.replica, n_.depth));
        std::lock_guard<std::mutex> lk(m_);
        replica_ = std::move(r);
      } catch (const std::exception& e) {
        replica_error_ = e.what();
      }
    });
    std::lock_guard<std::mutex> lk(m_);
    if (!replica_) fail(Error::Kind::BadInput, n_.replica, replica_error_.empty() ? "released" : replica_error_);
    return replica_;
  }

  const SectorSpec::Native n_;
  const std::string zkey_, key_;
  std::mutex m_;
  std::once_flag replica_once_, digest_once_;
  std::shared_ptr<const pl::Replica> replica_;
  std::string replica_error_, digest_, digest_error_;
};

}  // namespace

std::unique_ptr<PartitionSource> make_porep_lite_source(const SectorSpec& spec, const std::string& key_digest) {
  return std::make_unique<PorepLiteSource>(spec, key_digest);
}

}  // namespace cuzk::pipeline
