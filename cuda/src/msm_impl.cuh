#pragma once
// Pippenger MSM on the device, generic over the device curve (DeviceCurve<HostCurve>:
// BLS12-381's and BN254's G1 and G2; the scalar field is the curve's Scalar).
//
//  1. classify   one thread per scalar: Montgomery → canonical (1M; canonical scalars, a
//                witness, only reduced below r, and read in place by step 2); 0 → dropped,
//                1 → "ones" list, else → "big" list (warp-aggregated atomic appends).
//                The host reads the two counts; the window c follows the big count.
//  2. digits     one thread per big scalar: W = ⌈b/c⌉ signed c-bit digits, b = bits(r) + 1
//                (BLS12-381 256, BN254 255: kScalarBits), d ∈ (−2^(c−1), 2^(c−1)] (raw
//                window + carry; raw > 2^(c−1) → raw − 2^c, carry 1; Wc ≥ bits(r) + 1
//                leaves no final carry: the top window's raw value is below 2^(c−1)). Key (w, |d|−1),
//                value (point index, sign); d = 0 → a sentinel key past every bucket.
//                The ones follow as entries of one extra bucket, key W·2^(c−1).
//  3. sort       CUB radix sort of (key, value) on the key's bits only.
//  4. ranges     bucket start/end from the key boundaries; a bucket's chunks are the
//                segments of E entries (E ≈ total/2^19) its run meets.
//  5. accumulate one thread per segment of E sorted entries sums ±P in XYZZ (madd-2008-s,
//                8M + 2S) and writes one partial per bucket it meets into that bucket's
//                chunk slot: every thread does the same work however uneven the buckets
//                are (a witness's repeated values make some hundreds of times the mean).
//  6. tree       each bucket's chunk partials summed by groups of 16, log16-depth levels.
//  7. segments   one thread per run of L buckets of a window: running sums (2 additions a
//                bucket) and a (segment offset)·(segment sum) term give Σ |d|·B over it.
//  8. reduce     strided partial sums (add-2008-s), passes of ≤ 4 terms a thread down to
//                ≤ 8 a window; the rest on the host with the
//                same formulas: Σ_w 2^(cw)·S_w by Horner, plus the ones bucket.
// Work: n·W mixed additions + ~2·W·2^(c−1) full ones; c from msm_window_bits.
// With a WindowTable (msm_table.cuh) window w's digit selects 2^(cw)·P from the table and
// all windows share one bucket set (keys without the window, one reduction, no Horner):
// n·W mixed additions + ~2·2^(c−1), c the table's.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <type_traits>
#include <utility>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <vector>

#include "caches.hpp"
#include "msm_buckets.cuh"
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/curves.cuh"
#include "cuzk/cuda/msm.hpp"
#include "msm_scalars.cuh"

namespace cuzk::cuda::msm_detail {

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

}  // namespace

// True when the packed base is the point at infinity (x = y = 0). One 16-byte load decides
// for nearly every point; only a zero first quarter of x reads the rest.
template <class DC>
__device__ __forceinline__ bool base_is_inf(const PackedAffine<DC>& p) {
  const uint4* q = reinterpret_cast<const uint4*>(&p);
  uint4 a = q[0];
  if (a.x | a.y | a.z | a.w) return false;
  constexpr int words = int(sizeof(PackedAffine<DC>) / sizeof(uint4));
  for (int k = 1; k < words; ++k) {
    uint4 b = q[k];
    if (b.x | b.y | b.z | b.w) return false;
  }
  return true;
}

