#pragma once
// `cuzk-stats table`: N runs side by side, one row per run, the columns the user chose, and with
// --group-by the median and spread of each column per group (analysis/README.md, "table").
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cuzk/stats/run_summary.hpp"
#include "cuzk/stats/table.hpp"

namespace cuzk::stats {

struct ColumnInfo {
  std::string name, unit, help;  // unit: "s", "bytes", "fraction", "" (count), "text"
};
// Every column `--columns` accepts, in documentation order (config.KEY is accepted besides).
const std::vector<ColumnInfo>& table_columns();
inline constexpr const char* kDefaultTableColumns =
    "label,proofs,s_per_proof,wall_per_proof,startup,gpu_busy,peak_rss,bottleneck";

struct RunsTableOptions {
  std::vector<std::string> columns;  // empty: kDefaultTableColumns
  std::string group_by;              // "" none; "label", a run_start field (host, git, version, cpus,
                                     // gpus) or a config key (synth_workers or config.synth_workers)
  std::string relative_to;           // a group: each group's medians also as a change against its own
  Format format = Format::Text;
};

// The label of a run read from its file name: the stem without a trailing run counter
// ("events/a-none-run3.jsonl" → "a-none", "x_2.jsonl" → "x").
std::string label_from_path(const std::string& path);

// Throws Error(BadInput) for an unknown column ("did you mean ...") or a --group-by field no run has.
std::string render_runs_table(const std::vector<RunSummary>& runs, const RunsTableOptions& opt);
nlohmann::json runs_table_json(const std::vector<RunSummary>& runs, const RunsTableOptions& opt);

}  // namespace cuzk::stats
