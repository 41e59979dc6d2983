// libFuzzer target: the cuzk-stats event reader through the entry points the CLI uses
// (detect_input, load_event_runs, summarize, reduce_run, every output format, the trace).
// The input is handed over as a memfd (a regular file, no disk I/O) named by /proc/self/fd/N.
// Only cuzk::Error (the malformed-input path) is caught; anything else escaping is a finding
// (the first one: invalid UTF-8 in a sector id made the JSON summary throw; dumps now replace it).
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "cuzk/stats/metric_set.hpp"
#include "cuzk/stats/render.hpp"
#include "cuzk/stats/trace.hpp"
#include "cuzk/util/error.hpp"

using namespace cuzk::stats;

namespace {
struct MemFile {
  int fd = -1;
  std::string path;
  MemFile(const uint8_t* data, size_t size) {
    fd = ::memfd_create("fuzz_stats_events", 0);
    if (fd < 0) return;
    size_t off = 0;
    while (off < size) {
      const ssize_t w = ::write(fd, data + off, size - off);
      if (w <= 0) break;
      off += size_t(w);
    }
    path = "/proc/self/fd/" + std::to_string(fd);
  }
  ~MemFile() {
    if (fd >= 0) ::close(fd);
  }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 20)) return 0;
  MemFile f(data, size);
  if (f.fd < 0) return 0;
  try {
    (void)detect_input(f.path);
  } catch (const cuzk::Error&) {
  }
  try {
    const auto runs = load_event_runs(f.path, true);
    std::vector<RunSummary> sums;
    MetricSet m;
    for (const auto& r : runs) {
      sums.push_back(summarize(r, {}));
      m.merge(reduce_run(sums.back()));
    }
    for (Format fmt : {Format::Text, Format::Markdown, Format::Json, Format::Csv})
      (void)render_summary(sums, {summarize_samples(m, PercentileMethod::Linear, 0.95)}, fmt, PercentileMethod::Linear, 0.95);
    (void)render_compare(compare(m, m, {}), Format::Json);
    (void)write_trace(runs, "/dev/null");
  } catch (const cuzk::Error&) {
  }
  return 0;
}
