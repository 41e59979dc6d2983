// Fr NTT on the device.
//
// Algorithm: in-place decimation-in-frequency (Gentleman–Sande) split into passes, each
// pass a batch of K = 2^k point DFTs followed by the inter-pass twiddle (the "four-step"
// decomposition, Bailey 1990): for a sub-problem of size N = 2^h and index i = J·M + l
// (J < K, l < M = N/K)
//   Y[l][q0] = Σ_J x[J·M + l]·ω_K^(J·q0)      (K-point DIF, output slot J = bitrev_k(q0))
//   Y[l][q0] ·= ω_N^(l·q0)                      (skipped in the last pass, M = 1)
// and the M-point problems over l follow. The composite output is in bit-reversed order;
// the last pass stores each element at its natural-order index (no separate gather pass),
// and for the inverse also maps k ↦ n − k and scales by n⁻¹ (iNTT(x)[k] = n⁻¹·NTT(x)[−k]),
// optionally times ω_2n^k for the coset.
//
// Kernels: for n ≥ 1024 the tile kernel (ntt_tile.cuh: butterflies in registers, one
// barrier per two levels, inter-pass twiddles from per-pass tables, one product an
// element, every product Shoup's: shoup.cuh); below that the shared-memory kernel
// (ntt_smem.cuh). Pass plan of the tile kernel with tiles of 2^t elements: the last pass
// takes min(L, t) levels, the others at most t − 2 each (C ≥ 4 adjacent columns, so
// device-memory accesses come in runs of ≥ 128 bytes), balanced. run() takes the kernel as
// an argument (ntt_kernel.cuh) so that the lab (cuda/bench) can time other kernels and
// plans through the same code.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "caches.hpp"
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/ntt.hpp"
#include "ntt_kernel.cuh"
#include "ntt_smem.cuh"

namespace cuzk::cuda {
// kProduct names its kernel only through a function pointer in a constant expression, and
// nvcc's device pass does not instantiate a kernel template reached that way: without this
// explicit instantiation the fatbin lacks dif_tile and every launch fails with "invalid
// resource handle". Keep the arguments those of kProduct's tile_kernel (in the anonymous namespace below).
template __global__ void ntt_detail::dif_tile<10, 256, 3, 2, 2>(const Fr*, Fr*, TilePass);
namespace {

using namespace ntt_detail;

std::vector<Fr> powers(Fr w, std::size_t count, Fr start = Fr::one()) {
  std::vector<Fr> v(count);
  Fr x = start;
  for (std::size_t i = 0; i < count; ++i, x *= w) v[i] = x;
  return v;
}

NttTables& tables(Context& ctx, unsigned L) {
  auto& c = ctx.caches();
  if (!c.w2048.size()) {
    auto w = powers(bls12_381::fr_root_of_unity(kLogW), std::size_t(1) << (kLogW - 1));
    c.w2048.upload(w.data(), w.size(), ctx.stream());
    ctx.synchronize();
  }
  auto it = c.ntt.find(L);
  if (it != c.ntt.end()) return it->second;
  NttTables t;
  t.log_n = L;
  t.s = (L + 1) / 2;
  Fr w = bls12_381::fr_root_of_unity(L), w2 = bls12_381::fr_root_of_unity(L + 1);
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
__device__ __forceinline__ void store_factor(Fr* w, Fr* q, std::size_t i, const DFr& m) {
  if (q) {
    DFr a, b;
    shoup_factor(m, a, b);
    store(w, i, a);
    store(q, i, b);
  } else {
    store(w, i, m);
  }
}

// tw[J·M + l] = ω_N^(l·bitrev_k(J)) = ω_n^(l·bitrev_k(J)·n/N), for the pass (h = log N, k);
// with twq, Shoup's pair: tw canonical, twq its quotient (shoup_factor).
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
__global__ void make_shoup_table(const Fr* m, Fr* w, Fr* q, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) store_factor(w, q, i, load(m, i));
}

const NttTables::PassTable& pass_twiddles(Context& ctx, NttTables& t, unsigned h, unsigned k, bool shoup) {
  auto key = std::make_tuple(h, k, shoup);
  auto it = t.pass.find(key);
  if (it != t.pass.end()) return it->second;
  NttTables::PassTable tw;
  tw.w.resize(std::size_t(1) << h);
  if (shoup) tw.q.resize(std::size_t(1) << h);
  make_pass_twiddles<<<std::min<std::size_t>((std::size_t(1) << h) / 256 + 1, 65536), 256, 0, ctx.stream()>>>(
      tw.w.get(), shoup ? tw.q.get() : nullptr, t.log_n, h, k, t.lo.get(), t.hi.get(), t.s);
  CUZK_CUDA_CHECK_LAUNCH();
  return t.pass.emplace(key, std::move(tw)).first->second;
}

// The inner DFT roots for a kernel: Montgomery form, or Shoup's (canonical, quotient).
std::pair<const Fr*, const Fr*> inner_roots(Context& ctx, bool shoup) {
  auto& c = ctx.caches();
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

// The product's kernel: 2^10-element tiles capped at 80 registers (3 blocks an SM), passes
// launched by programmatic dependent launch, every product Shoup's (dif_tile's SHOUP = 2).
// On an H100 it ran 10–14 % faster than the same tiles with Montgomery products at every
// size from 2^16 to 2^27, and fastest of the kernels tried there (2^11-element tiles, 2
// blocks an SM, Shoup's products in the butterflies only). Its inter-pass twiddle tables
// take 64 bytes an entry (2^h a pass: 1 GiB at 2^24, 8 GiB at 2^27 for the first pass),
// twice the Montgomery tables; Shoup's products in the butterflies only keep 32 bytes and
// were 3–4 % slower at 2^26 and 2^27.
constexpr NttKernel kProduct = tile_kernel<10, 256, 3, 2, 2>("t10b3S");
static_assert(plan_fits(kProduct), "the NTT kernel's plan does not fit its tiles");

// The shared-memory kernel: passes of ≤ 8 levels, the last ≤ 10 (n ≤ 1024: one block).
void run_smem(Context& ctx, Fr* data, unsigned L, const NttTables& t, const Permute& pm, Fr* scratch) {
  const std::size_t n = std::size_t(1) << L;
  const Fr* w = ctx.caches().w2048.get();
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
                                                                           t.hi.get(), t.s, Permute{});
    CUZK_CUDA_CHECK_LAUNCH();
    src = scratch;
    h -= k;
  }
  unsigned K = 1u << h;
  dif_pass_smem<<<unsigned(n / K), std::max(1u, K / 4), 0, st>>>(src, data, L, h, h, 1, w, t.lo.get(), t.hi.get(), t.s,
                                                                 pm);
  CUZK_CUDA_CHECK_LAUNCH();
}

__global__ void mul_sub(Fr* out, const Fr* a, const Fr* b, const Fr* c, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    store(out, i, load(a, i) * load(b, i) - load(c, i));
}

}  // namespace

