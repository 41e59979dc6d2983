// Units of batch sharding (lib/cuzk/pipeline/shard.hpp): the assignment is stable, balanced
// and a partition; --shard and the Slurm variables are parsed strictly; manifests are bounded.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cuzk/pipeline/shard.hpp"
#include "cuzk/util/error.hpp"

using namespace cuzk::pipeline;
using cuzk::Error;
using namespace std::string_literals;

namespace {
std::string shard_error(const std::string& text) {
  try {
    parse_shard(text);
  } catch (const Error& e) {
    CHECK(e.kind() == Error::Kind::BadInput);
    return e.what();
  }
  return "";
}
std::string slurm_error(const std::map<std::string, std::string>& env) {
  try {
    shard_from_slurm([&](const char* n) -> const char* {
      auto it = env.find(n);
      return it == env.end() ? nullptr : it->second.c_str();
    });
  } catch (const Error& e) {
    CHECK(e.kind() == Error::Kind::BadInput);
    return e.what();
  }
  return "";
}
std::string manifest_error(const std::string& text) {
  std::istringstream in(text);
  try {
    parse_manifest(in, "m.txt");
  } catch (const Error& e) {
    CHECK(e.kind() == Error::Kind::BadInput);
    return e.what();
  }
  return "";
}
std::vector<std::string> ids(unsigned n) {
  std::vector<std::string> v;
  for (unsigned i = 0; i < n; ++i) v.push_back("s-" + std::to_string(100000 + i));
  return v;
}
}  // namespace

TEST_CASE("shard_of: fixed values (changing the hash would move sectors between running tasks)") {
  // FNV-1a 64: "" -> cbf29ce484222325, "a" -> af63dc4c8601ec8c.
  CHECK(shard_of("", 1000) == 0xcbf29ce484222325ull % 1000);
  CHECK(shard_of("a", 1000) == 0xaf63dc4c8601ec8cull % 1000);
  CHECK(shard_of("anything", 1) == 0);
}

TEST_CASE("shard_of: every sector in exactly one shard, independent of order, balanced") {
  const auto v = ids(30000);
  for (std::uint32_t n : {1u, 2u, 3u, 7u, 64u}) {
    std::vector<unsigned> count(n, 0);
    for (const auto& id : v) {
      const auto s = shard_of(id, n);
      REQUIRE(s < n);
      CHECK(shard_of(id, n) == s);  // stable
      unsigned in = 0;
      for (std::uint32_t i = 0; i < n; ++i) in += shard_of(id, n) == i;
      REQUIRE(in == 1);
      count[s]++;
    }
    const double mean = double(v.size()) / n;
    for (auto c : count) CHECK(std::abs(double(c) - mean) < 0.1 * mean + 10);
  }
}

TEST_CASE("parse_shard: I/N accepted, everything else refused with one line") {
  CHECK(parse_shard("0/1").index == 0);
  CHECK(parse_shard("2/3").index == 2);
  CHECK(parse_shard("2/3").count == 3);
  CHECK(parse_shard("1048575/1048576").count == kMaxShards);
  for (const char* bad : {"0/0", "3/2", "2/2", "-1/3", "1/-3", "1", "/", "1/", "/3", "a/b", " 1/3", "1/3 ", "1/3/4",
                          "1.0/3", "+1/3", "0/1048577", "99999999999/3", "0x1/3", ""}) {
    CAPTURE(bad);
    const auto m = shard_error(bad);
    CHECK(m.rfind("--shard: ", 0) == 0);
    CHECK(m.find('\n') == std::string::npos);
  }
  CHECK(shard_error("1/3\nx").find("\\n") != std::string::npos);
}

