#pragma once
// Pippenger MSM on the device, generic over the device curve (DG1Curve, DG2Curve).
//
//  1. classify   one thread per scalar: Montgomery → canonical (1M); 0 → dropped,
//                1 → "ones" list, else → "big" list (warp-aggregated atomic appends).
//  2. digits     one thread per big scalar: W = ⌈256/c⌉ signed c-bit digits
//                d ∈ (−2^(c−1), 2^(c−1)] (raw window + carry; raw > 2^(c−1) → raw − 2^c,
//                carry 1; Wc ≥ 256 and r < 2^255 leave no final carry). Key (w, |d|−1),
//                value (point index, sign); d = 0 → a sentinel key past every bucket.
//  3. sort       CUB radix sort of (key, value) on the key's bits only.
//  4. ranges     bucket start/end from the key boundaries.
//  5. accumulate each bucket's sorted run is cut into chunks of at most S points (S ≈ 1.5×
//                the mean run), one thread per chunk sums ±P in XYZZ (madd-2008-s, 8M + 2S),
//                so a crowded bucket (a short top window, repeated scalars) is spread over
//                many threads.
//  6. segments   one thread per run of L buckets of a window: running sums (2 additions a
//                bucket) and a (segment offset)·(segment sum) term give Σ |d|·B over it.
//  7. reduce     strided partial sums (add-2008-s), twice; the rest on the host with the
//                same formulas: Σ_w 2^(cw)·S_w by Horner, plus the sum of the ones.
// Work: n·W mixed additions + ~2·W·2^(c−1) full ones; c from msm_window_bits.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <vector>

#include "caches.hpp"
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/curves.cuh"
#include "cuzk/cuda/msm.hpp"

