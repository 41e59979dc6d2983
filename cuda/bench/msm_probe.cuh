#pragma once
// The lab's MSM probe (msm_impl.cuh's run() hooks): CUDA events between the MSM's steps and
// the bucket statistics, printed as one line on stderr per call when on. Synchronises after
// the bucket ranges (the statistics are read back), so profiled runs are a little slower.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/memory.hpp"

namespace cuzk::cuda::lab {

// counters[0] = longest bucket run, counters[1] = non-empty buckets. Internal linkage: more
// than one of the lab's translation units includes this header.
namespace {
__global__ void bucket_stats(const std::uint32_t* __restrict__ start, const std::uint32_t* __restrict__ end,
                             std::size_t nbuckets, unsigned* counters) {
  std::size_t b = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (b >= nbuckets) return;
  std::uint32_t len = end[b] - start[b];
  if (len) {
    atomicMax(&counters[0], len);
    atomicAdd(&counters[1], 1u);
  }
}
}  // namespace

class EventProbe {
public:
  explicit EventProbe(bool on) : on_(on) {}
  EventProbe(const EventProbe&) = delete;
  EventProbe& operator=(const EventProbe&) = delete;
  ~EventProbe() {
    for (auto& m : marks_) cudaEventDestroy(m.second);
  }
  void start(cudaStream_t s) {
    st_ = s;
    mark("start");
  }
  void mark(const char* what) {
    if (!on_) return;
    cudaEvent_t e;
    CUZK_CUDA_CHECK(cudaEventCreate(&e));
    CUZK_CUDA_CHECK(cudaEventRecord(e, st_));
    marks_.emplace_back(what, e);
  }
  // start/end: each bucket's run of sorted entries; chunks: the total chunk count (device).
  void buckets(const std::uint32_t* start, const std::uint32_t* end, std::size_t nbuckets,
               const std::uint32_t* chunks) {
    if (!on_) return;
    counters_.resize(2);
    CUZK_CUDA_CHECK(cudaMemsetAsync(counters_.get(), 0, 2 * sizeof(unsigned), st_));
    bucket_stats<<<unsigned((nbuckets + 255) / 256), 256, 0, st_>>>(start, end, nbuckets, counters_.get());
    CUZK_CUDA_CHECK_LAUNCH();
    CUZK_CUDA_CHECK(cudaMemcpyAsync(stats_, counters_.get(), 2 * sizeof(unsigned), cudaMemcpyDeviceToHost, st_));
    CUZK_CUDA_CHECK(cudaMemcpyAsync(stats_ + 2, chunks, sizeof(unsigned), cudaMemcpyDeviceToHost, st_));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(st_));
    mark("chunks");
  }
  void done(const char* curve, std::size_t n, unsigned c, std::size_t nbig, std::size_t nones) {
    if (!on_) return;
    std::fprintf(stderr, "msm %s n=%zu c=%u big=%zu ones=%zu maxrun=%u buckets=%u chunks=%u:", curve, n, c, nbig,
                 nones, stats_[0], stats_[1], stats_[2]);
    for (std::size_t i = 1; i < marks_.size(); ++i) {
      float ms = 0;
      CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, marks_[i - 1].second, marks_[i].second));
      std::fprintf(stderr, " %s %.2f ms", marks_[i].first, ms);
    }
    std::fprintf(stderr, "\n");
  }

private:
  bool on_;
  cudaStream_t st_ = nullptr;
  std::vector<std::pair<const char*, cudaEvent_t>> marks_;
  DeviceBuffer<unsigned> counters_;
  unsigned stats_[3] = {0, 0, 0};  // longest bucket run, non-empty buckets, chunks
};

}  // namespace cuzk::cuda::lab
