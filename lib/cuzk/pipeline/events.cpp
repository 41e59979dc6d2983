#include "cuzk/pipeline/events.hpp"

#include <sched.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <fstream>

#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

EventWriter::EventWriter(const std::string& path, Clock::time_point start) : start_(start) {
  if (path.empty()) return;
  f_ = std::fopen(path.c_str(), "w");
  if (!f_) fail(Error::Kind::Io, path, std::string("cannot create the events file: ") + std::strerror(errno));
}

EventWriter::~EventWriter() {
  if (f_) std::fclose(f_);
}

double round_us(double s) { return std::round(s * 1e6) / 1e6; }

void EventWriter::emit(const char* ev, const ojson& fields) {
  std::lock_guard<std::mutex> lk(m_);
  if (!f_) return;
  ojson j;
  j["ts"] = round_us(now());
  j["ev"] = ev;
  for (auto it = fields.begin(); it != fields.end(); ++it) j[it.key()] = it.value();
  std::string line = j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), f_);
  std::fflush(f_);
}

std::uint64_t current_rss() {
  std::ifstream in("/proc/self/statm");
  std::uint64_t size = 0, resident = 0;
  if (!(in >> size >> resident)) return 0;
  return resident * std::uint64_t(sysconf(_SC_PAGESIZE));
}

std::uint64_t peak_rss() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

std::string host_name() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "unknown";
  return buf;
}

unsigned cpu_count() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return unsigned(CPU_COUNT(&set));
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? unsigned(n) : 1;
}

}  // namespace cuzk::pipeline
