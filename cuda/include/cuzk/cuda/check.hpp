#pragma once
// Every CUDA runtime call goes through CUZK_CUDA_CHECK: a failure throws cuzk::Error
// (Kind::Device, or Kind::OutOfMemory for cudaErrorMemoryAllocation) naming the call,
// the error and file:line. CUZK_CUDA_CHECK_LAUNCH() checks the last kernel launch.
#include <cuda_runtime.h>

#include <string>

#include "cuzk/util/error.hpp"

namespace cuzk::cuda {

[[noreturn]] inline void throw_cuda(cudaError_t e, const char* what, const char* file, int line) {
  std::string msg = std::string("CUDA error ") + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ") in " + what +
                    " at " + file + ":" + std::to_string(line);
  throw Error(e == cudaErrorMemoryAllocation ? Error::Kind::OutOfMemory : Error::Kind::Device, msg);
}

}  // namespace cuzk::cuda

#define CUZK_CUDA_CHECK(call)                                                          \
  do {                                                                                 \
    cudaError_t cuzk_e_ = (call);                                                      \
    if (cuzk_e_ != cudaSuccess) ::cuzk::cuda::throw_cuda(cuzk_e_, #call, __FILE__, __LINE__); \
  } while (0)

#define CUZK_CUDA_CHECK_LAUNCH() CUZK_CUDA_CHECK(cudaGetLastError())
