#include "cuzk/pipeline/config.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "cuzk/pipeline/events.hpp"  // cpu_count
#include "cuzk/pipeline/sector.hpp"  // printable
#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

std::string BatchConfig::events_file() const { return events_path.empty() ? out_dir + "/events.jsonl" : events_path; }

Fields BatchConfig::to_json() const {
  Fields j;
  j["backend"] = backend;
  j["out"] = out_dir;
  j["events"] = events_file();
  j["synth_workers"] = synth_workers;
  j["synth_workers_source"] = synth_workers_source;
  j["synth_pacing"] = synth_pacing;
  j["max_inflight"] = max_inflight;
  j["max_inflight_source"] = max_inflight_source;
  j["mem_budget"] = mem_budget;
  j["mem_budget_source"] = mem_budget_source;
  j["host_reserved"] = host_reserved;
  j["queue_depth"] = bounded_queue ? Value(queue_depth) : Value();
  j["queue_depth_source"] = queue_depth_source;
  j["hold_permit"] = hold_permit;
  j["bounded_queue"] = bounded_queue;
  j["early_free"] = early_free;
  j["devices"] = devices;
  j["workers_per_device"] = workers_per_device;
  j["write_workers"] = write_workers;
  j["verify"] = verify;
  j["resume"] = resume;
  j["key_cache"] = key_cache;
  j["key_cache_dir"] = key_cache_dir;
  j["seed"] = seed ? Value(*seed) : Value();
  j["mem_interval"] = mem_interval;
  return j;
}

std::uint64_t parse_bytes(const std::string& s, const std::string& what) {
  const std::string pre = what.empty() ? "" : what + ": ";
  auto bad = [&]() -> std::uint64_t {
    fail(Error::Kind::BadInput, "",
         pre + "\"" + printable(s) + "\" is not a byte count (expected e.g. 8000000000, 8G, 512M, 1.5G)");
  };
  std::size_t i = 0, digits = 0, dots = 0;
  for (; i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.'); ++i)
    (s[i] == '.' ? dots : digits)++;
  if (digits == 0 || dots > 1 || i > 40) return bad();
  double v = 0;
  auto r = std::from_chars(s.data(), s.data() + i, v, std::chars_format::fixed);
  if (r.ec != std::errc() || r.ptr != s.data() + i || !std::isfinite(v)) return bad();
  std::string u = s.substr(i);
  for (auto& ch : u) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  double m = 1;
  if (u.empty() || u == "b") m = 1;
  else if (u == "k" || u == "kb" || u == "kib") m = 1024.0;
  else if (u == "m" || u == "mb" || u == "mib") m = 1024.0 * 1024;
  else if (u == "g" || u == "gb" || u == "gib") m = 1024.0 * 1024 * 1024;
  else if (u == "t" || u == "tb" || u == "tib") m = 1024.0 * 1024 * 1024 * 1024;
  else return bad();
  const double bytes = v * m;
  if (!(bytes < 9.0e18))
    fail(Error::Kind::BadInput, "", pre + "\"" + printable(s) + "\" is too large (at most 8E bytes)");
  return std::uint64_t(std::llround(bytes));
}

void resolve(BatchConfig& c, std::uint64_t footprint, std::uint64_t key_bytes, unsigned gpu_workers,
             std::uint64_t host_reserved) {
  if (c.workers_per_device == 0) c.workers_per_device = 1;
  if (c.write_workers == 0) c.write_workers = 1;
  c.host_reserved = host_reserved;
  if (c.mem_budget == 0) {
    const AutoBudget a = auto_budget(mem_available(), cgroup_memory(), c.mem_budget_fraction, host_reserved);
    c.mem_budget = a.bytes;
    c.mem_budget_source = a.source;
  } else if (c.mem_budget_source.empty()) {
    c.mem_budget_source = "given";
  }
  footprint = std::max<std::uint64_t>(footprint, 1);
  std::uint64_t fit = c.mem_budget > key_bytes ? (c.mem_budget - key_bytes) / footprint : 0;
  fit = std::max<std::uint64_t>(fit, 1);
  if (c.synth_workers == 0) {
    const unsigned cpus = std::max(1u, c.cpus ? c.cpus : cpu_count());
    const unsigned want = std::max(2u, 1 + (cpus + kCpusPerSerialSlot - 1) / kCpusPerSerialSlot);
    const std::uint64_t room = fit > gpu_workers ? fit - gpu_workers : 1;
    c.synth_workers = unsigned(std::min<std::uint64_t>({want, cpus, room}));
    c.synth_workers_source = "auto: min(max(2, 1 + ceil(" + std::to_string(cpus) + " cpus / " +
                             std::to_string(kCpusPerSerialSlot) + ")), cpus, budget fit " + std::to_string(fit) +
                             " - " + std::to_string(gpu_workers) + " gpu_workers); each synthesis parallel on all " +
                             std::to_string(cpus) + " cpus (oneTBB)";
  } else if (c.synth_workers_source.empty()) {
    c.synth_workers_source = "given";
  }
  if (c.max_inflight == 0) {
    c.max_inflight = unsigned(std::min<std::uint64_t>(c.synth_workers + gpu_workers + 1, fit));
    c.max_inflight_source = "auto: min(synth_workers + gpu_workers + 1, budget fit " + std::to_string(fit) + ")";
  } else if (c.max_inflight_source.empty()) {
    c.max_inflight_source = "given";
  }
  if (!c.bounded_queue) {  // the lab's --queue-depth unbounded: no depth to choose
    c.queue_depth_source = "unbounded";
  } else if (c.queue_depth == 0) {
    c.queue_depth = unsigned(std::max<std::uint64_t>(std::max(gpu_workers, 1u), std::min<std::uint64_t>(fit, 32)));
    c.queue_depth_source = "auto: max(gpu_workers, min(budget fit " + std::to_string(fit) + ", 32))";
  } else if (c.queue_depth_source.empty()) {
    c.queue_depth_source = "given";
  }
}

}  // namespace cuzk::pipeline