// counters[0] = big, counters[1] = ones. A scalar whose base is at infinity (a variable
// that does not occur in this key section: 42 % of A's, 61 % of B's at 2^24 porep-lite)
// is dropped like a zero, so the key's density costs nothing past this pass.
// kCanonical: the scalars are integers (a witness: below r, the loader checks), reduced here
// below r all the same (reduce_any: any 256-bit value mod r), and `canon` is null: the
// digits read them in place (and reduce them again). Otherwise they are Montgomery form
// (the NTT's output), converted into `canon`.
template <class DC, bool kCanonical>
__global__ void classify(const typename DC::HostCurve::Scalar* __restrict__ scalars, std::size_t n,
                         const PackedAffine<DC>* __restrict__ bases, typename DC::Scalar* __restrict__ canon,
                         std::uint32_t* big, std::uint32_t* ones, unsigned* counters) {
  using DFr = typename DC::Scalar;
  static_assert(DFr::N == 8 && sizeof(*scalars) == 32, "scalars are 32 bytes, read as two 16-byte loads");
  std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  bool valid = i < n;
  DFr s;
  if (valid) {
    const uint4* q = reinterpret_cast<const uint4*>(scalars + i);
    uint4 a = q[0], b = q[1];
    s.v[0] = a.x, s.v[1] = a.y, s.v[2] = a.z, s.v[3] = a.w, s.v[4] = b.x, s.v[5] = b.y, s.v[6] = b.z, s.v[7] = b.w;
    if constexpr (kCanonical) {
      reduce_any(s);
    } else {
      s = s.canonical();
      canon[i] = s;
    }
  }
  std::uint32_t hi = 0;
  if (valid && !s.is_zero() && base_is_inf(bases[i])) s = DFr();
#pragma unroll
  for (int j = 1; j < 8; ++j) hi |= s.v[j];
  bool is_one = valid && hi == 0 && s.v[0] == 1;
  bool is_big = valid && !(hi == 0 && s.v[0] <= 1);
  append(big, &counters[0], std::uint32_t(i), is_big);
  append(ones, &counters[1], std::uint32_t(i), is_one);
}

namespace {

// With a window table (stride = its points per window) window w's entry takes the point
// 2^(cw)·P at index w·stride + idx and a key without the window (wkey = 0): one bucket set.
// kCanonical: `canon` holds the caller's integers, reduced below r here as classify did.
template <class DFr, bool kCanonical>
__global__ void digits(const DFr* __restrict__ canon, const std::uint32_t* __restrict__ big, std::size_t nbig,
                       unsigned c, unsigned W, std::uint32_t wkey, std::uint32_t stride, std::uint32_t sentinel,
                       std::uint32_t* __restrict__ keys, std::uint32_t* __restrict__ vals) {
  std::size_t t = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (t >= nbig) return;
  std::uint32_t idx = big[t];
  DFr s = canon[idx];
  if constexpr (kCanonical) reduce_any(s);
  const std::uint32_t half = 1u << (c - 1), mask = (c == 32) ? ~0u : ((1u << c) - 1);
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
    key = raw ? ((w * wkey) << (c - 1)) | (raw - 1) : sentinel;
    keys[w * nbig + t] = key;
    vals[w * nbig + t] = (idx + w * stride) | (neg << 31);
  }
}

// The scalars equal to 1 as entries of one extra bucket (key W·2^(c−1), after every
// window's buckets), placed after the digits: they are summed by the same balanced
// accumulation as the buckets, then taken out before the window reduction.
__global__ void ones_entries(const std::uint32_t* __restrict__ ones, std::size_t nones, std::uint32_t key,
                             std::uint32_t* __restrict__ keys, std::uint32_t* __restrict__ vals) {
  std::size_t t = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (t >= nones) return;
  keys[t] = key;
  vals[t] = ones[t];
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

// Chunks on the global grid of E entries: bucket b's run [start, end) meets the segments
// start/E .. (end−1)/E, one chunk (one partial sum) each.
// *most = the largest count (one atomic a warp): the tree below takes ⌈log16 most⌉ levels.
__global__ void count_chunks(const std::uint32_t* __restrict__ start, const std::uint32_t* __restrict__ end,
                             std::size_t nbuckets, std::uint32_t E, std::uint32_t* __restrict__ cnt,
                             unsigned* __restrict__ most) {
  std::size_t b = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  std::uint32_t k = 0;
  if (b < nbuckets) cnt[b] = k = end[b] > start[b] ? (end[b] - 1) / E - start[b] / E + 1 : 0;
  if (b == nbuckets) cnt[b] = 0;
  k = __reduce_max_sync(0xffffffffu, k);  // whole warps: the grid is a multiple of 32 threads
  if ((threadIdx.x & 31) == 0 && k > 1) atomicMax(most, k);
}

// The tree's group lists (msm_buckets.cuh, sum_groups): ng[b] = groups of G of bucket b's
// ⌈cnt[b]/s⌉ items at level s (none for one item), then glist[goff[b] + g] = b.
__global__ void count_groups(const std::uint32_t* __restrict__ cnt, std::size_t nb1, std::uint32_t s,
                             std::uint32_t G, std::uint32_t* __restrict__ ng) {
  std::size_t b = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (b > nb1) return;
  std::uint32_t items = b < nb1 ? (cnt[b] + s - 1) / s : 0;
  ng[b] = items > 1 ? (items + G - 1) / G : 0;
}
__global__ void fill_groups(const std::uint32_t* __restrict__ ng, const std::uint32_t* __restrict__ goff,
                            std::size_t nb1, std::uint32_t* __restrict__ glist) {
  std::size_t b = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (b >= nb1) return;
  for (std::uint32_t g = 0, o = goff[b]; g < ng[b]; ++g) glist[o + g] = std::uint32_t(b);
}

}  // namespace

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

