// Batched subgroup check of a key's point sections (see points_in_subgroup in zkey.hpp).
#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <type_traits>
#include <vector>

#include "cuzk/groth16/zkey.hpp"
#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/ec/bn254_subgroup.hpp"
#include "cuzk/msm/pippenger.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::groth16 {

namespace {

constexpr std::size_t kChunk = std::size_t(1) << 22;  // bounds the scalars' memory (128 MiB)

void os_random(void* out, std::size_t bytes) {
  auto* p = static_cast<std::uint8_t*>(out);
  std::size_t got = 0;
  while (got < bytes) {
    const ssize_t n = ::getrandom(p + got, bytes - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(Error::Kind::Internal, "", std::string("getrandom failed: ") + std::strerror(errno));
    }
    got += std::size_t(n);
  }
}

}  // namespace

template <class Curve>
bool points_in_subgroup(const ec::Affine<Curve>* p, std::size_t n) {
  // BN254's G1 has cofactor 1: every on-curve point (the caller checked) is in the subgroup.
  if constexpr (std::is_same_v<Curve, bn254::G1Curve>) return true;
  if (n == 0) return true;
  std::vector<std::uint64_t> c(std::min(n, kChunk));
  std::vector<ff::Limbs<4>> k(c.size());
  ec::Jacobian<Curve> sum;
  for (std::size_t at = 0; at < n; at += kChunk) {
    const std::size_t m = std::min(kChunk, n - at);
    os_random(c.data(), m * sizeof(std::uint64_t));
    for (std::size_t i = 0; i < m; ++i) k[i] = ff::Limbs<4>{c[i], 0, 0, 0};
    sum += msm::pippenger(p + at, k.data(), m);
  }
  return in_subgroup(sum.to_affine());  // the curve's own exact test (found by argument lookup)
}

template bool points_in_subgroup(const bls12_381::G1Affine*, std::size_t);
template bool points_in_subgroup(const bls12_381::G2Affine*, std::size_t);
template bool points_in_subgroup(const bn254::G1Affine*, std::size_t);
template bool points_in_subgroup(const bn254::G2Affine*, std::size_t);

}  // namespace cuzk::groth16
