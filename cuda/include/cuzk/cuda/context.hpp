#pragma once
// A device context: one GPU (by index) and one non-blocking stream on it, plus the
// per-context caches the kernels reuse (NTT twiddle tables per size, scratch buffers).
// All work a Context issues goes to its stream; the calls below return once it is queued
// unless they return a host result. Not thread-safe: one context per worker, or a mutex.
// The kernels read their settings (NTT kernel, MSM window, profiling) from options().
#include <cuda_runtime.h>

#include <memory>
#include <utility>

#include "cuzk/cuda/memory.hpp"
#include "cuzk/cuda/options.hpp"

namespace cuzk::cuda {

// Number of usable CUDA devices; 0 when there is no driver or no GPU (never throws).
int device_count() noexcept;

struct ContextCaches;  // defined in cuda/src/caches.hpp

class Context {
public:
  explicit Context(int device = 0, CudaOptions options = {}, StreamPriority priority = StreamPriority::Normal);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  int device() const { return device_; }
  cudaStream_t stream() const { return stream_.get(); }
  void synchronize() const { stream_.synchronize(); }
  int sm_count() const { return sm_count_; }
  // Makes this context's device current on the calling thread (every API call does it).
  void activate() const;
  const CudaOptions& options() const { return options_; }
  void set_options(CudaOptions o) { options_ = std::move(o); }  // benchmarks and tests, between calls

  ContextCaches& caches() { return *caches_; }

private:
  int device_;
  int sm_count_ = 0;
  CudaOptions options_;
  Stream stream_;
  std::unique_ptr<ContextCaches> caches_;
};

}  // namespace cuzk::cuda
