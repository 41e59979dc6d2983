// `--mem-budget auto`'s inputs: the cgroup reader against fake /sys/fs/cgroup trees (v2 with a
// limit, v2 "max", v1, missing files, garbage values: one behaviour each), the budget rule, and
// resolve() subtracting what the backends pin.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "cuzk/pipeline/config.hpp"
#include "cuzk/pipeline/host_memory.hpp"
#include "temp_dir.hpp"

using namespace cuzk::pipeline;
namespace fs = std::filesystem;

namespace {
void put(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}
}  // namespace

TEST_CASE("cgroup v2: the tightest limit on the path up to the root, limit - usage") {
  cuzk::test::TempDir t("cuzk-cg2-");
  put(t.p / "user.slice/memory.max", "8000\n");
  put(t.p / "user.slice/memory.current", "1000\n");
  put(t.p / "user.slice/job/memory.max", "max\n");  // the process's own cgroup: no limit
  put(t.p / "user.slice/job/memory.current", "500\n");
  const CgroupMemory m = cgroup_memory(t.p.string(), "0::/user.slice/job\n");
  REQUIRE(m.headroom);
  CHECK(*m.headroom == 7000);
  CHECK(m.what == "v2 /user.slice: limit 8000 - usage 1000");

  put(t.p / "user.slice/job/memory.max", "3000\n");  // now the job's own limit is tighter
  CHECK(cgroup_memory(t.p.string(), "0::/user.slice/job\n").headroom == std::optional<std::uint64_t>(2500));
  put(t.p / "user.slice/job/memory.current", "4000\n");  // over its limit: no headroom at all
  CHECK(cgroup_memory(t.p.string(), "0::/user.slice/job\n").headroom == std::optional<std::uint64_t>(0));
}

TEST_CASE("cgroup v2: \"max\" everywhere is no limit") {
  cuzk::test::TempDir t("cuzk-cg2max-");
  put(t.p / "a/memory.max", "max\n");
  put(t.p / "a/memory.current", "123\n");
  const CgroupMemory m = cgroup_memory(t.p.string(), "0::/a\n");
  CHECK_FALSE(m.headroom);
  CHECK(m.what == "none");
}

TEST_CASE("cgroup v2: a path that is not under ROOT reads ROOT (a container's own mount)") {
  cuzk::test::TempDir t("cuzk-cg2ns-");
  put(t.p / "memory.max", "1000\n");
  put(t.p / "memory.current", "100\n");
  const CgroupMemory m = cgroup_memory(t.p.string(), "0::/docker/abc\n");
  CHECK(m.headroom == std::optional<std::uint64_t>(900));
  CHECK(m.what == "v2 /: limit 1000 - usage 100");
}

TEST_CASE("cgroup v1: the memory controller's line wins over 0::; the 2^63 'unlimited' is none") {
  cuzk::test::TempDir t("cuzk-cg1-");
  const std::string proc = "9:name=systemd:/\n4:memory:/process_api/x\n1:cpu,cpuacct:/\n0::/\n";
  put(t.p / "memory/memory.limit_in_bytes", "9223372036854771712\n");
  put(t.p / "memory/memory.usage_in_bytes", "5000\n");
  put(t.p / "memory/process_api/x/memory.limit_in_bytes", "9223372036854771712\n");
  put(t.p / "memory/process_api/x/memory.usage_in_bytes", "4000\n");
  CHECK_FALSE(cgroup_memory(t.p.string(), proc).headroom);
  put(t.p / "memory/process_api/memory.limit_in_bytes", "10000\n");
  put(t.p / "memory/process_api/memory.usage_in_bytes", "4500\n");
  const CgroupMemory m = cgroup_memory(t.p.string(), proc);
  CHECK(m.headroom == std::optional<std::uint64_t>(5500));
  CHECK(m.what == "v1 /process_api: limit 10000 - usage 4500");
}

