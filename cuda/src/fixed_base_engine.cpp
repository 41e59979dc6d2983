#include "cuzk/cuda/fixed_base.hpp"

#include <tbb/parallel_for.h>

#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/msm.hpp"
#include "cuzk/ec/batch_affine.hpp"
#include "fixed_base_kernel.hpp"

namespace cuzk::cuda {

using bls12_381::Fr;

namespace {
constexpr std::size_t CHUNK = std::size_t(1) << 20;  // scalars per device round
}

struct CudaFixedBase::Impl {
  Context ctx;
  const void* g1_id = nullptr;  // the FixedBase whose table is resident
  const void* g2_id = nullptr;
  ResidentG1 g1;
  ResidentG2 g2;
  DeviceBuffer<Fr> d_k;
  DeviceBuffer<std::uint8_t> d_out;
  explicit Impl(int device) : ctx(device) {}

  template <class Curve, class Resident, class Launch>
  BigVector<ec::Affine<Curve>> run(const setup::FixedBase<Curve>& fb, Resident& res, const void*& id,
                                     const Fr* k, std::size_t n, Launch launch) {
    using X = ec::XYZZ<Curve>;
    BigVector<ec::Affine<Curve>> out(n);
    if (!n) return out;
    if (id != &fb || res.size() != fb.table().size()) {
      res.upload(ctx, fb.table().data(), fb.table().size());
      id = &fb;
    }
    const std::size_t chunk = std::min(CHUNK, n);
    d_k.resize(chunk);
    d_out.resize(chunk * sizeof(X));
    PinnedBuffer<X> host[2] = {PinnedBuffer<X>(chunk), PinnedBuffer<X>(chunk)};
    auto issue = [&](std::size_t c) {  // chunk c: scalars up, kernel, XYZZ down (queued)
      const std::size_t b = c * chunk, m = std::min(chunk, n - b);
      d_k.upload(k + b, m, ctx.stream());  // upload() keeps the capacity when m ≤ chunk
      launch(ctx, res, fb.window_bits(), fb.windows(), d_k.get(), m, d_out.get());
      CUZK_CUDA_CHECK(cudaMemcpyAsync(host[c % 2].get(), d_out.get(), m * sizeof(X), cudaMemcpyDeviceToHost,
                                      ctx.stream()));
    };
    const std::size_t chunks = (n + chunk - 1) / chunk;
    issue(0);
    for (std::size_t c = 0; c < chunks; ++c) {
      ctx.synchronize();                  // chunk c is on the host
      if (c + 1 < chunks) issue(c + 1);   // the device works on the next one meanwhile
      const std::size_t b = c * chunk, m = std::min(chunk, n - b);
      const X* src = host[c % 2].get();
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, m, 4096), [&](const auto& r) {
        ec::batch_to_affine(src + r.begin(), r.size(), out.data() + b + r.begin());
      });
    }
    return out;
  }
};

CudaFixedBase::CudaFixedBase(int device) : impl_(std::make_unique<Impl>(device)) {}
CudaFixedBase::~CudaFixedBase() = default;
std::string CudaFixedBase::name() const { return "cuda:" + std::to_string(impl_->ctx.device()); }

BigVector<bls12_381::G1Affine> CudaFixedBase::mul_many(const setup::FixedBase<bls12_381::G1Curve>& fb, const Fr* k,
                                                       std::size_t n) {
  return impl_->run(fb, impl_->g1, impl_->g1_id, k, n, detail::fixed_base_g1);
}
BigVector<bls12_381::G2Affine> CudaFixedBase::mul_many(const setup::FixedBase<bls12_381::G2Curve>& fb, const Fr* k,
                                                       std::size_t n) {
  return impl_->run(fb, impl_->g2, impl_->g2_id, k, n, detail::fixed_base_g2);
}

}  // namespace cuzk::cuda
