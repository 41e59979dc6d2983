#include "cuzk/groth16/randomness.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "cuzk/util/error.hpp"

namespace cuzk::groth16 {

using bls12_381::Fr;

namespace {
// x = lo + hi·2^256 mod r.
Fr reduce_wide(const std::uint64_t w[8]) {
  auto reduce256 = [](const std::uint64_t* p) {
    Fr::Repr x{p[0], p[1], p[2], p[3]};
    while (!Fr::is_canonical(x)) ff::bi::sub(x, Fr::P);  // x < 2^256 < 4r: at most 3 rounds
    return Fr::from_canonical(x);
  };
  return reduce256(w) + reduce256(w + 4) * Fr::from_canonical(Fr::R1);
}
}  // namespace

FrSource FrSource::os() { return FrSource(); }

FrSource FrSource::seeded(std::uint64_t seed, std::string_view label) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a of the label, mixed into the seed
  for (unsigned char ch : label) h = (h ^ ch) * 0x100000001b3ull;
  FrSource s;
  s.seeded_ = true;
  s.state_ = seed ^ h;
  return s;
}

Fr FrSource::next() {
  std::uint64_t w[8];
  if (seeded_) {
    for (auto& x : w) {
      std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      x = z ^ (z >> 31);
    }
  } else {
    std::size_t got = 0;
    auto* p = reinterpret_cast<std::uint8_t*>(w);
    while (got < sizeof w) {
      ssize_t n = ::getrandom(p + got, sizeof w - got, 0);
      if (n < 0) {
        if (errno == EINTR) continue;
        fail(Error::Kind::Internal, "", std::string("getrandom failed: ") + std::strerror(errno));
      }
      got += std::size_t(n);
    }
  }
  return reduce_wide(w);
}

}  // namespace cuzk::groth16
