// Experiment (issue 18): Fq products a second, integer (DFq::operator*) against FP64
// (fq_fp64.cuh) against both at once in one thread. First a check: every product of 2^20
// random pairs (< p and in [p, 2p)) and of the edge values, both ways on the GPU, against the
// host Fq product. Then kernels with NI integer and NF FP64 dependent chains a thread
// (x_k ← x_k · y, ITERS times), one full wave of resident blocks, CUDA events, median of 7.
//   nvcc -std=c++20 -O3 -arch=sm_90 --expt-relaxed-constexpr -I../../../lib -I../../../cuda/include fp64_bench.cu
#include <cstdio>
#include <random>
#include <vector>

#include "bench_util.hpp"

using namespace cuzk;
using namespace cuzk::cuda;
using Fq = bls12_381::Fq;

__global__ void check_kernel(const DFq* a, const DFq* b, DFq* ri, DFq* rf, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  ri[t] = a[t] * b[t];
  rf[t] = fp64x::mul(a[t], b[t]);
}

template <int NI, int NF>
__global__ void __launch_bounds__(256) chains(DFq* x, const DFq* y, int iters) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  DFq xi[NI > 0 ? NI : 1], xf[NF > 0 ? NF : 1];
  const DFq yy = y[t];
#pragma unroll
  for (int k = 0; k < NI; ++k) xi[k] = x[t * 4 + k];
#pragma unroll
  for (int k = 0; k < NF; ++k) xf[k] = x[t * 4 + NI + k];
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int k = 0; k < NI; ++k) xi[k] = xi[k] * yy;
#pragma unroll
    for (int k = 0; k < NF; ++k) xf[k] = fp64x::mul(xf[k], yy);
  }
#pragma unroll
  for (int k = 0; k < NI; ++k) x[t * 4 + k] = xi[k];
#pragma unroll
  for (int k = 0; k < NF; ++k) x[t * 4 + NI + k] = xf[k];
}

template <int NI, int NF>
static double time_chains(DFq* x, const DFq* y, int sms, int iters, double base) {
  auto k = chains<NI, NF>;
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, k));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k, 256, 0));
  const int blocks = sms * per_sm;
  k<<<blocks, 256>>>(x, y, 2);  // warm-up
  CK(cudaGetLastError());
  const std::vector<float> ms = time7([&] { k<<<blocks, 256>>>(x, y, iters); });
  const double muls = double(blocks) * 256 * iters * (NI + NF);
  const double gps = muls / (ms[3] * 1e-3) / 1e9;
  std::printf("chains int=%d fp64=%d  regs %3d  blocks/SM %d  median %.3f ms (min %.3f max %.3f)  %.3f G products/s  %.3f x int=2\n",
              NI, NF, fa.numRegs, per_sm, ms[3], ms[0], ms[6], gps, base > 0 ? gps / base : 1.0);
  std::fflush(stdout);
  return gps;
}

int main(int argc, char** argv) {
  int iters = argc > 1 ? std::atoi(argv[1]) : 2000;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  // ---- check ----
  const int n = 1 << 20;
  std::mt19937_64 rng(20261206);
  auto rnd = [&] { return DFq::from_host(random_fq(rng)); };
  std::vector<DFq> a(n), b(n);
  const auto edges = edge_values();
  int k = 0;
  for (auto& u : edges)
    for (auto& w : edges) a[k] = u, b[k] = w, ++k;
  for (; k < n; ++k) {
    a[k] = rnd(), b[k] = rnd();
    if (k % 3 == 1) a[k] = add_p(a[k]);
    if (k % 3 == 2) a[k] = add_p(a[k]), b[k] = add_p(b[k]);
  }
  DFq *da, *db, *dri, *drf;
  CK(cudaMalloc(&da, n * sizeof(DFq)));
  CK(cudaMalloc(&db, n * sizeof(DFq)));
  CK(cudaMalloc(&dri, n * sizeof(DFq)));
  CK(cudaMalloc(&drf, n * sizeof(DFq)));
  CK(cudaMemcpy(da, a.data(), n * sizeof(DFq), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, b.data(), n * sizeof(DFq), cudaMemcpyHostToDevice));
  check_kernel<<<n / 256, 256>>>(da, db, dri, drf, n);
  CK(cudaGetLastError());
  std::vector<DFq> ri(n), rf(n);
  CK(cudaMemcpy(ri.data(), dri, n * sizeof(DFq), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rf.data(), drf, n * sizeof(DFq), cudaMemcpyDeviceToHost));
  long bad_i = 0, bad_f = 0;
  for (int i = 0; i < n; ++i) {
    DFq ca = a[i], cb = b[i];
    ca.reduce_once(), cb.reduce_once();
    const Fq ref = ca.to_host() * cb.to_host();
    bad_i += ri[i].to_host() != ref;
    bad_f += rf[i].to_host() != ref;
  }
  std::printf("check: %d products, int mismatches %ld, fp64 mismatches %ld -> %s\n", n, bad_i, bad_f,
              bad_i == 0 && bad_f == 0 ? "check OK" : "CHECK FAILED");
  if (bad_i || bad_f) return 1;
  // ---- throughput ----
  const int threads = prop.multiProcessorCount * 8 * 256;  // enough for any occupancy here
  DFq *x, *y;
  CK(cudaMalloc(&x, std::size_t(threads) * 4 * sizeof(DFq)));
  CK(cudaMalloc(&y, std::size_t(threads) * sizeof(DFq)));
  std::vector<DFq> hx(std::size_t(threads) * 4), hy(threads);
  for (auto& v : hx) v = rnd();
  for (auto& v : hy) v = rnd();
  CK(cudaMemcpy(x, hx.data(), hx.size() * sizeof(DFq), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(y, hy.data(), hy.size() * sizeof(DFq), cudaMemcpyHostToDevice));
  const int sms = prop.multiProcessorCount;
  const double base = time_chains<2, 0>(x, y, sms, iters, 0);  // ratios below are against it
  time_chains<0, 2>(x, y, sms, iters, base);
  time_chains<1, 1>(x, y, sms, iters, base);
  time_chains<1, 0>(x, y, sms, iters, base);
  time_chains<0, 1>(x, y, sms, iters, base);
  time_chains<2, 1>(x, y, sms, iters, base);
  time_chains<1, 2>(x, y, sms, iters, base);
  time_chains<2, 2>(x, y, sms, iters, base);
  time_chains<2, 0>(x, y, sms, iters, base);
  return 0;
}