TEST_CASE("cgroup: clean page cache (memory.stat) is headroom; dirty, writeback and garbage are not") {
  cuzk::test::TempDir t("cuzk-cgstat-");
  // v2, the H200 host's case: a 24 GiB prepared key read by an earlier run is charged to the
  // cgroup as file pages; it must not shrink the budget.
  put(t.p / "job/memory.max", "10000\n");
  put(t.p / "job/memory.current", "6000\n");
  put(t.p / "job/memory.stat", "anon 1000\nfile 5000\nactive_file 3000\ninactive_file 2000\nfile_dirty 300\n"
                                "file_writeback 200\nshmem 0\n");
  CgroupMemory m = cgroup_memory(t.p.string(), "0::/job\n");
  CHECK(m.headroom == std::optional<std::uint64_t>(10000 - 6000 + 4500));
  CHECK(m.what == "v2 /job: limit 10000 - usage 6000 + clean page cache 4500");
  // More clean cache than usage (a racy read): never more headroom than the limit.
  put(t.p / "job/memory.stat", "active_file 9000\ninactive_file 9000\n");
  CHECK(cgroup_memory(t.p.string(), "0::/job\n").headroom == std::optional<std::uint64_t>(10000));
  // Values that are not byte counts, and sums that would overflow, count 0 or saturate: never
  // below limit - usage, never above the limit.
  put(t.p / "job/memory.stat", "active_file lots\ninactive_file -1\nfile_dirty 5\n");
  CHECK(cgroup_memory(t.p.string(), "0::/job\n").headroom == std::optional<std::uint64_t>(4000));
  put(t.p / "job/memory.stat", "active_file 18446744073709551615\ninactive_file 18446744073709551615\n");
  CHECK(cgroup_memory(t.p.string(), "0::/job\n").headroom == std::optional<std::uint64_t>(10000));
  put(t.p / "job/memory.stat", "file_dirty 18446744073709551615\nfile_writeback 9\nactive_file 100\n");
  CHECK(cgroup_memory(t.p.string(), "0::/job\n").headroom == std::optional<std::uint64_t>(4000));
  // A key that only starts like ours is not ours.
  put(t.p / "job/memory.stat", "active_file_x 5000\nactive_files 5000\n");
  CHECK(cgroup_memory(t.p.string(), "0::/job\n").headroom == std::optional<std::uint64_t>(4000));
  // v1: the hierarchical total_* keys, not the cgroup's own.
  const std::string proc = "4:memory:/x\n";
  put(t.p / "memory/x/memory.limit_in_bytes", "10000\n");
  put(t.p / "memory/x/memory.usage_in_bytes", "7000\n");
  put(t.p / "memory/x/memory.stat", "active_file 1\ninactive_file 1\ntotal_active_file 2000\n"
                                     "total_inactive_file 1000\ntotal_dirty 100\ntotal_writeback 400\n");
  m = cgroup_memory(t.p.string(), proc);
  CHECK(m.headroom == std::optional<std::uint64_t>(10000 - 7000 + 2500));
  CHECK(m.what == "v1 /x: limit 10000 - usage 7000 + clean page cache 2500");
}

TEST_CASE("cgroup: missing files or no cgroup at all mean no limit") {
  cuzk::test::TempDir t("cuzk-cgnone-");
  CHECK(cgroup_memory(t.p.string(), "0::/a/b\n").what == "none");
  CHECK_FALSE(cgroup_memory(t.p.string(), "0::/a/b\n").headroom);
  CHECK_FALSE(cgroup_memory(t.p.string(), "").headroom);
  CHECK_FALSE(cgroup_memory((t.p / "absent").string(), "4:memory:/x\n").headroom);
  put(t.p / "a/memory.max", "1000\n");  // a limit without its usage file: not used
  CHECK_FALSE(cgroup_memory(t.p.string(), "0::/a\n").headroom);
}

TEST_CASE("cgroup: a garbage value ignores the cgroup and names the file") {
  cuzk::test::TempDir t("cuzk-cgbad-");
  put(t.p / "a/memory.max", "lots\n");
  put(t.p / "a/memory.current", "1\n");
  put(t.p / "memory.max", "100\n");
  put(t.p / "memory.current", "1\n");
  CgroupMemory m = cgroup_memory(t.p.string(), "0::/a\n");
  CHECK_FALSE(m.headroom);  // not trusted: MemAvailable decides
  CHECK(m.what == "ignored (" + (t.p / "a/memory.max").string() + ": \"lots\" is not a byte count)");
  for (const char* v : {"", "-5", "12k", "1 2", "99999999999999999999999"}) {
    put(t.p / "a/memory.max", "10\n");
    put(t.p / "a/memory.current", v);
    m = cgroup_memory(t.p.string(), "0::/a\n");
    CHECK_FALSE(m.headroom);
    CHECK(m.what.find("memory.current") != std::string::npos);
  }
}

TEST_CASE("auto budget: fraction x min(MemAvailable, cgroup) - pinned, recorded term by term") {
  CgroupMemory none;
  AutoBudget b = auto_budget(10'000, none, 0.8, 1'000);
  CHECK(b.bytes == 7'000);
  CHECK(b.source == "auto: 0.8 x min(MemAvailable 10000, cgroup none) - pinned 1000");
  CgroupMemory cg{5'000, "v2 /a: limit 6000 - usage 1000"};
  b = auto_budget(10'000, cg, 0.5, 500);
  CHECK(b.bytes == 2'000);
  CHECK(b.source == "auto: 0.5 x min(MemAvailable 10000, cgroup 5000 [v2 /a: limit 6000 - usage 1000]) - pinned 500");
  CHECK(auto_budget(10'000, cg, 0.5, 9'000).bytes == 0);  // pinned beyond the rest: nothing left
  b = auto_budget(0, none, 1.0, 0);
  CHECK(b.bytes == std::uint64_t(4) << 30);
  CHECK(b.source.find("MemAvailable unknown") != std::string::npos);
}

TEST_CASE("resolve: auto subtracts host_reserved and records it; a given budget keeps its bytes") {
  BatchConfig z;
  resolve(z, 1'000, 2'000, 1, 1 << 20);
  CHECK(z.host_reserved == 1u << 20);
  CHECK(z.mem_budget_source.find(" - pinned 1048576") != std::string::npos);
  CHECK(z.mem_budget_source.find("auto: 0.8 x min(MemAvailable ") == 0);
  BatchConfig g;
  g.mem_budget = 10'000;
  resolve(g, 1'000, 2'000, 1, 5'000);
  CHECK(g.mem_budget == 10'000);
  CHECK(g.mem_budget_source == "given");
  CHECK(g.host_reserved == 5'000);
}