// Segment length E of the balanced accumulation: about 2^19 threads (≥ 10 waves of the
// register-limited occupancy), at least 32 and at most 1024 entries each.
inline std::uint32_t segment_entries(std::size_t total) {
  return std::uint32_t(std::clamp<std::size_t>(total >> 19, 32, 1024));
}

// Where the MSM's points come from: resident bases (stride 0), or a window table (stride =
// its points per window, window w's multiples at w·stride; c its window width).
struct BaseSource {
  const void* xy;
  std::size_t count;
  std::size_t stride;
  unsigned c;
};

// The hooks a caller other than the product may pass to run() (the lab's per-stage timing,
// cuda/bench): told of the stream, of each step's end and of the buckets once their chunks
// are counted. The product's do nothing and compile away.
struct NoProbe {
  void start(cudaStream_t) {}
  void mark(const char*) {}
  void buckets(const std::uint32_t* /*start*/, const std::uint32_t* /*end*/, std::size_t /*nbuckets*/,
               const std::uint32_t* /*chunks*/) {}
  void done(const char* /*curve*/, std::size_t /*n*/, unsigned /*c*/, std::size_t /*nbig*/, std::size_t /*nones*/) {}
};

// Step 1's result: which scalars need buckets, their canonical values, the counts.
template <class DFr>
struct Classified {
  const DFr* canon;  // the n scalars in canonical form (the caller's own when already canonical)
  const std::uint32_t* big;
  const std::uint32_t* ones;
  unsigned* counters;  // [2]: the most chunks of one bucket (step 4)
  std::size_t nbig, nones;
};

