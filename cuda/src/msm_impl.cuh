#pragma once
// Pippenger MSM on the device, generic over the device curve (DG1Curve, DG2Curve).
//
//  1. classify   one thread per scalar: Montgomery → canonical (1M); 0 → dropped,
//                1 → "ones" list, else → "big" list (warp-aggregated atomic appends).
//                The host reads the two counts; the window c follows the big count.
//  2. digits     one thread per big scalar: W = ⌈256/c⌉ signed c-bit digits
//                d ∈ (−2^(c−1), 2^(c−1)] (raw window + carry; raw > 2^(c−1) → raw − 2^c,
//                carry 1; Wc ≥ 256 and r < 2^255 leave no final carry). Key (w, |d|−1),
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

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <vector>

#include "caches.hpp"
#include "msm_buckets.cuh"
#include "msm_profile.hpp"
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
template <class DC>
__global__ void classify(const Fr* __restrict__ scalars, std::size_t n, const PackedAffine<DC>* __restrict__ bases,
                         DFr* __restrict__ canon, std::uint32_t* big, std::uint32_t* ones, unsigned* counters) {
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
__global__ void digits(const DFr* __restrict__ canon, const std::uint32_t* __restrict__ big, std::size_t nbig,
                       unsigned c, unsigned W, std::uint32_t wkey, std::uint32_t stride, std::uint32_t sentinel,
                       std::uint32_t* __restrict__ keys, std::uint32_t* __restrict__ vals) {
  std::size_t t = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (t >= nbig) return;
  std::uint32_t idx = big[t];
  DFr s = canon[idx];
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

// Profiling only: counters[0] = longest bucket run, counters[1] = non-empty buckets.
__global__ void run_stats(const std::uint32_t* __restrict__ start, const std::uint32_t* __restrict__ end,
                          std::size_t nbuckets, unsigned* counters) {
  std::size_t b = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (b >= nbuckets) return;
  std::uint32_t len = end[b] - start[b];
  if (len) {
    atomicMax(&counters[0], len);
    atomicAdd(&counters[1], 1u);
  }
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

template <class DC, class HostJac, class HostXYZZ>
HostJac run(Context& ctx, const BaseSource& src, const Fr* scalars, std::size_t n, std::size_t first) {
  static_assert(sizeof(DXYZZ<DC>) == sizeof(HostXYZZ), "device and host XYZZ must share a layout");
  if (first + n > src.count)
    throw Error(Error::Kind::BadInput, std::string("MSM over ") + std::to_string(n) + " points from " +
                                           std::to_string(first) + " but only " + std::to_string(src.count) +
                                           " bases are resident");
  if (n >= (std::size_t(1) << 31)) throw Error(Error::Kind::BadInput, "MSM size must be below 2^31");
  if (n == 0) return HostJac::infinity();
  ctx.activate();
  cudaStream_t st = ctx.stream();
  auto& caches = ctx.caches();
  const auto* d_bases = reinterpret_cast<const PackedAffine<DC>*>(src.xy) + first;  // window 0 of a table

  // scalars: host → staged copy; device → used in place
  cudaPointerAttributes attr{};
  CUZK_CUDA_CHECK(cudaPointerGetAttributes(&attr, scalars));
  const Fr* d_scalars = scalars;
  if (attr.type != cudaMemoryTypeDevice && attr.type != cudaMemoryTypeManaged) {
    caches.msm_scalars.upload(scalars, n, st);
    d_scalars = caches.msm_scalars.get();
  }

  // 1. classify (its own buffer: the arena below is sized by the counts it finds)
  Carve cc;
  auto o_canon = cc.take<DFr>(n), o_big = cc.take<std::uint32_t>(n), o_ones = cc.take<std::uint32_t>(n);
  auto o_cnt = cc.take<unsigned>(3);  // big, ones; [2]: most chunks of one bucket
  if (caches.msm_class.size() < cc.off) caches.msm_class.resize(cc.off);
  std::uint8_t* C = caches.msm_class.get();
  auto* canon = reinterpret_cast<DFr*>(C + o_canon);
  auto* big = reinterpret_cast<std::uint32_t*>(C + o_big);
  auto* ones = reinterpret_cast<std::uint32_t*>(C + o_ones);
  auto* cnt = reinterpret_cast<unsigned*>(C + o_cnt);
  Profile prof(st, ctx.options().msm_profile);
  CUZK_CUDA_CHECK(cudaMemsetAsync(cnt, 0, 2 * sizeof(unsigned), st));
  classify<DC><<<grid(n, 256), 256, 0, st>>>(d_scalars, n, d_bases, canon, big, ones, cnt);
  CUZK_CUDA_CHECK_LAUNCH();
  unsigned counts[2];
  CUZK_CUDA_CHECK(cudaMemcpyAsync(counts, cnt, sizeof(counts), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  const std::size_t nbig = counts[0], nones = counts[1];
  prof.mark("classify");
  if (nbig + nones == 0) return HostJac::infinity();

  // The window follows the scalars that need buckets (a witness: ~14 % of n).
  // With a table every window shares one bucket set (Wb = 1) and c is the table's.
  const bool shared = src.stride != 0;
  const unsigned c = shared ? src.c : msm_window_bits(std::max<std::size_t>(nbig, 1), DC::name, ctx.options());
  const unsigned W = (SCALAR_BITS + c - 1) / c, Wb = shared ? 1 : W;
  const std::size_t total = nbig * W + nones;
  if (total >= (std::size_t(1) << 32))
    throw Error(Error::Kind::BadInput, "MSM of " + std::to_string(n) + " points needs more than 2^32 digits");
  const std::size_t m = std::size_t(1) << (c - 1), nbuckets = Wb * m;  // + the ones bucket at index nbuckets
  const std::uint32_t ones_key = std::uint32_t(nbuckets), sentinel = ones_key + 1;
  const std::uint32_t E = segment_entries(total);
  const std::size_t nthreads = (total + E - 1) / E;
  const std::size_t max_chunks = nthreads + nbuckets + 1;  // each segment starts ≤ 1 extra chunk
  // Segments of L buckets, one thread each, every one a chain of 2L additions: as many as
  // fill the GPU's resident thread slots once and no more. (A power-of-two L for ~2^15
  // threads gave 53 K threads at c = 20, 2^24 against 51 K slots: a second wave of 2.6 K
  // threads, as long as the first.)
  bool on_pairs = false;  // G2 on lane pairs (--msm-g2-lanes 2, the default); G1 has no pair kernel
  if constexpr (std::is_same_v<DC, DG2Curve>) on_pairs = ctx.options().msm_g2_lanes == 2;
  int seg_blocks = 0;
  if (on_pairs) {
    if constexpr (std::is_same_v<DC, DG2Curve>)
      CUZK_CUDA_CHECK(
          cudaOccupancyMaxActiveBlocksPerMultiprocessor(&seg_blocks, window_segments<DC, DG2PairCurve>, 128, 0));
  } else {
    CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&seg_blocks, window_segments<DC, DC>, 128, 0));
  }
  const std::size_t slots =
      std::max<std::size_t>(Wb, std::size_t(std::max(seg_blocks, 1)) * ctx.sm_count() * 128 / (on_pairs ? 2 : 1));
  unsigned L = unsigned(std::max<std::size_t>(1, (Wb * m + slots - 1) / slots));
  while (Wb * ((m + L - 1) / L) > slots) ++L;
  const std::size_t nseg = (m + L - 1) / L;
  // window sums: passes of strided partial sums, each ≤ 4 terms a thread (short chains: 16
  // terms took 2.7 ms of a 2^20 G2 MSM, 4 take 0.6), down to ≤ 8 a window
  std::vector<unsigned> passes;  // parts per window after each pass
  for (std::size_t cur = nseg; cur > 8;) passes.push_back(unsigned(cur = std::max<std::size_t>(8, (cur + 3) / 4)));
  const unsigned P1 = passes.empty() ? 1u : passes.front();
  const unsigned Pf = passes.empty() ? unsigned(nseg) : passes.back();

  std::size_t sort_temp = 0, scan_temp = 0;
  {
    cub::DoubleBuffer<std::uint32_t> kq(nullptr, nullptr), vq(nullptr, nullptr);
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, sort_temp, kq, vq, total, 0, 32, st));
  }
  CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, scan_temp, (std::uint32_t*)nullptr, (std::uint32_t*)nullptr,
                                                nbuckets + 2, st));
  Carve cv;
  auto o_k0 = cv.take<std::uint32_t>(total), o_k1 = cv.take<std::uint32_t>(total);
  auto o_v0 = cv.take<std::uint32_t>(total), o_v1 = cv.take<std::uint32_t>(total);
  auto o_tmp = cv.take<std::uint8_t>(std::max(sort_temp, scan_temp));
  auto o_cnt_b = cv.take<std::uint32_t>(nbuckets + 2), o_off_b = cv.take<std::uint32_t>(nbuckets + 2);
  auto o_glist = cv.take<std::uint32_t>(max_chunks), o_partial = cv.take<DXYZZ<DC>>(max_chunks);
  auto o_start = cv.take<std::uint32_t>(nbuckets + 1), o_end = cv.take<std::uint32_t>(nbuckets + 1);
  auto o_segs = cv.take<DXYZZ<DC>>(Wb * nseg), o_p1 = cv.take<DXYZZ<DC>>(Wb * P1);
  auto o_p2 = cv.take<DXYZZ<DC>>(Wb * P1);
  auto o_ng = cv.take<std::uint32_t>(nbuckets + 2), o_goff = cv.take<std::uint32_t>(nbuckets + 2);
  if (caches.msm_arena.size() < cv.off) caches.msm_arena.resize(cv.off);
  std::uint8_t* A = caches.msm_arena.get();
  auto at = [&](std::size_t o) { return A + o; };
  auto* k0 = reinterpret_cast<std::uint32_t*>(at(o_k0));
  auto* k1 = reinterpret_cast<std::uint32_t*>(at(o_k1));
  auto* v0 = reinterpret_cast<std::uint32_t*>(at(o_v0));
  auto* v1 = reinterpret_cast<std::uint32_t*>(at(o_v1));
  auto* start = reinterpret_cast<std::uint32_t*>(at(o_start));
  auto* end = reinterpret_cast<std::uint32_t*>(at(o_end));
  auto* segs = reinterpret_cast<DXYZZ<DC>*>(at(o_segs));
  auto* cnt_b = reinterpret_cast<std::uint32_t*>(at(o_cnt_b));
  auto* off_b = reinterpret_cast<std::uint32_t*>(at(o_off_b));
  auto* glist = reinterpret_cast<std::uint32_t*>(at(o_glist));
  auto* partial = reinterpret_cast<DXYZZ<DC>*>(at(o_partial));
  auto* p1 = reinterpret_cast<DXYZZ<DC>*>(at(o_p1));
  auto* p2 = reinterpret_cast<DXYZZ<DC>*>(at(o_p2));
  auto* ng = reinterpret_cast<std::uint32_t*>(at(o_ng));
  auto* goff = reinterpret_cast<std::uint32_t*>(at(o_goff));

  // 2. digits of the big scalars, then the ones as entries of the ones bucket; 3. sort
  if (nbig) {
    digits<<<grid(nbig, 256), 256, 0, st>>>(canon, big, nbig, c, W, shared ? 0u : 1u, std::uint32_t(src.stride),
                                            sentinel, k0, v0);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  if (nones) {
    ones_entries<<<grid(nones, 256), 256, 0, st>>>(ones, nones, ones_key, k0 + nbig * W, v0 + nbig * W);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  const int end_bit = 32 - __builtin_clz(sentinel);
  cub::DoubleBuffer<std::uint32_t> kb(k0, k1), vb(v0, v1);
  CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(at(o_tmp), sort_temp, kb, vb, total, 0, end_bit, st));
  // 4. runs and chunks (nbuckets + 1 buckets: the windows' and the ones bucket)
  const std::size_t nb1 = nbuckets + 1;
  CUZK_CUDA_CHECK(cudaMemsetAsync(start, 0, nb1 * sizeof(std::uint32_t), st));
  CUZK_CUDA_CHECK(cudaMemsetAsync(end, 0, nb1 * sizeof(std::uint32_t), st));
  ranges<<<grid(total, 256), 256, 0, st>>>(kb.Current(), total, sentinel, start, end);
  CUZK_CUDA_CHECK_LAUNCH();
  prof.mark("sort+ranges");
  CUZK_CUDA_CHECK(cudaMemsetAsync(cnt + 2, 0, sizeof(unsigned), st));
  count_chunks<<<grid(nb1 + 1, 256), 256, 0, st>>>(start, end, nb1, E, cnt_b, cnt + 2);
  CUZK_CUDA_CHECK_LAUNCH();
  CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(at(o_tmp), scan_temp, cnt_b, off_b, nb1 + 1, st));
  if (prof.on) {  // run lengths and chunk count (synchronises: profiling only)
    CUZK_CUDA_CHECK(cudaMemsetAsync(cnt, 0, 2 * sizeof(unsigned), st));
    run_stats<<<grid(nbuckets, 256), 256, 0, st>>>(start, end, nbuckets, cnt);
    CUZK_CUDA_CHECK_LAUNCH();
    CUZK_CUDA_CHECK(cudaMemcpyAsync(prof.stats, cnt, 2 * sizeof(unsigned), cudaMemcpyDeviceToHost, st));
    CUZK_CUDA_CHECK(cudaMemcpyAsync(prof.stats + 2, off_b + nb1, sizeof(unsigned), cudaMemcpyDeviceToHost, st));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
    prof.mark("chunks");
  }
  // 5. balanced accumulation; 6. tree over each bucket's chunk partials, in as many levels
  // as the most chunks of one bucket need (read here, before the accumulation is queued:
  // a bound from the sizes alone took up to 18 passes over every chunk at 2^24 with a table)
  unsigned most = 0;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&most, cnt + 2, sizeof(unsigned), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  if (on_pairs) {
    if constexpr (std::is_same_v<DC, DG2Curve>) {
      constexpr unsigned threads = kAccThreads<DC, DG2PairCurve>;
      accumulate_segments_pairs<DC><<<grid(2 * nthreads, threads), threads, 0, st>>>(
          d_bases, kb.Current(), vb.Current(), total, E, sentinel, start, off_b, partial);
    }
  } else {
    constexpr unsigned threads = kAccThreads<DC, DC>;
    accumulate_segments<DC><<<grid(nthreads, threads), threads, 0, st>>>(d_bases, kb.Current(), vb.Current(), total,
                                                                        E, sentinel, start, off_b, partial);
  }
  CUZK_CUDA_CHECK_LAUNCH();
  prof.mark("accumulate");
  std::vector<HostXYZZ> host_w(Wb * Pf);
  HostXYZZ host_ones = HostXYZZ::infinity();
  // 6. tree, 7. window segments, 8. reduce, on AC's arithmetic: G2 on lane pairs with the
  // accumulation (2^20: tree 6.3 → 2.5 ms, segments 7.5 → 5.7 with the groups and 4-term
  // reduce passes)
  auto reduction = [&](auto* tag) {
    using AC = std::remove_pointer_t<decltype(tag)>;
    constexpr unsigned lanes = kLanes<DC, AC>;
    for (std::uint64_t s = 1; s < most; s *= kTreeGroup) {
      count_groups<<<grid(nb1 + 1, 256), 256, 0, st>>>(cnt_b, nb1, std::uint32_t(s), kTreeGroup, ng);
      CUZK_CUDA_CHECK_LAUNCH();
      CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(at(o_tmp), scan_temp, ng, goff, nb1 + 1, st));
      fill_groups<<<grid(nb1, 256), 256, 0, st>>>(ng, goff, nb1, glist);
      CUZK_CUDA_CHECK_LAUNCH();
      const std::size_t bound = max_chunks / (s * kTreeGroup) + 2 * nb1;  // ≥ Σ_b ⌈⌈cnt_b/s⌉/G⌉
      sum_groups<DC, AC><<<grid(lanes * bound, 128), 128, 0, st>>>(partial, glist, goff, off_b, cnt_b, nb1,
                                                                   std::uint32_t(s), kTreeGroup);
      CUZK_CUDA_CHECK_LAUNCH();
    }
    prof.mark("tree");
    if (!nbig) return;
    window_segments<DC, AC><<<grid(lanes * Wb * nseg, 128), 128, 0, st>>>(partial, cnt_b, off_b, Wb, m, L, nseg,
                                                                            segs);
    CUZK_CUDA_CHECK_LAUNCH();
    prof.mark("segments");
    const DXYZZ<DC>* in = segs;
    std::size_t per = nseg;
    DXYZZ<DC>* bufs[2] = {p1, p2};
    for (std::size_t i = 0; i < passes.size(); ++i) {
      reduce<DC, AC><<<grid(lanes * Wb * passes[i], 64), 64, 0, st>>>(in, per, Wb, passes[i], bufs[i & 1]);
      CUZK_CUDA_CHECK_LAUNCH();
      in = bufs[i & 1];
      per = passes[i];
    }
    prof.mark("reduce");
    CUZK_CUDA_CHECK(cudaMemcpyAsync(host_w.data(), in, Wb * Pf * sizeof(HostXYZZ), cudaMemcpyDeviceToHost, st));
  };
  if (on_pairs) {
    if constexpr (std::is_same_v<DC, DG2Curve>) reduction(static_cast<DG2PairCurve*>(nullptr));
  } else {
    reduction(static_cast<DC*>(nullptr));
  }
  std::uint32_t ones_slot[2] = {0, 0};  // cnt and off of the ones bucket
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&ones_slot[0], cnt_b + nbuckets, sizeof(std::uint32_t), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&ones_slot[1], off_b + nbuckets, sizeof(std::uint32_t), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  if (ones_slot[0]) {
    CUZK_CUDA_CHECK(
        cudaMemcpyAsync(&host_ones, partial + ones_slot[1], sizeof(HostXYZZ), cudaMemcpyDeviceToHost, st));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  }
  prof.print(DC::name, n, c, nbig, nones);

  HostJac acc = HostJac::infinity();
  if (nbig) {
    for (unsigned w = Wb; w-- > 0;) {
      for (unsigned i = 0; i < c; ++i) acc = acc.dbl();
      HostXYZZ s = HostXYZZ::infinity();
      for (unsigned j = 0; j < Pf; ++j) s += host_w[w * Pf + j];
      acc += s.to_jacobian();
    }
  }
  acc += host_ones.to_jacobian();
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
