#pragma once
// Helpers for the cuzk-stats tests: run Debian's python3 as an independent reference, read and
// compare golden files.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace cuzk::test {

inline std::filesystem::path source_dir() {
  const char* s = std::getenv("CUZK_SOURCE_DIR");
  return s ? std::filesystem::path(s) : std::filesystem::path(CUZK_STATS_SOURCE_DIR);
}

// Runs `script` with /usr/bin/python3 and returns its stdout; nullopt when python3, numpy or scipy
// is missing (the script exits 77 for a missing module).
inline std::optional<std::string> python(const std::string& script) {
  if (!std::filesystem::exists("/usr/bin/python3")) return std::nullopt;
  const auto path = std::filesystem::temp_directory_path() /
                    ("cuzk-stats-ref-" + std::to_string(std::rand()) + "-" + std::to_string(::getpid()) + ".py");
  {
    std::ofstream f(path);
    f << "import sys\ntry:\n    import numpy, scipy.stats\nexcept ImportError:\n    sys.exit(77)\n" << script;
  }
  std::string out;
  FILE* p = ::popen(("/usr/bin/python3 " + path.string()).c_str(), "r");
  if (!p) return std::nullopt;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int rc = ::pclose(p);
  std::filesystem::remove(path);
  if (rc != 0) return std::nullopt;
  return out;
}

inline std::vector<double> parse_doubles(const std::string& s) {
  std::istringstream in(s);
  std::vector<double> v;
  double x;
  while (in >> x) v.push_back(x);
  return v;
}

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace cuzk::test
