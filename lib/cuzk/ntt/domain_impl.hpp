#pragma once
// The member definitions of ntt::BasicDomain<Fr> (domain.hpp), for the files that instantiate
// it: domain.cpp (BLS12-381 Fr) and domain_bn254.cpp (BN254 Fr). One field per translation
// unit on purpose: GCC's inlining budget is per unit, and the BLS12-381 code must compile as
// before BN254 existed. Not for other includers.
#include "cuzk/ntt/domain.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "cuzk/util/error.hpp"

namespace cuzk::ntt {

namespace {

constexpr unsigned BLOCK_LOG = 12;  // 2^12 Fr = 128 KiB: the per-block stages stay in L2
constexpr std::size_t GRAIN = 1 << 10;

inline std::size_t bitrev(std::size_t x, unsigned bits) {
  std::size_t r = 0;
  for (unsigned i = 0; i < bits; ++i, x >>= 1) r = (r << 1) | (x & 1);
  return r;
}

// Butterflies of the stages with half-size m = 2^s for s ∈ [s0, s1) on a[0, len).
template <class Fr>
inline void stages(Fr* a, std::size_t len, unsigned s0, unsigned s1, const Fr* tw) {
  for (unsigned s = s0; s < s1; ++s) {
    const std::size_t m = std::size_t(1) << s;
    const Fr* w = tw + m;
    for (std::size_t k = 0; k < len; k += 2 * m)
      for (std::size_t j = 0; j < m; ++j) {
        Fr u = a[k + j], v = a[k + j + m] * w[j];
        a[k + j] = u + v;
        a[k + j + m] = u - v;
      }
  }
}

}  // namespace

template <class Fr>
BasicDomain<Fr>::BasicDomain(unsigned log_n) : log_n_(log_n), n_(std::size_t(1) << log_n) {
  if (log_n > MAX_LOG)
    fail(Error::Kind::BadInput, "", "NTT domain 2^" + std::to_string(log_n) + " exceeds 2^" + std::to_string(MAX_LOG));
  omega_ = ff::root_of_unity<Fr>(log_n);
  omega2n_ = ff::root_of_unity<Fr>(log_n + 1);
  n_inv_ = Fr::from_u64(n_).inverse();
  tw_.resize(std::max<std::size_t>(n_, 2));
  // tw[m + j] = ω_2m^j; ω_2m = ω_n^(n/2m)
  for (unsigned s = 0; s < log_n; ++s) {
    const std::size_t m = std::size_t(1) << s;
    const Fr wm = ff::root_of_unity<Fr>(s + 1);
    Fr* t = tw_.data() + m;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, m, 4 * GRAIN), [&](const auto& rg) {
      Fr x = wm.pow(rg.begin());
      for (std::size_t j = rg.begin(); j != rg.end(); ++j, x *= wm) t[j] = x;
    });
  }
}

template <class Fr>
const BasicDomain<Fr>& BasicDomain<Fr>::get(unsigned log_n) {
  static std::array<std::unique_ptr<BasicDomain>, MAX_LOG + 1> cache;
  static std::array<std::once_flag, MAX_LOG + 1> once;
  if (log_n > MAX_LOG) return *std::make_unique<BasicDomain>(log_n);  // throws
  std::call_once(once[log_n], [&] { cache[log_n] = std::make_unique<BasicDomain>(log_n); });
  return *cache[log_n];
}

template <class Fr>
void BasicDomain<Fr>::dft(Fr* a) const {
  const unsigned L = log_n_;
  const std::size_t n = n_;
  if (n == 1) return;
  // bit-reversal permutation
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 4 * GRAIN), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) {
      std::size_t r = bitrev(i, L);
      if (i < r) std::swap(a[i], a[r]);
    }
  });
  // stages 0 .. B−1 inside blocks of 2^B
  const unsigned B = std::min(L, BLOCK_LOG);
  const std::size_t blk = std::size_t(1) << B;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n / blk, 1), [&](const auto& rg) {
    for (std::size_t b = rg.begin(); b != rg.end(); ++b) stages(a + b * blk, blk, 0, B, tw_.data());
  });
  // the remaining stages, one parallel pass each over the n/2 butterflies
  for (unsigned s = B; s < L; ++s) {
    const std::size_t m = std::size_t(1) << s;
    const Fr* w = tw_.data() + m;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n / 2, GRAIN), [&](const auto& rg) {
      for (std::size_t q = rg.begin(); q != rg.end(); ++q) {
        const std::size_t j = q & (m - 1), k = ((q >> s) << (s + 1)) + j;
        Fr u = a[k], v = a[k + m] * w[j];
        a[k] = u + v;
        a[k + m] = u - v;
      }
    });
  }
}

template <class Fr>
void BasicDomain<Fr>::forward(Fr* a) const { dft(a); }

template <class Fr>
void BasicDomain<Fr>::inverse(Fr* a) const {
  dft(a);
  // a_i ← n⁻¹ · a_(−i mod n): swap i ↔ n − i for 0 < i < n/2, scale everything
  const std::size_t n = n_;
  const Fr ni = n_inv_;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n / 2 + 1, 4 * GRAIN), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) {
      std::size_t j = (n - i) & (n - 1);
      if (i < j) {
        Fr t = a[i] * ni;
        a[i] = a[j] * ni;
        a[j] = t;
      } else if (i == j) {
        a[i] *= ni;
      }
    }
  });
}

template <class Fr>
void BasicDomain<Fr>::to_odd_coset(Fr* a) const {
  // iNTT with the n⁻¹ folded into the coset factors: coefficient k of the interpolant is
  // n⁻¹·dft(a)_(−k); it is multiplied by ω_2n^k.
  const std::size_t n = n_;
  dft(a);
  const Fr ni = n_inv_, g = omega2n_, ginv = omega2n_.inverse();
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n / 2 + 1, 4 * GRAIN), [&](const auto& rg) {
    Fr gi = g.pow(rg.begin()) * ni;      // n⁻¹ ω_2n^i
    Fr gj = g.pow(n - rg.begin()) * ni;  // n⁻¹ ω_2n^(n−i)
    for (std::size_t i = rg.begin(); i != rg.end(); ++i, gi *= g, gj *= ginv) {
      std::size_t j = (n - i) & (n - 1);
      if (i < j) {
        Fr t = a[j] * gi;  // coefficient i = n⁻¹·dft_(n−i)
        a[j] = a[i] * gj;  // coefficient n−i = n⁻¹·dft_i
        a[i] = t;
      } else if (i == j) {
        a[i] *= gi;
      }
    }
  });
  dft(a);
}

}  // namespace cuzk::ntt
