// Fixed-base products on the device (key setup); see fixed_base_kernel.hpp.
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/curves.cuh"
#include "fixed_base_kernel.hpp"

namespace cuzk::cuda::detail {
namespace {

template <class DC>
__global__ void fixed_base_kernel(const PackedAffine<DC>* __restrict__ table, unsigned w, unsigned windows,
                                  const bls12_381::Fr* __restrict__ k, std::size_t n, DXYZZ<DC>* __restrict__ out) {
  std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const uint4* q = reinterpret_cast<const uint4*>(k + i);
  uint4 a = q[0], b = q[1];
  DFr s;
  s.v[0] = a.x, s.v[1] = a.y, s.v[2] = a.z, s.v[3] = a.w, s.v[4] = b.x, s.v[5] = b.y, s.v[6] = b.z, s.v[7] = b.w;
  s = s.canonical();
  const std::uint32_t mask = (1u << w) - 1;
  DXYZZ<DC> acc;
  for (unsigned j = 0; j < windows; ++j) {
    const unsigned bit = j * w, li = bit / 32, off = bit % 32;  // bit < 255: li < 8
    std::uint64_t two = s.v[li];
    if (li + 1 < 8) two |= std::uint64_t(s.v[li + 1]) << 32;
    const std::uint32_t d = std::uint32_t(two >> off) & mask;
    if (d) acc = acc.add_mixed(table[(std::size_t(j) << w) | d].unpack());
  }
  out[i] = acc;
}

template <class DC, class Resident>
void launch(Context& ctx, const Resident& table, unsigned w, unsigned windows, const bls12_381::Fr* d_scalars,
            std::size_t n, void* d_out) {
  if (w == 0 || w > 20 || table.size() < (std::size_t(windows) << w))
    throw Error(Error::Kind::Internal, "fixed-base table does not match its window size");
  if (!n) return;
  ctx.activate();
  const unsigned threads = 128;
  fixed_base_kernel<DC><<<unsigned((n + threads - 1) / threads), threads, 0, ctx.stream()>>>(
      reinterpret_cast<const PackedAffine<DC>*>(table.device_xy()), w, windows, d_scalars, n,
      static_cast<DXYZZ<DC>*>(d_out));
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace

static_assert(sizeof(DXYZZ<DG1Curve>) == sizeof(bls12_381::G1XYZZ), "device and host XYZZ must share a layout");
static_assert(sizeof(DXYZZ<DG2Curve>) == sizeof(bls12_381::G2XYZZ), "device and host XYZZ must share a layout");

void fixed_base_g1(Context& ctx, const ResidentG1& table, unsigned w, unsigned windows, const bls12_381::Fr* d_scalars,
                   std::size_t n, void* d_out) {
  launch<DG1Curve>(ctx, table, w, windows, d_scalars, n, d_out);
}
void fixed_base_g2(Context& ctx, const ResidentG2& table, unsigned w, unsigned windows, const bls12_381::Fr* d_scalars,
                   std::size_t n, void* d_out) {
  launch<DG2Curve>(ctx, table, w, windows, d_scalars, n, d_out);
}

}  // namespace cuzk::cuda::detail
