#pragma once
// `cuzk-prove batch`: many sectors × partitions through a oneTBB flow graph (graph.cpp; the
// graph's shape and why: docs/batch.md "The graph"):
//
//   dispatcher (one thread, (seq, partition) order): read sector → expand partitions → resume
//     check → key admission + limiter (permit + byte reservation)
//   → synth (oneTBB workers): key (cached), witness, a/b/c
//   → hand-off ordered by (seq, partition), bounded by queue_depth tokens
//   → device d (its own worker threads): H, MSMs on the device's backend
//   → write (writer threads): assemble (blinding), verify, atomic outputs; the last partition
//     of a sector writes DIR/<sector>.proof.
//
// Permits and bytes are released after the device stage (or, with hold_permit off, at the
// end of synthesis: the failure mode cuzk's production prover had, kept for comparison).
#include <cstdint>
#include <string>
#include <vector>

#include "cuzk/pipeline/config.hpp"
#include "cuzk/pipeline/device.hpp"

namespace cuzk::pipeline {

struct RunInfo {
  std::vector<std::string> argv;
  std::string git;  // "" = unknown (null in run_start)
};

// One sector's outcome (cuzk-prove batch --json). status: "ok" (every partition proven or kept),
// "failed" (some partition failed, or its .proof could not be written), "skipped" (--resume kept
// every partition), "refused" (nothing attempted: sector file, key header or outputs refused).
struct SectorOutcome {
  std::string sector, file, status, error;  // error: the sector's first error line, "" if none
  unsigned partitions = 0, proven = 0, kept = 0, failed = 0;
};

struct BatchResult {
  unsigned proofs = 0;    // partitions proven in this run
  unsigned skipped = 0;   // partitions kept from an earlier run (--resume)
  unsigned failures = 0;  // partitions that failed
  unsigned sectors_ok = 0, sectors_failed = 0, sectors_skipped = 0;
  double wall = 0;        // seconds
  std::uint64_t peak_rss = 0;
  std::uint64_t peak_rss_anon = 0;  // sampled maximum of the anonymous part (mem events)
  std::string run;           // this run's id (the "run" field of its events)
  std::string events_error;  // "" or one line: event lines were lost (write failed)
  std::vector<SectorOutcome> sectors;  // in the order given
  // 3 when events were lost (the record of the run is incomplete), else 1 when a sector or
  // partition failed, else 0. (Run-level errors are thrown: main() maps them to 2..5.)
  int exit_code() const { return !events_error.empty() ? 3 : failures || sectors_failed ? 1 : 0; }
};

// Runs the batch. Per-sector and per-partition problems (unreadable sector file, missing
// witness, corrupt key, wrong circuit, a proof that does not verify, an existing output
// without --resume, outputs that would take another output's place, a partition that can
// never fit the budget) become `error` events and failed sectors; the run goes on.
// Throws Error only for run-level problems (no devices, cannot create DIR or the events file).
BatchResult run_batch(BatchConfig cfg, const std::vector<std::string>& sector_files, std::vector<Device> devices,
                      const RunInfo& info);

}  // namespace cuzk::pipeline
