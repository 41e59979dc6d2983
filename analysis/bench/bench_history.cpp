// `history`'s analysis over 10 000 runs x 50 metrics (the goal: <= 2 s on one core):
// series building, e-divisive means with its permutation tests, shifts and attribution, on runs
// held in memory (2000 commits x 5 replicates on one host; each metric with 3 steps of 5-15 %
// under normal noise of sd 3 %). Reading the event files is measured by bench_stats (lines/s).
//   bench_history --benchmark_filter=History
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "cuzk/stats/history.hpp"

namespace {

cuzk::stats::HistoryData synthetic(std::size_t commits, std::size_t reps, std::size_t metrics) {
  using namespace cuzk::stats;
  HistoryData d;
  std::mt19937_64 g(42);
  std::vector<std::string> names{"s_per_proof", "busy.synth", "busy.gpu", "busy.write", "gpu_busy"};
  for (std::size_t m = names.size(); m < metrics; ++m) names.push_back(std::string("metric_") + std::to_string(m) + ".median");
  for (const auto& n : names) d.metric_index(n, "s", Better::Lower);
  // Per metric three steps at random commits.
  std::vector<std::vector<std::pair<std::size_t, double>>> steps(metrics);
  for (auto& s : steps)
    for (int k = 0; k < 3; ++k)
      s.push_back({std::uniform_int_distribution<std::size_t>(50, commits - 50)(g),
                   std::uniform_real_distribution<double>(0.05, 0.15)(g)});
  std::normal_distribution<double> noise(0, 0.03);
  for (std::size_t c = 0; c < commits; ++c)
    for (std::size_t r = 0; r < reps; ++r) {
      HistoryRun run;
      run.source = std::string("run-") + std::to_string(c) + "-" + std::to_string(r) + ".jsonl";
      run.commit = std::string("c") + std::to_string(c);
      run.host = "bench (GPU)";
      run.start = 1.7e9 + double(c) * 86400 + double(r) * 600;
      run.events = true;
      for (std::size_t m = 0; m < metrics; ++m) {
        double level = 1 + 0.1 * double(m);
        for (const auto& [at, f] : steps[m])
          if (c >= at) level *= 1 + f;
        run.values.emplace_back(std::uint32_t(m), level * (1 + noise(g)));
      }
      d.runs.push_back(std::move(run));
    }
  return d;
}

void BM_History(benchmark::State& st) {
  const auto d = synthetic(std::size_t(st.range(0)) / 5, 5, std::size_t(st.range(1)));
  cuzk::stats::HistoryOptions opt;
  std::size_t cps = 0;
  for (auto _ : st) {
    const auto h = cuzk::stats::analyze_history(d, opt);
    cps = 0;
    for (const auto& s : h.series) cps += s.change_points.size();
    benchmark::DoNotOptimize(cps);
  }
  st.counters["change_points"] = double(cps);
  st.counters["values"] = double(st.range(0) * st.range(1));
}
BENCHMARK(BM_History)->Args({10000, 50})->Args({1000, 50})->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
