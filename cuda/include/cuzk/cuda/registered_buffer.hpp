#pragma once
// Page-locked host memory made the fast way: anonymous pages mapped, touched by up to 8 threads
// of its own, then registered with the driver (cudaHostRegister). On the H200 host a 2 GiB
// buffer took 0.08 s to touch and 0.08 s to register, and blocked another thread's copy for
// 81 ms; cudaMallocHost took 0.73-0.82 s for the same and held every other thread's CUDA call
// for all of it (measured by bench_cuda pin). Move-only; unregistered and
// unmapped on destruction. Throws Error(OutOfMemory) when the pages cannot be mapped, and
// the error of cudaHostRegister (check.hpp's throw_cuda) when registering fails; nothing is
// left mapped then.
#include <cstddef>
#include <utility>

namespace cuzk::cuda {

class RegisteredBytes {
public:
  RegisteredBytes() = default;
  explicit RegisteredBytes(std::size_t bytes);
  RegisteredBytes(RegisteredBytes&& o) noexcept : p_(std::exchange(o.p_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  RegisteredBytes& operator=(RegisteredBytes&& o) noexcept {
    if (this != &o) {
      release();
      p_ = std::exchange(o.p_, nullptr);
      bytes_ = std::exchange(o.bytes_, 0);
    }
    return *this;
  }
  RegisteredBytes(const RegisteredBytes&) = delete;
  RegisteredBytes& operator=(const RegisteredBytes&) = delete;
  ~RegisteredBytes() { release(); }
  void* get() const { return p_; }
  std::size_t bytes() const { return bytes_; }

private:
  void release() noexcept;
  void* p_ = nullptr;
  std::size_t bytes_ = 0;
};

// n elements of T (trivially copyable) in a RegisteredBytes.
template <class T>
class RegisteredBuffer {
public:
  RegisteredBuffer() = default;
  explicit RegisteredBuffer(std::size_t n) : mem_(n * sizeof(T)), n_(n) {}
  RegisteredBuffer(RegisteredBuffer&& o) noexcept : mem_(std::move(o.mem_)), n_(std::exchange(o.n_, 0)) {}
  RegisteredBuffer& operator=(RegisteredBuffer&& o) noexcept {
    mem_ = std::move(o.mem_);
    n_ = std::exchange(o.n_, 0);
    return *this;
  }
  T* get() const { return static_cast<T*>(mem_.get()); }
  T& operator[](std::size_t i) const { return get()[i]; }
  std::size_t size() const { return n_; }

private:
  RegisteredBytes mem_;
  std::size_t n_ = 0;
};

}  // namespace cuzk::cuda
