// Fr NTT on the device.
//
// Algorithm: in-place decimation-in-frequency (Gentleman–Sande) split into passes, each
// pass a batch of K = 2^k point DFTs in shared memory followed by the inter-pass twiddle
// (the "four-step" decomposition, Bailey 1990): for a sub-problem of size N = 2^h and
// index i = J·M + l (J < K, l < M = N/K)
//   Y[l][q0] = Σ_J x[J·M + l]·ω_K^(J·q0)      (K-point DIF, output slot J = bitrev_k(q0))
//   Y[l][q0] ·= ω_N^(l·q0)                      (skipped in the last pass, M = 1)
// and the M-point problems over l follow. The composite output is in bit-reversed order;
// the last pass stores each element at its natural-order index (no separate gather pass),
// and for the inverse also maps k ↦ n − k and scales by n⁻¹ (iNTT(x)[k] = n⁻¹·NTT(x)[−k]),
// optionally times ω_2n^k for the coset.
// Butterflies go two levels per barrier (radix-4 units of 4M), one radix-2 level first
// when k is odd. Per element per pass: k/2 multiplications in butterflies + 2 for the twiddle
// (ω_N^e = lo[e_low]·hi[e_high] from two √n-sized tables, then the product).
// Passes: the last takes min(L, 10) levels (1024-element tiles, contiguous), the others
// at most 8 each with 1024/K adjacent columns per block so global accesses stay coalesced.
#include <cuda_runtime.h>

#include <vector>

#include "caches.hpp"
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/curves.cuh"
#include "cuzk/cuda/ntt.hpp"

