#pragma once
// Per-context caches (private to cuda/src): NTT twiddle tables per size and scratch
// buffers that grow to the largest request and are reused.
#include <cstdint>
#include <map>
#include <tuple>
#include <utility>

#include "cuzk/cuda/context.hpp"
#include "cuzk/ff/bls12_381.hpp"

namespace cuzk::cuda {

struct NttTables {
  // ω_n^E = lo[E & (2^s − 1)] · hi[E >> s]; coset_lo/hi likewise give n⁻¹·ω_2n^i.
  unsigned log_n = 0, s = 0;
  bls12_381::Fr ninv;  // n⁻¹
  DeviceBuffer<bls12_381::Fr> lo, hi, coset_lo, coset_hi;
  // Inter-pass twiddles of the tile kernel, per (log N, k) of a pass: N entries laid out
  // like the data, entry J·M + l = ω_N^(l·bitrev_k(J)) (M = N/2^k); in Montgomery form, or
  // for the Shoup kernels (key's third member true) canonical in w beside quotients in q.
  struct PassTable {
    DeviceBuffer<bls12_381::Fr> w, q;
  };
  std::map<std::tuple<unsigned, unsigned, bool>, PassTable> pass;
};

struct ContextCaches {
  std::map<unsigned, NttTables> ntt;
  DeviceBuffer<bls12_381::Fr> w2048;  // ω_2048^j, j < 1024: the inner DFT roots
  DeviceBuffer<bls12_381::Fr> w2048_plain, w2048_quot;  // the same for Shoup: canonical, quotients
  DeviceBuffer<bls12_381::Fr> ntt_scratch;
  DeviceBuffer<std::uint8_t> msm_class;   // canonical scalars, big / ones index lists, counts
  DeviceBuffer<std::uint8_t> msm_arena;   // keys, values, sort temp, buckets
  DeviceBuffer<bls12_381::Fr> msm_scalars;  // host scalars staged here
};

}  // namespace cuzk::cuda
