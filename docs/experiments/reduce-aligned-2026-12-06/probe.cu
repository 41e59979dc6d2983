// SASS probe: one field product (or square, or a·b + c·d) per loop turn, nothing else; the
// mul-sass-2026-12-06 probe with sqr_loop added. Counted locally by sass_ops.py.
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
template <class F>
__global__ void sqr_loop(F* x, int n) {
  F a = x[threadIdx.x];
  for (int i = 0; i < n; ++i) a = a.sqr();
  x[threadIdx.x] = a;
}
template __global__ void sqr_loop<DFq>(DFq*, int);
