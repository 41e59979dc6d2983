#include "cuzk/groth16/randomness.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "cuzk/util/error.hpp"

namespace cuzk::groth16 {

FrSource FrSource::os() { return FrSource(); }

FrSource FrSource::seeded(std::uint64_t seed, std::string_view label) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a of the label, mixed into the seed
  for (unsigned char ch : label) h = (h ^ ch) * 0x100000001b3ull;
  FrSource s;
  s.seeded_ = true;
  s.state_ = seed ^ h;
  return s;
}

void FrSource::next_words(std::uint64_t w[8]) {
  if (seeded_) {
    for (int i = 0; i < 8; ++i) {
      auto& x = w[i];
      std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      x = z ^ (z >> 31);
    }
  } else {
    std::size_t got = 0;
    auto* p = reinterpret_cast<std::uint8_t*>(w);
    constexpr std::size_t kBytes = 8 * sizeof(std::uint64_t);
    while (got < kBytes) {
      ssize_t n = ::getrandom(p + got, kBytes - got, 0);
      if (n < 0) {
        if (errno == EINTR) continue;
        fail(Error::Kind::Internal, "", std::string("getrandom failed: ") + std::strerror(errno));
      }
      got += std::size_t(n);
    }
  }
}

}  // namespace cuzk::groth16