namespace cuzk::cuda::msm_detail {

using bls12_381::Fr;
constexpr unsigned SCALAR_BITS = 256;

// The non-template kernels below get internal linkage: msm_g1.cu and msm_g2.cu both
// include this file.
namespace {

__device__ __forceinline__ void append(std::uint32_t* list, unsigned* counter, std::uint32_t value, bool take) {
  unsigned mask = __ballot_sync(__activemask(), take);
  if (!take) return;
  unsigned leader = __ffs(mask) - 1, lane = threadIdx.x & 31;
  unsigned base = 0;
  if (lane == leader) base = atomicAdd(counter, __popc(mask));
  base = __shfl_sync(mask, base, leader);
  list[base + __popc(mask & ((1u << lane) - 1))] = value;
}

// counters[0] = big, counters[1] = ones
__global__ void classify(const Fr* __restrict__ scalars, std::size_t n, DFr* __restrict__ canon,
                         std::uint32_t* big, std::uint32_t* ones, unsigned* counters) {
  std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  bool valid = i < n;
  DFr s;
  if (valid) {
    const uint4* q = reinterpret_cast<const uint4*>(scalars + i);
    uint4 a = q[0], b = q[1];
    s.v[0] = a.x, s.v[1] = a.y, s.v[2] = a.z, s.v[3] = a.w, s.v[4] = b.x, s.v[5] = b.y, s.v[6] = b.z, s.v[7] = b.w;
    s = s.canonical();
    canon[i] = s;
  }
  std::uint32_t hi = 0;
#pragma unroll
  for (int j = 1; j < 8; ++j) hi |= s.v[j];
  bool is_one = valid && hi == 0 && s.v[0] == 1;
  bool is_big = valid && !(hi == 0 && s.v[0] <= 1);
  append(big, &counters[0], std::uint32_t(i), is_big);
  append(ones, &counters[1], std::uint32_t(i), is_one);
}

__global__ void digits(const DFr* __restrict__ canon, const std::uint32_t* __restrict__ big, std::size_t nbig,
                       unsigned c, unsigned W, std::uint32_t* __restrict__ keys, std::uint32_t* __restrict__ vals) {
  std::size_t t = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (t >= nbig) return;
  std::uint32_t idx = big[t];
  DFr s = canon[idx];
  const std::uint32_t half = 1u << (c - 1), mask = (c == 32) ? ~0u : ((1u << c) - 1);
  const std::uint32_t sentinel = W << (c - 1);
  std::uint32_t carry = 0;
  for (unsigned w = 0; w < W; ++w) {
    unsigned bit = w * c, li = bit / 32, off = bit % 32;
    std::uint32_t raw = 0;
    if (li < 8) {
      std::uint64_t two = s.v[li];
      if (li + 1 < 8) two |= std::uint64_t(s.v[li + 1]) << 32;
      raw = std::uint32_t(two >> off) & mask;
    }
    raw += carry;
    std::uint32_t key, neg = 0;
    if (raw > half) {
      raw = (1u << c) - raw;  // |raw − 2^c|
      neg = 1;
      carry = 1;
    } else {
      carry = 0;
    }
    key = raw ? (w << (c - 1)) | (raw - 1) : sentinel;
    keys[w * nbig + t] = key;
    vals[w * nbig + t] = idx | (neg << 31);
  }
}

__global__ void ranges(const std::uint32_t* __restrict__ keys, std::size_t total, std::uint32_t sentinel,
                       std::uint32_t* start, std::uint32_t* end) {
  std::size_t j = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (j >= total) return;
  std::uint32_t k = keys[j];
  if (k >= sentinel) return;
  if (j == 0 || keys[j - 1] != k) start[k] = std::uint32_t(j);
  if (j + 1 == total || keys[j + 1] != k) end[k] = std::uint32_t(j + 1);
}

__global__ void count_chunks(const std::uint32_t* __restrict__ start, const std::uint32_t* __restrict__ end,
                             std::size_t nbuckets, std::uint32_t S, std::uint32_t* __restrict__ cnt) {
  std::size_t b = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (b < nbuckets) cnt[b] = (end[b] - start[b] + S - 1) / S;
  if (b == nbuckets) cnt[b] = 0;
}
__global__ void fill_chunks(const std::uint32_t* __restrict__ cnt, const std::uint32_t* __restrict__ off,
                            std::size_t nbuckets, std::uint32_t* __restrict__ owner) {
  std::size_t b = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (b >= nbuckets) return;
  for (std::uint32_t k = 0, o = off[b]; k < cnt[b]; ++k) owner[o + k] = std::uint32_t(b);
}

}  // namespace

template <class DC>
__global__ void accumulate_chunks(const PackedAffine<DC>* __restrict__ bases, const std::uint32_t* __restrict__ vals,
                                  const std::uint32_t* __restrict__ start, const std::uint32_t* __restrict__ end,
                                  const std::uint32_t* __restrict__ off, const std::uint32_t* __restrict__ owner,
                                  std::size_t nbuckets, std::uint32_t S, DXYZZ<DC>* __restrict__ partial) {
  std::size_t id = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (id >= off[nbuckets]) return;
  std::uint32_t b = owner[id], k = std::uint32_t(id) - off[b];
  std::uint32_t j = start[b] + k * S, e = min(end[b], j + S);
  DXYZZ<DC> acc;
  for (; j < e; ++j) {
    std::uint32_t v = vals[j];
    ec::Affine<DC> p = bases[v & 0x7fffffffu].unpack();
    if (v >> 31) p.y = -p.y;
    acc = acc.add_mixed(p);
  }
  partial[id] = acc;
}

// In-place tree over each bucket's chunk partials (contiguous from off[b]): pass s adds
// partial[i + s] into partial[i] for chunk ranks k ≡ 0 mod 2s; after ⌈log2 max cnt⌉ passes
// partial[off[b]] holds the bucket. A crowded bucket (short top window, repeated scalars)
// is summed in log depth instead of one thread's chain.
template <class DC>
__global__ void tree_pass(DXYZZ<DC>* __restrict__ partial, const std::uint32_t* __restrict__ owner,
                          const std::uint32_t* __restrict__ off, const std::uint32_t* __restrict__ cnt,
                          std::size_t nbuckets, std::uint32_t s) {
  std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i >= off[nbuckets]) return;
  std::uint32_t b = owner[i], k = std::uint32_t(i) - off[b];
  if ((k & (2 * s - 1)) == 0 && k + s < cnt[b]) partial[i] += partial[i + s];
}

