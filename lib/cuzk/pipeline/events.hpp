#pragma once
// The JSON-lines event file of a batch run (contract: docs/events.md, schema 1). Every
// line is one object starting with "ts" (seconds since run start, steady clock) and "ev";
// each line is written and flushed under one mutex, so lines are in ts order and a killed
// run keeps every complete line.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

namespace cuzk::pipeline {

using ojson = nlohmann::ordered_json;

inline constexpr int EVENTS_SCHEMA = 1;

class EventWriter {
public:
  using Clock = std::chrono::steady_clock;
  // Opens (truncates) `path`; "" = no file (events dropped). Throws Error(Io).
  explicit EventWriter(const std::string& path, Clock::time_point start = Clock::now());
  ~EventWriter();
  EventWriter(const EventWriter&) = delete;
  EventWriter& operator=(const EventWriter&) = delete;

  // Seconds since run start (what ts, t0 and t1 are measured in).
  double now() const { return seconds(Clock::now()); }
  double seconds(Clock::time_point t) const { return std::chrono::duration<double>(t - start_).count(); }
  // Writes {"ts": now, "ev": ev, ...fields} as one line.
  void emit(const char* ev, const ojson& fields = ojson::object());

private:
  std::FILE* f_ = nullptr;
  Clock::time_point start_;
  std::mutex m_;
};

// Seconds rounded to the microsecond (shorter lines; the clock is no finer in practice).
double round_us(double s);

// Process memory from /proc/self: resident set (statm) and peak resident set (VmHWM).
std::uint64_t current_rss();
std::uint64_t peak_rss();

// Host facts for run_start.
std::string host_name();
unsigned cpu_count();  // CPUs this process may run on (affinity mask)

}  // namespace cuzk::pipeline
