#include "batch_json.hpp"

#include <nlohmann/json.hpp>

std::string batch_summary_json(const cuzk::pipeline::BatchResult& r, const cuzk::pipeline::BatchConfig& c) {
  using ojson = nlohmann::ordered_json;
  ojson sectors = ojson::array();
  unsigned refused = 0;
  for (const auto& s : r.sectors) {
    refused += s.status == "refused";
    sectors.push_back({{"sector", s.sector.empty() ? ojson(nullptr) : ojson(s.sector)},
                       {"file", s.file},
                       {"status", s.status},
                       {"partitions", s.partitions},
                       {"proofs_written", s.proven},
                       {"kept", s.kept},
                       {"failed", s.failed},
                       {"error", s.error.empty() ? ojson(nullptr) : ojson(s.error)}});
  }
  ojson j;
  j["schema"] = 1;
  j["command"] = "batch";
  j["run"] = r.run;
  j["out"] = c.out_dir;
  j["events"] = c.events_file();
  j["sectors"] = std::move(sectors);
  j["totals"] = {{"sectors", r.sectors.size()},
                 {"ok", r.sectors_ok},
                 {"failed", r.sectors.size() - r.sectors_ok - r.sectors_skipped - refused},
                 {"skipped", r.sectors_skipped},
                 {"refused", refused},
                 {"proofs_written", r.proofs},
                 {"kept", r.skipped},
                 {"partitions_failed", r.failures},
                 {"wall", r.wall},
                 {"s_per_proof", r.proofs ? ojson(r.wall / r.proofs) : ojson(nullptr)},
                 {"peak_rss", r.peak_rss}};
  j["events_error"] = r.events_error.empty() ? ojson(nullptr) : ojson(r.events_error);
  j["exit_code"] = r.exit_code();
  // Invalid UTF-8 in a path or message is replaced, never a throw.
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}
