#pragma once
// Many cuzk-prove processes as one set (the tasks of a Slurm job array, one process per GPU;
// docs/slurm.md). Each event file is one task; its runs are the task's attempts (a requeued
// task appends a run). The set's numbers:
//   proofs, failures     summed over every run of every task
//   span                 the union of the runs' [start, start + wall] in Unix time (run_start
//                        "start_unix"; without it, the run id's second-precision timestamp)
//   cluster throughput   proofs / span (proofs per second of the cluster, idle gaps included)
//   per task             attempts, wall (summed over attempts), proofs, s/proof, GPU busy
//   stragglers           tasks whose wall is beyond the p90 of the tasks' walls
//   failed tasks         whose last attempt failed a partition or sector, or has no run_end
#include <iosfwd>
#include <string>
#include <vector>

#include "cuzk/stats/descriptive.hpp"
#include "cuzk/stats/run_summary.hpp"
#include "cuzk/stats/table.hpp"

namespace cuzk::stats {

// The inputs with each folder that is not a saved baseline (no baseline.json) replaced by its
// *.jsonl files (regular files, not below), sorted by name. Error(BadInput) for a folder
// holding none.
std::vector<std::string> expand_event_folders(const std::vector<std::string>& inputs);
// True when an input is a folder of event files (summary then reads the inputs as one set).
bool has_event_folder(const std::vector<std::string>& inputs);
// "20261204T034744Z-host-..." (a cuzk-prove run id) -> Unix seconds; NaN without such a prefix.
double run_id_time(const std::string& id);

struct TaskSummary {
  std::string task;  // the file name without .jsonl (e.g. events-1234_5)
  std::string file;
  std::size_t attempts = 0, proofs = 0, failures = 0, sectors_failed = 0;
  double start = 0, wall = 0, gpu_busy = 0;  // start: Unix time of the first attempt; gpu_busy: fraction of the attempts' wall
  bool failed = false, killed = false, straggler = false;
  std::string host;
};

struct RunSetSummary {
  std::vector<TaskSummary> tasks;
  std::size_t runs = 0, proofs = 0, failures = 0, requeued = 0, failed = 0, stragglers = 0;
  double span = 0, busy_sum = 0, p90_wall = 0;
  double throughput = 0;  // proofs / span
  bool approx_start = false;  // some run lacked start_unix (second precision from its run id)
};

RunSetSummary summarize_set(const std::vector<std::string>& files, const SummaryOptions& opt);
std::string render_set(const RunSetSummary& s, Format f);

}  // namespace cuzk::stats

namespace cuzk::stats {
// `cuzk-stats summary --set` (or a folder input): the files (folders expanded) as one set.
int cmd_summary_set(const std::vector<std::string>& inputs, Format f, const SummaryOptions& opt, std::ostream& out,
                    std::ostream& err);
}  // namespace cuzk::stats
