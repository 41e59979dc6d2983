#pragma once
// A fresh folder under the system temp folder, removed with everything in it at scope end.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace cuzk::test {

struct TempDir {
  std::filesystem::path p;
  explicit TempDir(const std::string& prefix)
      : p(std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()))) {
    std::filesystem::create_directories(p);
  }
  ~TempDir() { std::filesystem::remove_all(p); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // Writes `bytes` to p/name and returns that path.
  std::string put(const std::string& name, const std::string& bytes) const {
    const std::string path = (p / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
};

}  // namespace cuzk::test
