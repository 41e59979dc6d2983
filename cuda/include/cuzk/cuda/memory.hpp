#pragma once
// RAII owners for device memory, pinned host memory, streams and events. Move-only;
// destructors never throw (a failed free at teardown is ignored: the context is gone).
#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "cuzk/cuda/check.hpp"

namespace cuzk::cuda {

template <class T>
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t n) { resize(n); }
  DeviceBuffer(DeviceBuffer&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)), cap_(std::exchange(o.cap_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      release();
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
      cap_ = std::exchange(o.cap_, 0);
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { release(); }

  // Discards the contents; keeps the allocation when it is already large enough.
  void resize(std::size_t n) {
    if (n <= cap_ && p_) {
      n_ = n;
      return;
    }
    release();
    if (n) CUZK_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T)));
    n_ = cap_ = n;
  }
  void release() noexcept {
    if (p_) cudaFree(p_);
    p_ = nullptr;
    n_ = cap_ = 0;
  }
  void upload(const T* host, std::size_t n, cudaStream_t s) {
    resize(n);
    if (n) CUZK_CUDA_CHECK(cudaMemcpyAsync(p_, host, n * sizeof(T), cudaMemcpyHostToDevice, s));
  }
  void download(T* host, std::size_t n, cudaStream_t s) const {
    if (n) CUZK_CUDA_CHECK(cudaMemcpyAsync(host, p_, n * sizeof(T), cudaMemcpyDeviceToHost, s));
  }

  T* get() const { return p_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

private:
  T* p_ = nullptr;
  std::size_t n_ = 0, cap_ = 0;
};

template <class T>
class PinnedBuffer {
public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t n) {
    if (n) CUZK_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&p_), n * sizeof(T)));
    n_ = n;
  }
  PinnedBuffer(PinnedBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    if (this != &o) {
      if (p_) cudaFreeHost(p_);
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() {
    if (p_) cudaFreeHost(p_);
  }
  T* get() const { return p_; }
  T& operator[](std::size_t i) const { return p_[i]; }
  std::size_t size() const { return n_; }

private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

// Low: the device's least stream priority — its blocks are dispatched only when no stream of
// higher priority has blocks waiting (background work such as a window table's build).
enum class StreamPriority { Normal, Low };

class Stream {
public:
  explicit Stream(StreamPriority p = StreamPriority::Normal) {
    int least = 0, greatest = 0;
    if (p == StreamPriority::Low) CUZK_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    CUZK_CUDA_CHECK(cudaStreamCreateWithPriority(&s_, cudaStreamNonBlocking, p == StreamPriority::Low ? least : 0));
  }
  Stream(Stream&& o) noexcept : s_(std::exchange(o.s_, nullptr)) {}
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() {
    if (s_) cudaStreamDestroy(s_);
  }
  cudaStream_t get() const { return s_; }
  void synchronize() const { CUZK_CUDA_CHECK(cudaStreamSynchronize(s_)); }

private:
  cudaStream_t s_ = nullptr;
};

class Event {
public:
  Event() { CUZK_CUDA_CHECK(cudaEventCreate(&e_)); }
  Event(Event&& o) noexcept : e_(std::exchange(o.e_, nullptr)) {}
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  ~Event() {
    if (e_) cudaEventDestroy(e_);
  }
  void record(cudaStream_t s) { CUZK_CUDA_CHECK(cudaEventRecord(e_, s)); }
  void synchronize() const { CUZK_CUDA_CHECK(cudaEventSynchronize(e_)); }
  cudaEvent_t get() const { return e_; }
  // Milliseconds from `start` to this event (both recorded and complete).
  float elapsed_ms_since(const Event& start) const {
    float ms = 0;
    CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, start.e_, e_));
    return ms;
  }

private:
  cudaEvent_t e_ = nullptr;
};

}  // namespace cuzk::cuda
