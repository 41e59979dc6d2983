#pragma once
// Shared by the experiment's programs: the CUDA check macro and timing (CUDA programs only),
// a random Fq, a + p, and the edge values the checks take.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "fq_fp64.cuh"

#if defined(__CUDACC__)
#define CK(x)                                                                                  \
  do {                                                                                         \
    cudaError_t e_ = (x);                                                                      \
    if (e_ != cudaSuccess) {                                                                   \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(2);                                                                            \
    }                                                                                          \
  } while (0)

// Seven timed launches of f (CUDA events, after the caller's warm-up), sorted: [3] the median.
template <class Launch>
std::vector<float> time7(Launch&& f) {
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<float> ms;
  for (int r = 0; r < 7; ++r) {
    CK(cudaEventRecord(e0));
    f();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float m;
    CK(cudaEventElapsedTime(&m, e0, e1));
    ms.push_back(m);
  }
  CK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  return ms;
}
#endif

// A uniform random Fq below p (rejection from 381-bit values).
inline cuzk::bls12_381::Fq random_fq(std::mt19937_64& rng) {
  using Fq = cuzk::bls12_381::Fq;
  for (;;) {
    Fq::Repr r;
    for (auto& w : r) w = rng();
    r[5] &= (1ull << 61) - 1;
    if (Fq::is_canonical(r)) return Fq::from_raw(r);
  }
}

// a + p without reduction (a < p → [p, 2p)): the products' inputs up to 2p.
inline cuzk::cuda::DFq add_p(cuzk::cuda::DFq a) {
  std::uint64_t c = 0;
  for (int i = 0; i < 12; ++i) {
    c += std::uint64_t(a.v[i]) + cuzk::cuda::DFq::p(i);
    a.v[i] = std::uint32_t(c);
    c >>= 32;
  }
  return a;
}

// Edge inputs: 0, 1, p − 1, 2p − 1, p (0 + p), and 2^336 − 1 (seven all-ones digits: the
// fullest columns below p).
inline std::array<cuzk::cuda::DFq, 6> edge_values() {
  using cuzk::cuda::DFq;
  DFq pm1 = DFq::modulus(), ones;
  pm1.v[0] -= 1;
  for (int i = 0; i < 12; ++i) ones.v[i] = i < 10 ? 0xffffffffu : (i == 10 ? 0xffffu : 0u);
  return {DFq::zero(), DFq::one(), pm1, add_p(pm1), add_p(DFq::zero()), ones};
}
