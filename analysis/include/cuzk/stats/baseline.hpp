#pragma once
// A saved baseline: a directory NAME/ holding baseline.json with each run's reduced values and its
// provenance (host, GPUs, config, git revision), so later candidates are compared against runs
// whose raw event files may be gone.
#include <string>
#include <vector>

#include "cuzk/stats/metric_set.hpp"

namespace cuzk::stats {

struct Baseline {
  std::string name, path;
  nlohmann::json doc;  // the stored document
  MetricSet metrics;   // all runs' values pooled, provenance per run
};

inline constexpr int kBaselineSchema = 1;

// Writes DIR/NAME/baseline.json (atomically: temp file + rename) and returns its path.
std::string save_baseline(const std::string& dir, const std::string& name, const std::vector<std::string>& runs,
                          const SummaryOptions& opt);
// `path` is the baseline directory or its baseline.json.
Baseline load_baseline(const std::string& path);

// Human-readable differences between the provenance of two groups (host, GPUs, config without
// per-invocation keys such as output paths); empty when they match or either side is unknown.
std::vector<std::string> provenance_differences(const std::vector<Provenance>& base,
                                                const std::vector<Provenance>& cand);

}  // namespace cuzk::stats
