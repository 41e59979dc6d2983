#pragma once
// Shared by the experiment's programs: the CUDA check macro (CUDA programs only) and a + p.
#include <cstdint>
#include <cstdio>
#include <algorithm>
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
