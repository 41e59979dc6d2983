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

int cmd_baseline_save(const std::string& dir, const std::string& name, const std::vector<std::string>& runs,
                      const CommonOptions& o, std::ostream& out, std::ostream& err);
int cmd_baseline_show(const std::string& path, const CommonOptions& o, std::ostream& out);

int cmd_trace(const std::string& run, const std::string& out_path, std::ostream& out, std::ostream& err);
int cmd_report(const std::vector<std::string>& runs, const std::vector<std::string>& baseline,
               const std::string& out_path, const CommonOptions& o, const CompareOptions& copt, std::ostream& out,
               std::ostream& err);

// "2%" → 0.02, "0.02" → 0.02; a bare number >= 1 is ambiguous and rejected (Error BadInput).
double parse_fraction(const std::string& s);

}  // namespace cuzk::stats