// Bucket reduction by segments of L buckets, one thread per (window, segment): running
// sums from the top give Σ_j (j − sL + 1)·B_j and S = Σ_j B_j over the segment (2 additions
// per bucket, add-2008-s), then + (sL)·S by double-and-add; the window is then the plain
// sum of its segments. B_j is partial[off[j]] after the tree passes.
template <class DC>
__global__ void window_segments(const DXYZZ<DC>* __restrict__ partial, const std::uint32_t* __restrict__ cnt,
                                const std::uint32_t* __restrict__ off, unsigned W, std::size_t m, unsigned L,
                                DXYZZ<DC>* __restrict__ out) {
  std::size_t id = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  const std::size_t nseg = m / L;
  if (id >= W * nseg) return;
  const std::size_t w = id / nseg, sg = id % nseg, b0 = w * m + sg * L;
  DXYZZ<DC> run, tot;
  for (unsigned j = L; j-- > 0;) {
    std::size_t b = b0 + j;
    if (cnt[b]) run += partial[off[b]];
    tot += run;
  }
  std::uint32_t v = std::uint32_t(sg * L);
  if (v && !run.is_inf()) {
    DXYZZ<DC> r = run;
    for (int i = 30 - __clz(v); i >= 0; --i) {
      r = r.dbl();
      if ((v >> i) & 1) r += run;
    }
    tot += r;
  }
  out[id] = tot;
}

// out[g·parts + t] = Σ_k in[g·per + t + k·parts]
template <class DC>
__global__ void reduce(const DXYZZ<DC>* __restrict__ in, std::size_t per, unsigned groups, unsigned parts,
                       DXYZZ<DC>* __restrict__ out) {
  std::size_t id = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (id >= std::size_t(groups) * parts) return;
  std::size_t g = id / parts, t = id % parts;
  DXYZZ<DC> acc;
  for (std::size_t j = t; j < per; j += parts) acc += in[g * per + j];
  out[id] = acc;
}

template <class DC>
__global__ void sum_ones(const PackedAffine<DC>* __restrict__ bases, const std::uint32_t* __restrict__ ones,
                         std::size_t n, unsigned parts, DXYZZ<DC>* __restrict__ out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= parts) return;
  DXYZZ<DC> acc;
  for (std::size_t j = t; j < n; j += parts) acc = acc.add_mixed(bases[ones[j]].unpack());
  out[t] = acc;
}

// CudaOptions::msm_profile (--msm-profile, CUZK_MSM_PROFILE): per-stage CUDA-event times of
// each call on stderr (bench aid).
struct Profile {
  cudaStream_t st;
  bool on;
  std::vector<std::pair<const char*, cudaEvent_t>> marks;
  Profile(cudaStream_t s, bool enabled) : st(s), on(enabled) { mark("start"); }
  void mark(const char* what) {
    if (!on) return;
    cudaEvent_t e;
    CUZK_CUDA_CHECK(cudaEventCreate(&e));
    CUZK_CUDA_CHECK(cudaEventRecord(e, st));
    marks.emplace_back(what, e);
  }
  void print(const char* curve, std::size_t n, unsigned c) {
    if (!on) return;
    std::fprintf(stderr, "msm %s n=%zu c=%u:", curve, n, c);
    for (std::size_t i = 1; i < marks.size(); ++i) {
      float ms = 0;
      CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, marks[i - 1].second, marks[i].second));
      std::fprintf(stderr, " %s %.2f ms", marks[i].first, ms);
    }
    std::fprintf(stderr, "\n");
  }
  ~Profile() {
    for (auto& m : marks) cudaEventDestroy(m.second);
  }
};

inline std::size_t align_up(std::size_t x) { return (x + 255) & ~std::size_t(255); }

inline unsigned grid(std::size_t n, unsigned threads) { return unsigned((n + threads - 1) / threads); }