// 1. classify, into the context's own buffer (the arena is sized by the counts it finds);
// host scalars are staged on the device first. Returns once the counts are on the host.
template <class DC>
Classified<typename DC::Scalar> classify_scalars(Context& ctx, const PackedAffine<DC>* d_bases,
                                                 Scalars<typename DC::HostCurve::Scalar> sc, std::size_t n) {
  using Fr = typename DC::HostCurve::Scalar;
  using DFr = typename DC::Scalar;
  cudaStream_t st = ctx.stream();
  auto& caches = ctx.caches();
  cudaPointerAttributes attr{};
  CUZK_CUDA_CHECK(cudaPointerGetAttributes(&attr, sc.data));
  const Fr* d_scalars = sc.data;
  if (attr.type != cudaMemoryTypeDevice && attr.type != cudaMemoryTypeManaged) {
    caches.msm_scalars.upload(reinterpret_cast<const std::uint8_t*>(sc.data), n * sizeof(Fr), st);
    d_scalars = reinterpret_cast<const Fr*>(caches.msm_scalars.get());
  }
  Carve cc;
  auto o_canon = cc.take<DFr>(sc.canonical ? 0 : n), o_big = cc.take<std::uint32_t>(n);
  auto o_ones = cc.take<std::uint32_t>(n), o_cnt = cc.take<unsigned>(3);  // big, ones, most chunks
  if (caches.msm_class.size() < cc.off) caches.msm_class.resize(cc.off);
  std::uint8_t* C = caches.msm_class.get();
  auto* canon = sc.canonical ? nullptr : reinterpret_cast<DFr*>(C + o_canon);
  auto* big = reinterpret_cast<std::uint32_t*>(C + o_big);
  auto* ones = reinterpret_cast<std::uint32_t*>(C + o_ones);
  auto* cnt = reinterpret_cast<unsigned*>(C + o_cnt);
  CUZK_CUDA_CHECK(cudaMemsetAsync(cnt, 0, 2 * sizeof(unsigned), st));
  if (sc.canonical)
    classify<DC, true><<<grid(n, 256), 256, 0, st>>>(d_scalars, n, d_bases, nullptr, big, ones, cnt);
  else
    classify<DC, false><<<grid(n, 256), 256, 0, st>>>(d_scalars, n, d_bases, canon, big, ones, cnt);
  CUZK_CUDA_CHECK_LAUNCH();
  unsigned counts[2];
  CUZK_CUDA_CHECK(cudaMemcpyAsync(counts, cnt, sizeof(counts), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  const DFr* values = sc.canonical ? reinterpret_cast<const DFr*>(d_scalars) : canon;
  return {values, big, ones, cnt + 2, counts[0], counts[1]};
}

// The sizes of steps 2–8 once the counts are known. The window follows the scalars that
// need buckets (a witness: ~14 % of n); with a table every window shares one bucket set
// (Wb = 1) and c is the table's.
struct Shape {
  unsigned c = 0, W = 0, Wb = 0;
  std::size_t total = 0;     // sorted entries: nbig·W digits + the ones
  std::size_t m = 0;         // buckets a window, 2^(c−1)
  std::size_t nbuckets = 0;  // Wb·m; the ones bucket is index nbuckets
  std::uint32_t ones_key = 0, sentinel = 0, E = 0;
  std::size_t nthreads = 0, max_chunks = 0;  // accumulation threads; chunk bound
  unsigned L = 0;                            // buckets a segment thread
  std::size_t nseg = 0;                      // segments a window
  std::vector<unsigned> passes;              // window parts after each reduce pass
  unsigned P1 = 1, Pf = 1;                   // parts after the first and the last pass
  std::size_t sort_temp = 0, scan_temp = 0;  // CUB scratch
};

template <class DC, class AC, unsigned SegBlocks>
Shape shape_for(Context& ctx, const BaseSource& src, std::size_t n, std::size_t nbig, std::size_t nones) {
  Shape s;
  const bool shared = src.stride != 0;
  constexpr unsigned bits = kScalarBits<typename DC::Scalar>;
  s.c = shared ? src.c : msm_window_bits(std::max<std::size_t>(nbig, 1), DC::name, ctx.options(), bits);
  s.W = (bits + s.c - 1) / s.c;
  s.Wb = shared ? 1 : s.W;
  s.total = nbig * s.W + nones;
  if (s.total >= (std::size_t(1) << 32))
    throw Error(Error::Kind::BadInput, "MSM of " + std::to_string(n) + " points needs more than 2^32 digits");
  s.m = std::size_t(1) << (s.c - 1);
  s.nbuckets = s.Wb * s.m;
  s.ones_key = std::uint32_t(s.nbuckets);
  s.sentinel = s.ones_key + 1;
  s.E = segment_entries(s.total);
  s.nthreads = (s.total + s.E - 1) / s.E;
  s.max_chunks = s.nthreads + s.nbuckets + 1;  // each segment starts ≤ 1 extra chunk
  // Segments of L buckets, one thread each, every one a chain of 2L additions: as many as
  // fill the GPU's resident thread slots once and no more. (A power-of-two L for ~2^15
  // threads gave 53 K threads at c = 20, 2^24 against 51 K slots: a second wave of 2.6 K
  // threads, as long as the first.)
  int seg_blocks = 0;
  CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&seg_blocks, window_segments<DC, AC, SegBlocks>, 128, 0));
  const std::size_t slots = std::max<std::size_t>(
      s.Wb, std::size_t(std::max(seg_blocks, 1)) * ctx.sm_count() * 128 / kLanes<DC, AC>);
  s.L = unsigned(std::max<std::size_t>(1, (s.Wb * s.m + slots - 1) / slots));
  while (s.Wb * ((s.m + s.L - 1) / s.L) > slots) ++s.L;
  s.nseg = (s.m + s.L - 1) / s.L;
  // window sums: passes of strided partial sums, each ≤ 4 terms a thread (short chains: 16
  // terms took 2.7 ms of a 2^20 G2 MSM, 4 take 0.6), down to ≤ 8 a window
  for (std::size_t cur = s.nseg; cur > 8;) s.passes.push_back(unsigned(cur = std::max<std::size_t>(8, (cur + 3) / 4)));
  s.P1 = s.passes.empty() ? 1u : s.passes.front();
  s.Pf = s.passes.empty() ? unsigned(s.nseg) : s.passes.back();
  cudaStream_t st = ctx.stream();
  cub::DoubleBuffer<std::uint32_t> kq(nullptr, nullptr), vq(nullptr, nullptr);
  CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, s.sort_temp, kq, vq, s.total, 0, 32, st));
  CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, s.scan_temp, (std::uint32_t*)nullptr,
                                                (std::uint32_t*)nullptr, s.nbuckets + 2, st));
  return s;
}

