#pragma once
// A saved baseline: a directory NAME/ holding baseline.json with each run's reduced values and its
// provenance (host, GPUs, config, git revision), so later candidates are compared against runs
// whose raw event files may be gone.
#include <optional>
#include <string>
#include <vector>

#include "cuzk/stats/metric_set.hpp"

namespace cuzk::stats {

struct BaselineRun {
  std::string source, kind;  // kind: "run" (an event run) or "samples" (benchmark / CSV)
  std::optional<Provenance> provenance;
  std::size_t metrics = 0;
};

struct Baseline {
  std::string name, path;
  nlohmann::json doc;  // the stored document (checked field by field while loading)
  std::vector<BaselineRun> runs;
  MetricSet metrics;   // all runs' values pooled, provenance per run
};

inline constexpr int kBaselineSchema = 1;

// Writes DIR/NAME/baseline.json (atomically: temp file + rename) and returns its path.
std::string save_baseline(const std::string& dir, const std::string& name, const std::vector<std::string>& runs,
                          const SummaryOptions& opt);
// `path` is the baseline directory or its baseline.json. Every field is checked: a wrong type or a
// missing required field is Error(BadInput) naming the file and the field (runs[i].metrics[j]...).
Baseline load_baseline(const std::string& path);

}  // namespace cuzk::stats
