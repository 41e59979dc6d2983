#pragma once
// The MSM's point kernels (msm_impl.cuh has the steps and the driver): the balanced bucket
// accumulation (one thread, or for G2 a lane pair, a segment of sorted entries), the tree
// over each bucket's chunk partials, the window reduction by segments and the strided sums.
#include <cstdint>
#include <type_traits>

#include "cuzk/cuda/curves.cuh"
#include "cuzk/cuda/fq2_pair.cuh"

namespace cuzk::cuda::msm_detail {
// One thread per segment of E consecutive sorted entries (every thread the same number of
// additions, whatever the bucket sizes: a witness's repeated values make a few buckets
// hundreds of times longer than the rest, and a thread per bucket left whole warps
// waiting on them). A thread sums ±P in XYZZ (madd-2008-s, 8M + 2S) and writes one
// partial per bucket it meets, at the bucket's chunk slot for this segment.
// AC, the curve the arithmetic runs on: DC itself, or for G2 DPairCurve<DC> (the product's;
// one thread a G2 point is the lab's comparison), a lane pair per segment with one Fq
// component a lane (fq2_pair.cuh); both lanes take every branch together, and memory keeps
// DC's layout.
template <class DC>
__device__ __forceinline__ ec::Affine<DC> load_point(const PackedAffine<DC>& p, DC*) {
  return p.unpack();
}
template <class DC>
__device__ __forceinline__ ec::Affine<DPairCurve<DC>> load_point(const PackedAffine<DC>& p, DPairCurve<DC>*) {
  return load_pair(p);
}
template <class DC>
__device__ __forceinline__ void store_point(DXYZZ<DC>& out, const DXYZZ<DC>& v) {
  out = v;
}
template <class DC>
__device__ __forceinline__ void store_point(DXYZZ<DC>& out, const DXYZZ<DPairCurve<DC>>& v) {
  store_pair(out, v);
}
template <class DC>
__device__ __forceinline__ DXYZZ<DC> load_xyzz(const DXYZZ<DC>& p, DC*) {
  return p;
}
template <class DC>
__device__ __forceinline__ DXYZZ<DPairCurve<DC>> load_xyzz(const DXYZZ<DC>& p, DPairCurve<DC>*) {
  return load_pair(p);
}
template <class DC, class AC>
inline constexpr unsigned kLanes = std::is_same_v<AC, DC> ? 1 : 2;

// Threads a block of the accumulation: a whole SM's resident warps in one block (G1: 512
// threads at 128 registers; G2 lane pairs: 384 at 168), so that warps sharing an SM sit at
// nearby places of the loop body (G1's is ~11 K instructions, 176 KB of SASS: ncu had 40 % of
// the warps' cycles stalled on instruction fetch with blocks of 128 drifting apart). G1 also
// runs in step (kAccLockstep): a barrier after every entry, so that one fetch of each line
// serves all 16 warps; G2's pairs ran 1–2 % faster without it. G1 2^24 (H100): accumulation
// 112.3 → 99.6 ms, G2 2^22 −3 %, against blocks of 128 without barriers. The one-lane
// G2 loop (255 registers, 2 blocks of 128) keeps 128.
// A curve of 8-limb Fq (BN254: two thirds of the registers a point) was timed apart, on the
// same inputs with eleven launches (H100, 2^22 and 2^24): G1 best at two blocks of 384 an SM in
// step (≤ 85 registers; −5 % of the MSM against the 12-limb launch; one block of 640, 768 or
// 1024 in step was 7–12 % slower than it), G2's pairs at one block of 512 in step (≤ 128
// registers; −7 %).
template <class DC>
inline constexpr bool kNarrowFq = sizeof(typename DC::Field) / (DC::kExtension ? 2 : 1) <= 32;
template <class DC, class AC>
inline constexpr unsigned kAccThreads =
    std::is_same_v<DC, AC> ? (!DC::kExtension ? (kNarrowFq<DC> ? 384 : 512) : 128) : (kNarrowFq<DC> ? 512 : 384);
template <class DC, class AC>
inline constexpr bool kAccLockstep = std::is_same_v<AC, DC> ? !DC::kExtension : kNarrowFq<DC>;

// Resident threads an SM that ptxas must allow, in units of 128 (the launch bound divides it
// by the block): G1 at 4 (128 registers, 48 B spilled) ran 3–7 % faster than with no bound
// (172 registers, 2 × 128) or 3 (168): the gather's latency wants warps more than the spills
// cost (measured on an H100); an 8-limb G1 at 6 (≤ 85 registers). G2's one-thread loop keeps
// no bound (255 registers and spills at any count). G2 on lane pairs: 3 × 128 threads an SM
// (≤ 168 registers; one block of 384) where the one-thread G2 loop fits 2 × 128 (255
// registers and spills); a bound of 2 × 128 (232 registers, no spill) ran 22–39 % slower; an
// 8-limb G2 on pairs at 4 (≤ 128 registers).
template <class DC, class AC>
inline constexpr unsigned kAccSmThreads =
    std::is_same_v<DC, AC> ? (!DC::kExtension ? (kNarrowFq<DC> ? 6 : 4) : 1) * 128 : (kNarrowFq<DC> ? 4 : 3) * 128;

// One launch of the accumulation: threads a block, the resident threads an SM the launch
// bound asks ptxas for, and whether the block runs in step. The product's is AccDefault;
// the lab instantiates others to measure them against it.
// SegBlocks: the window segments' launch bound, blocks of 128 an SM (segment_blocks below).
template <unsigned Threads, unsigned SmThreads, bool Lockstep, unsigned SegBlocks = 1>
struct AccLaunch {
  static_assert(Threads % 64 == 0 && SmThreads % Threads == 0, "whole lane pairs; whole blocks an SM");
  static constexpr unsigned threads = Threads;
  static constexpr unsigned min_blocks = SmThreads / Threads;
  static constexpr bool lockstep = Lockstep;
  static constexpr unsigned segment_blocks = SegBlocks;
};
template <class DC, class AC>
using AccDefault = AccLaunch<kAccThreads<DC, AC>, kAccSmThreads<DC, AC>, kAccLockstep<DC, AC>>;

template <class DC, class AC, bool kLockstep>
__device__ __forceinline__ void accumulate_segment(const PackedAffine<DC>* __restrict__ bases,
                                                   const std::uint32_t* __restrict__ keys,
                                                   const std::uint32_t* __restrict__ vals, std::size_t total,
                                                   std::uint32_t E, std::uint32_t sentinel,
                                                   const std::uint32_t* __restrict__ start,
                                                   const std::uint32_t* __restrict__ off,
                                                   DXYZZ<DC>* __restrict__ partial) {
  constexpr unsigned lanes = std::is_same_v<AC, DC> ? 1 : 2;
  const std::size_t t = (blockIdx.x * std::size_t(blockDim.x) + threadIdx.x) / lanes;
  const std::size_t j0 = t * E;
  if constexpr (kLockstep) {
    // Every thread of the block takes E turns and the barrier after each (so none may
    // return early); a thread past its segment's end or the sentinel idles through the rest.
    std::uint32_t key = j0 < total ? keys[j0] : sentinel;
    const std::size_t j1 = j0 < total ? min(total, j0 + E) : j0;
    bool done = key >= sentinel;
    DXYZZ<AC> acc;
    for (std::uint32_t i = 0; i < E; ++i) {
      const std::size_t j = j0 + i;
      if (!done && j >= j1) done = true;
      if (!done) {
        const std::uint32_t k = keys[j];
        if (k != key) {
          store_point(partial[off[key] + std::uint32_t(t) - start[key] / E], acc);
          acc = DXYZZ<AC>();
          key = k;
          done = k >= sentinel;
        }
        if (!done) {
          const std::uint32_t v = vals[j];
          ec::Affine<AC> p = load_point(bases[v & 0x7fffffffu], static_cast<AC*>(nullptr));
          if (v >> 31) p.y = -p.y;
          acc = acc.add_mixed(p);
        }
      }
      __syncthreads();
    }
    if (key < sentinel) store_point(partial[off[key] + std::uint32_t(t) - start[key] / E], acc);
    return;
  }
  if (j0 >= total) return;
  const std::size_t j1 = min(total, j0 + E);
  std::uint32_t key = keys[j0];
  if (key >= sentinel) return;
  DXYZZ<AC> acc;
  for (std::size_t j = j0; j < j1; ++j) {
    const std::uint32_t k = keys[j];
    if (k != key) {
      store_point(partial[off[key] + std::uint32_t(t) - start[key] / E], acc);
      acc = DXYZZ<AC>();
      key = k;
      if (k >= sentinel) break;
    }
    const std::uint32_t v = vals[j];
    ec::Affine<AC> p = load_point(bases[v & 0x7fffffffu], static_cast<AC*>(nullptr));
    if (v >> 31) p.y = -p.y;
    acc = acc.add_mixed(p);
  }
  if (key < sentinel) store_point(partial[off[key] + std::uint32_t(t) - start[key] / E], acc);
}

// The accumulation, one thread a point (G1; the lab's one-thread G2), or G2 on lane pairs.
// Templates only so that the translation units without a G2 MSM do not compile the pairs.
template <class DC, class L = AccDefault<DC, DC>>
__global__ void __launch_bounds__(L::threads, L::min_blocks)
    accumulate_segments(const PackedAffine<DC>* __restrict__ bases, const std::uint32_t* __restrict__ keys,
                        const std::uint32_t* __restrict__ vals, std::size_t total, std::uint32_t E,
                        std::uint32_t sentinel, const std::uint32_t* __restrict__ start,
                        const std::uint32_t* __restrict__ off, DXYZZ<DC>* __restrict__ partial) {
  accumulate_segment<DC, DC, L::lockstep>(bases, keys, vals, total, E, sentinel, start, off, partial);
}
template <class DC, class L = AccDefault<DC, DPairCurve<DC>>>
__global__ void __launch_bounds__(L::threads, L::min_blocks)
    accumulate_segments_pairs(const PackedAffine<DC>* __restrict__ bases, const std::uint32_t* __restrict__ keys,
                              const std::uint32_t* __restrict__ vals, std::size_t total, std::uint32_t E,
                              std::uint32_t sentinel, const std::uint32_t* __restrict__ start,
                              const std::uint32_t* __restrict__ off, DXYZZ<DC>* __restrict__ partial) {
  static_assert(DC::kExtension, "lane pairs are for G2");
  accumulate_segment<DC, DPairCurve<DC>, L::lockstep>(bases, keys, vals, total, E, sentinel, start, off, partial);
}

// The tree over each bucket's chunk partials (contiguous from off[b]) by groups: level s
// (1, G, G², …) sees bucket b's items at off[b] + t·s, t < ⌈cnt[b]/s⌉, and one thread sums
// each run of G items into its first; after ⌈log_G max cnt⌉ levels partial[off[b]] holds
// the bucket. Only buckets with two items or more take threads, listed by a scan. (Passes
// of a thread per chunk adding partial[i + s] for ranks ≡ 0 mod 2s ran every warp at 1/2,
// 1/4, 1/8 of its lanes: 6.3 ms of a 2^20 G2 MSM against 2.5 by groups, with the pairs.)
// The group lists come from count_groups and fill_groups (msm_impl.cuh).
inline constexpr std::uint32_t kTreeGroup = 16;
template <class DC, class AC = DC>
__global__ void sum_groups(DXYZZ<DC>* __restrict__ partial, const std::uint32_t* __restrict__ glist,
                           const std::uint32_t* __restrict__ goff, const std::uint32_t* __restrict__ off,
                           const std::uint32_t* __restrict__ cnt, std::size_t nb1, std::uint32_t s,
                           std::uint32_t G) {
  std::size_t j = (blockIdx.x * std::size_t(blockDim.x) + threadIdx.x) / kLanes<DC, AC>;
  if (j >= goff[nb1]) return;
  const std::uint32_t b = glist[j], t0 = (std::uint32_t(j) - goff[b]) * G;
  const std::uint32_t items = (cnt[b] + s - 1) / s, t1 = min(items, t0 + G);
  DXYZZ<DC>* base = partial + off[b];
  DXYZZ<AC> acc = load_xyzz(base[std::size_t(t0) * s], static_cast<AC*>(nullptr));
  for (std::uint32_t t = t0 + 1; t < t1; ++t) acc += load_xyzz(base[std::size_t(t) * s], static_cast<AC*>(nullptr));
  store_point(base[std::size_t(t0) * s], acc);
}

// Bucket reduction by segments of L buckets (the last of a window shorter when L does not
// divide m), one thread per (window, segment): running sums from the top give
// Σ_j (j − sL + 1)·B_j and S = Σ_j B_j over the segment (2 additions per bucket,
// add-2008-s), then + (sL)·S by double-and-add; the window is then the plain sum of its
// nseg = ⌈m/L⌉ segments. B_j is partial[off[j]] after the tree.
// G1 at 4 blocks an SM (128 registers, 100 B spilled) ran 0.5–4 % slower than this (168).
// SegBlocks: the bound's blocks of 128 an SM (the lab times others).
template <class DC, class AC = DC, unsigned SegBlocks = 1>
__global__ void __launch_bounds__(128, SegBlocks)
    window_segments(const DXYZZ<DC>* __restrict__ partial, const std::uint32_t* __restrict__ cnt,
                    const std::uint32_t* __restrict__ off, unsigned W, std::size_t m, unsigned L, std::size_t nseg,
                    DXYZZ<DC>* __restrict__ out) {
  std::size_t id = (blockIdx.x * std::size_t(blockDim.x) + threadIdx.x) / kLanes<DC, AC>;
  if (id >= W * nseg) return;
  const std::size_t w = id / nseg, sg = id % nseg, b0 = w * m + sg * L;
  DXYZZ<AC> run, tot;
  for (unsigned j = unsigned(min(std::size_t(L), m - sg * L)); j-- > 0;) {
    std::size_t b = b0 + j;
    if (cnt[b]) run += load_xyzz(partial[off[b]], static_cast<AC*>(nullptr));
    tot += run;
  }
  std::uint32_t v = std::uint32_t(sg * L);
  if (v && !run.is_inf()) {
    DXYZZ<AC> r = run;
    for (int i = 30 - __clz(v); i >= 0; --i) {
      r = r.dbl();
      if ((v >> i) & 1) r += run;
    }
    tot += r;
  }
  store_point(out[id], tot);
}

// out[g·parts + t] = Σ_k in[g·per + t + k·parts]
template <class DC, class AC = DC>
__global__ void reduce(const DXYZZ<DC>* __restrict__ in, std::size_t per, unsigned groups, unsigned parts,
                       DXYZZ<DC>* __restrict__ out) {
  std::size_t id = (blockIdx.x * std::size_t(blockDim.x) + threadIdx.x) / kLanes<DC, AC>;
  if (id >= std::size_t(groups) * parts) return;
  std::size_t g = id / parts, t = id % parts;
  DXYZZ<AC> acc;
  for (std::size_t j = t; j < per; j += parts) acc += load_xyzz(in[g * per + j], static_cast<AC*>(nullptr));
  store_point(out[id], acc);
}

}  // namespace cuzk::cuda::msm_detail
