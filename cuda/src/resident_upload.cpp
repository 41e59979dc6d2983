// ResidentBases::upload: host affine points → packed {x, y} on the device (infinity as
// x = y = 0). Packed in parallel into two pinned chunk buffers that alternate, so packing
// chunk i + 1 overlaps the copy of chunk i; a 2^24-point G1 key goes up at close to the
// bus rate instead of through one 1.6 GB pinned allocation and a serial loop.
#include <tbb/parallel_for.h>

#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/msm.hpp"

namespace cuzk::cuda {

template <class HostAffine>
void ResidentBases<HostAffine>::upload(Context& ctx, const HostAffine* pts, std::size_t n) {
  using F = Field;
  constexpr std::size_t CHUNK = std::size_t(1) << 18;  // points per copy (24 / 48 MiB)
  ctx.activate();
  buf_.resize(2 * n);
  n_ = n;
  if (!n) return;
  const std::size_t chunk = std::min(CHUNK, n);
  PinnedBuffer<F> stage[2] = {PinnedBuffer<F>(2 * chunk), PinnedBuffer<F>(2 * chunk)};
  Event done[2];
  bool pending[2] = {false, false};
  for (std::size_t b = 0, c = 0; b < n; b += chunk, ++c) {
    const std::size_t m = std::min(chunk, n - b), k = c % 2;
    if (pending[k]) done[k].synchronize();  // that staging buffer's copy has finished
    F* dst = stage[k].get();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, m, 4096), [&](const auto& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) {
        const HostAffine& p = pts[b + i];
        dst[2 * i] = p.inf ? F::zero() : p.x;
        dst[2 * i + 1] = p.inf ? F::zero() : p.y;
      }
    });
    CUZK_CUDA_CHECK(cudaMemcpyAsync(buf_.get() + 2 * b, dst, 2 * m * sizeof(F), cudaMemcpyHostToDevice, ctx.stream()));
    done[k].record(ctx.stream());
    pending[k] = true;
  }
  ctx.synchronize();
}

template void ResidentBases<bls12_381::G1Affine>::upload(Context&, const bls12_381::G1Affine*, std::size_t);
template void ResidentBases<bls12_381::G2Affine>::upload(Context&, const bls12_381::G2Affine*, std::size_t);

}  // namespace cuzk::cuda
