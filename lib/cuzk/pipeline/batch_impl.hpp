#pragma once
// Internal to the batch pipeline (batch.cpp: setup and dispatcher; graph.cpp: the flow graph,
// the only file that includes oneTBB's flow_graph.h; stages.cpp: what the graph's nodes run).
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cuzk/groth16/verifier.hpp"
#include "cuzk/groth16/witness.hpp"
#include "cuzk/pipeline/batch.hpp"
#include "cuzk/pipeline/events.hpp"
#include "cuzk/pipeline/key_cache.hpp"
#include "cuzk/pipeline/memory_limiter.hpp"
#include "cuzk/pipeline/sector_ledger.hpp"
#include "cuzk/pipeline/partition.hpp"
#include "cuzk/pipeline/partition_source.hpp"
#include "cuzk/pipeline/progress.hpp"
#include "cuzk/pipeline/sector.hpp"
#include "cuzk/pipeline/synthesis_gate.hpp"
#include "cuzk/pipeline/worker_pool.hpp"

namespace cuzk::pipeline::detail {

struct SectorState {
  unsigned seq = 0;
  std::string file;
  SectorSpec spec;
  std::string error;                // set when the sector file or its key header could not be read
  groth16::AnyKey header;           // header + IC only, of the key's curve: assembly and verification key
  groth16::AnyVerifyingKey vk;
  std::uint64_t footprint = 0;      // bytes per partition (ProvingKey::partition_bytes)
  std::uint64_t key_bytes = 0;      // estimated resident key (the .zkey size)
  std::unique_ptr<PartitionSource> source;  // what its partitions are proven from (partition_source.hpp)
  std::uint64_t sector_bytes = 0;   // memory the source holds for the sector (a native replica), estimate
  std::string sector_what;          // what that is, for messages ("replica")
  bool sector_charged = false;      // sector_bytes taken from the budget (dispatcher; freed at sector end)
  std::string key_digest;           // "sha256:<hex>" of the verification key (what --resume compares)
  unsigned redone = 0;              // --resume: partitions proven again (stale or invalid earlier output)
  std::unique_ptr<SectorLedger> ledger;  // its outputs in DIR, claimed by the dispatcher until finish_sector

  std::mutex m;
  bool started = false;
  unsigned remaining = 0;
  unsigned proven = 0, skipped = 0, failed = 0;
  std::string status, first_error;  // set by end_sector ("ok", "failed", "skipped", "refused"); the first error line
  std::vector<std::optional<groth16::AnyProof>> proofs;

  // What events call it: its id, or its file when the file gave none.
  const std::string& name() const { return spec.id.empty() ? file : spec.id; }
};


class Batch;

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

// One run's pipeline: the flow graph (graph.cpp) and the threads that work outside it.
class Batch {
public:
  Batch(BatchConfig cfg, std::vector<Device> devices, EventWriter& ev, MemoryLimiter& lim, KeyCache& keys);
  ~Batch();  // waits for what was submitted

  // Runs `dispatch` on a thread of its own while this thread works on the graph; returns once
  // every partition it submitted is done (rethrows what it threw).
  void run(const std::function<void()>& dispatch);
  // The dispatcher (dispatcher.cpp): every partition of `sectors`, in order, into the graph.
  void dispatch(std::vector<std::unique_ptr<SectorState>>& sectors);
  void submit(PartitionPtr p);  // dispatcher → the graph, in (seq, partition) order
  // A partition is finished (proof or failure). Writes the sector proof after the last one.
  void partition_done(SectorState& s, unsigned part, std::optional<groth16::AnyProof> proof, bool skipped);
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
  // The stages (stages.cpp), plain functions of one partition.
  bool synthesize(Partition& p);  // key, witness, a/b/c (a oneTBB worker); false: it failed
  void on_device(Partition& p, std::size_t d);  // H and MSMs (a worker thread of device d)
  void write(Partition& p);                     // assemble, verify, outputs (a writer thread)
  void finish_sector(SectorState& s);
  // Its sector_end event and the sector counters (refused: nothing was attempted).
  void end_sector(SectorState& s, events::SectorStatus status, bool refused);
  void start_sector(SectorState& s);  // its sector_start event, once
  void prepare_devices(const KeyCache::KeyPtr& pk);  // key uploads, on the uploader threads
  groth16::AnyAbc lend_abc(const groth16::AnyKey& pk);  // a/b/c storage from a device's pool, if any

  struct Graph;  // graph.cpp
  friend struct SynthBody;
  friend struct DeviceBody;
  friend struct WriteBody;
  std::unique_ptr<Graph> make_graph();

  IdPool synth_ids_;
  std::vector<std::unique_ptr<IdPool>> device_ids_;
  // When a synthesis may start beside others: one of a key while its points go up; one of any
  // while that keeps up with the devices (pacing). Declared before the uploaders: an upload
  // still queued when the batch unwinds ends (upload_end) before the gate is destroyed.
  SynthesisGate synth_gate_;
  std::vector<std::unique_ptr<WorkerPool>> device_workers_;  // per device: workers_per_device threads
  std::vector<std::unique_ptr<WorkerPool>> uploaders_;       // per device with memory: one thread
  std::unique_ptr<WorkerPool> writers_;                      // write_workers threads
  std::mutex prep_mu_;
  std::set<const groth16::AnyKey*> prepared_;
  std::atomic<unsigned> next_lender_{0};  // the device asked first for the next partition's a/b/c
  std::unique_ptr<Graph> graph_;
};

}  // namespace cuzk::pipeline::detail
