#pragma once
// The MSM's per-stage timing (msm_impl.cuh's run): CUDA events between its steps, printed
// as one line on stderr when CudaOptions::msm_profile is on (bench aid).
#include <cuda_runtime.h>

#include <cstdio>
#include <utility>
#include <vector>

#include "cuzk/cuda/check.hpp"

namespace cuzk::cuda::msm_detail {

// CudaOptions::msm_profile (--msm-profile, CUZK_MSM_PROFILE): per-stage CUDA-event times of
// each call on stderr (bench aid).
struct Profile {
  cudaStream_t st;
  bool on;
  std::vector<std::pair<const char*, cudaEvent_t>> marks;
  Profile(cudaStream_t s, bool enabled) : st(s), on(enabled) { mark("start"); }
  void mark(const char* what) {
    if (!on) return;
    cudaEvent_t e;
    CUZK_CUDA_CHECK(cudaEventCreate(&e));
    CUZK_CUDA_CHECK(cudaEventRecord(e, st));
    marks.emplace_back(what, e);
  }
  unsigned stats[3] = {0, 0, 0};  // longest bucket run, non-empty buckets, chunks
  void print(const char* curve, std::size_t n, unsigned c, std::size_t nbig, std::size_t nones) {
    if (!on) return;
    std::fprintf(stderr, "msm %s n=%zu c=%u big=%zu ones=%zu maxrun=%u buckets=%u chunks=%u:", curve, n, c, nbig,
                 nones, stats[0], stats[1], stats[2]);
    for (std::size_t i = 1; i < marks.size(); ++i) {
      float ms = 0;
      CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, marks[i - 1].second, marks[i].second));
      std::fprintf(stderr, " %s %.2f ms", marks[i].first, ms);
    }
    std::fprintf(stderr, "\n");
  }
  ~Profile() {
    for (auto& m : marks) cudaEventDestroy(m.second);
  }
};

}  // namespace cuzk::cuda::msm_detail
