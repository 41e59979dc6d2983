#pragma once
// The simple NTT pass kernel (cuda/src only): every level in shared memory, two levels
// (one radix-4 unit per thread) per barrier, one radix-2 level first when k is odd, and
// the inter-pass twiddle from the two-level table (two products). Used for n < 1024 (one
// block) and, in the lab (cuda/bench, kernel "smem"), for every size as the reference the
// tile kernel (ntt_tile.cuh) is measured against. Per element per pass: k/2 products in butterflies,
// 2 for the twiddle.
#include "ntt_io.cuh"

namespace cuzk::cuda::ntt_detail {

constexpr unsigned kSmemTile = 1024;  // elements per block (32 KiB of shared memory)

// One DIF pass: sub-problems of size 2^h, k levels, C adjacent columns per block.
// `in` may equal `out` except in the last pass (each block reads its tile before writing).
// HFr: the host scalar type of the arrays (bls12_381::Fr, bn254::Fr).
template <class HFr>
__global__ void __launch_bounds__(kSmemTile / 4)
    dif_pass_smem(const HFr* in, HFr* out, unsigned L, unsigned h, unsigned k, unsigned C, const HFr* __restrict__ w,
                  const HFr* __restrict__ lo, const HFr* __restrict__ hi, unsigned s, BasicPermute<HFr> pm) {
  using DFr = Field<HFr>;
  __shared__ uint4 raw[2 * kSmemTile];  // DFr has a constructor: no __shared__ DFr[] directly
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
      if (r) d *= ldg(w, r * (1024 / m));  // ω_2m^r = ω_2048^(r·1024/m)
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
      if (r) a2 *= ldg(w, r * (1024 / m));  // ω_2m^r
      a3 *= ldg(w, (r + q) * (1024 / m));   // ω_2m^(r + m/2)
      DFr y1 = a0 - a1, y3 = a2 - a3;
      s0[0] = a0 + a1;
      s0[2 * q * C] = a2 + a3;
      if (r) {
        DFr wc = ldg(w, r * (2048 / m));  // ω_m^r
        y1 *= wc;
        y3 *= wc;
      }
      s0[q * C] = y1;
      s0[3 * q * C] = y3;
    }
    __syncthreads();
  }
  if (pm.mode >= 0) {
    for (unsigned e = t; e < T; e += blockDim.x) pm.put(out, L, std::uint32_t(base + e), tile[e]);
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

}  // namespace cuzk::cuda::ntt_detail
