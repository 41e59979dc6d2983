#include "cuzk/cuda/curves.cuh"
using namespace cuzk::cuda;
__global__ void one_mul(DFq* x, const DFq* y) { x[0] = x[1] * y[0]; }
__global__ void one_sop(DFq* x, const DFq* y) { x[0] = DFq::sum_of_products(x[1], y[0], x[2], y[1]); }
__global__ void one_sqr(DFq* x, const DFq* y) { x[0] = x[1].sqr(); }
__global__ void one_mulr(DFr* x, const DFr* y) { x[0] = x[1] * y[0]; }
