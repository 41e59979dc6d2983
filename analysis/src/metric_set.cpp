#include "cuzk/stats/metric_set.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>

#include "cuzk/stats/baseline.hpp"
#include "cuzk/stats/flat_json.hpp"
#include "cuzk/stats/json_field.hpp"
#include "cuzk/stats/line_reader.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/input_file.hpp"

namespace cuzk::stats {

Metric* MetricSet::find(const std::string& name) {
  for (auto& m : metrics)
    if (m.name == name) return &m;
  return nullptr;
}
const Metric* MetricSet::find(const std::string& name) const {
  for (const auto& m : metrics)
    if (m.name == name) return &m;
  return nullptr;
}

void MetricSet::add(const std::string& name, const std::string& unit, Better better, double value,
                    const std::string& group) {
  Metric* m = find(name);
  if (!m) {
    metrics.push_back({name, unit, better, {}, group});
    m = &metrics.back();
  }
  m->samples.push_back(value);
}

void MetricSet::merge(const MetricSet& o) {
  for (const auto& m : o.metrics)
    for (double v : m.samples) add(m.name, m.unit, m.better, v, m.group);
  sources.insert(sources.end(), o.sources.begin(), o.sources.end());
  provenance.insert(provenance.end(), o.provenance.begin(), o.provenance.end());
  warnings.insert(warnings.end(), o.warnings.begin(), o.warnings.end());
  notes.insert(notes.end(), o.notes.begin(), o.notes.end());
  runs += o.runs;
  within_file = within_file || o.within_file;
}

MetricSet reduce_run(const RunSummary& s) {
  MetricSet m;
  m.sources.push_back(s.file);
  m.runs = 1;
  if (!s.prov.host.empty() || s.prov.schema) m.provenance.push_back(s.prov);
  for (const auto& w : s.warnings) m.warnings.push_back(s.file + ": " + w);
  if (s.s_per_proof_steady) m.add("s_per_proof", "s", Better::Lower, *s.s_per_proof_steady);
  else if (s.s_per_proof_plain) m.add("s_per_proof", "s", Better::Lower, *s.s_per_proof_plain);
  if (s.s_per_proof_plain) m.add("wall_per_proof", "s", Better::Lower, *s.s_per_proof_plain);
  if (s.peak_rss > 0) m.add("peak_rss", "bytes", Better::Lower, s.peak_rss);
  if (s.proofs > 0) m.add("startup", "s", Better::Lower, s.startup.end);
  if (s.first_proof) m.add("first_proof", "s", Better::Lower, *s.first_proof);
  for (const auto& st : s.stages) {
    if (st.d.n == 0) continue;
    const bool sub = st.name.rfind("gpu.", 0) == 0 && st.name != "gpu.lock_wait";
    m.add(st.name + ".median", "s", Better::Lower, st.d.median);
    if (sub) continue;
    m.add(st.name + ".p90", "s", Better::Lower, st.d.p90);
    m.add(st.name + ".p99", "s", Better::Lower, st.d.p99);
  }
  for (const auto& l : s.loads) m.add("busy." + l.stage, "s", Better::Lower, l.effective);
  if (!s.devices.empty()) {
    m.add("gpu_busy", "fraction", Better::Higher, s.gpu_busy_fraction);
    m.add("gpu_starved", "fraction", Better::Lower, s.gpu_starved_fraction);
  }
  return m;
}

InputKind detect_input(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    if (fs::exists(fs::path(path) / "baseline.json", ec)) return InputKind::Baseline;
    throw Error(Error::Kind::BadInput, path, "a directory without baseline.json");
  }
  if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".csv") == 0) return InputKind::Csv;
  if (path.size() >= 14 && path.compare(path.size() - 13, 13, "baseline.json") == 0) return InputKind::Baseline;
  LineReader in(path);  // refuses FIFOs, devices and folders
  std::string_view line;
  bool nl;
  while (in.next(line, nl)) {
    const auto p = line.find_first_not_of(" \t\r");
    if (p == std::string_view::npos) continue;
    if (line.substr(p).rfind("metric,value", 0) == 0) return InputKind::Csv;
    FlatObject o;
    std::string err;
    if (o.parse(line, err) && o.get("ev") && o.get("ts")) return InputKind::Events;
    // A first line that is an object on one line naming "ev" but does not parse is a broken event
    // file (read as one, so the error names FILE:LINE), not a benchmark document.
    if (line[p] == '{' && line.find("\"ev\"") != std::string_view::npos) return InputKind::Events;
    return InputKind::GoogleBenchmark;  // a multi-line JSON document; load_google_benchmark checks it
  }
  throw Error(Error::Kind::BadInput, path, in.bytes_read() == 0 ? "is empty" : "holds only blank lines");
}

MetricSet load_csv(const std::string& path) {
  LineReader in(path);
  MetricSet m;
  m.sources.push_back(path);
  m.within_file = true;
  std::string_view line;
  bool nl;
  bool header = false;
  while (in.next(line, nl)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    const std::string where = path + ":" + std::to_string(in.line_number());
    if (!header) {
      if (line.substr(0, 12) != "metric,value") throw Error(Error::Kind::BadInput, where, "expected the header 'metric,value'");
      header = true;
      continue;
    }
    const auto comma = line.rfind(',');
    if (comma == std::string_view::npos || comma == 0) throw Error(Error::Kind::BadInput, where, "expected 'metric,value'");
    std::string_view name = line.substr(0, comma), val = line.substr(comma + 1);
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
    while (!val.empty() && val.front() == ' ') val.remove_prefix(1);
    double v = 0;
    const auto r = std::from_chars(val.data(), val.data() + val.size(), v);
    if (r.ec != std::errc() || r.ptr != val.data() + val.size() || !std::isfinite(v))
      throw Error(Error::Kind::BadInput, where, "value '" + std::string(val) + "' is not a number");
    jf::checked_number(v, where, "value '" + std::string(val) + "'");
    m.add(std::string(name), "", Better::Lower, v);
  }
  if (!header)
    throw Error(Error::Kind::BadInput, path,
                in.bytes_read() == 0 ? "is empty" : "empty CSV (expected the header 'metric,value')");
  return m;
}

MetricSet load_metrics(const std::string& path, const SummaryOptions& opt) {
  switch (detect_input(path)) {
    case InputKind::Events: {
      MetricSet m;
      const auto runs = load_event_runs(path);
      if (runs.size() > 1) m.notes.push_back(runs_note(path, runs));
      for (const auto& r : runs) m.merge(reduce_run(summarize(r, opt)));
      return m;
    }
    case InputKind::GoogleBenchmark: return load_benchmark_json(path);
    case InputKind::Csv: return load_csv(path);
    case InputKind::Baseline: return load_baseline(path).metrics;
  }
  throw Error(Error::Kind::Internal, path, "unhandled input kind");
}

MetricSet load_group(const std::vector<std::string>& paths, const SummaryOptions& opt) {
  MetricSet g;
  for (const auto& p : paths) g.merge(load_metrics(p, opt));
  return g;
}

}  // namespace cuzk::stats
