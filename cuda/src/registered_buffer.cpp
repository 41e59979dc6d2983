#include "cuzk/cuda/registered_buffer.hpp"

#include <sys/mman.h>
#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "cuzk/cuda/check.hpp"

namespace cuzk::cuda {

RegisteredBytes::RegisteredBytes(std::size_t bytes) {
  if (!bytes) return;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    throw Error(Error::Kind::OutOfMemory, "cannot map " + std::to_string(bytes) + " bytes of host staging memory");
  struct Unmap {  // until registered: unmapped on every early exit (a thread that fails to start)
    void* p;
    std::size_t n;
    ~Unmap() {
      if (p) munmap(p, n);
    }
  } guard{p, bytes};
  auto* c = static_cast<volatile unsigned char*>(p);
  constexpr std::size_t kPage = 4096;
  // First touch on threads of its own (oneTBB's workers may all be synthesizing): the kernel
  // zeroes the pages in parallel, and registering then only pins pages that exist.
  const std::size_t pages = (bytes + kPage - 1) / kPage;
  const unsigned t = std::clamp<unsigned>(std::thread::hardware_concurrency() / 2, 1, 8);
  {
    std::vector<std::jthread> th;
    for (unsigned k = 0; k < t; ++k)
      th.emplace_back([=] {
        for (std::size_t i = pages * k / t; i < pages * (k + 1) / t; ++i) c[i * kPage] = 0;
      });
  }
  // Portable: page-locked for every device of the process, not only the one current here (a
  // set one device's backend lent for synthesis may be uploaded by another's).
  const cudaError_t e = cudaHostRegister(p, bytes, cudaHostRegisterPortable);
  if (e != cudaSuccess) throw_cuda(e, "cudaHostRegister of the host staging memory", __FILE__, __LINE__);
  guard.p = nullptr;
  p_ = p;
  bytes_ = bytes;
}

void RegisteredBytes::release() noexcept {
  if (!p_) return;
  cudaHostUnregister(p_);
  munmap(p_, bytes_);
  p_ = nullptr;
  bytes_ = 0;
}

}  // namespace cuzk::cuda
