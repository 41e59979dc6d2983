#pragma once
// Hand-written runs for the cuzk-stats tests: one run_start (host "h", 16 cpus, GPU "G") followed
// by the given event lines, read back with load_events; and the line of one span of sector "s"
// (seq 0).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cuzk/stats/run_data.hpp"

namespace cuzk::test {

inline stats::RunData run_of(const std::string& name, const std::string& lines) {
  const auto p = std::filesystem::temp_directory_path() / ("cuzk-stats-run-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p, std::ios::binary)
      << R"({"ts":0,"ev":"run_start","schema":2,"version":"0.1.0","host":"h","cpus":16,"gpus":[{"index":0,"name":"G","memory":1000}],"config":{"backend":"cuda"}})"
      << "\n"
      << lines;
  stats::RunData r = stats::load_events(p.string());
  std::filesystem::remove(p);
  return r;
}

inline std::string span(const char* ev, double t0, double t1, int part, const std::string& extra = "") {
  return "{\"ts\":" + std::to_string(t1) + ",\"ev\":\"" + ev + "\",\"t0\":" + std::to_string(t0) + ",\"t1\":" +
         std::to_string(t1) + ",\"sector\":\"s\",\"partition\":" + std::to_string(part) + ",\"seq\":0" + extra + "}\n";
}

}  // namespace cuzk::test
