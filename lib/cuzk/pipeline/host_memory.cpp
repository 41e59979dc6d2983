#include "cuzk/pipeline/host_memory.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cuzk/pipeline/sector.hpp"  // printable

namespace cuzk::pipeline {

namespace fs = std::filesystem;

std::uint64_t mem_available() {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  std::uint64_t v = 0;
  while (in >> key >> v) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return v * 1024;
  }
  return 0;
}

namespace {

// One value of a cgroup file: a byte count, "max" (no limit), missing, or garbage.
struct Reading {
  enum class Kind { Missing, Max, Bytes, Garbage } kind = Kind::Missing;
  std::uint64_t bytes = 0;
  std::string text;
};

Reading read_value(const fs::path& file) {
  Reading r;
  std::ifstream in(file);
  if (!in) return r;
  std::string s;
  std::getline(in, s, '\0');
  if (s.size() > 64) s.resize(64);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  r.text = s;
  if (s == "max") {
    r.kind = Reading::Kind::Max;
    return r;
  }
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), r.bytes);
  r.kind = (!s.empty() && ec == std::errc() && p == s.data() + s.size()) ? Reading::Kind::Bytes : Reading::Kind::Garbage;
  return r;
}

// The cgroup path of the memory controller: v1 ("N:a,memory,b:/p") wins over v2 ("0::/p").
bool cgroup_path(const std::string& proc_cgroup, bool& v1, std::string& path) {
  std::istringstream in(proc_cgroup);
  std::string line, v2_path;
  bool have_v2 = false;
  while (std::getline(in, line)) {
    const auto a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    const std::string ctl = line.substr(a + 1, b - a - 1), p = line.substr(b + 1);
    if (ctl.empty() && line.substr(0, a) == "0") {
      have_v2 = true;
      v2_path = p;
      continue;
    }
    std::istringstream cs(ctl);
    for (std::string c; std::getline(cs, c, ',');)
      if (c == "memory") {
        v1 = true;
        path = p;
        return true;
      }
  }
  v1 = false;
  path = v2_path;
  return have_v2;
}

// Clean page cache charged to a cgroup (its memory.stat): the kernel reclaims it before it
// OOM-kills anything in the cgroup, so it is headroom, as MemAvailable counts it on the host.
// active + inactive file pages less the dirty and under-writeback ones (v2: active_file,
// inactive_file, file_dirty, file_writeback; v1: their hierarchical total_* forms). Shared
// memory sits on the anon lists and is not counted. Empty when memory.stat cannot be read (the
// caller then keeps limit - usage); a key that is missing or not a byte count counts 0 (the
// conservative side).
std::optional<std::uint64_t> reclaimable_file(const fs::path& stat, bool v1) {
  std::ifstream in(stat);
  if (!in) return std::nullopt;
  const std::string pre = v1 ? "total_" : "";
  const std::string keys[4] = {pre + "active_file", pre + "inactive_file", pre + (v1 ? "dirty" : "file_dirty"),
                               pre + (v1 ? "writeback" : "file_writeback")};
  std::uint64_t v[4] = {};
  std::string line;
  for (int n = 0; n < 4096 && std::getline(in, line); ++n) {  // a real memory.stat has < 100 lines
    const auto sp = line.find(' ');
    if (sp == std::string::npos) continue;
    for (int k = 0; k < 4; ++k) {
      if (line.compare(0, sp, keys[k]) != 0 || sp != keys[k].size()) continue;
      std::uint64_t x = 0;
      const char* e = line.data() + line.size();
      auto [q, ec] = std::from_chars(line.data() + sp + 1, e, x);
      if (ec == std::errc() && q == e) v[k] = x;
    }
  }
  const auto sum = [](std::uint64_t a, std::uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; };
  const std::uint64_t file = sum(v[0], v[1]), busy = sum(v[2], v[3]);
  return file > busy ? file - busy : 0;
}

}  // namespace

CgroupMemory cgroup_memory(const std::string& root, const std::string& proc_cgroup) {
  CgroupMemory out;
  bool v1 = false;
  std::string path;
  if (!cgroup_path(proc_cgroup, v1, path)) return out;
  const fs::path base = v1 ? fs::path(root) / "memory" : fs::path(root);
  const char* limit_file = v1 ? "memory.limit_in_bytes" : "memory.max";
  const char* usage_file = v1 ? "memory.usage_in_bytes" : "memory.current";
  std::string rel = fs::path(path).relative_path().lexically_normal().generic_string();
  if (rel == ".") rel.clear();
  std::error_code ec;
  if (rel.find("..") != std::string::npos || !fs::is_directory(base / rel, ec)) rel.clear();  // own mount: ROOT
  // From the process's cgroup up to the base: the tightest headroom of those with a limit.
  for (fs::path dir = rel;; dir = dir.parent_path()) {
    const fs::path d = base / dir;
    const Reading lim = read_value(d / limit_file);
    Reading use;
    if (lim.kind == Reading::Kind::Bytes) use = read_value(d / usage_file);
    const Reading* junk = lim.kind == Reading::Kind::Garbage ? &lim
                          : use.kind == Reading::Kind::Garbage ? &use : nullptr;
    if (junk != nullptr) {
      const fs::path f = d / (junk == &lim ? limit_file : usage_file);
      return {std::nullopt, "ignored (" + f.string() + ": \"" + printable(junk->text) + "\" is not a byte count)"};
    }
    const bool limited = lim.kind == Reading::Kind::Bytes && !(v1 && lim.bytes >= (std::uint64_t(1) << 62));
    if (limited && use.kind == Reading::Kind::Bytes) {
      const std::optional<std::uint64_t> clean = reclaimable_file(d / "memory.stat", v1);
      const std::uint64_t used = use.bytes - std::min(use.bytes, clean.value_or(0));  // what reclaim cannot free
      const std::uint64_t h = lim.bytes > used ? lim.bytes - used : 0;
      if (!out.headroom || h < *out.headroom) {
        out.headroom = h;
        out.what = std::string(v1 ? "v1 /" : "v2 /") + dir.generic_string() + ": limit " + std::to_string(lim.bytes) +
                   " - usage " + std::to_string(use.bytes);
        if (clean) out.what += " + clean page cache " + std::to_string(*clean);
      }
    }
    if (dir.empty()) break;
  }
  return out;
}

CgroupMemory cgroup_memory() {
  std::ifstream in("/proc/self/cgroup");
  std::stringstream ss;
  ss << in.rdbuf();
  return cgroup_memory("/sys/fs/cgroup", ss.str());
}

AutoBudget auto_budget(std::uint64_t avail, const CgroupMemory& cg, double fraction, std::uint64_t host_reserved) {
  std::ostringstream src;
  src << "auto: " << fraction << " x min(MemAvailable ";
  if (avail == 0) {
    avail = std::uint64_t(4) << 30;
    src << "unknown, " << avail << " assumed";
  } else {
    src << avail;
  }
  std::uint64_t base = avail;
  if (cg.headroom) {
    base = std::min(base, *cg.headroom);
    src << ", cgroup " << *cg.headroom << " [" << cg.what << "]";
  } else {
    src << ", cgroup " << cg.what;
  }
  src << ") - pinned " << host_reserved;
  const auto scaled = std::uint64_t(double(base) * fraction);
  return {scaled > host_reserved ? scaled - host_reserved : 0, src.str()};
}

}  // namespace cuzk::pipeline
