#pragma once
// The cuzk-stats commands as library functions (main only parses arguments, catches cuzk::Error
// and maps it to exit code 2). Each returns the process exit code: 0 pass, 1 regression (gate, or
// compare with fail_on_regression), 2 too little data to decide.
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cuzk/stats/comparison.hpp"
#include "cuzk/stats/run_summary.hpp"
#include "cuzk/stats/runs_table.hpp"
#include "cuzk/stats/table.hpp"

namespace cuzk::stats {

struct CommonOptions {
  Format format = Format::Text;
  SummaryOptions summary;
};

int cmd_summary(const std::vector<std::string>& inputs, const CommonOptions& o, std::ostream& out, std::ostream& err);

struct CompareArgs {
  std::vector<std::string> baseline, candidate;
  CompareOptions opt;
  bool fail_on_regression = false;
};
int cmd_compare(const CompareArgs& a, const CommonOptions& o, std::ostream& out, std::ostream& err);

// Gate on one metric: noise threshold = max_regression.
int cmd_gate(const CompareArgs& a, const std::string& metric, const CommonOptions& o, std::ostream& out,
             std::ostream& err);
// The gate's verdict on two loaded groups (cmd_gate, gate --history).
int gate_groups(const MetricSet& base, const MetricSet& cand, const std::string& metric, const CompareOptions& opt,
                const CommonOptions& o, std::ostream& out, std::ostream& err);

// Refuses (Error BadInput, exit 2) to replace an existing baseline unless `force`.
int cmd_baseline_save(const std::string& dir, const std::string& name, const std::vector<std::string>& runs,
                      const CommonOptions& o, bool force, std::ostream& out, std::ostream& err);
int cmd_baseline_show(const std::string& path, const CommonOptions& o, std::ostream& out);

int cmd_trace(const std::string& run, const std::string& out_path, std::ostream& out, std::ostream& err);
int cmd_report(const std::vector<std::string>& runs, const std::vector<std::string>& baseline,
               const std::string& out_path, const CommonOptions& o, const CompareOptions& copt, std::ostream& out,
               std::ostream& err,
               const std::string& trend = {});  // trend: history's trend view (history.hpp), drawn after the inputs

// N runs side by side (`table`); with an empty `inputs` and list_columns, the column list.
int cmd_table(const std::vector<std::string>& inputs, const RunsTableOptions& t, const CommonOptions& o,
              std::ostream& out, std::ostream& err);
std::string list_table_columns();

// An input that is not a path but a plain name ([A-Za-z0-9._-]) of a saved baseline in `dir`
// (DIR/NAME/baseline.json) becomes that baseline's folder; everything else is kept as given.
std::vector<std::string> resolve_baselines(const std::vector<std::string>& inputs, const std::string& dir);
// '-' (standard input) may be given once per command: Error(BadInput) otherwise.
void check_stdin_once(const std::vector<const std::vector<std::string>*>& lists);
// "a,b, c" → {"a", "b", "c"} (empty items dropped).
std::vector<std::string> split_list(const std::string& s);

// "2%" → 0.02, "0.02" → 0.02; a bare number >= 1 is ambiguous and rejected (Error BadInput).
double parse_fraction(const std::string& s);

}  // namespace cuzk::stats
