#pragma once
// The NTT pass kernel for n ≥ 1024 (cuda/src only). One launch is one pass of the
// four-step decomposition (see ntt.cu): each block runs k DIF levels of K-point
// sub-DFTs on a tile of K × C elements (C adjacent columns) and then either multiplies
// each element by its inter-pass twiddle, read from a table laid out like the data (one
// product, a coalesced load), or, in the last pass, writes it to its natural-order index.
//
// Levels are grouped into stages: one radix-2 level first when k is odd, then radix-4
// units (two levels, four elements in registers). A thread takes 4 elements per unit;
// the first stage runs straight on the values loaded from device memory and the last
// stage stores straight to it, so shared memory carries only the k/2 − 1 exchanges
// between stages, one barrier each (each thread writes back exactly the slots it read,
// so no second barrier is needed before the next stage's reads). Slots are XOR-swizzled
// so that the stride-4 pattern of the lowest two levels (C = 1) does not put all 32 lanes
// of a warp into one bank. Products: k/2 per element in butterflies (the radix-4 unit at the lowest
// two levels has one, ω_4), plus 1 for the twiddle in all but the last pass.
//
// Every product is by a fixed factor from a table: Montgomery products (tables in
// Montgomery form) or Shoup's products (shoup.cuh: tables of canonical factors beside their
// quotients, TilePass::wq / twq; 207 IMAD a product instead of 264). SHOUP = 0: Montgomery
// throughout; 1: Shoup's for the butterflies' roots (W, 1024 entries), Montgomery's for the
// inter-pass twiddles (tables of 2^h · 32 B); 2: Shoup's for both (tables of 2^h · 64 B).
#include "cuzk/cuda/shoup.cuh"
#include "ntt_io.cuh"

namespace cuzk::cuda::ntt_detail {

template <class HFr>
struct BasicTilePass {
  unsigned L = 0, h = 0, k = 0, logc = 0;  // log n, log N (sub-problem size), levels, log C
  const HFr* w = nullptr;                  // W[j] = ω_2048^j, j < 1024
  const HFr* tw = nullptr;                 // inter-pass twiddles, N entries; null in the last pass
  const HFr* wq = nullptr;                 // Shoup kernels: the quotients of w's and tw's
  const HFr* twq = nullptr;                //   entries (w and tw then hold canonical factors)
  BasicPermute<HFr> pm;                    // the last pass's output map (pm.mode ≥ 0)
};
using TilePass = BasicTilePass<Fr>;

__device__ __forceinline__ unsigned slot(unsigned e) { return e ^ ((e >> 2) & 3u); }

// A factor loaded from a table, and the table: Montgomery form, or Shoup's pair.
template <class DFr>
struct MontFactor {
  DFr w;
  __device__ __forceinline__ DFr mul(const DFr& x) const { return x * w; }
};
template <class DFr>
struct ShoupFactor {
  DFr w, q;
  __device__ __forceinline__ DFr mul(const DFr& x) const { return shoup_mul(x, w, q); }
};
template <class HFr, bool SHOUP>
struct Factors {
  const HFr* w;
  const HFr* q;
  __device__ __forceinline__ auto at(std::size_t i) const {
    if constexpr (SHOUP)
      return ShoupFactor<Field<HFr>>{ldg(w, i), ldg(q, i)};
    else
      return MontFactor<Field<HFr>>{ldg(w, i)};
  }
};

// DIF butterfly (x, y) → (x + y, (x − y)·w), and with w = 1.
template <class DFr, class Factor>
__device__ __forceinline__ void bfly(DFr& x, DFr& y, const Factor& w) {
  DFr d = x - y;
  x = x + y;
  y = w.mul(d);
}
template <class DFr>
__device__ __forceinline__ void bfly(DFr& x, DFr& y) {
  DFr d = x - y;
  x = x + y;
  y = d;
}

// Stage s of a k-level pass: the tile positions of unit u's four elements, and the
// butterflies on them. Stage 0 takes positions u + i·Te/4; with k odd it is the radix-2
// level of half size K/2 (pairs i, i+2); the radix-4 stages after it have quarter size
// q = K >> (2s + 2 − (k & 1)): J0 = 4q·⌊p/q⌋ + r (p = u / C, r = p mod q), elements
// J0 + i·q, level 2q pairs (0,2), (1,3) with ω_4q^r, ω_4q^(r+q), level q pairs (0,1),
// (2,3) with ω_2q^r.
struct Stage {
  unsigned k, logc, s, logq, quarter;
  bool radix2;

