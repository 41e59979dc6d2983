// SASS probe: mul-sass-2026-12-06's (one product or a·b + c·d per loop turn) with the square
// added. Counted here by sass_ops.py: nvcc -arch=sm_90 -cubin -I cuda/include -I lib probe.cu.
#include "../mul-sass-2026-12-06/probe.cu"
template <class F>
__global__ void sqr_loop(F* x, int n) {
  F a = x[threadIdx.x];
  for (int i = 0; i < n; ++i) a = a.sqr();
  x[threadIdx.x] = a;
}
template __global__ void sqr_loop<DFq>(DFq*, int);