TEST_CASE("shard_from_slurm: the array's variables, each problem named") {
  std::map<std::string, std::string> env{
      {"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_MIN", "5"}, {"SLURM_ARRAY_TASK_COUNT", "3"}};
  CHECK(slurm_error(env) == "");
  auto ok = shard_from_slurm([&](const char* n) -> const char* {
    auto it = env.find(n);
    return it == env.end() ? nullptr : it->second.c_str();
  });
  CHECK(ok.index == 2);
  CHECK(ok.count == 3);
  for (const char* v : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT"}) {
    auto e = env;
    e.erase(v);
    CHECK(slurm_error(e).find(std::string(v) + " is not set") != std::string::npos);
    e[v] = "x1";
    CHECK(slurm_error(e).find(std::string(v) + "=\"x1\" is not") != std::string::npos);
  }
  auto e = env;
  e["SLURM_ARRAY_TASK_ID"] = "8";  // beyond MIN + COUNT - 1
  CHECK(slurm_error(e).find("not within") != std::string::npos);
  e["SLURM_ARRAY_TASK_ID"] = "4";  // below MIN
  CHECK(slurm_error(e).find("not within") != std::string::npos);
  e = env;
  e["SLURM_ARRAY_TASK_COUNT"] = "0";
  CHECK(slurm_error(e).find("SLURM_ARRAY_TASK_COUNT must be") != std::string::npos);
  e = env;
  e["SLURM_ARRAY_TASK_MAX"] = "11";  // --array=5-11:3: not contiguous
  CHECK(slurm_error(e).find("SLURM_ARRAY_TASK_MAX") != std::string::npos);
  e["SLURM_ARRAY_TASK_MAX"] = "7";
  CHECK(slurm_error(e) == "");
}

TEST_CASE("parse_manifest: paths, blanks, comments, CRLF; bad lines named FILE:LINE") {
  std::istringstream in("a.json\n\n  # comment\n\t b c.json \r\n#x\nlast.json");
  auto v = parse_manifest(in, "m.txt");
  REQUIRE(v.size() == 3);
  CHECK(v[0] == "a.json");
  CHECK(v[1] == "b c.json");
  CHECK(v[2] == "last.json");
  std::istringstream empty("");
  CHECK(parse_manifest(empty, "-").empty());
  CHECK(manifest_error("a\nb\n" + std::string(kMaxManifestLine + 1, 'x') + "\n").rfind("m.txt:3: line longer", 0) == 0);
  CHECK(manifest_error(std::string(kMaxManifestLine, 'x') + "\n") == "");
  CHECK(manifest_error("a\nb\0c\n"s).rfind("m.txt:2: a NUL byte", 0) == 0);
  std::istringstream in2("a\0"s);
  try {
    parse_manifest(in2, "-");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).rfind("stdin:1:", 0) == 0);
  }
}

TEST_CASE("select_shard: by the id inside the file, whatever the order; an unreadable file by its path") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("cuzk-shard-units-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<std::string> files;
  for (int i = 0; i < 40; ++i) {
    // File names unrelated to the ids: the id decides, not the name.
    const std::string f = (dir / ("f" + std::to_string(39 - i) + ".json")).string();
    std::ofstream(f) << R"({"sector": "id-)" << i << R"(", "zkey": "k.zkey", "partitions": [{"witness": "w.wtns"}]})";
    files.push_back(f);
  }
  files.push_back((dir / "missing.json").string());
  std::vector<std::string> reversed(files.rbegin(), files.rend());
  std::map<std::string, int> seen;
  for (std::uint32_t i = 0; i < 3; ++i) {
    auto a = select_shard(files, Shard{i, 3});
    auto b = select_shard(reversed, Shard{i, 3});
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    CHECK(a == b);
    for (const auto& f : a) {
      seen[f]++;
      const auto name = fs::path(f).filename().string();
      if (name == "missing.json") CHECK(shard_of(f, 3) == i);
      else CHECK(shard_of("id-" + std::to_string(39 - std::stoi(name.substr(1))), 3) == i);
    }
  }
  CHECK(seen.size() == files.size());
  for (const auto& [f, n] : seen) CHECK(n == 1);
  fs::remove_all(dir);
}
