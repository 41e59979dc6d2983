// Experiment (issue 18): the bucket accumulation's addition (madd-2008-s, XYZZ += affine G1)
// with chosen products on the FP64 pipe (fq_fp64.cuh), additions a second against the
// product's own (lib/cuzk/ec/xyzz.hpp add_mixed, mask 0). Slots: 0 qx·ZZ, 1 qy·ZZZ, 2 P²,
// 3 ZZ·PP, 4 P·PP, 5 X·PP, 6 ZZZ·PPP, 7 R² (a set bit: FP64); Y3's a·b − c·d stays integer.
// A thread sums ITERS points (2^16 distinct multiples of G, read like the accumulation's
// gather) into one XYZZ. Check: every mask's sums bit for bit those of mask 0, and mask 0's
// first 64 against the host's add_mixed. Timing: one block of 512 an SM (the product's G1
// accumulation: 128 registers, in step), CUDA events, median of 7.
//   nvcc -std=c++20 -O3 -arch=sm_90 --expt-relaxed-constexpr -I../../../lib -I../../../cuda/include madd_bench.cu
#include <cstdio>
#include <cstring>
#include <vector>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/ff/products.hpp"
#include "bench_util.hpp"

using namespace cuzk;
using namespace cuzk::cuda;
using DX = DXYZZ<DG1Curve>;
using DA = ec::Affine<DG1Curve>;
using PA = PackedAffine<DG1Curve>;

template <unsigned Mask, int Slot>
__device__ __forceinline__ DFq mul(const DFq& a, const DFq& b) {
  if constexpr ((Mask >> Slot) & 1)
#if defined(MADD_FIPS)
    return fp64x::mul_fips<false>(a, b);
#else
    return fp64x::mul(a, b);
#endif
  else
    return a * b;
}
template <unsigned Mask, int Slot>
__device__ __forceinline__ DFq sqr(const DFq& a) {
  if constexpr ((Mask >> Slot) & 1)
#if defined(MADD_FIPS)
    return fp64x::mul_fips<true>(a, a);
#else
    return fp64x::sqr(a);
#endif
  else
    return a.sqr();
}

// xyzz.hpp's add_mixed, each product through its slot.
template <unsigned Mask>
__device__ __forceinline__ DX madd(const DX& a, const DA& q) {
  if (q.inf) return a;
  if (a.is_inf()) return DX::from_affine(q);
  const DFq P = mul<Mask, 0>(q.x, a.ZZ) - a.X, R = mul<Mask, 1>(q.y, a.ZZZ) - a.Y;
  if (P.is_zero()) return R.is_zero() ? DX::dbl_affine(q) : DX::infinity();
  DX r;
  const DFq PP = sqr<Mask, 2>(P);
  r.ZZ = mul<Mask, 3>(a.ZZ, PP);
  const DFq PPP = mul<Mask, 4>(P, PP);
  const DFq Q = mul<Mask, 5>(a.X, PP);
  r.ZZZ = mul<Mask, 6>(a.ZZZ, PPP);
  r.X = sqr<Mask, 7>(R) - PPP - Q.dbl();
  r.Y = ff::diff_of_products(R, Q - r.X, a.Y, PPP);
  return r;
}

template <unsigned Mask, int Threads = 512>
__global__ void __launch_bounds__(Threads, 1) madd_loop(const PA* __restrict__ pts, unsigned pmask, int iters,
                                                 DX* __restrict__ out) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x, nt = gridDim.x * blockDim.x;
  DX acc = DX::from_affine(pts[t & pmask].unpack());
#pragma unroll 1
  for (int k = 0; k < iters; ++k) {
    acc = madd<Mask>(acc, pts[(unsigned(k + 1) * nt + t) & pmask].unpack());
    __syncthreads();  // in step, as the product's G1 accumulation (kAccLockstep)
  }
  out[t] = acc;
}

template <unsigned Mask, int Threads = 512>
static int per_sm() {
  int b = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, madd_loop<Mask, Threads>, Threads, 0));
  return b;
}

struct Result {
  double gps;
  std::vector<DX> sums;
};