// Steps 2–8's device arrays, carved from the context's arena.
template <class DC>
struct Arena {
  std::uint32_t *k0, *k1, *v0, *v1;  // keys and values, the sort's double buffers
  void* tmp;                          // CUB scratch (sort, scans)
  std::uint32_t *cnt_b, *off_b;       // chunks a bucket and their offsets (nbuckets + 2)
  std::uint32_t *glist, *ng, *goff;   // the tree's group lists
  std::uint32_t *start, *end;         // each bucket's run of sorted entries
  DXYZZ<DC> *partial, *segs, *p1, *p2;
};

template <class DC>
Arena<DC> carve_arena(Context& ctx, const Shape& s) {
  Carve cv;
  auto o_k0 = cv.take<std::uint32_t>(s.total), o_k1 = cv.take<std::uint32_t>(s.total);
  auto o_v0 = cv.take<std::uint32_t>(s.total), o_v1 = cv.take<std::uint32_t>(s.total);
  auto o_tmp = cv.take<std::uint8_t>(std::max(s.sort_temp, s.scan_temp));
  auto o_cnt_b = cv.take<std::uint32_t>(s.nbuckets + 2), o_off_b = cv.take<std::uint32_t>(s.nbuckets + 2);
  auto o_glist = cv.take<std::uint32_t>(s.max_chunks), o_partial = cv.take<DXYZZ<DC>>(s.max_chunks);
  auto o_start = cv.take<std::uint32_t>(s.nbuckets + 1), o_end = cv.take<std::uint32_t>(s.nbuckets + 1);
  auto o_segs = cv.take<DXYZZ<DC>>(s.Wb * s.nseg), o_p1 = cv.take<DXYZZ<DC>>(s.Wb * s.P1);
  auto o_p2 = cv.take<DXYZZ<DC>>(s.Wb * s.P1);
  auto o_ng = cv.take<std::uint32_t>(s.nbuckets + 2), o_goff = cv.take<std::uint32_t>(s.nbuckets + 2);
  auto& caches = ctx.caches();
  if (caches.msm_arena.size() < cv.off) caches.msm_arena.resize(cv.off);
  std::uint8_t* A = caches.msm_arena.get();
  auto u32 = [&](std::size_t o) { return reinterpret_cast<std::uint32_t*>(A + o); };
  auto pts = [&](std::size_t o) { return reinterpret_cast<DXYZZ<DC>*>(A + o); };
  return {u32(o_k0),  u32(o_k1),      u32(o_v0),   u32(o_v1),   A + o_tmp,  u32(o_cnt_b), u32(o_off_b),
          u32(o_glist), u32(o_ng),    u32(o_goff), u32(o_start), u32(o_end), pts(o_partial), pts(o_segs),
          pts(o_p1),  pts(o_p2)};
}