  __device__ __forceinline__ Stage(unsigned k_, unsigned logc_, unsigned s_) : k(k_), logc(logc_), s(s_) {
    radix2 = (k & 1) && s == 0;
    logq = radix2 ? 0 : k - (2 * s + 2 - (k & 1));
    quarter = 1u << (k + logc - 2);  // Te/4 (k = 1: C/2, so C ≥ 2 there)
  }
  __device__ __forceinline__ unsigned pos(unsigned u, unsigned i) const {
    if (s == 0) return u + i * quarter;
    const unsigned C = 1u << logc, c = u & (C - 1), p = u >> logc, r = p & ((1u << logq) - 1);
    const unsigned J0 = ((p - r) << 2) + r;
    return ((J0 + (i << logq)) << logc) + c;
  }
  template <class DFr, class Table>
  __device__ __forceinline__ void run(DFr (&x)[4], unsigned u, const Table& W) const {
    if (radix2) {
      if (k == 1) {
        bfly(x[0], x[2]);
        bfly(x[1], x[3]);
      } else {  // pairs (J, J + K/2), twiddle ω_K^J = W[J·2048/K]
        const unsigned J0 = pos(u, 0) >> logc, J1 = pos(u, 1) >> logc;
        bfly(x[0], x[2], W.at(J0 << (kLogW - k)));
        bfly(x[1], x[3], W.at(J1 << (kLogW - k)));
      }
      return;
    }
    if (logq == 0) {  // levels 2 and 1: r = 0, one product (ω_4)
      bfly(x[0], x[2]);
      bfly(x[1], x[3], W.at(1u << (kLogW - 2)));
      bfly(x[0], x[1]);
      bfly(x[2], x[3]);
      return;
    }
    const unsigned r = (u >> logc) & ((1u << logq) - 1), sh = kLogW - 2 - logq;
    const auto wa = W.at(r << sh), wb = W.at((r + (1u << logq)) << sh), wc = W.at(r << (sh + 1));
    bfly(x[0], x[2], wa);
    bfly(x[1], x[3], wb);
    bfly(x[0], x[1], wc);
    bfly(x[2], x[3], wc);
  }
};

// One pass over tiles of K·C ≤ 2^LOGT elements, THREADS threads a block, 2^LOGT/(4·THREADS)
// units per thread at most (done one after the other, so registers hold one unit).
// `in` may equal `out` except in the last pass: every global read of a block happens
// before its first barrier, every write after the last one (or, with one stage, by the
// thread that read the same element).
// Programmatic dependent launch (Hopper; PDL ≠ 0 only where launch_tile launches with the
// attribute): the next pass may be launched before this one has drained, and each of its
// blocks waits here until the pass before it has finished and its writes are visible,
// before its first read or write. PDL = 1: every block also lets the next pass launch at
// once (its blocks may then sit resident beside this pass's last wave); PDL = 2: only a
// block's exit does (the launch overlaps just the drain).
// HFr: the host scalar type of the arrays (bls12_381::Fr by default, bn254::Fr).
template <unsigned LOGT, unsigned THREADS, unsigned MINB, int PDL = 0, int SHOUP = 0, class HFr = Fr>
__global__ void __launch_bounds__(THREADS, MINB) dif_tile(const HFr* in, HFr* out, BasicTilePass<HFr> P) {
  using DFr = Field<HFr>;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if constexpr (PDL != 0) asm volatile("griddepcontrol.wait;" ::: "memory");
  if constexpr (PDL == 1) asm volatile("griddepcontrol.launch_dependents;");
#endif
  extern __shared__ uint4 smem[];
  DFr* tile = reinterpret_cast<DFr*>(smem);
  constexpr unsigned U = (1u << LOGT) / 4 / THREADS;
  const unsigned k = P.k, logc = P.logc, C = 1u << logc;
  const unsigned units = 1u << (k + logc - 2), logM = P.h - k, glog = logM - logc;
  const std::size_t outer = blockIdx.x >> glog;
  const std::size_t l0 = std::size_t(blockIdx.x & ((1u << glog) - 1)) << logc;
  const std::size_t sub = outer << P.h;  // this sub-problem's first index
  // tile position e ↔ sub-problem index (e / C)·M + l0 + e mod C
  auto idx = [&](unsigned e) { return (std::size_t(e >> logc) << logM) + l0 + (e & (C - 1)); };
  const unsigned nst = (k & 1) + k / 2;
  const Factors<HFr, (SHOUP >= 1)> W{P.w, P.wq};
  const Factors<HFr, (SHOUP == 2)> TW{P.tw, P.twq};

  auto finish = [&](DFr (&x)[4], const Stage& st, unsigned u) {
#pragma unroll
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned e = st.pos(u, i);
      if (P.pm.mode >= 0) {
        P.pm.put(out, P.L, std::uint32_t(sub + e), x[i]);  // last pass: C = 1, M = 1
      } else {
        const std::size_t j = idx(e);
        store(out, sub + j, TW.at(j).mul(x[i]));
      }
    }
  };

  {
    const Stage st(k, logc, 0);
#pragma unroll 1
    for (unsigned jj = 0; jj < U; ++jj) {
      const unsigned u = threadIdx.x + jj * THREADS;
      if (u >= units) break;
      DFr x[4];
#pragma unroll
      for (unsigned i = 0; i < 4; ++i) x[i] = load(in, sub + idx(st.pos(u, i)));
      st.run(x, u, W);
      if (nst == 1) {
        finish(x, st, u);
      } else {
#pragma unroll
        for (unsigned i = 0; i < 4; ++i) tile[slot(st.pos(u, i))] = x[i];
      }
    }
  }
#pragma unroll 1
  for (unsigned s = 1; s < nst; ++s) {
    __syncthreads();
    const Stage st(k, logc, s);
#pragma unroll 1
    for (unsigned jj = 0; jj < U; ++jj) {
      const unsigned u = threadIdx.x + jj * THREADS;
      if (u >= units) break;
      DFr x[4];
#pragma unroll
      for (unsigned i = 0; i < 4; ++i) x[i] = tile[slot(st.pos(u, i))];
      st.run(x, u, W);
      if (s + 1 == nst) {
        finish(x, st, u);
      } else {
#pragma unroll
        for (unsigned i = 0; i < 4; ++i) tile[slot(st.pos(u, i))] = x[i];
      }
    }
  }
}

}  // namespace cuzk::cuda::ntt_detail
