#include "cuzk/pipeline/shard.hpp"

#include <algorithm>
#include <iostream>
#include <iterator>
#include <sstream>

#include "cuzk/pipeline/sector.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/input_file.hpp"
#include "cuzk/util/parse_text.hpp"

namespace cuzk::pipeline {

std::uint32_t shard_of(const std::string& sector_id, std::uint32_t count) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64
  for (unsigned char c : sector_id) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return count ? std::uint32_t(h % count) : 0;
}

namespace {

// Decimal digits only, at most 10 of them; nullopt otherwise.
std::optional<std::uint64_t> decimal(std::string_view v) { return parse_decimal(v, 10); }

[[noreturn]] void bad_shard(const std::string& msg) { fail(Error::Kind::BadInput, "", "--shard: " + msg); }

}  // namespace

Shard parse_shard(const std::string& text) {
  // Built by appending: GCC 12 warns -Wrestrict on "literal" + std::string&& (GCC bug 105651).
  std::string want = "\"";
  want += printable(text);
  want += "\" is not I/N (0 <= I < N <= " + std::to_string(kMaxShards) + ") or slurm";
  const auto slash = text.find('/');
  if (slash == std::string::npos) bad_shard(want);
  auto i = decimal(std::string_view(text).substr(0, slash));
  auto n = decimal(std::string_view(text).substr(slash + 1));
  if (!i || !n || *n < 1 || *n > kMaxShards || *i >= *n) bad_shard(want);
  return Shard{std::uint32_t(*i), std::uint32_t(*n)};
}

Shard shard_from_slurm(const std::function<const char*(const char*)>& getenv) {
  auto var = [&](const char* name) {
    const char* v = getenv(name);
    if (!v || !*v) bad_shard(std::string("slurm: ") + name + " is not set (not inside a Slurm job array? use I/N)");
    auto n = decimal(v);
    if (!n) bad_shard(std::string("slurm: ") + name + "=\"" + printable(v) + "\" is not a non-negative integer");
    return *n;
  };
  const std::uint64_t id = var("SLURM_ARRAY_TASK_ID"), count = var("SLURM_ARRAY_TASK_COUNT");
  const std::uint64_t min = var("SLURM_ARRAY_TASK_MIN");
  const char* max_s = getenv("SLURM_ARRAY_TASK_MAX");
  const std::string where = " (SLURM_ARRAY_TASK_ID=" + std::to_string(id) + ", _MIN=" + std::to_string(min) +
                            ", _COUNT=" + std::to_string(count) + ")";
  if (count < 1 || count > kMaxShards) bad_shard("slurm: SLURM_ARRAY_TASK_COUNT must be 1.." + std::to_string(kMaxShards) + where);
  if (id < min || id - min >= count)
    bad_shard("slurm: the task id is not within MIN .. MIN+COUNT-1" + where +
              "; the array must be one contiguous range, e.g. --array=0-" + std::to_string(count - 1));
  if (max_s && *max_s) {
    auto max = decimal(max_s);
    if (!max || *max - min + 1 != count || *max < min)
      bad_shard("slurm: SLURM_ARRAY_TASK_MAX=\"" + printable(max_s) + "\" does not match MIN + COUNT - 1" + where +
                "; the array must be one contiguous range without a step");
  }
  return Shard{std::uint32_t(id - min), std::uint32_t(count)};
}

std::vector<std::string> parse_manifest(std::istream& in, const std::string& name) {
  const std::string where = name == "-" ? "stdin" : name;
  std::vector<std::string> out;
  std::string line;
  std::size_t n = 0;
  std::istreambuf_iterator<char> it(in), end;
  bool more = it != end;
  while (more) {
    ++n;
    line.clear();
    bool nl = false;
    for (; it != end; ++it) {
      const char c = *it;
      if (c == '\n') {
        ++it;
        nl = true;
        break;
      }
      if (c == '\0') fail(Error::Kind::BadInput, where + ":" + std::to_string(n), "a NUL byte (not a list of paths)");
      if (line.size() >= kMaxManifestLine)
        fail(Error::Kind::BadInput, where + ":" + std::to_string(n),
             "line longer than " + std::to_string(kMaxManifestLine) + " bytes (not a list of paths)");
      line.push_back(c);
    }
    more = nl && it != end;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    const auto e = line.find_last_not_of(" \t");
    if (out.size() >= kMaxManifestLines)
      fail(Error::Kind::BadInput, where + ":" + std::to_string(n),
           "more than " + std::to_string(kMaxManifestLines) + " sector files");
    out.push_back(line.substr(b, e - b + 1));
  }
  return out;
}

std::vector<std::string> read_manifest(const std::string& path) {
  if (path == "-") return parse_manifest(std::cin, path);
  std::istringstream in(read_file(path));  // bounded (kMaxTextFileBytes); refuses FIFOs, devices, folders
  return parse_manifest(in, path);
}

}  // namespace cuzk::pipeline

namespace cuzk::pipeline {

std::vector<std::string> select_shard(const std::vector<std::string>& files, Shard s) {
  std::vector<std::string> out;
  for (const auto& f : files) {
    std::string key;
    try {
      key = read_sector_file(f).id;
    } catch (const std::exception&) {
      key = f;
    }
    if (shard_of(key, s.count) == s.index) out.push_back(f);
  }
  return out;
}

}  // namespace cuzk::pipeline