// blocks of Threads (512: 128 registers; 256: up to 255, half the warps); nt threads in all.
template <unsigned Mask, int Threads = 512>
static Result run(const PA* pts, unsigned pmask, int iters, std::size_t nt, DX* out, double base) {
  const int blocks = int(nt / Threads);
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, madd_loop<Mask, Threads>));
  madd_loop<Mask, Threads><<<blocks, Threads>>>(pts, pmask, 4, out);  // warm-up
  CK(cudaGetLastError());
  const std::vector<float> ms = time7([&] { madd_loop<Mask, Threads><<<blocks, Threads>>>(pts, pmask, iters, out); });
  Result res;
  res.gps = double(nt) * iters / (ms[3] * 1e-3) / 1e9;
  res.sums.resize(nt);
  CK(cudaMemcpy(res.sums.data(), out, res.sums.size() * sizeof(DX), cudaMemcpyDeviceToHost));
  std::printf("mask 0x%02x  threads %d  regs %3d  local %zu B  blocks/SM %d  median %.3f ms (min %.3f max %.3f)  %.3f G madd/s  %.3f x mask 0\n",
              Mask, Threads, fa.numRegs, std::size_t(fa.localSizeBytes), per_sm<Mask, Threads>(), ms[3], ms[0], ms[6], res.gps,
              base > 0 ? res.gps / base : 1.0);
  std::fflush(stdout);
  return res;
}

int main(int argc, char** argv) {
  const int iters = argc > 1 ? std::atoi(argv[1]) : 1000;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device %s, %d SMs, FP64 products %s\n", prop.name, prop.multiProcessorCount,
#if defined(MADD_FIPS)
              "product-scanning (mul_fips)"
#else
              "SOS (mul, sqr)"
#endif
  );
  // 2^16 points: G, 2G, ..., to affine in one batch
  const unsigned np = 1u << 16;
  std::vector<bls12_381::G1> jac(np);
  const bls12_381::G1 g = bls12_381::G1::from_affine(bls12_381::G1Affine::generator());
  jac[0] = g;
  for (unsigned i = 1; i < np; ++i) jac[i] = jac[i - 1] + g;
  const auto aff = ec::batch_to_affine(jac.data(), np);
  std::vector<PA> hp(np);
  static_assert(sizeof(PA) == 2 * sizeof(bls12_381::Fq));
  for (unsigned i = 0; i < np; ++i) {
    hp[i].x = DFq::from_host(aff[i].x);
    hp[i].y = DFq::from_host(aff[i].y);
  }
  PA* pts;
  CK(cudaMalloc(&pts, np * sizeof(PA)));
  CK(cudaMemcpy(pts, hp.data(), np * sizeof(PA), cudaMemcpyHostToDevice));
  const std::size_t nt = std::size_t(prop.multiProcessorCount) * per_sm<0>() * 512;
  DX* out;
  CK(cudaMalloc(&out, nt * sizeof(DX)));
  const Result r0 = run<0x00>(pts, np - 1, iters, nt, out, 0);
  // host reference for the first 64 threads
  long bad = 0;
  for (unsigned t = 0; t < 64; ++t) {
    bls12_381::G1XYZZ acc = bls12_381::G1XYZZ::from_affine(aff[t & (np - 1)]);
    for (int k = 0; k < iters; ++k) acc = acc.add_mixed(aff[(unsigned(k + 1) * unsigned(nt) + t) & (np - 1)]);
    bad += std::memcmp(&acc, &r0.sums[t], sizeof(DX)) != 0;
  }
  std::printf("check: mask 0 against the host, 64 sums of %d additions: %ld mismatches\n", iters, bad);
  long worst = bad;
  auto cmp = [&](const Result& r, unsigned m) {
    long b = 0;
    for (std::size_t t = 0; t < nt; ++t) b += std::memcmp(&r.sums[t], &r0.sums[t], sizeof(DX)) != 0;
    std::printf("check: mask 0x%02x against mask 0, %zu sums: %ld mismatches\n", m, nt, b);
    worst += b;
  };
  // the same threads for every mask: one block of 512 an SM, or two of 256 (255 registers)
  auto go = [&](auto tag, auto threads) {
    constexpr unsigned M = decltype(tag)::value;
    constexpr int T = decltype(threads)::value;
    Result r = run<M, T>(pts, np - 1, iters, nt, out, r0.gps);
    cmp(r, M);
  };
  using T512 = std::integral_constant<int, 512>;
  using T256 = std::integral_constant<int, 256>;
  go(std::integral_constant<unsigned, 0xAA>{}, T512{});
  go(std::integral_constant<unsigned, 0xEA>{}, T512{});
  go(std::integral_constant<unsigned, 0x66>{}, T512{});
  go(std::integral_constant<unsigned, 0x55>{}, T512{});
  go(std::integral_constant<unsigned, 0xFF>{}, T512{});
  go(std::integral_constant<unsigned, 0x00>{}, T256{});
  go(std::integral_constant<unsigned, 0xAA>{}, T256{});
  go(std::integral_constant<unsigned, 0xEA>{}, T256{});
  go(std::integral_constant<unsigned, 0x00>{}, T512{});
  std::printf("%s\n", worst == 0 ? "check OK" : "CHECK FAILED");
  return worst != 0;
}
