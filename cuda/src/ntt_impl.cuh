#pragma once
// The NTT's host driver and its helper kernels, generic over the curve's scalar field (the
// host type Fr: bls12_381::Fr in ntt.cu, bn254::Fr in ntt_bn254.cu, each translation unit its
// own kernels); ntt.cu has the algorithm and the product's kernel choice.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "caches.hpp"
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/ntt.hpp"
#include "cuzk/ff/roots_of_unity.hpp"
#include "ntt_kernel.cuh"
#include "ntt_smem.cuh"

namespace cuzk::cuda {
namespace ntt_detail {
// The largest NTT: 2^28 (the kernels' 32-bit indices) and below the field's 2-adicity, as
// the coset needs ω_2n (BLS12-381: 2^28; BN254, 2-adicity 28: 2^27).
template <class Fr>
inline constexpr unsigned kMaxLog = unsigned(std::min<std::size_t>(28, Fr::two_adicity() - 1));
}  // namespace ntt_detail
namespace {

using namespace ntt_detail;

template <class Fr>
std::vector<Fr> powers(Fr w, std::size_t count, Fr start = Fr::one()) {
  std::vector<Fr> v(count);
  Fr x = start;
  for (std::size_t i = 0; i < count; ++i, x *= w) v[i] = x;
  return v;
}

template <class Fr>
NttTables<Fr>& tables(Context& ctx, unsigned L) {
  auto& c = ctx.caches().ntt_for<Fr>();
  if (!c.w2048.size()) {
    auto w = powers(ff::root_of_unity<Fr>(kLogW), std::size_t(1) << (kLogW - 1));
    c.w2048.upload(w.data(), w.size(), ctx.stream());
    ctx.synchronize();
  }
  auto it = c.ntt.find(L);
  if (it != c.ntt.end()) return it->second;
  NttTables<Fr> t;
  t.log_n = L;
  t.s = (L + 1) / 2;
  Fr w = ff::root_of_unity<Fr>(L), w2 = ff::root_of_unity<Fr>(L + 1);
  std::size_t nlo = std::size_t(1) << t.s, nhi = std::size_t(1) << (L - t.s);
  auto lo = powers(w, nlo), hi = powers(w.pow(nlo), nhi);
  t.ninv = Fr::from_u64(std::uint64_t(1) << L).inverse();
  auto clo = powers(w2, nlo), chi = powers(w2.pow(nlo), nhi, t.ninv);
  t.lo.upload(lo.data(), nlo, ctx.stream());
  t.hi.upload(hi.data(), nhi, ctx.stream());
  t.coset_lo.upload(clo.data(), nlo, ctx.stream());
  t.coset_hi.upload(chi.data(), nhi, ctx.stream());
  ctx.synchronize();  // the host vectors die here
  return c.ntt.emplace(L, std::move(t)).first->second;
}

// Entry i of a factor table: m (Montgomery form) into w, or with q Shoup's pair of it, the
// canonical factor into w and its quotient into q (shoup_factor).
template <class Fr>
__device__ __forceinline__ void store_factor(Fr* w, Fr* q, std::size_t i, const Field<Fr>& m) {
  if (q) {
    Field<Fr> a, b;
    shoup_factor(m, a, b);
    store(w, i, a);
    store(q, i, b);
  } else {
    store(w, i, m);
  }
}

// tw[J·M + l] = ω_N^(l·bitrev_k(J)) = ω_n^(l·bitrev_k(J)·n/N), for the pass (h = log N, k);
// with twq, Shoup's pair: tw canonical, twq its quotient (shoup_factor).
template <class Fr>
__global__ void make_pass_twiddles(Fr* tw, Fr* twq, unsigned L, unsigned h, unsigned k, const Fr* lo, const Fr* hi,
                                   unsigned s) {
  const std::size_t N = std::size_t(1) << h;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < N; i += std::size_t(gridDim.x) * blockDim.x) {
    const std::uint32_t J = std::uint32_t(i >> (h - k)), l = std::uint32_t(i & ((std::size_t(1) << (h - k)) - 1));
    const std::uint32_t q0 = __brev(J) >> (32 - k);
    store_factor(tw, twq, i, table_pow(lo, hi, s, (l * q0) << (L - h)));
  }
}

// Shoup's pairs of a Montgomery-form table (the inner DFT roots).
template <class Fr>
__global__ void make_shoup_table(const Fr* m, Fr* w, Fr* q, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) store_factor(w, q, i, load(m, i));
}

