// Lines per second of `summary` over an event file: CUZK_BENCH_EVENTS names the file (make one with
// scripts/gen-events.py); without it a synthetic file of 200k lines is written to /tmp first.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "cuzk/stats/run_summary.hpp"

namespace {

std::string events_file() {
  if (const char* p = std::getenv("CUZK_BENCH_EVENTS")) return p;
  const std::string path = "/tmp/cuzk-bench-events.jsonl";
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return path;
  std::fprintf(f, "{\"ts\":0,\"ev\":\"run_start\",\"schema\":1,\"host\":\"bench\",\"gpus\":[],\"config\":{\"synth_workers\":2}}\n");
  double t = 0;
  for (int i = 0; i < 40000; ++i) {
    const double s0 = t, s1 = t + 0.5, g1 = s1 + 0.2, w1 = g1 + 0.01;
    std::fprintf(f, "{\"ts\":%.6f,\"ev\":\"synth\",\"t0\":%.6f,\"t1\":%.6f,\"sector\":\"s-%d\",\"partition\":%d,\"seq\":%d,\"worker\":%d}\n", s1, s0, s1, i / 10, i % 10, i / 10, i % 2);
    std::fprintf(f, "{\"ts\":%.6f,\"ev\":\"queue\",\"t0\":%.6f,\"t1\":%.6f,\"sector\":\"s-%d\",\"partition\":%d,\"seq\":%d}\n", s1, s1, s1, i / 10, i % 10, i / 10);
    std::fprintf(f, "{\"ts\":%.6f,\"ev\":\"gpu\",\"t0\":%.6f,\"t1\":%.6f,\"sector\":\"s-%d\",\"partition\":%d,\"seq\":%d,\"device\":0,\"worker\":0,\"h2d\":0.01,\"ntt\":0.05,\"msm_g1\":0.1,\"msm_g2\":0.03,\"d2h\":0.001,\"lock_wait\":0}\n", g1, s1, g1, i / 10, i % 10, i / 10);
    std::fprintf(f, "{\"ts\":%.6f,\"ev\":\"write\",\"t0\":%.6f,\"t1\":%.6f,\"sector\":\"s-%d\",\"partition\":%d,\"seq\":%d,\"bytes\":1536}\n", w1, g1, w1, i / 10, i % 10, i / 10);
    std::fprintf(f, "{\"ts\":%.6f,\"ev\":\"mem\",\"rss\":%d,\"inflight\":3,\"reserved\":3000000000}\n", w1, 1000000000 + i);
    t += 0.25;
  }
  std::fclose(f);
  return path;
}

void BM_SummarizeEvents(benchmark::State& state) {
  const std::string path = events_file();
  std::size_t lines = 0;
  for (auto _ : state) {
    const auto run = cuzk::stats::load_events(path);
    const auto s = cuzk::stats::summarize(run, {});
    benchmark::DoNotOptimize(s.proofs);
    lines += run.lines;
  }
  state.counters["lines_per_s"] = benchmark::Counter(double(lines), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SummarizeEvents)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