// Passes data → scratch (in place there), the last one with the output permutation
// scratch → data; a single pass runs in place on data (one block: all reads precede
// the first barrier, all writes follow the last).
void ntt_detail::run(Context& ctx, Fr* data, unsigned L, int mode, const NttKernel& v) {
  if (L > 28)
    throw Error(Error::Kind::BadInput, "NTT size 2^" + std::to_string(L) + " is out of range");
  if (L == 0) return;  // n = 1: every mode is the identity (n⁻¹ = ω^0 = 1)
  ctx.activate();
  const std::size_t n = std::size_t(1) << L;
  NttTables& t = tables(ctx, L);
  auto& c = ctx.caches();
  Permute pm;
  pm.mode = mode;
  pm.ninv = DFr::from_host(t.ninv);
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
  if (smem) return run_smem(ctx, data, L, t, pm, scratch);
  const Fr* src = data;
  unsigned h = L;
  const auto [w, wq] = inner_roots(ctx, v.shoup >= 1);
  for (std::size_t p = 0; p + 1 < ks.size(); ++p) {
    TilePass tp;
    tp.L = L, tp.h = h, tp.k = ks[p], tp.logc = v.tile - ks[p];
    tp.w = w, tp.wq = wq;
    const auto& tw = pass_twiddles(ctx, t, h, ks[p], v.shoup == 2);
    tp.tw = tw.w.get(), tp.twq = v.shoup == 2 ? tw.q.get() : nullptr;
    v.launch(ctx, src, scratch, tp, n);
    src = scratch;
    h -= ks[p];
  }
  TilePass tp;
  tp.L = L, tp.h = h, tp.k = h, tp.logc = 0;
  tp.w = w, tp.wq = wq;
  tp.pm = pm;
  v.launch(ctx, src, data, tp, n);
}

void ntt_forward(Context& ctx, Fr* data, unsigned log_n) { ntt_detail::run(ctx, data, log_n, 0, kProduct); }
void ntt_inverse(Context& ctx, Fr* data, unsigned log_n) { ntt_detail::run(ctx, data, log_n, 1, kProduct); }
void ntt_to_odd_coset(Context& ctx, Fr* data, unsigned log_n) {
  ntt_detail::run(ctx, data, log_n, 2, kProduct);
  ntt_detail::run(ctx, data, log_n, 0, kProduct);
}

void fr_mul_sub(Context& ctx, Fr* out, const Fr* a, const Fr* b, const Fr* c, std::size_t n) {
  if (!n) return;
  ctx.activate();
  unsigned threads = 256, blocks = unsigned(std::min<std::size_t>((n + threads - 1) / threads, 65536));
  mul_sub<<<blocks, threads, 0, ctx.stream()>>>(out, a, b, c, n);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::cuda
