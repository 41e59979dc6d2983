// Benchmark JSON documents as within-file samples: Google Benchmark, hyperfine and pyperf.
#include <map>
#include <set>

#include "cuzk/stats/json_field.hpp"
#include "cuzk/stats/metric_set.hpp"
#include "cuzk/stats/stdin_input.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace {

using jf::Null;

// Google Benchmark fields that are not counters.
const std::set<std::string> kGbFields{"name", "family_index", "per_family_instance_index", "run_name", "run_type",
                                      "repetitions", "repetition_index", "threads", "iterations", "real_time",
                                      "cpu_time", "time_unit", "aggregate_name", "aggregate_unit", "error_occurred",
                                      "error_message", "label", "big_o", "rms", "complexity_n"};

double time_scale(const std::string& unit, const std::string& where) {
  if (unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  if (unit == "s") return 1;
  throw Error(Error::Kind::BadInput, where, "unknown time_unit '" + unit + "'");
}

bool ends_with(const std::string& s, std::string_view x) {
  return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
}

// The metrics of one Google Benchmark row: real time (named as the benchmark), cpu time and
// the counters. Rates (…per_second) are better higher; other counters lower (the JSON does not
// say which way a user counter is better).
void gb_row(MetricSet& m, const jf::Json& b, const std::string& name, const std::string& where) {
  const double scale = time_scale(jf::opt_string(b, "time_unit", where, Null::Wrong).value_or("ns"), where);
  m.add(name, "s", Better::Lower, jf::number(b, "real_time", where) * scale, "real_time");
  if (const auto cpu = jf::opt_number(b, "cpu_time", where, Null::Wrong))
    m.add(name + ".cpu_time", "s", Better::Lower, *cpu * scale, "cpu_time");
  for (auto it = b.begin(); it != b.end(); ++it) {
    if (kGbFields.count(it.key()) || !it.value().is_number()) continue;
    const std::string& k = it.key();
    const double v = jf::checked_number(it.value().get<double>(), where, "field '" + k + "'");
    const std::string unit = k == "bytes_per_second" ? "bytes/s" : ends_with(k, "per_second") ? "1/s" : "";
    m.add(name + "." + k, unit, ends_with(k, "per_second") ? Better::Higher : Better::Lower, v, k);
  }
}

struct GbBench {
  std::vector<const jf::Json*> iterations;
  std::map<std::string, const jf::Json*> aggregates;
  std::vector<std::string> where_iter;
  std::map<std::string, std::string> where_agg;
  long long repetitions = 0;
};

MetricSet load_hyperfine(const jf::Json& j, const std::string& path) {
  MetricSet m;
  m.sources.push_back(path);
  m.within_file = true;
  std::size_t i = 0;
  for (const auto& r : jf::array(j, "results", path)) {
    const std::string where = path + ": results[" + std::to_string(i++) + "]";
    jf::object(r, where);
    std::string name = jf::string(r, "command", where);
    if (m.find(name)) name += " #" + std::to_string(i);
    const jf::Json* times = jf::opt_array(r, "times", where, Null::Wrong);
    if (!times) throw Error(Error::Kind::BadInput, where, "no 'times' array (hyperfine writes it since 1.9)");
    std::size_t k = 0;
    for (const auto& t : *times)
      m.add(name, "s", Better::Lower, jf::as_number(t, where + ".times[" + std::to_string(k++) + "]"), "time");
    if (k == 0) m.warnings.push_back(where + ": no times");
  }
  return m;
}

MetricSet load_pyperf(const jf::Json& j, const std::string& path) {
  MetricSet m;
  m.sources.push_back(path);
  m.within_file = true;
  const jf::Json* top = jf::opt_object(j, "metadata", path, Null::Wrong);
  std::size_t i = 0;
  for (const auto& b : jf::array(j, "benchmarks", path)) {
    const std::string where = path + ": benchmarks[" + std::to_string(i++) + "]";
    jf::object(b, where);
    const jf::Json* md = jf::opt_object(b, "metadata", where, Null::Wrong);
    auto meta = [&](const char* key) -> std::optional<std::string> {
      if (md)
        if (auto v = jf::opt_string(*md, key, where + ".metadata", Null::Wrong)) return v;
      if (top) return jf::opt_string(*top, key, path + ": metadata", Null::Wrong);
      return std::nullopt;
    };
    const std::string name = meta("name").value_or("benchmark " + std::to_string(i - 1));
    const std::string unit_in = meta("unit").value_or("second");
    const std::string unit = unit_in == "second" ? "s" : unit_in == "byte" ? "bytes" : "";
    std::size_t r = 0, n = 0;
    for (const auto& run : jf::array(b, "runs", where)) {
      const std::string wr = where + ".runs[" + std::to_string(r++) + "]";
      jf::object(run, wr);
      const jf::Json* values = jf::opt_array(run, "values", wr, Null::Wrong);  // absent in calibration runs
      if (!values) continue;
      std::size_t k = 0;
      for (const auto& v : *values) {
        m.add(name, unit, Better::Lower, jf::as_number(v, wr + ".values[" + std::to_string(k++) + "]"), "time");
        ++n;
      }
    }
    if (n == 0) m.warnings.push_back(where + ": no values (only calibration or warm-up runs)");
  }
  return m;
}

MetricSet google_benchmark(const jf::Json& j, const std::string& path) {
  if (!j.is_object() || !j.contains("benchmarks"))
    throw Error(Error::Kind::BadInput, path, "neither an event file nor Google Benchmark JSON (no 'benchmarks' array)");
  const jf::Json& rows = jf::array(j, "benchmarks", path);
  MetricSet m;
  m.sources.push_back(path);
  m.within_file = true;
  std::size_t skipped_errors = 0, idx = 0;
  // Rows per benchmark (run_name), in first-seen order: the repetitions' own rows are the samples;
  // the aggregates (mean, median, stddev, cv) are derived from them and used only when a file
  // holds nothing else (--benchmark_report_aggregates_only): then the median (else the mean) is
  // one sample. Never both: no sample is counted twice.
  std::vector<std::string> order;
  std::map<std::string, GbBench> benches;
  for (const auto& b : rows) {
    const std::string where = path + ": benchmarks[" + std::to_string(idx++) + "]";
    jf::object(b, where);
    const std::string name = jf::string(b, "name", where);
    const std::string run_name = jf::opt_string(b, "run_name", where, Null::Wrong).value_or(name);
    const std::string run_type = jf::opt_string(b, "run_type", where, Null::Wrong).value_or("iteration");
    const auto agg = jf::opt_string(b, "aggregate_name", where, Null::Wrong);
    if (jf::opt_bool(b, "error_occurred", where, Null::Wrong).value_or(false)) {
      ++skipped_errors;
      continue;
    }
    auto [it, fresh] = benches.try_emplace(run_name);
    if (fresh) order.push_back(run_name);
    GbBench& g = it->second;
    g.repetitions = std::max(g.repetitions, jf::opt_integer(b, "repetitions", where, Null::Wrong).value_or(0));
    if (run_type == "aggregate" || agg) {
      const std::string a = agg.value_or("?");
      if (jf::opt_string(b, "aggregate_unit", where, Null::Wrong).value_or("time") == "time") {
        g.aggregates[a] = &b;
        g.where_agg[a] = where;
      }
      continue;
    }
    if (run_type != "iteration")
      throw Error(Error::Kind::BadInput, where, "field 'run_type' is '" + run_type + "', expected 'iteration' or 'aggregate'");
    g.iterations.push_back(&b);
    g.where_iter.push_back(where);
  }
  for (const auto& name : order) {
    const GbBench& g = benches[name];
    if (!g.iterations.empty()) {
      for (std::size_t i = 0; i < g.iterations.size(); ++i) gb_row(m, *g.iterations[i], name, g.where_iter[i]);
      if (g.repetitions > 1 && g.iterations.size() != std::size_t(g.repetitions))
        m.warnings.push_back(path + ": " + name + ": " + std::to_string(g.iterations.size()) + " row(s) for " +
                             std::to_string(g.repetitions) + " repetitions");
      continue;
    }
    for (const char* a : {"median", "mean"}) {
      const auto it = g.aggregates.find(a);
      if (it == g.aggregates.end()) continue;
      gb_row(m, *it->second, name, g.where_agg.at(a));
      m.notes.push_back(path + ": " + name + ": aggregates only: its " + a + " of " + std::to_string(g.repetitions) +
                        " repetition(s) is one sample");
      break;
    }
  }
  if (skipped_errors) m.warnings.push_back(path + ": " + std::to_string(skipped_errors) + " errored benchmark row(s) skipped");
  return m;
}

}  // namespace

MetricSet load_google_benchmark(const std::string& path) {
  return google_benchmark(jf::parse(read_input(path), path), path);
}

MetricSet load_benchmark_json(const std::string& path) {
  const jf::Json j = jf::parse(read_input(path), path);
  if (j.is_object() && j.contains("results")) return load_hyperfine(j, path);
  if (j.is_object() && j.contains("benchmarks")) {
    const jf::Json& rows = jf::array(j, "benchmarks", path);
    const bool pyperf = !rows.empty() && rows.front().is_object() && rows.front().contains("runs");
    return pyperf ? load_pyperf(j, path) : google_benchmark(j, path);
  }
  throw Error(Error::Kind::BadInput, path,
              "neither an event file nor a benchmark JSON document (Google Benchmark or pyperf 'benchmarks', "
              "hyperfine 'results')");
}

}  // namespace cuzk::stats
