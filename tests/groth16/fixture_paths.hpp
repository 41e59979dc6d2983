#pragma once
#include <cstdlib>
#include <string>

namespace cuzk::test {
// Folder of the committed fixtures (CUZK_SOURCE_DIR is set by ctest).
inline std::string data_dir() {
  const char* s = std::getenv("CUZK_SOURCE_DIR");
  return std::string(s ? s : ".") + "/data";
}
inline std::string fixture(const std::string& circuit, const std::string& file) {
  return data_dir() + "/fixtures/" + circuit + "/" + file;
}
}  // namespace cuzk::test
