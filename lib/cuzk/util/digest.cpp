#include "cuzk/util/digest.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

#include "cuzk/circuit/sha256.hpp"
#include "cuzk/util/mapped_file.hpp"

namespace cuzk {

Digest sha256_of(std::string_view s) {
  return circuit::sha256({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()});
}

Digest digest_tree(std::span<const std::uint8_t> data) {
  const std::size_t leaves = (data.size() + kDigestLeafBytes - 1) / kDigestLeafBytes;
  static constexpr std::string_view tag = "cuzk-sha256t-1MiB";
  std::vector<std::uint8_t> root(tag.size() + 8 + 32 * leaves);
  std::memcpy(root.data(), tag.data(), tag.size());
  const std::uint64_t n = data.size();
  for (int i = 0; i < 8; ++i) root[tag.size() + i] = std::uint8_t(n >> (8 * i));
  std::uint8_t* out = root.data() + tag.size() + 8;
  tbb::parallel_for(std::size_t(0), leaves, [&](std::size_t i) {
    const std::size_t off = i * kDigestLeafBytes;
    const std::size_t len = std::min(kDigestLeafBytes, data.size() - off);
    const Digest d = circuit::sha256(data.subspan(off, len));
    std::memcpy(out + 32 * i, d.data(), 32);
  });
  return circuit::sha256(root);
}

Digest digest_file(const std::string& path) {
  MappedFile f(path);
  return digest_tree({f.data(), f.size()});
}

std::string to_hex(const Digest& d) {
  static const char* hx = "0123456789abcdef";
  std::string s;
  for (auto b : d) {
    s += hx[b >> 4];
    s += hx[b & 15];
  }
  return s;
}

}  // namespace cuzk
