// SASS probe: one field product per loop turn, nothing else, to count the moves ptxas adds
// around the product's wide multiply-adds (cuobjdump -sass on the device; sass_mix.py).
#include "cuzk/cuda/curves.cuh"
using namespace cuzk::cuda;
template <class F>
__global__ void mul_loop(F* x, const F* y, int n) {
  F a = x[threadIdx.x], b = y[threadIdx.x];
  for (int i = 0; i < n; ++i) a = a * b;
  x[threadIdx.x] = a;
}
template <class F>
__global__ void sop_loop(F* x, const F* y, int n) {
  F a = x[threadIdx.x], b = y[threadIdx.x], c = y[threadIdx.x + 1];
  for (int i = 0; i < n; ++i) a = F::sum_of_products(a, b, c, a);
  x[threadIdx.x] = a;
}
template __global__ void mul_loop<DFq>(DFq*, const DFq*, int);
template __global__ void mul_loop<DFr>(DFr*, const DFr*, int);
template __global__ void sop_loop<DFq>(DFq*, const DFq*, int);
