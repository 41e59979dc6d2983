#pragma once
// Internal to the batch pipeline (batch.cpp: setup and dispatcher; graph.cpp: the nodes).
#include <tbb/flow_graph.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <semaphore>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cuzk/groth16/verifier.hpp"
#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/groth16/witness.hpp"
#include "cuzk/pipeline/batch.hpp"
#include "cuzk/pipeline/events.hpp"
#include "cuzk/pipeline/key_cache.hpp"
#include "cuzk/pipeline/memory_limiter.hpp"
#include "cuzk/pipeline/out_lock.hpp"
#include "cuzk/pipeline/outputs.hpp"
#include "cuzk/pipeline/partition.hpp"
#include "cuzk/pipeline/progress.hpp"
#include "cuzk/pipeline/sector.hpp"

namespace cuzk::pipeline::detail {

struct SectorState {
  unsigned seq = 0;
  std::string file;
  SectorSpec spec;
  std::string error;                // set when the sector file or its key header could not be read
  groth16::ProvingKey header;       // header + IC only: assembly and verification key
  groth16::VerifyingKey vk;
  std::uint64_t footprint = 0;      // bytes per partition (ProvingKey::partition_bytes)
  std::uint64_t key_bytes = 0;      // estimated resident key (the .zkey size)
  std::uint64_t replica_bytes = 0;  // native sectors: the loaded replica + its Merkle tree (estimate)
  bool replica_charged = false;     // replica_bytes taken from the budget (dispatcher; freed at sector end)
  std::string key_digest;           // "sha256:<hex>" of the verification key (what --resume compares)
  unsigned redone = 0;              // --resume: partitions proven again (stale or invalid earlier output)
  std::unique_ptr<FileLock> lock;   // DIR/<sector>/.cuzk-lock, dispatcher to finish_sector (out_lock.hpp)

  std::mutex m;
  bool started = false;
  unsigned remaining = 0;
  unsigned proven = 0, skipped = 0, failed = 0;
  std::string status, first_error;  // set by finish_sector / the dispatcher; the first error line
  std::vector<std::optional<groth16::Proof>> proofs;

  // Native sectors: the replica, loaded by the first partition that needs it.
  std::once_flag replica_once;
  std::shared_ptr<const circuit::porep_lite::Replica> replica;
  std::string replica_error;
  // Native sectors: the replica file's digest (first user computes it).
  std::once_flag replica_digest_once;
  std::string replica_digest, replica_digest_error;
};

// What partition `part` of `s` is made from (outputs.hpp Inputs). Witness sectors: from the
// witness values that were (or would be) proven; native sectors: the replica digest + seed.
Inputs witness_inputs(const SectorState& s, const std::vector<groth16::Scalar>& values);
Inputs native_inputs(SectorState& s, unsigned part);  // throws when the replica cannot be read
// --resume: the inputs as the partition would be proven now (reads the witness / replica).
Inputs current_inputs(SectorState& s, unsigned part);
// The p<i>.inputs.json record: the inputs plus the files they came from.
nlohmann::ordered_json inputs_record(const SectorState& s, unsigned part, const Inputs& in);

class Batch;

// Hand-off order: oldest sector first, then partition index (priority_queue_node pops the
// largest under this comparison).
struct LaterFirst {
  bool operator()(const PartitionPtr& x, const PartitionPtr& y) const {
    return x->sector->seq != y->sector->seq ? x->sector->seq > y->sector->seq : x->part > y->part;
  }
};

// Lowest free worker index for the `worker` field of spans.
class IdPool {
public:
  explicit IdPool(unsigned n) : used_(n, false) {}
  unsigned take() {
    std::lock_guard<std::mutex> lk(m_);
    for (unsigned i = 0; i < used_.size(); ++i)
      if (!used_[i]) {
        used_[i] = true;
        return i;
      }
    used_.push_back(true);
    return unsigned(used_.size() - 1);
  }
  void give(unsigned i) {
    std::lock_guard<std::mutex> lk(m_);
    used_[i] = false;
  }

private:
  std::mutex m_;
  std::vector<bool> used_;
};

class Batch {
public:
  Batch(BatchConfig cfg, std::vector<Device> devices, EventWriter& ev, MemoryLimiter& lim, KeyCache& keys,
        unsigned cpus);
  ~Batch();

  // Graph side (graph.cpp).
  void build_graph();
  void submit(const PartitionPtr& j);  // dispatcher → synth node
  void wait();
  // A partition is finished (proof or failure). Writes the sector proof after the last one.
  void partition_done(SectorState& s, unsigned part, std::optional<groth16::Proof> proof, bool skipped);
  void emit_error(SectorState& s, std::optional<unsigned> part, const std::string& msg);
  ProgressBar* progress = nullptr;  // told of every finished partition

  const BatchConfig cfg;
  std::vector<Device> devices;
  EventWriter& ev;
  MemoryLimiter& lim;
  KeyCache& keys;
  std::atomic<unsigned> proofs{0}, skipped{0}, failures{0};
  std::atomic<unsigned> sectors_ok{0}, sectors_failed{0}, sectors_skipped{0};

private:
  void synth_body(const PartitionPtr& j, unsigned& worker);
  void synth_native(Partition& j, const groth16::ProvingKey& pk);
  void gpu_body(const PartitionPtr& j, std::size_t d);
  void write_body(const PartitionPtr& j);
  void finish_sector(SectorState& s);

  tbb::task_arena graph_arena_;    // runs the flow graph; has room for threads that block
  tbb::task_arena compute_arena_;  // CPU-parallel work (synthesis, key loads, CPU backend): one slot per CPU
  std::unique_ptr<tbb::flow::graph> g_;
  using SynthNode = tbb::flow::multifunction_node<PartitionPtr, std::tuple<PartitionPtr, PartitionPtr>>;
  std::unique_ptr<SynthNode> synth_;
  std::unique_ptr<tbb::flow::priority_queue_node<PartitionPtr, LaterFirst>> handoff_;
  std::vector<std::unique_ptr<tbb::flow::function_node<PartitionPtr, PartitionPtr, tbb::flow::rejecting>>> gpu_;
  std::unique_ptr<tbb::flow::function_node<PartitionPtr, tbb::flow::continue_msg>> write_;
  std::counting_semaphore<> queue_tokens_;
  IdPool synth_ids_;
  std::vector<std::unique_ptr<IdPool>> gpu_ids_;
  // Key uploads to the GPUs (Backend::prepare), one thread per (key, device), started by the
  // first synthesis of a key so the upload overlaps synthesis; joined in wait().
  void prepare_devices(const std::shared_ptr<const groth16::ProvingKey>& pk);
  std::mutex prep_mu_;
  std::set<const groth16::ProvingKey*> prepared_;
  std::vector<std::thread> prep_threads_;
};

}  // namespace cuzk::pipeline::detail
