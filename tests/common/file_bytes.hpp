#pragma once
// Whole files as bytes, and byte equality of two arrays, for tests that damage files.
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

namespace cuzk::test {

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
inline void spit(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// Same element count and the same bytes (arrays of trivially copyable elements).
template <class A, class B>
bool same_bytes(const A& a, const B& b) {
  return a.size() == b.size() && (a.size() == 0 || std::memcmp(a.data(), b.data(), a.size() * sizeof(*a.data())) == 0);
}

}  // namespace cuzk::test
