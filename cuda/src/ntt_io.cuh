#pragma once
// Device helpers shared by the NTT kernels (cuda/src only): 32-byte loads and stores of
// host-layout Fr elements as two 16-byte accesses, read-only loads through the
// non-coherent cache, and ω^e from a two-level power table.
#include <cstddef>
#include <cstdint>

#include "cuzk/cuda/curves.cuh"
#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/bn254.hpp"

namespace cuzk::cuda::ntt_detail {

using bls12_381::Fr;  // the BLS12-381 names below (Permute, TilePass, NttKernel) and the lab's

// Kernels and helpers take the host scalar type HFr (bls12_381::Fr or bn254::Fr: 32 bytes,
// the same limb layout) for their arrays and compute on Field<HFr>.
template <class HFr>
__device__ __forceinline__ Field<HFr> load(const HFr* p, std::size_t i) {
  static_assert(sizeof(HFr) == 32 && Field<HFr>::N == 8, "two 16-byte accesses an element");
  Field<HFr> r;
  const uint4* q = reinterpret_cast<const uint4*>(p + i);
  uint4 a = q[0], b = q[1];
  r.v[0] = a.x, r.v[1] = a.y, r.v[2] = a.z, r.v[3] = a.w;
  r.v[4] = b.x, r.v[5] = b.y, r.v[6] = b.z, r.v[7] = b.w;
  return r;
}
template <class HFr>
__device__ __forceinline__ void store(HFr* p, std::size_t i, const Field<HFr>& r) {
  uint4* q = reinterpret_cast<uint4*>(p + i);
  q[0] = make_uint4(r.v[0], r.v[1], r.v[2], r.v[3]);
  q[1] = make_uint4(r.v[4], r.v[5], r.v[6], r.v[7]);
}
template <class HFr>
__device__ __forceinline__ Field<HFr> ldg(const HFr* p, std::size_t i) {
  Field<HFr> r;
  const uint4* q = reinterpret_cast<const uint4*>(p + i);
  uint4 a = __ldg(q), b = __ldg(q + 1);
  r.v[0] = a.x, r.v[1] = a.y, r.v[2] = a.z, r.v[3] = a.w;
  r.v[4] = b.x, r.v[5] = b.y, r.v[6] = b.z, r.v[7] = b.w;
  return r;
}

// ω^e = lo[e mod 2^s] · hi[e >> s] (lo holds ω^i, hi holds ω^(i·2^s)).
template <class HFr>
__device__ __forceinline__ Field<HFr> table_pow(const HFr* lo, const HFr* hi, unsigned s, std::uint32_t e) {
  return ldg(lo, e & ((1u << s) - 1)) * ldg(hi, e >> s);
}

// The inner DFT roots: W[j] = ω_2048^j for j < 1024, so ω_2m^r = W[r · 1024/m] for m ≤ 1024.
constexpr unsigned kLogW = 11;

// The last pass (mode ≥ 0) writes each element to its natural-order index: position p of
// the DIF output holds frequency bitrev(p); mode 0 stores it at k = bitrev(p) (forward),
// mode 1 at k = −bitrev(p) mod n times n⁻¹ (inverse), mode 2 likewise times n⁻¹·ω_2n^k
// (inverse onto the odd coset; clo/chi are that two-level table). −1: not the last pass.
template <class HFr>
struct BasicPermute {
  int mode = -1;
  Field<HFr> ninv;
  const HFr* clo = nullptr;
  const HFr* chi = nullptr;
  unsigned s = 0;

  __device__ __forceinline__ void put(HFr* out, unsigned L, std::uint32_t p, Field<HFr> v) const {
    std::uint32_t r = __brev(p) >> (32 - L), k = r;
    if (mode > 0) k = (0u - r) & std::uint32_t((std::size_t(1) << L) - 1);
    if (mode == 1) v *= ninv;
    if (mode == 2) v *= table_pow(clo, chi, s, k);
    store(out, k, v);
  }
};
using Permute = BasicPermute<Fr>;

}  // namespace cuzk::cuda::ntt_detail
