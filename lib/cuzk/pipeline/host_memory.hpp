#pragma once
// What the host really has for `--mem-budget auto`: MemAvailable (/proc/meminfo) and the
// headroom of the cgroup this process runs in (limit − current usage + its clean page cache,
// the tightest of its ancestors), and the rule that turns them into a budget. Pure functions of their inputs
// where possible, so tests can point them at a fake /sys/fs/cgroup tree.
#include <cstdint>
#include <optional>
#include <string>

namespace cuzk::pipeline {

// MemAvailable from /proc/meminfo in bytes (0 when unknown).
std::uint64_t mem_available();

struct CgroupMemory {
  // limit − usage + clean page cache (0 when that is below 0) of the tightest limited cgroup on
  // the path from this process's cgroup up to the root; empty when no limit applies. The clean
  // page cache (memory.stat: file pages less dirty and writeback) is reclaimed before an OOM
  // kill, so it is not taken from the headroom: a prepared key read by an earlier run would
  // otherwise shrink the budget by its own size.
  std::optional<std::uint64_t> headroom;
  // For run_start: "v2 /a/b: limit L - usage U + clean page cache C" (without the last term
  // when memory.stat is absent), "v1 /a: ...", "none" (no limit, or no
  // memory cgroup files), or "ignored (FILE: \"x\" is not a byte count)" for a garbage value,
  // in which case `headroom` is empty (the cgroup is not trusted, MemAvailable decides).
  std::string what = "none";
};

// Reads the memory cgroup of this process: `proc_cgroup` is /proc/self/cgroup's text, `root`
// where the cgroup file systems are mounted. cgroup v1 (a line "N:...memory...:/path"; files
// ROOT/memory/PATH/memory.limit_in_bytes and memory.usage_in_bytes; a limit >= 2^62 is none)
// is used when present, else v2 ("0::/path"; ROOT/PATH/memory.max ("max" = none) and
// memory.current). When PATH does not exist under ROOT (a container that mounts its own cgroup
// at ROOT) ROOT itself is read. Missing files mean no limit there; a missing memory.stat means
// no clean page cache is counted.
CgroupMemory cgroup_memory(const std::string& root, const std::string& proc_cgroup);
CgroupMemory cgroup_memory();  // /sys/fs/cgroup and /proc/self/cgroup

struct AutoBudget {
  std::uint64_t bytes = 0;
  std::string source;  // e.g. "auto: 0.8 x min(MemAvailable 123, cgroup 456) - pinned 789"
};

// fraction × min(mem_available, cgroup headroom) − host_reserved (never below 0). A
// mem_available of 0 (unknown) counts as 4 GiB and says so.
AutoBudget auto_budget(std::uint64_t mem_available, const CgroupMemory& cg, double fraction,
                       std::uint64_t host_reserved);

}  // namespace cuzk::pipeline
