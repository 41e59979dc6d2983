#pragma once
// Samples per metric, from any input: each run of an event file reduces to one value per metric
// (the run is the unit of comparison; a file holding several runs gives several); Google Benchmark JSON and `metric,value` CSV give one sample per
// repetition / row; a saved baseline directory gives its runs' reduced values.
#include <cstddef>
#include <string>
#include <vector>

#include "cuzk/stats/run_summary.hpp"

namespace cuzk::stats {

enum class Better { Lower, Higher };

struct Metric {
  std::string name, unit;  // unit: "s", "bytes", "fraction", "1/s", "bytes/s" or "" (unknown)
  Better better = Better::Lower;
  std::vector<double> samples;
  // Benchmark inputs: what the metric measures across benchmarks ("real_time", "cpu_time",
  // "items_per_second", a user counter's name, "time" for hyperfine/pyperf); compare adds a
  // geometric-mean row per group. Empty for event runs.
  std::string group;
};

struct MetricSet {
  std::vector<Metric> metrics;  // in first-seen order
  std::vector<std::string> sources;
  std::vector<Provenance> provenance;  // one per event run (or baseline run) with a run_start
  std::vector<std::string> warnings;
  std::vector<std::string> notes;  // "FILE: N runs (...)" for files holding several runs
  std::size_t runs = 0;        // event runs contributed
  bool within_file = false;    // some input gave several samples per file (benchmark/CSV)

  Metric* find(const std::string& name);
  const Metric* find(const std::string& name) const;
  // Appends a sample, creating the metric on first use.
  void add(const std::string& name, const std::string& unit, Better better, double value,
           const std::string& group = {});
  void merge(const MetricSet& other);
};

// One value per metric for one run: s_per_proof (steady-state slope, else wall / proofs),
// wall_per_proof, peak_rss, startup (the start-up phase's length), <stage>.median/.p90/.p99, gpu sub-time medians, busy.<stage>
// (effective busy seconds per proof), gpu_busy and gpu_starved (fractions of wall).
MetricSet reduce_run(const RunSummary& s);

enum class InputKind { Events, GoogleBenchmark, Csv, Baseline };  // GoogleBenchmark: any benchmark JSON document
// Throws Error(BadInput) for an empty file, Error(Io) for one that cannot be read or is not regular.
InputKind detect_input(const std::string& path);

// Loads any input as samples. Event files are read, summarized with `opt` and reduced.
MetricSet load_metrics(const std::string& path, const SummaryOptions& opt);
// Several inputs pooled into one group.
MetricSet load_group(const std::vector<std::string>& paths, const SummaryOptions& opt);

// Within-file samples for `summary` of a benchmark or CSV file. A benchmark JSON document is
// Google Benchmark (--benchmark_format=json), hyperfine (--export-json) or pyperf (-o), told
// apart by its fields (bench_json.cpp).
MetricSet load_benchmark_json(const std::string& path);
MetricSet load_google_benchmark(const std::string& path);
MetricSet load_csv(const std::string& path);

}  // namespace cuzk::stats
