#pragma once
// Helpers for the cuzk-stats tests: run Debian's python3 as an independent reference, read and
// compare golden files.
#include <sys/wait.h>
#include <unistd.h>

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

// Runs `script` with /usr/bin/python3 and returns its stdout. When the oracle is missing (no
// python3, numpy or scipy: the script exits 77) the test must not pass silently: the process
// exits 77, which ctest reports as SKIP (these cases run as their own ctest entry with
// SKIP_RETURN_CODE 77, see CMakeLists.txt). nullopt when the script itself failed (a FAIL).
inline void skip_without_oracle(const char* why) {
  std::fprintf(stderr, "SKIP: %s\n", why);
  std::fflush(nullptr);
  std::_Exit(77);
}

// True in the ctest entries that run the python reference cases (CUZK_ORACLE=1); the plain
// entries leave those cases to them, so a missing oracle skips only them.
inline bool oracle_run() { return std::getenv("CUZK_ORACLE") != nullptr; }

inline std::optional<std::string> python(const std::string& script) {
  if (!std::filesystem::exists("/usr/bin/python3")) skip_without_oracle("/usr/bin/python3 not found");
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
  if (WIFEXITED(rc) && WEXITSTATUS(rc) == 77) skip_without_oracle("python3 without numpy/scipy");
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
