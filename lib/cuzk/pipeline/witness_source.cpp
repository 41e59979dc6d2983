// Sectors of snarkjs witness files: partition i is proven from its .wtns (partition_source.hpp).
#include "cuzk/groth16/binfile.hpp"
#include "cuzk/pipeline/partition_source.hpp"
#include "cuzk/pipeline/sources.hpp"
#include "cuzk/util/digest.hpp"

namespace cuzk::pipeline {

namespace {

class WitnessSource final : public PartitionSource {
public:
  WitnessSource(const SectorSpec& spec, std::string key_digest) : paths_(spec.witnesses), key_(std::move(key_digest)) {}

  Synthesized synthesize(unsigned part, const groth16::AnyKey& key, groth16::AnyAbc storage) override {
    return groth16::visit_curve(key, [&](auto e, const auto& pk) {
      using E = decltype(e);
      Synthesized out;
      out.w = groth16::read_wtns(paths_[part], {pk.header.n_vars, E::id, pk.path});
      // The digest of the values that are proven (no race between hashing and proving).
      const auto& v = out.w.values;
      out.inputs = inputs(digest_tree({reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * sizeof(groth16::Scalar)}));
      out.abc = groth16::synthesize(pk, v, take_storage<E>(storage));
      return out;
    });
  }

  Inputs current_inputs(unsigned part) override {
    // The witness values section, hashed where it is mapped: for a valid .wtns these are exactly
    // the bytes of the values synthesis proves (32-byte little-endian canonical scalars), without
    // parsing or copying a multi-GB witness on the dispatcher. (An invalid one fails its redo.)
    groth16::BinFile f(paths_[part], "wtns", 2);
    groth16::Reader d = f.section(2, "witness values");
    const std::size_t n = d.remaining();
    return inputs(digest_tree({d.take(n), n}));
  }

  std::pair<std::string, std::string> origin(unsigned part) const override { return {"witness", paths_[part]}; }

private:
  Inputs inputs(const Digest& witness) const {
    Inputs in;
    in.set("key", key_);
    in.set("witness", "sha256t:" + to_hex(witness));
    return in;
  }

  std::vector<std::string> paths_;
  std::string key_;
};

}  // namespace

std::unique_ptr<PartitionSource> make_witness_source(const SectorSpec& spec, const std::string& key_digest) {
  return std::make_unique<WitnessSource>(spec, key_digest);
}

}  // namespace cuzk::pipeline