// 2. digits of the big scalars, then the ones as entries of the ones bucket; 3. sort;
// 4. each bucket's run, its chunk count and offsets. Returns the sorted (key, value) arrays.
template <class DC>
std::pair<const std::uint32_t*, const std::uint32_t*> sort_into_buckets(cudaStream_t st,
                                                                         const Classified<typename DC::Scalar>& cls,
                                                                         bool canonical, const BaseSource& src,
                                                                         const Shape& s, const Arena<DC>& a) {
  const bool shared = src.stride != 0;
  if (cls.nbig) {
    if (canonical)
      digits<typename DC::Scalar, true><<<grid(cls.nbig, 256), 256, 0, st>>>(cls.canon, cls.big, cls.nbig, s.c, s.W, shared ? 0u : 1u,
                                                        std::uint32_t(src.stride), s.sentinel, a.k0, a.v0);
    else
      digits<typename DC::Scalar, false><<<grid(cls.nbig, 256), 256, 0, st>>>(cls.canon, cls.big, cls.nbig, s.c, s.W, shared ? 0u : 1u,
                                                         std::uint32_t(src.stride), s.sentinel, a.k0, a.v0);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  if (cls.nones) {
    ones_entries<<<grid(cls.nones, 256), 256, 0, st>>>(cls.ones, cls.nones, s.ones_key, a.k0 + cls.nbig * s.W,
                                                       a.v0 + cls.nbig * s.W);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  const int end_bit = 32 - __builtin_clz(s.sentinel);
  std::size_t sort_temp = s.sort_temp;
  cub::DoubleBuffer<std::uint32_t> kb(a.k0, a.k1), vb(a.v0, a.v1);
  CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(a.tmp, sort_temp, kb, vb, s.total, 0, end_bit, st));
  // nbuckets + 1 buckets: the windows' and the ones bucket
  const std::size_t nb1 = s.nbuckets + 1;
  CUZK_CUDA_CHECK(cudaMemsetAsync(a.start, 0, nb1 * sizeof(std::uint32_t), st));
  CUZK_CUDA_CHECK(cudaMemsetAsync(a.end, 0, nb1 * sizeof(std::uint32_t), st));
  ranges<<<grid(s.total, 256), 256, 0, st>>>(kb.Current(), s.total, s.sentinel, a.start, a.end);
  CUZK_CUDA_CHECK_LAUNCH();
  return {kb.Current(), vb.Current()};
}

template <class DC>
void count_chunks_of_buckets(cudaStream_t st, const Classified<typename DC::Scalar>& cls, const Shape& s, const Arena<DC>& a) {
  const std::size_t nb1 = s.nbuckets + 1;
  std::size_t scan_temp = s.scan_temp;
  CUZK_CUDA_CHECK(cudaMemsetAsync(cls.counters, 0, sizeof(unsigned), st));
  count_chunks<<<grid(nb1 + 1, 256), 256, 0, st>>>(a.start, a.end, nb1, s.E, a.cnt_b, cls.counters);
  CUZK_CUDA_CHECK_LAUNCH();
  CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(a.tmp, scan_temp, a.cnt_b, a.off_b, nb1 + 1, st));
}

// 5. balanced accumulation of the sorted entries into chunk partials, on AC's arithmetic,
// launched as L says (AccDefault: the product's).
template <class DC, class AC, class L>
void accumulate(cudaStream_t st, const PackedAffine<DC>* d_bases, const std::uint32_t* keys,
                const std::uint32_t* vals, const Shape& s, const Arena<DC>& a) {
  constexpr unsigned threads = L::threads;
  if constexpr (std::is_same_v<AC, DC>)
    accumulate_segments<DC, L><<<grid(s.nthreads, threads), threads, 0, st>>>(d_bases, keys, vals, s.total, s.E,
                                                                             s.sentinel, a.start, a.off_b, a.partial);
  else
    accumulate_segments_pairs<DC, L><<<grid(2 * s.nthreads, threads), threads, 0, st>>>(
        d_bases, keys, vals, s.total, s.E, s.sentinel, a.start, a.off_b, a.partial);
  CUZK_CUDA_CHECK_LAUNCH();
}

