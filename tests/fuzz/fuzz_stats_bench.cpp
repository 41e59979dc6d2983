// libFuzzer target: the cuzk-stats readers of JSON documents and samples through the entry
// points the CLI uses: benchmark JSON (load_benchmark_json: Google Benchmark, hyperfine and
// pyperf, told apart by their shape), a saved baseline (load_baseline) and metric,value CSV
// (load_csv), then summary and compare in every format.
// The input is a memfd named by /proc/self/fd/N. Only cuzk::Error is caught.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "cuzk/stats/baseline.hpp"
#include "cuzk/stats/metric_set.hpp"
#include "cuzk/stats/render.hpp"
#include "cuzk/util/error.hpp"

using namespace cuzk::stats;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 20)) return 0;
  const int fd = ::memfd_create("fuzz_stats_bench", 0);
  if (fd < 0) return 0;
  for (size_t off = 0; off < size;) {
    const ssize_t w = ::write(fd, data + off, size - off);
    if (w <= 0) break;
    off += size_t(w);
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  const std::function<MetricSet()> readers[] = {[&] { return load_benchmark_json(path); },
                                                [&] { return load_baseline(path).metrics; },
                                                [&] { return load_csv(path); }};
  for (const auto& read : readers) {
    try {
      const MetricSet m = read();
      const SampleSummary s = summarize_samples(m, PercentileMethod::Linear, 0.95);
      for (Format f : {Format::Text, Format::Markdown, Format::Json, Format::Csv}) {
        (void)render_summary({}, {s}, f, PercentileMethod::Linear, 0.95);
        (void)render_compare(compare(m, m, {}), f);
      }
    } catch (const cuzk::Error&) {
    }
  }
  ::close(fd);
  return 0;
}
