#pragma once
// The setup differences between two groups of runs, from their run_start lines: host and GPUs,
// and the configuration key by key. A key counts as set by the user when a run's command line
// (run_start.argv) names its option (--synth-workers → synth_workers, --no-verify → verify), or,
// for runs without argv, when its `<key>_source` is not "auto: ...". Other keys are defaults or
// values resolved at run time (mem_budget from MemAvailable): their differences are shown as
// information, never as a warning. Per-invocation keys (out, events, resume, seed, progress,
// verify, mem_interval) and the `<key>_source` explanations are not compared.
#include <string>
#include <vector>

#include "cuzk/stats/run_data.hpp"

namespace cuzk::stats {

struct SetupDifference {
  std::string key;                       // "host", "GPUs" or the config key
  std::vector<std::string> base, cand;   // distinct values per side, sorted
  bool user_set = true;                  // false: a default or an auto-resolved value
};

// Empty when the setups match or either side has no provenance.
std::vector<SetupDifference> setup_differences(const std::vector<Provenance>& base, const std::vector<Provenance>& cand);

// "config synth_workers: baseline 4, candidate 8" (one line).
std::string describe(const SetupDifference& d);

}  // namespace cuzk::stats