// 6. tree over each bucket's chunk partials, in as many levels as the most chunks of one
// bucket need (`most`; a bound from the sizes alone took up to 18 passes over every chunk
// at 2^24 with a table), on AC's arithmetic (G2 on lane pairs with the accumulation:
// 2^20 tree 6.3 → 2.5 ms with the groups).
template <class DC, class AC, class Probe>
void sum_bucket_chunks(cudaStream_t st, unsigned most, const Shape& s, const Arena<DC>& a, Probe& probe) {
  constexpr unsigned lanes = kLanes<DC, AC>;
  const std::size_t nb1 = s.nbuckets + 1;
  std::size_t scan_temp = s.scan_temp;
  for (std::uint64_t g = 1; g < most; g *= kTreeGroup) {
    count_groups<<<grid(nb1 + 1, 256), 256, 0, st>>>(a.cnt_b, nb1, std::uint32_t(g), kTreeGroup, a.ng);
    CUZK_CUDA_CHECK_LAUNCH();
    CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(a.tmp, scan_temp, a.ng, a.goff, nb1 + 1, st));
    fill_groups<<<grid(nb1, 256), 256, 0, st>>>(a.ng, a.goff, nb1, a.glist);
    CUZK_CUDA_CHECK_LAUNCH();
    const std::size_t bound = s.max_chunks / (g * kTreeGroup) + 2 * nb1;  // ≥ Σ_b ⌈⌈cnt_b/g⌉/G⌉
    sum_groups<DC, AC><<<grid(lanes * bound, 128), 128, 0, st>>>(a.partial, a.glist, a.goff, a.off_b, a.cnt_b, nb1,
                                                                 std::uint32_t(g), kTreeGroup);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  probe.mark("tree");
}

// 7. window segments, 8. reduce (segments 7.5 → 5.7 ms of a 2^20 G2 MSM with 4-term
// passes): leaves Pf partial sums a window, queued for the host in host_w.
template <class DC, class AC, unsigned SegBlocks, class HostXYZZ, class Probe>
void reduce_windows(cudaStream_t st, const Shape& s, const Arena<DC>& a, std::vector<HostXYZZ>& host_w,
                    Probe& probe) {
  constexpr unsigned lanes = kLanes<DC, AC>;
  window_segments<DC, AC, SegBlocks><<<grid(lanes * s.Wb * s.nseg, 128), 128, 0, st>>>(a.partial, a.cnt_b, a.off_b, s.Wb, s.m,
                                                                            s.L, s.nseg, a.segs);
  CUZK_CUDA_CHECK_LAUNCH();
  probe.mark("segments");
  const DXYZZ<DC>* in = a.segs;
  std::size_t per = s.nseg;
  DXYZZ<DC>* bufs[2] = {a.p1, a.p2};
  for (std::size_t i = 0; i < s.passes.size(); ++i) {
    reduce<DC, AC><<<grid(lanes * s.Wb * s.passes[i], 64), 64, 0, st>>>(in, per, s.Wb, s.passes[i], bufs[i & 1]);
    CUZK_CUDA_CHECK_LAUNCH();
    in = bufs[i & 1];
    per = s.passes[i];
  }
  probe.mark("reduce");
  CUZK_CUDA_CHECK(cudaMemcpyAsync(host_w.data(), in, s.Wb * s.Pf * sizeof(HostXYZZ), cudaMemcpyDeviceToHost, st));
}

// The ones bucket's sum (the tree left it in its first chunk).
template <class DC, class HostXYZZ>
HostXYZZ read_ones(cudaStream_t st, const Shape& s, const Arena<DC>& a) {
  HostXYZZ ones = HostXYZZ::infinity();
  std::uint32_t slot[2] = {0, 0};  // cnt and off of the ones bucket
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&slot[0], a.cnt_b + s.nbuckets, sizeof(std::uint32_t), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&slot[1], a.off_b + s.nbuckets, sizeof(std::uint32_t), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  if (slot[0]) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(&ones, a.partial + slot[1], sizeof(HostXYZZ), cudaMemcpyDeviceToHost, st));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  }
  return ones;
}

