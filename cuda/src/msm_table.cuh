#pragma once
// WindowTable::build (cuzk/cuda/msm.hpp): window w of the table is 2^c times window w − 1,
// made on the device one window after another. A thread takes K points strided by the
// grid (coalesced rows): c doublings in Jacobian coordinates (dbl-2009-l, 2M + 5S: a = 0
// makes them cheaper than XYZZ's 6M + 3S, which the first version used: 2.55 s at 2^24,
// c = 22), then Montgomery's trick over its K points on Z: one inversion (Fermat, ~570
// products) and 3 products a point for the batch, 3M + 1S more for x = X/Z², y = Y/Z³.
// Per point and window at c = 22: ~154 products of doubling + ~43 of normalisation (K = 16).
#include "msm_impl.cuh"

namespace cuzk::cuda {
namespace msm_detail {

template <class HostAffine>
using DeviceCurveOf = DeviceCurveOfAffine<HostAffine>;

constexpr unsigned kTableBatch = 16;  // points sharing one inversion

template <class DC, unsigned K>
__global__ void table_window(const PackedAffine<DC>* __restrict__ prev, PackedAffine<DC>* __restrict__ next,
                             std::size_t n, unsigned c) {
  using F = typename DC::Field;
  const std::size_t T = gridDim.x * std::size_t(blockDim.x);
  const std::size_t t0 = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  DJacobian<DC> q[K];
  F pref[K];  // pref[k] = Π over points 0..k that are not at infinity of Z
  F run = F::one();
  for (unsigned k = 0; k < K; ++k) {
    const std::size_t i = t0 + k * T;
    DJacobian<DC> r;
    if (i < n) {
      r = DJacobian<DC>::from_affine(prev[i].unpack());
      for (unsigned j = 0; j < c; ++j) r = r.dbl();
    }
    q[k] = r;
    if (!r.is_inf()) run *= r.Z;
    pref[k] = run;
  }
  F inv = run.inverse();  // 1 / Π of all K
  for (unsigned k = K; k-- > 0;) {
    const std::size_t i = t0 + k * T;
    const DJacobian<DC> r = q[k];
    PackedAffine<DC> out{};  // infinity: x = y = 0
    if (!r.is_inf()) {
      const F zi = k ? pref[k - 1] * inv : inv;  // 1 / Z of this point
      inv *= r.Z;                                // 1 / Π of points 0..k−1
      const F zi2 = zi.sqr();
      out.x = r.X * zi2;
      out.y = r.Y * (zi2 * zi);
    }
    if (i < n) next[i] = out;
  }
}

}  // namespace msm_detail

template <class HostAffine>
void WindowTable<HostAffine>::build(Context& ctx, const ResidentBases<HostAffine>& bases, unsigned c,
                                    std::size_t chunk) {
  using DC = typename msm_detail::DeviceCurveOf<HostAffine>::type;
  using msm_detail::kTableBatch;
  if (c < kMinBits || c > kMaxBits)
    throw Error(Error::Kind::BadInput, "window table: width " + std::to_string(c) + " is outside [" +
                                           std::to_string(kMinBits) + ", " + std::to_string(kMaxBits) + "]");
  const unsigned W = windows_for(c);
  const std::size_t n = bases.size();
  if (std::size_t(W) * n >= (std::size_t(1) << 31))
    throw Error(Error::Kind::BadInput, "window table: " + std::to_string(W) + " windows of " + std::to_string(n) +
                                           " points reach 2^31 entries (the MSM's index limit)");
  if (chunk == 0) throw Error(Error::Kind::BadInput, "window table: chunk of 0 points");
  n_ = 0, c_ = 0, w_ = 0;  // empty until the table is complete
  ctx.activate();
  cudaStream_t st = ctx.stream();
  buf_.resize(2 * W * n);
  if (n) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(buf_.get(), bases.device_xy(), 2 * n * sizeof(Field), cudaMemcpyDeviceToDevice, st));
    auto* tab = reinterpret_cast<PackedAffine<DC>*>(buf_.get());
    const unsigned threads = 128;
    for (unsigned w = 1; w < W; ++w) {
      for (std::size_t i = 0; i < n; i += chunk) {
        const std::size_t m = std::min(chunk, n - i), workers = (m + kTableBatch - 1) / kTableBatch;
        msm_detail::table_window<DC, kTableBatch><<<msm_detail::grid(workers, threads), threads, 0, st>>>(
            tab + (w - 1) * n + i, tab + w * n + i, m, c);
        CUZK_CUDA_CHECK_LAUNCH();
        CUZK_CUDA_CHECK(cudaStreamSynchronize(st));  // one chunk queued at a time (see msm.hpp)
      }
    }
  }
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  n_ = n, c_ = c, w_ = W;
}

}  // namespace cuzk::cuda
