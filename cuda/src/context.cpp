// Context: device selection, stream, caches. Host C++ (no kernels).
#include "cuzk/cuda/context.hpp"

#include "caches.hpp"

namespace cuzk::cuda {

int device_count() noexcept {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no device" error
    return 0;
  }
  return n;
}

namespace {
int select(int device) {
  int n = device_count();
  if (device < 0 || device >= n)
    throw Error(Error::Kind::Device, "CUDA device " + std::to_string(device) + " requested, " +
                                         std::to_string(n) + " present");
  CUZK_CUDA_CHECK(cudaSetDevice(device));
  return device;
}
}  // namespace

Context::Context(int device, CudaOptions options, StreamPriority priority)
    : device_(select(device)),
      options_(std::move(options)),
      stream_(priority),
      caches_(std::make_unique<ContextCaches>()) {
  CUZK_CUDA_CHECK(cudaDeviceGetAttribute(&sm_count_, cudaDevAttrMultiProcessorCount, device_));
}

Context::~Context() {
  cudaSetDevice(device_);
  cudaStreamSynchronize(stream_.get());
  caches_.reset();
}

void Context::activate() const { CUZK_CUDA_CHECK(cudaSetDevice(device_)); }

}  // namespace cuzk::cuda
