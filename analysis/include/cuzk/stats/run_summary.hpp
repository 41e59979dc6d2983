#pragma once
// What `summary` reports for one run, computed from RunData: per-stage distributions, throughput
// (steady-state slope and plain wall / proofs), GPU busy time and idle gaps per device, peak RSS
// and what ran at the peak, and the per-stage load that names the bottleneck.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cuzk/stats/contention.hpp"
#include "cuzk/stats/descriptive.hpp"
#include "cuzk/stats/first_proof.hpp"
#include "cuzk/stats/run_data.hpp"
#include "cuzk/stats/startup.hpp"

namespace cuzk::stats {

struct SummaryOptions {
  PercentileMethod method = PercentileMethod::Linear;
  double level = 0.95;                 // confidence level of the order-statistic intervals
  std::optional<std::size_t> warmup;   // proofs excluded from the steady-state fit
  double warmup_fraction = 0.10;       // default warm-up: ceil(fraction · proofs), at least the start-up's proofs
};

struct Interval {
  double t0, t1;
};
// Sorted, disjoint union of the intervals.
std::vector<Interval> interval_union(std::vector<Interval> v);
double total_length(const std::vector<Interval>& u);
// Length of the part of a union inside [t0, t1].
double length_within(const std::vector<Interval>& u, double t0, double t1);
// Length of a \ b for two unions.
double difference_length(const std::vector<Interval>& a, const std::vector<Interval>& b);
// Largest number of intervals open at one time.
std::size_t max_concurrency(std::vector<Interval> v);

struct OutlierItem {
  std::string what;  // "sector/pN"
  double value = 0, sigmas = 0;
};

struct StageSummary {
  std::string name;
  Describe d;
  std::vector<OutlierItem> worst;  // up to 3 flagged outliers, most extreme first
};

struct DeviceSummary {
  std::string device;
  std::size_t spans = 0, workers = 0, gaps = 0;
  double busy = 0, busy_fraction = 0, idle = 0, max_gap = 0, starved = 0;  // seconds, fraction of wall
  // Busy share of the window from the first to the last completed proof (start-up and tail left
  // out); nullopt under 2 proofs or when the window is empty.
  std::optional<double> busy_steady_fraction;
};

// Busy seconds per proof of a stage, and divided by its parallelism (its share of s/proof when it
// is the bottleneck).
struct StageLoad {
  std::string stage;
  std::size_t parallelism = 1;
  double busy_per_proof = 0, effective = 0;
};

struct RunSummary {
  std::string file;                // RunData::file ("PATH#RUN" when the file holds several runs)
  std::string run;                 // run id, empty without one (schema 1)
  std::size_t run_index = 0, runs_in_file = 1;  // 0-based position among the file's runs
  Provenance prov;
  PercentileMethod method = PercentileMethod::Linear;
  double level = 0.95;
  std::vector<StageSummary> stages;
  std::size_t proofs = 0, failures = 0, errors = 0, warmup = 0;
  std::size_t sectors_ok = 0, sectors_failed = 0, sectors_skipped = 0;
  double wall = 0;
  std::optional<double> s_per_proof_plain, s_per_proof_steady;
  std::optional<double> first_proof;  // seconds from the run's start to its first completed proof
  std::optional<FirstProofPath> first_path;  // what the first proof waited for (first_proof.hpp)
  std::optional<SynthContention> contention;  // syntheses side by side from the first proof on (contention.hpp)
  std::vector<DeviceSummary> devices;
  // peak_rss: the larger of the sampled peak and run_end.peak_rss (the process's high-water
  // mark, which sees spikes between samples); sampled_peak_rss and its time from the samples.
  double peak_rss = 0, sampled_peak_rss = 0, peak_rss_ts = 0, max_inflight = 0, max_reserved = 0, peak_gpu_used = 0;
  bool peak_from_samples = false;
  std::vector<std::pair<std::string, std::size_t>> peak_stages;  // stage → spans open at the peak
  std::size_t mem_samples = 0;
  std::vector<StageLoad> loads;  // steady state: spans starting at or after startup.key_ready
  std::string bottleneck;
  Startup startup;
  bool gpu_bound = false, gpu_starved = false, truncated = false;
  double gpu_busy_fraction = 0, gpu_starved_fraction = 0;  // mean over devices
  std::optional<double> gpu_busy_steady_fraction;          // mean over devices of busy_steady_fraction
  std::size_t key_uploads = 0;                             // key_upload spans (GPU backends) ...
  double key_upload_seconds = 0;                           // ... and their summed length
  std::vector<std::string> warnings, error_messages;
};

RunSummary summarize(const RunData& run, const SummaryOptions& opt);

// Assumptions for the attribution verdicts.
inline constexpr double kGpuBoundBusy = 0.95;      // busy fraction at or above: GPU is the bottleneck
inline constexpr double kGpuStarvedFraction = 0.05;  // idle with an empty queue above this: starved

}  // namespace cuzk::stats
