#pragma once
// What turns a sector's partition into the witness and the a, b vectors the prover needs (c = a∘b
// is the backend's): the only part of the batch that knows a circuit. The graph calls it and
// knows none.
//   snarkjs witness sectors   WitnessSource   (witness_source.cpp): a .wtns per partition, a and b
//                                              from the key's coefficient section
//   porep-lite native sectors  PorepLiteSource (porep_lite_source.cpp): one replica per sector,
//                                              witness, a and b in one native pass per partition
// A source is shared by the sector's partitions (thread-safe: several synthesize at once).
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "cuzk/groth16/any_curve.hpp"
#include "cuzk/groth16/witness.hpp"
#include "cuzk/pipeline/inputs.hpp"
#include "cuzk/pipeline/sector.hpp"

namespace cuzk::pipeline {

struct Synthesized {
  groth16::Witness w;  // all wire values (public signals: groth16::public_signals)
  groth16::AnyAbc abc;  // of the key's curve
  Inputs inputs;       // what the proof is made from (inputs.hpp)
};

class PartitionSource {
public:
  virtual ~PartitionSource() = default;
  // Partition `part` under `pk` (either curve), its a and b written into `storage` when that holds
  // storage of the key's curve (lent by a backend: Batch::lend_abc), else into plain memory.
  // Throws Error naming the file and the problem.
  virtual Synthesized synthesize(unsigned part, const groth16::AnyKey& pk, groth16::AnyAbc storage) = 0;
  // --resume: the inputs as the partition would be proven now, without synthesizing it.
  virtual Inputs current_inputs(unsigned part) = 0;
  // The file partition `part` is proven from, for its p<i>.inputs.json: {"witness", path} or
  // {"replica", path}.
  virtual std::pair<std::string, std::string> origin(unsigned part) const = 0;
  // Memory the sector holds while any of its partitions is proven (charged to the budget from its
  // first admitted partition until release()), and what it is, for messages: {0, ""} if none.
  virtual std::pair<std::uint64_t, std::string> sector_memory() const { return {0, ""}; }
  // Every partition of the sector is done: drop what it holds.
  virtual void release() {}
};

// The storage of curve E in `v`, moved out; empty (plain memory) when v holds the other curve's.
template <class E>
groth16::Abc<E> take_storage(groth16::AnyAbc& v) {
  auto* x = std::get_if<groth16::Abc<E>>(&v);
  return x ? std::move(*x) : groth16::Abc<E>{};
}

// The source for `spec` (witness files, or its "native" circuit). `key_digest` identifies the key
// in the inputs ("sha256:<hex>" of the verification key).
std::unique_ptr<PartitionSource> make_partition_source(const SectorSpec& spec, const std::string& key_digest);

}  // namespace cuzk::pipeline
