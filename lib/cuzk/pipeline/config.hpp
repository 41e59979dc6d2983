#pragma once
// The configuration of one `cuzk-prove batch` run. Units are in the names' comments;
// "auto" values are 0 here and resolved by resolve() before the run starts, so the
// run_start event records what was actually used.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cuzk/pipeline/fields.hpp"
#include "cuzk/pipeline/host_memory.hpp"  // mem_available, cgroup_memory, auto_budget

namespace cuzk::pipeline {

enum class Progress { Auto, Bar, Lines, Off };  // auto: Bar when stderr is a terminal, else Lines

struct BatchConfig {
  std::string out_dir = "out";      // DIR: DIR/<sector>/p<i>.{proof,public}.json, DIR/<sector>.proof
  std::string events_path;          // JSON lines; "" = DIR/events.jsonl
  unsigned synth_workers = 0;       // synthesis node concurrency (partitions synthesised at once); 0 = auto
  bool synth_pacing = false;        // set by run_batch: one synthesis at a time unless one alone is slower than the devices (synthesis_gate.hpp)
  unsigned cpus = 0;                // CPUs the auto worker count plans for; 0 = the affinity mask (cpu_count())
  unsigned max_inflight = 0;        // partition permits (admitted, not yet past the GPU stage); 0 = auto
  std::uint64_t mem_budget = 0;     // bytes reservable for keys + partitions; 0 = auto
  double mem_budget_fraction = 0.8; // auto budget = this fraction of min(MemAvailable, cgroup headroom), less host_reserved
  std::uint64_t host_reserved = 0;  // bytes the backends hold outside the budget (pinned staging), set by resolve()
  unsigned queue_depth = 0;         // synthesis → GPU hand-off capacity (partitions); 0 = auto
  // The three memory interventions (all on by default; off only to compare runs):
  bool hold_permit = true;    // 1. permit/bytes held until the GPU stage is done (off: released at synthesis end)
  bool bounded_queue = true;  // 2. hand-off bounded by queue_depth (off: unbounded)
  bool early_free = true;     // 3. a/b/c freed as soon as the backend no longer needs them
  std::string backend = "auto";    // auto | cpu | cuda
  std::vector<int> devices;        // device indices; empty = all visible
  unsigned workers_per_device = 2; // GPU-node concurrency per device
  unsigned write_workers = 2;      // assemble/verify/write concurrency
  bool verify = true;              // verify each proof before writing it (--no-verify: off)
  bool resume = false;             // skip partitions whose valid proof already exists
  bool key_cache = true;           // prepared-key cache (groth16/prepared_key.hpp); --no-key-cache: off
  std::string key_cache_dir;       // --key-cache DIR; "" = $XDG_CACHE_HOME/cuzk or ~/.cache/cuzk
  std::optional<std::uint64_t> seed;  // TEST ONLY: reproducible blinding
  Progress progress = Progress::Auto;
  double mem_interval = 0.1;       // seconds between `mem` samples (0.001 .. 3600)
  std::string mem_budget_source;   // how mem_budget was chosen (for run_start)
  std::string queue_depth_source;  // how queue_depth was chosen
  std::string max_inflight_source;
  std::string synth_workers_source;  // how synth_workers was chosen

  std::string events_file() const;
  Fields to_json() const;  // run_start's "config"
};

// Resolves the auto values given the largest per-partition estimate (bytes), the largest
// key estimate (bytes), the total number of GPU workers and the host memory the backends
// allocate outside the partitions' footprints (Backend::host_reserved_bytes). Auto rules:
//   mem_budget   = mem_budget_fraction × min(MemAvailable, cgroup limit − usage) − host_reserved
//   synth_workers = min(max(2, 1 + ⌈cpus / kCpusPerSerialSlot⌉), cpus, max(1, fit − gpu_workers))
//     Each synthesis is itself parallel (porep-lite: over its challenges, on oneTBB's shared
//     arena of all CPUs) except a serial part s (its vectors' zeroing, one thread each):
//     s/p = 1/20 .. 1/12 of its core-seconds p at 2^24 (0.07-0.11 s of 1.3-1.4 core-s on the
//     2-core VM, bench_circuit BM_ProveDomain). Keeping every CPU busy while one partition is
//     in its serial part takes the others' parallel work: W − 1 ≥ cpus·s/p, with s/p = 1/16.
//     More workers than that only hold memory (2-3 GiB each at 2^24) and delay the first
//     proof (the first partition shares the CPUs with more others: +0.4 s going from 2 to 4
//     measured on the H200 host); the budget cap leaves the GPU
//     workers their partitions (the limiter bounds memory either way).
//     With devices of their own memory, run_batch paces the automatic count (synth_pacing,
//     synthesis_gate.hpp): one at a time while one alone keeps up with the devices.
//   max_inflight = min(synth_workers + gpu_workers + 1, fit) with fit = (budget − key) / footprint
//   queue_depth  = max(gpu_workers, min(fit, 32))   (cuzk's max(lookahead, min(budget/est, 32)))
void resolve(BatchConfig& c, std::uint64_t footprint, std::uint64_t key_bytes, unsigned gpu_workers,
             std::uint64_t host_reserved = 0);

// CPUs per extra synthesis worker in the auto rule (p/s above).
inline constexpr unsigned kCpusPerSerialSlot = 16;

// "123", "8G", "512MiB", "1.5g" → bytes (K/M/G/T binary multiples). Strict: digits with at
// most one '.', then an optional unit, nothing else ("." "1e3" " 8G" "8G!" are refused), below
// 2^63. Throws Error(BadInput) with one line, prefixed "what: " when given.
std::uint64_t parse_bytes(const std::string& s, const std::string& what = "");

}  // namespace cuzk::pipeline
