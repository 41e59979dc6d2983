// doctest main for the GPU suites: no device → one SKIP line and exit code 77
// (registered as SKIP_RETURN_CODE), so machines without a GPU report "skipped".
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#include "cuzk/cuda/context.hpp"

int main(int argc, char** argv) {
  if (cuzk::cuda::device_count() == 0) {
    std::printf("SKIP: no CUDA device present (cudaGetDeviceCount found none); GPU tests not run\n");
    return 77;
  }
  doctest::Context ctx(argc, argv);
  return ctx.run();
}