template <class Fr>
const typename NttTables<Fr>::PassTable& pass_twiddles(Context& ctx, NttTables<Fr>& t, unsigned h, unsigned k,
                                                       bool shoup) {
  auto key = std::make_tuple(h, k, shoup);
  auto it = t.pass.find(key);
  if (it != t.pass.end()) return it->second;
  typename NttTables<Fr>::PassTable tw;
  tw.w.resize(std::size_t(1) << h);
  if (shoup) tw.q.resize(std::size_t(1) << h);
  make_pass_twiddles<<<std::min<std::size_t>((std::size_t(1) << h) / 256 + 1, 65536), 256, 0, ctx.stream()>>>(
      tw.w.get(), shoup ? tw.q.get() : nullptr, t.log_n, h, k, t.lo.get(), t.hi.get(), t.s);
  CUZK_CUDA_CHECK_LAUNCH();
  return t.pass.emplace(key, std::move(tw)).first->second;
}

// The inner DFT roots for a kernel: Montgomery form, or Shoup's (canonical, quotient).
template <class Fr>
std::pair<const Fr*, const Fr*> inner_roots(Context& ctx, bool shoup) {
  auto& c = ctx.caches().ntt_for<Fr>();
  if (!shoup) return {c.w2048.get(), nullptr};
  if (!c.w2048_plain.size()) {
    const std::size_t n = c.w2048.size();
    c.w2048_plain.resize(n);
    c.w2048_quot.resize(n);
    make_shoup_table<<<unsigned((n + 255) / 256), 256, 0, ctx.stream()>>>(c.w2048.get(), c.w2048_plain.get(),
                                                                        c.w2048_quot.get(), n);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  return {c.w2048_plain.get(), c.w2048_quot.get()};
}

// Level counts of the passes, the last one last: the last pass takes min(L, last)
// levels, the others at most `other` each, balanced.
std::vector<unsigned> plan(unsigned L, unsigned last_cap, unsigned other) {
  const unsigned last = std::min(L, last_cap);
  unsigned rest = L - last;
  const unsigned np = (rest + other - 1) / other;
  std::vector<unsigned> ks;
  for (unsigned p = 0; p < np; ++p) {
    unsigned k = (rest + (np - p) - 1) / (np - p);  // balanced split
    ks.push_back(k);
    rest -= k;
  }
  ks.push_back(last);
  return ks;
}

// The shared-memory kernel: passes of ≤ 8 levels, the last ≤ 10 (n ≤ 1024: one block).
template <class Fr>
void run_smem(Context& ctx, Fr* data, unsigned L, const NttTables<Fr>& t, const BasicPermute<Fr>& pm, Fr* scratch) {
  const std::size_t n = std::size_t(1) << L;
  const Fr* w = ctx.caches().ntt_for<Fr>().w2048.get();
  unsigned last = std::min(L, 10u), rest = L - last;
  const unsigned npass = (rest + 7) / 8;
  cudaStream_t st = ctx.stream();
  const Fr* src = data;
  unsigned h = L;
  for (unsigned p = 0; p < npass; ++p) {
    unsigned k = (rest + (npass - p) - 1) / (npass - p);
    rest -= k;
    unsigned K = 1u << k, M = 1u << (h - k), C = std::min(M, kSmemTile / K);
    dif_pass_smem<<<unsigned(n / (std::size_t(C) * K)), C * K / 4, 0, st>>>(src, scratch, L, h, k, C, w, t.lo.get(),
                                                                           t.hi.get(), t.s, BasicPermute<Fr>{});
    CUZK_CUDA_CHECK_LAUNCH();
    src = scratch;
    h -= k;
  }
  unsigned K = 1u << h;
  dif_pass_smem<<<unsigned(n / K), std::max(1u, K / 4), 0, st>>>(src, data, L, h, h, 1, w, t.lo.get(), t.hi.get(), t.s,
                                                                 pm);
  CUZK_CUDA_CHECK_LAUNCH();
}

template <class Fr>
__global__ void mul_sub(Fr* out, const Fr* a, const Fr* b, const Fr* c, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    store(out, i, load(a, i) * load(b, i) - load(c, i));
}

// out[i] = a[i]·b[i]; each element read before it is written, so out may be a or b.
template <class Fr>
__global__ void mul_pointwise(Fr* out, const Fr* a, const Fr* b, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    store(out, i, load(a, i) * load(b, i));
}

}  // namespace

