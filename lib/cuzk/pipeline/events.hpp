#pragma once
// The JSON-lines event file of batch runs (contract: docs/events.md, schema 2). The file
// is an append-only log of runs: opened O_APPEND|O_CREAT (never truncated), every line is
// one object starting with "ts" (seconds since run start, steady clock), "ev" and "run"
// (this run's id) and is written whole with one write() under flock(LOCK_EX), so two runs
// appending to one file never split each other's lines and a killed run keeps every
// complete line. A failed write is remembered (error()); the batch then exits 3. What each
// line holds is the event schema's (cuzk/util/event_schema.hpp): emit(events::X{...}).
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

#include "cuzk/pipeline/fields.hpp"
#include "cuzk/util/event_schema.hpp"

namespace cuzk::pipeline {

// A run id unique per process run: "<UTC yyyymmddThhmmssZ>-<host>-<pid>-<4 hex>", only
// [A-Za-z0-9._-] (the host name is filtered to that set).
std::string make_run_id();

class EventWriter {
public:
  using Clock = std::chrono::steady_clock;
  // Opens `path` for appending (creating it); "" = no file (events dropped). Throws Error(Io).
  EventWriter(const std::string& path, std::string run_id, Clock::time_point start = Clock::now());
  ~EventWriter();
  EventWriter(const EventWriter&) = delete;
  EventWriter& operator=(const EventWriter&) = delete;

  // Seconds since run start (what ts, t0 and t1 are measured in).
  double now() const { return seconds(Clock::now()); }
  double seconds(Clock::time_point t) const { return std::chrono::duration<double>(t - start_).count(); }
  // Writes {"ts": now, "ev": ev, "run": id, ...fields} as one line.
  void emit(std::string_view ev, const Fields& fields = {});
  // One event of the schema: {"ts", "ev": its kind's name, "run", ...its fields}.
  template <class E>
  void emit(const E& e) {
    emit(events::name(E::kind), events::to_fields(e));
  }

  const std::string& run_id() const { return run_; }
  // "" while every line was written; else one line naming the file, the lines lost and why.
  std::string error() const;

private:
  std::string path_, run_;
  int fd_ = -1;
  Clock::time_point start_;
  mutable std::mutex m_;
  std::uint64_t lines_ = 0, lost_ = 0;
  std::string first_error_;
};

// Seconds rounded to the microsecond (shorter lines; the clock is no finer in practice).
double round_us(double s);

// Process memory from /proc/self: resident set (statm) and peak resident set (VmHWM).
std::uint64_t current_rss();
// The resident set split as the kernel counts it (statm): anonymous pages (heap, a/b/c,
// pinned buffers) and file-backed/shared pages (a mapped prepared key: reclaimable).
struct RssParts {
  std::uint64_t total = 0, anon = 0, file = 0;
};
RssParts current_rss_parts();
std::uint64_t peak_rss();

// Host facts for run_start.
std::string host_name();
unsigned cpu_count();  // CPUs this process may run on (affinity mask)

}  // namespace cuzk::pipeline
