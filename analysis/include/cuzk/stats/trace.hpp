#pragma once
// Chrome Trace Event format (JSON object with "traceEvents"), readable by Perfetto and
// chrome://tracing: a process per pipeline part with one thread (track) per synthesis worker and
// per GPU worker, packed lanes for the queue and the writer, counters for RSS, in-flight
// partitions, reserved bytes and GPU memory.
#include <cstddef>
#include <string>
#include <vector>

#include "cuzk/stats/run_data.hpp"

namespace cuzk::stats {

// Assigns each interval (given in any order) the lowest lane free at its start; returns the lanes.
std::vector<std::size_t> pack_lanes(const std::vector<std::pair<double, double>>& intervals);

// Writes the trace of one or several runs (of one file: each run its own set of processes, named
// "run ID: ..."); returns the number of trace events. Throws Error(Io). Numbers are always finite
// (a value that is not is written as null, never as inf or nan).
std::size_t write_trace(const std::vector<RunData>& runs, const std::string& path);
inline std::size_t write_trace(const RunData& run, const std::string& path) { return write_trace(std::vector<RunData>{run}, path); }

}  // namespace cuzk::stats