// Passes data → scratch (in place there), the last one with the output permutation
// scratch → data; a single pass runs in place on data (one block: all reads precede
// the first barrier, all writes follow the last).
template <class Fr>
void ntt_detail::run(Context& ctx, Fr* data, unsigned L, int mode, const BasicNttKernel<Fr>& v) {
  // 2^28 at most (the kernels' 32-bit indices), and ω_2n must exist (BN254's Fr: 2-adicity
  // 28, so 2^27 there, as ntt::BasicDomain)
  if (L > kMaxLog<Fr>)
    throw Error(Error::Kind::BadInput, "NTT size 2^" + std::to_string(L) + " is out of range (at most 2^" +
                                           std::to_string(kMaxLog<Fr>) + " for this field)");
  if (L == 0) return;  // n = 1: every mode is the identity (n⁻¹ = ω^0 = 1)
  ctx.activate();
  const std::size_t n = std::size_t(1) << L;
  NttTables<Fr>& t = tables<Fr>(ctx, L);
  auto& c = ctx.caches().ntt_for<Fr>();
  BasicPermute<Fr> pm;
  pm.mode = mode;
  pm.ninv = Field<Fr>::from_host(t.ninv);
  pm.clo = t.coset_lo.get();
  pm.chi = t.coset_hi.get();
  pm.s = t.s;
  const bool smem = !v.launch || L < 10;
  const auto ks = plan(L, v.last, v.tile - v.cmin);
  Fr* scratch = data;
  if (smem ? L > 10 : ks.size() > 1) {
    c.ntt_scratch.resize(std::max(c.ntt_scratch.size(), n));
    scratch = c.ntt_scratch.get();
  }
  if (smem) return run_smem<Fr>(ctx, data, L, t, pm, scratch);
  const Fr* src = data;
  unsigned h = L;
  const auto [w, wq] = inner_roots<Fr>(ctx, v.shoup >= 1);
  for (std::size_t p = 0; p + 1 < ks.size(); ++p) {
    BasicTilePass<Fr> tp;
    tp.L = L, tp.h = h, tp.k = ks[p], tp.logc = v.tile - ks[p];
    tp.w = w, tp.wq = wq;
    const auto& tw = pass_twiddles<Fr>(ctx, t, h, ks[p], v.shoup == 2);
    tp.tw = tw.w.get(), tp.twq = v.shoup == 2 ? tw.q.get() : nullptr;
    v.launch(ctx, src, scratch, tp, n);
    src = scratch;
    h -= ks[p];
  }
  BasicTilePass<Fr> tp;
  tp.L = L, tp.h = h, tp.k = h, tp.logc = 0;
  tp.w = w, tp.wq = wq;
  tp.pm = pm;
  v.launch(ctx, src, data, tp, n);
}

// The element-wise kernels' grid: 256 threads a block, a grid-stride loop past 65536 blocks.
inline unsigned pointwise_blocks(std::size_t n, unsigned threads) {
  return unsigned(std::min<std::size_t>((n + threads - 1) / threads, 65536));
}

// out[i] = a[i]·b[i] − c[i] (ntt.hpp's fr_mul_sub, either curve).
template <class Fr>
void mul_sub_n(Context& ctx, Fr* out, const Fr* a, const Fr* b, const Fr* c, std::size_t n) {
  if (!n) return;
  ctx.activate();
  constexpr unsigned threads = 256;
  mul_sub<<<pointwise_blocks(n, threads), threads, 0, ctx.stream()>>>(out, a, b, c, n);
  CUZK_CUDA_CHECK_LAUNCH();
}

// out[i] = a[i]·b[i] (ntt.hpp's fr_mul, either curve).
template <class Fr>
void mul_n(Context& ctx, Fr* out, const Fr* a, const Fr* b, std::size_t n) {
  if (!n) return;
  ctx.activate();
  constexpr unsigned threads = 256;
  mul_pointwise<<<pointwise_blocks(n, threads), threads, 0, ctx.stream()>>>(out, a, b, n);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::cuda

// One curve's public NTT entry points (ntt.hpp) over its scalars FR with the product's kernel
// KERNEL, expanded once in that curve's translation unit (ntt.cu, ntt_bn254.cu).
#define CUZK_NTT_ENTRY_POINTS(FR, KERNEL)                                                                     \
  void ntt_forward(Context& ctx, FR* data, unsigned log_n) { ntt_detail::run(ctx, data, log_n, 0, KERNEL); } \
  void ntt_inverse(Context& ctx, FR* data, unsigned log_n) { ntt_detail::run(ctx, data, log_n, 1, KERNEL); } \
  void ntt_to_odd_coset(Context& ctx, FR* data, unsigned log_n) {                                            \
    ntt_detail::run(ctx, data, log_n, 2, KERNEL);                                                           \
    ntt_detail::run(ctx, data, log_n, 0, KERNEL);                                                           \
  }                                                                                                          \
  void fr_mul_sub(Context& ctx, FR* out, const FR* a, const FR* b, const FR* c, std::size_t n) {              \
    mul_sub_n(ctx, out, a, b, c, n);                                                                         \
  }                                                                                                          \
  void fr_mul(Context& ctx, FR* out, const FR* a, const FR* b, std::size_t n) { mul_n(ctx, out, a, b, n); }
