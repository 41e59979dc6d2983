// ResidentBases::upload: host affine points → packed {x, y} on the device (infinity as
// x = y = 0). The points are cut into chunks of ~16 MiB; kPackers threads of their own (not
// oneTBB tasks: at the start of a batch every oneTBB worker is busy synthesizing, and the
// pack then ran on the calling thread alone, 13 GB in 2.0-3.4 s) each take every
// kPackers-th chunk, pack it into one of their two pinned buffers and queue its copy on the
// context's stream, so packing, the other threads' packing and the copies overlap. The
// staging (UploadStaging) is made once and reused by every section of a key; the caller's
// ctx.synchronize() at the end covers every thread's copies.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/msm.hpp"

namespace cuzk::cuda {

UploadStaging::UploadStaging(std::size_t buffer_bytes, unsigned packers) : bytes_(buffer_bytes) {
  buf_.reserve(2 * std::size_t(packers));
  for (unsigned i = 0; i < 2 * packers; ++i) buf_.emplace_back(bytes_);
}

UploadStaging UploadStaging::for_bytes(std::size_t bytes) {
  const std::size_t per = std::clamp<std::size_t>(bytes, 1, kBytes);
  return UploadStaging(per, unsigned(std::min<std::size_t>(kPackers, (bytes + per - 1) / per)));
}

template <class HostAffine>
void ResidentBases<HostAffine>::upload(Context& ctx, const HostAffine* pts, std::size_t n) {
  UploadStaging staging = UploadStaging::for_bytes(2 * n * sizeof(Field));  // a small upload pins little
  upload(ctx, pts, n, staging);
}

template <class HostAffine>
void ResidentBases<HostAffine>::upload(Context& ctx, const HostAffine* pts, std::size_t n, UploadStaging& st) {
  using F = Field;
  ctx.activate();
  buf_.resize(2 * n);
  n_ = n;
  if (!n) return;
  const std::size_t chunk = st.buffer_bytes() / (2 * sizeof(F));  // points per copy
  if (!chunk || !st.packers())
    fail(Error::Kind::Internal, "", "ResidentBases::upload: staging too small for one point");
  const std::size_t chunks = (n + chunk - 1) / chunk;
  const unsigned packers = unsigned(std::min<std::size_t>(st.packers(), chunks));
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mu;
  auto pack = [&](unsigned t) {
    try {
      ctx.activate();
      Event done[2];
      bool pending[2] = {false, false};
      for (std::size_t c = t, k = 0; c < chunks && !failed.load(std::memory_order_relaxed); c += packers, k ^= 1) {
        if (pending[k]) done[k].synchronize();  // that buffer's previous copy has finished
        F* dst = reinterpret_cast<F*>(st.buffer(2 * t + unsigned(k)));
        const std::size_t b = c * chunk, m = std::min(chunk, n - b);
        for (std::size_t i = 0; i < m; ++i) {
          const HostAffine& p = pts[b + i];
          dst[2 * i] = p.inf ? F::zero() : p.x;
          dst[2 * i + 1] = p.inf ? F::zero() : p.y;
        }
        CUZK_CUDA_CHECK(cudaMemcpyAsync(buf_.get() + 2 * b, dst, 2 * m * sizeof(F), cudaMemcpyHostToDevice, ctx.stream()));
        done[k].record(ctx.stream());
        pending[k] = true;
      }
    } catch (...) {
      failed = true;
      std::lock_guard<std::mutex> lk(error_mu);
      if (!error) error = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> threads;
    for (unsigned t = 1; t < packers; ++t) threads.emplace_back(pack, t);
    pack(0);
  }  // joined
  if (error) std::rethrow_exception(error);
  ctx.synchronize();
}

// Explicit instantiations (msm.hpp declares the classes extern): both overloads, each curve.
#define CUZK_RESIDENT_UPLOAD(A)                                                          \
  template void ResidentBases<A>::upload(Context&, const A*, std::size_t);              \
  template void ResidentBases<A>::upload(Context&, const A*, std::size_t, UploadStaging&);
CUZK_RESIDENT_UPLOAD(bls12_381::G1Affine)
CUZK_RESIDENT_UPLOAD(bls12_381::G2Affine)
CUZK_RESIDENT_UPLOAD(bn254::G1Affine)
CUZK_RESIDENT_UPLOAD(bn254::G2Affine)
#undef CUZK_RESIDENT_UPLOAD

}  // namespace cuzk::cuda