// Sub-allocator over the context's arena.
struct Carve {
  std::size_t off = 0;
  template <class T>
  std::size_t take(std::size_t n) {
    std::size_t o = off;
    off = align_up(off + n * sizeof(T));
    return o;
  }
};

template <class DC, class HostJac, class HostXYZZ, class HostAffine>
HostJac run(Context& ctx, const ResidentBases<HostAffine>& bases, const Fr* scalars, std::size_t n,
            std::size_t first) {
  static_assert(sizeof(DXYZZ<DC>) == sizeof(HostXYZZ), "device and host XYZZ must share a layout");
  if (first + n > bases.size())
    throw Error(Error::Kind::BadInput, std::string("MSM over ") + std::to_string(n) + " points from " +
                                           std::to_string(first) + " but only " + std::to_string(bases.size()) +
                                           " bases are resident");
  if (n >= (std::size_t(1) << 31)) throw Error(Error::Kind::BadInput, "MSM size must be below 2^31");
  if (n == 0) return HostJac::infinity();
  const unsigned c = msm_window_bits(n, DC::name, ctx.options()), W = (SCALAR_BITS + c - 1) / c;
  if (n * W >= (std::size_t(1) << 32))
    throw Error(Error::Kind::BadInput, "MSM of " + std::to_string(n) + " points needs more than 2^32 digits");
  ctx.activate();
  cudaStream_t st = ctx.stream();
  auto& caches = ctx.caches();
  const auto* d_bases = reinterpret_cast<const PackedAffine<DC>*>(bases.device_xy()) + first;

  // scalars: host → staged copy; device → used in place
  cudaPointerAttributes attr{};
  CUZK_CUDA_CHECK(cudaPointerGetAttributes(&attr, scalars));
  const Fr* d_scalars = scalars;
  if (attr.type != cudaMemoryTypeDevice && attr.type != cudaMemoryTypeManaged) {
    caches.msm_scalars.upload(scalars, n, st);
    d_scalars = caches.msm_scalars.get();
  }

  const std::size_t m = std::size_t(1) << (c - 1), nbuckets = W * m;
  // segments of L buckets, L a power of two giving about 2^15 segment threads in all
  unsigned L = 1;
  while (L < m && W * m / (2 * L) >= (1u << 15)) L *= 2;
  const std::size_t nseg = m / L;
  const unsigned P1 = unsigned(std::min<std::size_t>(nseg, 256)), P2 = std::min(P1, 8u), PONES = 4096;

  // arena: the sort sizes depend on the count of big scalars, so size for all n
  std::size_t sort_temp = 0;
  {
    cub::DoubleBuffer<std::uint32_t> kq(nullptr, nullptr), vq(nullptr, nullptr);
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, sort_temp, kq, vq, n * W, 0, 32, st));
  }
  Carve cv;
  auto o_canon = cv.take<DFr>(n), o_big = cv.take<std::uint32_t>(n), o_ones = cv.take<std::uint32_t>(n);
  auto o_cnt = cv.take<unsigned>(2);
  auto o_k0 = cv.take<std::uint32_t>(n * W), o_k1 = cv.take<std::uint32_t>(n * W);
  auto o_v0 = cv.take<std::uint32_t>(n * W), o_v1 = cv.take<std::uint32_t>(n * W);
  // chunks: S ≈ 1.5× the mean bucket run (for all scalars non-trivial), at least 32
  const std::uint32_t S = std::uint32_t(std::max<std::size_t>(32, (3 * n * W) / (2 * nbuckets)));
  const std::size_t max_chunks = (n * W) / S + nbuckets;
  std::size_t scan_temp = 0;
  CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, scan_temp, (std::uint32_t*)nullptr,
                                                (std::uint32_t*)nullptr, nbuckets + 1, st));
  auto o_tmp = cv.take<std::uint8_t>(std::max(sort_temp, scan_temp));
  auto o_cnt_b = cv.take<std::uint32_t>(nbuckets + 1), o_off_b = cv.take<std::uint32_t>(nbuckets + 1);
  auto o_owner = cv.take<std::uint32_t>(max_chunks), o_partial = cv.take<DXYZZ<DC>>(max_chunks);
  auto o_start = cv.take<std::uint32_t>(nbuckets), o_end = cv.take<std::uint32_t>(nbuckets);
  auto o_segs = cv.take<DXYZZ<DC>>(W * nseg), o_p1 = cv.take<DXYZZ<DC>>(W * P1);
  auto o_p2 = cv.take<DXYZZ<DC>>(W * P2), o_ones1 = cv.take<DXYZZ<DC>>(PONES), o_ones2 = cv.take<DXYZZ<DC>>(64);
  if (caches.msm_arena.size() < cv.off) caches.msm_arena.resize(cv.off);
  std::uint8_t* A = caches.msm_arena.get();
  auto at = [&](std::size_t o) { return A + o; };
  auto* canon = reinterpret_cast<DFr*>(at(o_canon));
  auto* big = reinterpret_cast<std::uint32_t*>(at(o_big));
  auto* ones = reinterpret_cast<std::uint32_t*>(at(o_ones));
  auto* cnt = reinterpret_cast<unsigned*>(at(o_cnt));
  auto* k0 = reinterpret_cast<std::uint32_t*>(at(o_k0));
  auto* k1 = reinterpret_cast<std::uint32_t*>(at(o_k1));
  auto* v0 = reinterpret_cast<std::uint32_t*>(at(o_v0));
  auto* v1 = reinterpret_cast<std::uint32_t*>(at(o_v1));
  auto* start = reinterpret_cast<std::uint32_t*>(at(o_start));
  auto* end = reinterpret_cast<std::uint32_t*>(at(o_end));
  auto* segs = reinterpret_cast<DXYZZ<DC>*>(at(o_segs));
  auto* cnt_b = reinterpret_cast<std::uint32_t*>(at(o_cnt_b));
  auto* off_b = reinterpret_cast<std::uint32_t*>(at(o_off_b));
  auto* owner = reinterpret_cast<std::uint32_t*>(at(o_owner));
  auto* partial = reinterpret_cast<DXYZZ<DC>*>(at(o_partial));
  auto* p1 = reinterpret_cast<DXYZZ<DC>*>(at(o_p1));
  auto* p2 = reinterpret_cast<DXYZZ<DC>*>(at(o_p2));
  auto* ones1 = reinterpret_cast<DXYZZ<DC>*>(at(o_ones1));
  auto* ones2 = reinterpret_cast<DXYZZ<DC>*>(at(o_ones2));

  Profile prof(st, ctx.options().msm_profile);
  CUZK_CUDA_CHECK(cudaMemsetAsync(cnt, 0, 2 * sizeof(unsigned), st));
  classify<<<grid(n, 256), 256, 0, st>>>(d_scalars, n, canon, big, ones, cnt);
  CUZK_CUDA_CHECK_LAUNCH();
  unsigned counts[2];
  CUZK_CUDA_CHECK(cudaMemcpyAsync(counts, cnt, sizeof(counts), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  const std::size_t nbig = counts[0], nones = counts[1];

  std::vector<HostXYZZ> host_w(W * P2), host_ones(64);
  if (nbig) {
    const std::size_t total = nbig * W;
    prof.mark("classify");
    digits<<<grid(nbig, 256), 256, 0, st>>>(canon, big, nbig, c, W, k0, v0);
    CUZK_CUDA_CHECK_LAUNCH();
    const std::uint32_t sentinel = W << (c - 1);
    int end_bit = 32 - __builtin_clz(sentinel);
    cub::DoubleBuffer<std::uint32_t> kb(k0, k1), vb(v0, v1);
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(at(o_tmp), sort_temp, kb, vb, total, 0, end_bit, st));
    CUZK_CUDA_CHECK(cudaMemsetAsync(start, 0, nbuckets * sizeof(std::uint32_t), st));
    CUZK_CUDA_CHECK(cudaMemsetAsync(end, 0, nbuckets * sizeof(std::uint32_t), st));
    ranges<<<grid(total, 256), 256, 0, st>>>(kb.Current(), total, sentinel, start, end);
    CUZK_CUDA_CHECK_LAUNCH();
    prof.mark("sort+ranges");
    count_chunks<<<grid(nbuckets + 1, 256), 256, 0, st>>>(start, end, nbuckets, S, cnt_b);
    CUZK_CUDA_CHECK_LAUNCH();
    CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(at(o_tmp), scan_temp, cnt_b, off_b, nbuckets + 1, st));
    fill_chunks<<<grid(nbuckets, 256), 256, 0, st>>>(cnt_b, off_b, nbuckets, owner);
    CUZK_CUDA_CHECK_LAUNCH();
    accumulate_chunks<DC><<<grid(max_chunks, 128), 128, 0, st>>>(d_bases, vb.Current(), start, end, off_b, owner,
                                                                  nbuckets, S, partial);
    CUZK_CUDA_CHECK_LAUNCH();
    prof.mark("accumulate");
    // a bucket holds at most n points (one digit per scalar and window): ≤ ⌈n/S⌉ chunks
    for (std::uint32_t step = 1; step < (n + S - 1) / S; step *= 2) {
      tree_pass<DC><<<grid(max_chunks, 256), 256, 0, st>>>(partial, owner, off_b, cnt_b, nbuckets, step);
      CUZK_CUDA_CHECK_LAUNCH();
    }
    prof.mark("tree");
    window_segments<DC><<<grid(W * nseg, 128), 128, 0, st>>>(partial, cnt_b, off_b, W, m, L, segs);
    CUZK_CUDA_CHECK_LAUNCH();
    prof.mark("segments");
    reduce<DC><<<grid(W * P1, 128), 128, 0, st>>>(segs, nseg, W, P1, p1);
    CUZK_CUDA_CHECK_LAUNCH();
    reduce<DC><<<grid(W * P2, 64), 64, 0, st>>>(p1, P1, W, P2, p2);
    CUZK_CUDA_CHECK_LAUNCH();
    prof.mark("reduce");
    CUZK_CUDA_CHECK(cudaMemcpyAsync(host_w.data(), p2, W * P2 * sizeof(HostXYZZ), cudaMemcpyDeviceToHost, st));
  }
  if (nones) {
    sum_ones<DC><<<grid(PONES, 128), 128, 0, st>>>(d_bases, ones, nones, PONES, ones1);
    CUZK_CUDA_CHECK_LAUNCH();
    reduce<DC><<<1, 64, 0, st>>>(ones1, PONES, 1, 64, ones2);
    CUZK_CUDA_CHECK_LAUNCH();
    CUZK_CUDA_CHECK(cudaMemcpyAsync(host_ones.data(), ones2, 64 * sizeof(HostXYZZ), cudaMemcpyDeviceToHost, st));
  }
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  prof.print(DC::name, n, c);

  HostJac acc = HostJac::infinity();
  if (nbig) {
    for (unsigned w = W; w-- > 0;) {
      for (unsigned i = 0; i < c; ++i) acc = acc.dbl();
      HostXYZZ s = HostXYZZ::infinity();
      for (unsigned j = 0; j < P2; ++j) s += host_w[w * P2 + j];
      acc += s.to_jacobian();
    }
  }
  if (nones) {
    HostXYZZ s = HostXYZZ::infinity();
    for (auto& p : host_ones) s += p;
    acc += s.to_jacobian();
  }
  return acc;
}

}  // namespace cuzk::cuda::msm_detail

namespace cuzk::cuda {
// upload() is defined in resident_upload.cpp (host-parallel packing).
template <class HostAffine>
void ResidentBases<HostAffine>::upload_raw(Context& ctx, const void* raw, std::size_t n) {
  ctx.activate();
  buf_.upload(static_cast<const Field*>(raw), 2 * n, ctx.stream());
  n_ = n;
}
}  // namespace cuzk::cuda