// Σ_w 2^(cw)·S_w by Horner over the windows' partial sums, plus the ones bucket.
template <class HostJac, class HostXYZZ>
HostJac combine_windows(const Shape& s, bool any_big, const std::vector<HostXYZZ>& host_w, const HostXYZZ& ones) {
  HostJac acc = HostJac::infinity();
  if (any_big) {
    for (unsigned w = s.Wb; w-- > 0;) {
      for (unsigned i = 0; i < s.c; ++i) acc = acc.dbl();
      HostXYZZ sum = HostXYZZ::infinity();
      for (unsigned j = 0; j < s.Pf; ++j) sum += host_w[w * s.Pf + j];
      acc += sum.to_jacobian();
    }
  }
  acc += ones.to_jacobian();
  return acc;
}

// Σ scalars[i]·P[first + i]. G2's bucket arithmetic runs on lane pairs (one Fq component a
// lane; on an H200 −17 % at 2^20 and −28 % at 2^24 against one thread a point, BLS12-381;
// BN254's G2 takes the same, untimed) unless
// kG2Pairs is false (the lab's comparison); G1 has no pair kernels. Acc: the accumulation's
// launch (void: AccDefault; the lab passes others).
template <class DC, class HostJac, class HostXYZZ, bool kG2Pairs = true, class Probe = NoProbe, class Acc = void>
HostJac run(Context& ctx, const BaseSource& src, Scalars<typename DC::HostCurve::Scalar> sc, std::size_t n,
            std::size_t first, Probe& probe) {
  static_assert(sizeof(DXYZZ<DC>) == sizeof(HostXYZZ), "device and host XYZZ must share a layout");
  using AC = std::conditional_t<DC::kExtension && kG2Pairs, DPairCurve<DC>, DC>;
  using L = std::conditional_t<std::is_void_v<Acc>, AccDefault<DC, AC>, Acc>;
  if (first + n > src.count)
    throw Error(Error::Kind::BadInput, std::string("MSM over ") + std::to_string(n) + " points from " +
                                           std::to_string(first) + " but only " + std::to_string(src.count) +
                                           " bases are resident");
  if (n >= (std::size_t(1) << 31)) throw Error(Error::Kind::BadInput, "MSM size must be below 2^31");
  if (n == 0) return HostJac::infinity();
  ctx.activate();
  cudaStream_t st = ctx.stream();
  const auto* d_bases = reinterpret_cast<const PackedAffine<DC>*>(src.xy) + first;  // window 0 of a table
  probe.start(st);
  const auto cls = classify_scalars<DC>(ctx, d_bases, sc, n);
  probe.mark("classify");
  if (cls.nbig + cls.nones == 0) return HostJac::infinity();

  const Shape s = shape_for<DC, AC, L::segment_blocks>(ctx, src, n, cls.nbig, cls.nones);
  const Arena<DC> a = carve_arena<DC>(ctx, s);
  const auto [keys, vals] = sort_into_buckets<DC>(st, cls, sc.canonical, src, s, a);
  probe.mark("sort+ranges");
  count_chunks_of_buckets<DC>(st, cls, s, a);
  probe.buckets(a.start, a.end, s.nbuckets, a.off_b + s.nbuckets + 1);
  // the tree's depth, read before the accumulation is queued
  unsigned most = 0;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&most, cls.counters, sizeof(unsigned), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  accumulate<DC, AC, L>(st, d_bases, keys, vals, s, a);
  probe.mark("accumulate");
  sum_bucket_chunks<DC, AC>(st, most, s, a, probe);
  std::vector<HostXYZZ> host_w(s.Wb * s.Pf);
  if (cls.nbig) reduce_windows<DC, AC, L::segment_blocks>(st, s, a, host_w, probe);
  const HostXYZZ ones = read_ones<DC, HostXYZZ>(st, s, a);
  probe.done(DC::name, n, s.c, cls.nbig, cls.nones);
  return combine_windows<HostJac>(s, cls.nbig != 0, host_w, ones);
}
template <class DC, class HostJac, class HostXYZZ>
HostJac run(Context& ctx, const BaseSource& src, Scalars<typename DC::HostCurve::Scalar> sc, std::size_t n,
            std::size_t first) {
  NoProbe none;
  return run<DC, HostJac, HostXYZZ>(ctx, src, sc, n, first, none);
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
