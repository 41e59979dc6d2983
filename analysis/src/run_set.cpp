#include "cuzk/stats/run_set.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <map>
#include <ostream>
#include <nlohmann/json.hpp>

#include "cuzk/stats/line_reader.hpp"
#include "cuzk/stats/metric_set.hpp"
#include "cuzk/stats/run_data.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace fs = std::filesystem;

namespace {

bool events_folder(const std::string& p) {
  std::error_code ec;
  return fs::is_directory(p, ec) && !fs::exists(fs::path(p) / "baseline.json", ec);
}

// run id -> start_unix, from the run_start lines of an event file (the only lines parsed whole).
std::map<std::string, double> start_times(const std::string& path) {
  std::map<std::string, double> out;
  LineReader in(path);
  std::string_view line;
  bool nl;
  while (in.next(line, nl)) {
    if (line.find("\"run_start\"") == std::string_view::npos || line.find("\"start_unix\"") == std::string_view::npos)
      continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("run") || !j["run"].is_string() || !j["start_unix"].is_number()) continue;
    const double t = j["start_unix"].get<double>();
    if (std::isfinite(t)) out[j["run"].get<std::string>()] = t;
  }
  return out;
}

std::string task_name(const std::string& path) {
  std::string n = fs::path(path).filename().string();
  if (n.size() > 6 && n.compare(n.size() - 6, 6, ".jsonl") == 0) n.resize(n.size() - 6);
  return n;
}

}  // namespace

// "20261204T034744Z-host-..." -> Unix seconds; NaN when the id has no such prefix.
double run_id_time(const std::string& id) {
  std::tm tm{};
  if (id.size() < 16 || id[8] != 'T' || id[15] != 'Z') return NAN;
  if (std::sscanf(id.c_str(), "%4d%2d%2dT%2d%2d%2d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
                  &tm.tm_sec) != 6)
    return NAN;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return double(timegm(&tm));
}

bool has_event_folder(const std::vector<std::string>& inputs) {
  return std::any_of(inputs.begin(), inputs.end(), events_folder);
}

std::vector<std::string> expand_event_folders(const std::vector<std::string>& inputs) {
  std::vector<std::string> out;
  for (const auto& p : inputs) {
    if (!events_folder(p)) {
      out.push_back(p);
      continue;
    }
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(p, ec))
      if (e.path().extension() == ".jsonl" && e.is_regular_file(ec)) files.push_back(e.path().string());
    if (ec) throw Error(Error::Kind::Io, p, "cannot list the folder: " + ec.message());
    if (files.empty()) throw Error(Error::Kind::BadInput, p, "a folder without *.jsonl event files or baseline.json");
    std::sort(files.begin(), files.end());
    out.insert(out.end(), files.begin(), files.end());
  }
  return out;
}

RunSetSummary summarize_set(const std::vector<std::string>& files, const SummaryOptions& opt) {
  RunSetSummary s;
  std::vector<Interval> spans;
  for (const auto& f : files) {
    const auto starts = start_times(f);
    const auto runs = load_event_runs(f, false);
    TaskSummary t;
    t.task = task_name(f);
    t.file = f;
    t.start = INFINITY;
    for (const auto& r : runs) {
      const RunSummary rs = summarize(r, opt);
      double start = 0;
      if (auto it = starts.find(r.run); it != starts.end()) {
        start = it->second;
      } else {
        start = run_id_time(r.run);
        s.approx_start = true;
        if (!std::isfinite(start)) start = 0;
      }
      t.attempts++;
      t.proofs += rs.proofs;
      t.failures += rs.failures;
      t.wall += rs.wall;
      t.start = std::min(t.start, start);
      t.host = rs.prov.host;
      t.gpu_busy += rs.gpu_busy_fraction * rs.wall;  // wall-weighted over the attempts
      t.sectors_failed = rs.sectors_failed;
      t.killed = !r.has_run_end;
      t.failed = t.killed || rs.failures > 0 || rs.sectors_failed > 0;  // the last attempt decides
      spans.push_back({start, start + rs.wall});
      s.busy_sum += rs.wall;
    }
    if (!std::isfinite(t.start)) t.start = 0;
    t.gpu_busy = t.wall > 0 ? t.gpu_busy / t.wall : 0;
    s.runs += t.attempts;
    s.proofs += t.proofs;
    s.failures += t.failures;
    s.requeued += t.attempts > 1;
    s.failed += t.failed;
    s.tasks.push_back(std::move(t));
  }
  s.span = total_length(interval_union(spans));
  s.throughput = s.span > 0 ? double(s.proofs) / s.span : 0;
  if (!s.tasks.empty()) {
    std::vector<double> walls;
    for (const auto& t : s.tasks) walls.push_back(t.wall);
    std::sort(walls.begin(), walls.end());
    s.p90_wall = percentile_sorted(walls, 0.9, opt.method);
    for (auto& t : s.tasks) {
      t.straggler = s.tasks.size() > 1 && t.wall > s.p90_wall;
      s.stragglers += t.straggler;
    }
  }
  return s;
}