namespace cuzk::cuda {
namespace {

constexpr unsigned TILE = 1024;  // elements per block (32 KiB of shared memory)
constexpr unsigned MAX_LAST = 10, MAX_OTHER = 8;

__device__ __forceinline__ DFr load(const Fr* p, std::size_t i) {
  DFr r;
  const uint4* q = reinterpret_cast<const uint4*>(p + i);
  uint4 a = q[0], b = q[1];
  r.v[0] = a.x, r.v[1] = a.y, r.v[2] = a.z, r.v[3] = a.w;
  r.v[4] = b.x, r.v[5] = b.y, r.v[6] = b.z, r.v[7] = b.w;
  return r;
}
__device__ __forceinline__ void store(Fr* p, std::size_t i, const DFr& r) {
  uint4* q = reinterpret_cast<uint4*>(p + i);
  q[0] = make_uint4(r.v[0], r.v[1], r.v[2], r.v[3]);
  q[1] = make_uint4(r.v[4], r.v[5], r.v[6], r.v[7]);
}
__device__ __forceinline__ DFr ldg(const Fr* p, std::size_t i) {
  DFr r;
  const uint4* q = reinterpret_cast<const uint4*>(p + i);
  uint4 a = __ldg(q), b = __ldg(q + 1);
  r.v[0] = a.x, r.v[1] = a.y, r.v[2] = a.z, r.v[3] = a.w;
  r.v[4] = b.x, r.v[5] = b.y, r.v[6] = b.z, r.v[7] = b.w;
  return r;
}

// ω^e from the two-level table (e < 2^L).
__device__ __forceinline__ DFr table_pow(const Fr* lo, const Fr* hi, unsigned s, std::uint32_t e) {
  return ldg(lo, e & ((1u << s) - 1)) * ldg(hi, e >> s);
}

// One DIF pass: sub-problems of size 2^h, k levels, C adjacent columns per block.
// `in` may equal `out` (each block reads its tile before writing it back).
// The last pass (mode ≥ 0; M = C = 1) also does the output permutation: the element at
// position p (bit-reversed frequency bitrev(p)) goes to k = bitrev(p) (mode 0, forward) or
// k = −bitrev(p) mod n times n⁻¹ (mode 1, inverse) or times n⁻¹·ω_2n^k (mode 2, coset:
// the coset tables). The stores scatter with stride n/K but each is a whole 32-byte sector.
struct PermuteArgs {
  int mode = -1;  // −1: not the last pass
  DFr ninv;
  const Fr* clo = nullptr;
  const Fr* chi = nullptr;
};

__global__ void __launch_bounds__(TILE / 4) dif_pass(const Fr* in, Fr* out, unsigned L,
                                                     unsigned h, unsigned k, unsigned C, const Fr* __restrict__ w1024,
                                                     const Fr* __restrict__ lo, const Fr* __restrict__ hi, unsigned s,
                                                     PermuteArgs pa) {
  __shared__ uint4 raw[2 * TILE];  // DFr has a constructor: no __shared__ DFr[] directly
  DFr* tile = reinterpret_cast<DFr*>(raw);
  const unsigned K = 1u << k, M = 1u << (h - k), T = C * K, t = threadIdx.x;
  const unsigned groups = M / C;  // column groups per sub-problem
  const std::size_t outer = blockIdx.x / groups, l0 = std::size_t(blockIdx.x % groups) * C;
  const std::size_t base = (outer << h) + l0;
  for (unsigned e = t; e < T; e += blockDim.x) {
    unsigned J = e / C, c = e % C;
    tile[e] = load(in, base + std::size_t(J) * M + c);
  }
  __syncthreads();
  unsigned m = K / 2;
  if (k & 1) {  // odd level count: one radix-2 level first
    for (unsigned b = t; b < T / 2; b += blockDim.x) {
      unsigned c = b % C, p = b / C;
      unsigned r = p & (m - 1), J0 = ((p - r) << 1) + r, J1 = J0 + m;
      DFr x = tile[J0 * C + c], y = tile[J1 * C + c];
      tile[J0 * C + c] = x + y;
      DFr d = x - y;
      if (r) d *= ldg(w1024, r * (512 / m));  // ω_2m^r = ω_1024^(r·1024/2m)
      tile[J1 * C + c] = d;
    }
    __syncthreads();
    m /= 2;
  }
  // two levels (half sizes m and m/2) per barrier: radix-4 units J0 < J1 < J2 < J3 with
  // stride m/2; level m pairs (J0,J2), (J1,J3), level m/2 pairs (J0,J1), (J2,J3). 4M.
  for (; m >= 2; m /= 4) {
    const unsigned q = m / 2;
    for (unsigned u = t; u < T / 4; u += blockDim.x) {
      unsigned c = u % C, p = u / C;
      unsigned r = p & (q - 1), J0 = ((p - r) << 2) + r;
      DFr* s0 = &tile[J0 * C + c];
      DFr x0 = s0[0], x1 = s0[q * C], x2 = s0[2 * q * C], x3 = s0[3 * q * C];
      DFr a0 = x0 + x2, a2 = x0 - x2, a1 = x1 + x3, a3 = x1 - x3;
      if (r) a2 *= ldg(w1024, r * (512 / m));      // ω_2m^r
      a3 *= ldg(w1024, (r + q) * (512 / m));       // ω_2m^(r + m/2)
      DFr y1 = a0 - a1, y3 = a2 - a3;
      s0[0] = a0 + a1;
      s0[2 * q * C] = a2 + a3;
      if (r) {
        DFr wc = ldg(w1024, r * (1024 / m));        // ω_m^r
        y1 *= wc;
        y3 *= wc;
      }
      s0[q * C] = y1;
      s0[3 * q * C] = y3;
    }
    __syncthreads();
  }
  if (pa.mode >= 0) {
    const std::uint32_t nmask = std::uint32_t((std::size_t(1) << L) - 1);
    for (unsigned e = t; e < T; e += blockDim.x) {
      DFr v = tile[e];
      std::uint32_t r = __brev(std::uint32_t(base + e)) >> (32 - L), kk = r;
      if (pa.mode > 0) kk = (0u - r) & nmask;
      if (pa.mode == 1) v *= pa.ninv;
      if (pa.mode == 2) v *= table_pow(pa.clo, pa.chi, s, kk);
      store(out, kk, v);
    }
    return;
  }
  for (unsigned e = t; e < T; e += blockDim.x) {
    unsigned J = e / C, c = e % C;
    DFr v = tile[e];
    if (M > 1) {
      std::uint32_t q0 = __brev(J) >> (32 - k), l = std::uint32_t(l0 + c);
      std::uint32_t ex = (l * q0) << (L - h);  // ω_N^(l·q0) = ω_n^(l·q0·n/N)
      if (ex) v *= table_pow(lo, hi, s, ex);
    }
    store(out, base + std::size_t(J) * M + c, v);
  }
}

__global__ void mul_sub(Fr* out, const Fr* a, const Fr* b, const Fr* c, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    store(out, i, load(a, i) * load(b, i) - load(c, i));
}

std::vector<Fr> powers(Fr w, std::size_t count, Fr start = Fr::one()) {
  std::vector<Fr> v(count);
  Fr x = start;
  for (std::size_t i = 0; i < count; ++i, x *= w) v[i] = x;
  return v;
}

const NttTables& tables(Context& ctx, unsigned L) {
  auto& c = ctx.caches();
  if (!c.w1024.size()) {
    auto w = powers(bls12_381::fr_root_of_unity(10), 512);
    c.w1024.upload(w.data(), w.size(), ctx.stream());
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
  Fr ninv = Fr::from_u64(std::uint64_t(1) << L).inverse();
  auto clo = powers(w2, nlo), chi = powers(w2.pow(nlo), nhi, ninv);
  t.lo.upload(lo.data(), nlo, ctx.stream());
  t.hi.upload(hi.data(), nhi, ctx.stream());
  t.coset_lo.upload(clo.data(), nlo, ctx.stream());
  t.coset_hi.upload(chi.data(), nhi, ctx.stream());
  ctx.synchronize();  // the host vectors die here
  return c.ntt.emplace(L, std::move(t)).first->second;
}

// DIF passes data → scratch (in place there), the last one with the output permutation
// scratch → data; for n ≤ 1024 the single pass is one block, in place on data.
void run(Context& ctx, Fr* data, unsigned L, int mode) {
  if (L > 28)
    throw Error(Error::Kind::BadInput, "NTT size 2^" + std::to_string(L) + " is out of range");
  if (L == 0) return;  // n = 1: every mode is the identity (n⁻¹ = ω^0 = 1)
  ctx.activate();
  const std::size_t n = std::size_t(1) << L;
  const NttTables& t = tables(ctx, L);
  auto& c = ctx.caches();
  unsigned last = std::min(L, MAX_LAST), rest = L - last;
  unsigned npass = (rest + MAX_OTHER - 1) / MAX_OTHER;
  Fr* scratch = data;
  if (npass) {
    c.ntt_scratch.resize(std::max(c.ntt_scratch.size(), n));
    scratch = c.ntt_scratch.get();
  }
  cudaStream_t st = ctx.stream();
  const Fr* src = data;
  unsigned h = L;
  for (unsigned p = 0; p < npass; ++p) {
    unsigned k = (rest + (npass - p) - 1) / (npass - p);  // balanced split
    rest -= k;
    unsigned K = 1u << k, M = 1u << (h - k), C = std::min(M, TILE / K);
    unsigned blocks = unsigned(n / (std::size_t(C) * K));
    dif_pass<<<blocks, C * K / 4, 0, st>>>(src, scratch, L, h, k, C, c.w1024.get(), t.lo.get(), t.hi.get(), t.s,
                                          PermuteArgs{});
    CUZK_CUDA_CHECK_LAUNCH();
    src = scratch;
    h -= k;
  }
  PermuteArgs pa;
  pa.mode = mode;
  pa.ninv = DFr::from_host(Fr::from_u64(n).inverse());
  pa.clo = t.coset_lo.get();
  pa.chi = t.coset_hi.get();
  unsigned K = 1u << h;
  dif_pass<<<unsigned(n / K), std::max(1u, K / 4), 0, st>>>(src, data, L, h, h, 1, c.w1024.get(), t.lo.get(),
                                                             t.hi.get(), t.s, pa);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace

void ntt_forward(Context& ctx, Fr* data, unsigned log_n) { run(ctx, data, log_n, 0); }
void ntt_inverse(Context& ctx, Fr* data, unsigned log_n) { run(ctx, data, log_n, 1); }
void ntt_to_odd_coset(Context& ctx, Fr* data, unsigned log_n) {
  run(ctx, data, log_n, 2);
  run(ctx, data, log_n, 0);
}

void fr_mul_sub(Context& ctx, Fr* out, const Fr* a, const Fr* b, const Fr* c, std::size_t n) {
  if (!n) return;
  ctx.activate();
  unsigned threads = 256, blocks = unsigned(std::min<std::size_t>((n + threads - 1) / threads, 65536));
  mul_sub<<<blocks, threads, 0, ctx.stream()>>>(out, a, b, c, n);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::cuda
