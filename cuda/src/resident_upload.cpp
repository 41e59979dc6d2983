// ResidentBases::upload: host affine points → packed {x, y} on the device (infinity as
// x = y = 0). The points are cut into chunks of ~16 MiB; kPackers threads of their own (not
// oneTBB tasks: at the start of a batch every oneTBB worker is busy synthesizing, and the
// pack then ran on the calling thread alone, 13 GB in 2.0-3.4 s) each take every
// kPackers-th chunk, pack it into one of their two pinned buffers and queue its copy on the
// context's stream, so packing, the other threads' packing and the copies overlap. The
// staging (UploadStaging) is made once and reused by every section of a key; the caller's
// ctx.synchronize() at the end covers every thread's copies.
//
// upload_file: the same points read from the prepared key's file instead of its mapping
// (util/section_reader.hpp): the staging's packers are the reader's threads, each reading its
// chunks into its two buffers in turn (large preads, O_DIRECT when the file's pages are not
// cached), packing each chunk in place ({x, y, inf} → {x, y}: the packed point is smaller, so
// point i's packed bytes end before point i + 1's bytes begin) and queueing its copy; before a
// buffer is read into again, its previous copy is waited for, so chunk k + 1 is read while
// chunk k goes up. Threads: the staging's kPackers (4). A direct read blocks in the kernel
// without using a core, and four 16 MiB reads in flight keep an NVMe drive's queue full (the
// kernel splits each into many requests); more threads would need more page-locked staging
// (counted in host_reserved_bytes), and 8 packers were measured no faster than 4 warm.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <mutex>
#include <numeric>
#include <thread>
#include <type_traits>
#include <vector>

#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/msm.hpp"

namespace cuzk::cuda {

namespace {
// On every way out, the stream's queued copies finish before the staging they read from can be
// released by the caller (an exception unwinding through upload_key frees it).
struct DrainStream {
  const Context& ctx;
  ~DrainStream() { (void)cudaStreamSynchronize(ctx.stream()); }
};

// A host point as the device keeps it: {x, y}, infinity as x = y = 0 (whatever coordinates the
// flagged point holds).
template <class HostAffine, class F>
void pack_point(const HostAffine& p, F* dst) {
  dst[0] = p.inf ? F::zero() : p.x;
  dst[1] = p.inf ? F::zero() : p.y;
}
}  // namespace

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
  const DrainStream drain{ctx};
  auto pack = [&](unsigned t) {
    try {
      ctx.activate();
      Event done[2];
      bool pending[2] = {false, false};
      for (std::size_t c = t, k = 0; c < chunks && !failed.load(std::memory_order_relaxed); c += packers, k ^= 1) {
        if (pending[k]) done[k].synchronize();  // that buffer's previous copy has finished
        F* dst = reinterpret_cast<F*>(st.buffer(2 * t + unsigned(k)));
        const std::size_t b = c * chunk, m = std::min(chunk, n - b);
        for (std::size_t i = 0; i < m; ++i) pack_point(pts[b + i], dst + 2 * i);
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

template <class HostAffine>
SectionReadReport ResidentBases<HostAffine>::upload_file(Context& ctx, const SectionReader& reader, std::uint64_t offset,
                                                         std::size_t n, UploadStaging& st, const SectionReadOptions& o) {
  using F = Field;
  static_assert(std::is_trivially_copyable_v<HostAffine> && sizeof(HostAffine) >= 2 * sizeof(F));
  constexpr std::size_t kPoint = sizeof(HostAffine);
  ctx.activate();
  buf_.resize(2 * n);
  n_ = n;
  if (!n) return {};
  // Whole points a chunk, and a multiple of `step` of them, so that every chunk starts on a
  // 4096-byte boundary of the (aligned) section: a direct read then needs no head to move.
  const std::size_t step = SectionReader::kAlign / std::gcd(kPoint, SectionReader::kAlign);
  const std::size_t slack = SectionReader::kSlack;
  const std::size_t room = st.buffer_bytes() > slack ? (st.buffer_bytes() - slack) / kPoint : 0;  // points a buffer holds
  const std::size_t points = room >= step ? room / step * step : room;                            // per chunk
  if (!points || !st.packers())
    fail(Error::Kind::Internal, reader.path(), "ResidentBases::upload_file: staging too small for one point");
  std::vector<std::uint8_t*> bufs(2 * std::size_t(st.packers()));
  for (unsigned i = 0; i < bufs.size(); ++i) bufs[i] = static_cast<std::uint8_t*>(st.buffer(i));
  std::vector<Event> done(bufs.size());  // each buffer's last copy (a buffer belongs to one reading thread)
  const DrainStream drain{ctx};
  SectionReadOptions opt = o;
  opt.threads = st.packers();
  const SectionReadReport rep = reader.read(
      offset, std::uint64_t(n) * kPoint, points * kPoint, bufs, st.buffer_bytes(),
      [&](const SectionChunk& c) {
        ctx.activate();  // this reading thread's device
        const std::size_t first = std::size_t((c.offset - offset) / kPoint), m = c.bytes / kPoint;
        if (c.bytes % kPoint || first + m > n)
          fail(Error::Kind::Internal, reader.path(), "ResidentBases::upload_file: a chunk of partial points");
        F* dst = reinterpret_cast<F*>(c.data);
        for (std::size_t i = 0; i < m; ++i) {  // in place: dst[2i..2i+1] end before point i + 1 starts
          HostAffine p;
          std::memcpy(static_cast<void*>(&p), c.data + i * kPoint, kPoint);
          pack_point(p, dst + 2 * i);
        }
        CUZK_CUDA_CHECK(cudaMemcpyAsync(buf_.get() + 2 * first, dst, 2 * m * sizeof(F), cudaMemcpyHostToDevice,
                                        ctx.stream()));
        done[c.buffer].record(ctx.stream());
      },
      [&](unsigned b) {
        ctx.activate();
        done[b].synchronize();  // its previous copy has finished: it may be read into again
      },
      opt);
  ctx.synchronize();
  return rep;
}

// Explicit instantiations (msm.hpp declares the classes extern): every overload, each curve.
#define CUZK_RESIDENT_UPLOAD(A)                                                          \
  template void ResidentBases<A>::upload(Context&, const A*, std::size_t);              \
  template void ResidentBases<A>::upload(Context&, const A*, std::size_t, UploadStaging&); \
  template SectionReadReport ResidentBases<A>::upload_file(Context&, const SectionReader&, std::uint64_t, std::size_t, \
                                                           UploadStaging&, const SectionReadOptions&);
CUZK_RESIDENT_UPLOAD(bls12_381::G1Affine)
CUZK_RESIDENT_UPLOAD(bls12_381::G2Affine)
CUZK_RESIDENT_UPLOAD(bn254::G1Affine)
CUZK_RESIDENT_UPLOAD(bn254::G2Affine)
#undef CUZK_RESIDENT_UPLOAD

}  // namespace cuzk::cuda