std::string render_set(const RunSetSummary& s, Format f) {
  if (f == Format::Json) {
    nlohmann::ordered_json j;
    j["tasks"] = s.tasks.size();
    j["runs"] = s.runs;
    j["proofs"] = s.proofs;
    j["failures"] = s.failures;
    j["requeued_tasks"] = s.requeued;
    j["failed_tasks"] = s.failed;
    j["stragglers"] = s.stragglers;
    j["span"] = s.span;
    j["proofs_per_s"] = s.throughput;
    j["p90_task_wall"] = s.p90_wall;
    j["approx_start"] = s.approx_start;
    j["per_task"] = nlohmann::ordered_json::array();
    for (const auto& t : s.tasks)
      j["per_task"].push_back({{"task", t.task},          {"file", t.file},
                               {"host", t.host},          {"attempts", t.attempts},
                               {"proofs", t.proofs},      {"failures", t.failures},
                               {"wall", t.wall},          {"s_per_proof", t.proofs ? t.wall / double(t.proofs) : NAN},
                               {"gpu_busy", t.gpu_busy},  {"failed", t.failed},
                               {"killed_last", t.killed}, {"straggler", t.straggler}});
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  Table tasks({"task", "host", "attempts", "proofs", "failed", "wall", "s/proof", "GPU busy", "flags"});
  for (const auto& t : s.tasks) {
    std::string flags;
    if (t.attempts > 1) flags += "requeued ";
    if (t.killed) flags += "killed ";
    else if (t.failed) flags += "FAILED ";
    if (t.straggler) flags += "straggler ";
    if (!flags.empty()) flags.pop_back();
    tasks.row({t.task, t.host.empty() ? "?" : t.host, std::to_string(t.attempts), std::to_string(t.proofs),
               std::to_string(t.failures), human(t.wall, "s"), t.proofs ? human(t.wall / double(t.proofs), "s") : "n/a",
               human(t.gpu_busy, "fraction"), flags.empty() ? "-" : flags});
  }
  if (f == Format::Csv) return tasks.csv();
  const bool md = f == Format::Markdown;
  std::string o = md ? "### run set\n\n" : "run set: ";
  o += std::to_string(s.tasks.size()) + " tasks, " + std::to_string(s.runs) + " runs, " + std::to_string(s.proofs) +
       " proofs, " + std::to_string(s.failures) + " failed partitions\n";
  if (md) o += "\n";
  o += "cluster: " + printf_string("%.4g", s.throughput) + " proofs/s over " + human(s.span, "s") +
       " (union of the tasks' time" + (s.approx_start ? "; some starts to the second only" : "") + "); " +
       human(s.busy_sum, "s") + " of task time\n";
  if (md) o += "\n";
  o += "tasks: " + std::to_string(s.requeued) + " requeued, " + std::to_string(s.failed) + " failed, " +
       std::to_string(s.stragglers) + " stragglers (wall beyond p90 " + human(s.p90_wall, "s") + ")\n\n";
  o += md ? tasks.markdown() : tasks.text();
  return o;
}

}  // namespace cuzk::stats

namespace cuzk::stats {

int cmd_summary_set(const std::vector<std::string>& inputs, Format f, const SummaryOptions& opt, std::ostream& out,
                    std::ostream& err) {
  const auto files = expand_event_folders(inputs);
  for (const auto& p : files)
    if (detect_input(p) != InputKind::Events)
      throw Error(Error::Kind::BadInput, p, "not an event file (a run set holds cuzk-prove event files only)");
  const RunSetSummary s = summarize_set(files, opt);
  for (const auto& t : s.tasks)
    if (t.killed) err << "note: " << t.file << ": its last run has no run_end (killed?)\n";
  out << render_set(s, f);
  return 0;
}

}  // namespace cuzk::stats
