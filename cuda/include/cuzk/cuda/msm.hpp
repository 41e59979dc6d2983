#pragma once
// Multi-scalar multiplication Σ k_i·P_i on the device for G1 and G2 (Pippenger with
// signed c-bit digits, scalars sorted by bucket with CUB radix sort, the sorted entries
// summed in XYZZ by threads that each take the same number of them, a segmented
// running-sum reduction per window, windows combined on the host; cuda/src/msm_impl.cuh
// has the details). Zero scalars cost nothing past classification; scalars equal to 1
// skip the digits and form one extra bucket; the window follows the count of the other
// scalars (a Groth16 witness: ~86 % are 0 or 1). Infinity bases (x = y = 0) are skipped.
//
// Bases are uploaded once into a ResidentBases object and reused across calls (all the
// partitions that share a zkey). Scalars are host or device arrays (detected from the
// pointer) of host-layout Fr in Montgomery form (an NTT's output), or of canonical integers
// Fr::Repr (a witness as synthesis holds it: no conversion on either side; any 256-bit
// value is taken mod r).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/registered_buffer.hpp"
#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ec/bn254_curves.hpp"
#include "cuzk/util/section_reader.hpp"

namespace cuzk::cuda {

namespace msm_detail {
template <class HostAffine>
struct HostCurveOf;
template <class C>
struct HostCurveOf<ec::Affine<C>> {
  using type = C;
};
}  // namespace msm_detail
// The window model's scalar width for a curve's points: bits(r) + 1 (BLS12-381 256, BN254
// 255), so that the signed c-bit digits of any s < r end without a carry.
template <class HostAffine>
inline constexpr unsigned kMsmScalarBits = unsigned(msm_detail::HostCurveOf<HostAffine>::type::Scalar::BITS + 1);

// Page-locked staging for key uploads (resident_upload.cpp): up to kPackers threads × 2
// buffers of up to kBytes, made once per key and reused by its sections
// (registered_buffer.hpp). for_bytes() sizes one for a single smaller upload.
class UploadStaging {
public:
  static constexpr unsigned kPackers = 4;                      // threads packing at once
  static constexpr std::size_t kBytes = std::size_t(16) << 20;  // bytes per buffer (16 MiB)
  static constexpr std::size_t kTotalBytes = 2 * kPackers * kBytes;
  explicit UploadStaging(std::size_t buffer_bytes = kBytes, unsigned packers = kPackers);
  // The least staging that uploads `bytes` of packed points at full width.
  static UploadStaging for_bytes(std::size_t bytes);
  void* buffer(unsigned i) const { return buf_[i].get(); }
  std::size_t buffer_bytes() const { return bytes_; }
  unsigned packers() const { return unsigned(buf_.size() / 2); }

private:
  std::size_t bytes_;
  std::vector<RegisteredBytes> buf_;  // 2 per packer
};

template <class HostAffine>
class ResidentBases {
public:
  using Field = typename HostAffine::Field;
  ResidentBases() = default;
  // From host affine points (infinity → x = y = 0), packed by UploadStaging::kPackers
  // threads of their own into the staging's pinned buffers (one made for the call when none
  // is given). Returns once the points are on the device.
  void upload(Context& ctx, const HostAffine* pts, std::size_t n);
  void upload(Context& ctx, const HostAffine* pts, std::size_t n, UploadStaging& staging);
  // From a file holding n host affine points at byte `offset` (a prepared key's section,
  // groth16::KeyFileSpan): the staging's packers read it with `reader` straight into the
  // page-locked buffers (large reads; O_DIRECT when its pages are not cached: no page faults
  // on a mapping) and pack each chunk there in place before its copy goes up, the next chunk
  // read while it does. Returns once the points are on the device, with what the read did.
  SectionReadReport upload_file(Context& ctx, const SectionReader& reader, std::uint64_t offset, std::size_t n,
                                UploadStaging& staging, const SectionReadOptions& options = {});
  // From the zkey layout: n points of {x, y} in Montgomery form, 2·sizeof(Field) bytes
  // each, all-zero = infinity. Queued on ctx's stream; `raw` must stay valid until then.
  void upload_raw(Context& ctx, const void* raw, std::size_t n);
  std::size_t size() const { return n_; }
  const Field* device_xy() const { return buf_.get(); }  // 2n field elements

private:
  DeviceBuffer<Field> buf_;
  std::size_t n_ = 0;
};

// The prover's case: the same key points in every proof. Window multiples of resident
// bases, made once on the device: entry w·n + i is 2^(c·w)·P_i (affine, packed like the
// bases; infinity stays x = y = 0) for w < W = ⌈b/c⌉ (b = kMsmScalarBits: BLS12-381 256,
// BN254 255), so every window of an MSM shares
// one set of 2^(c−1) buckets: no per-window reduction and no doublings between windows,
// and c can be wider than a plain MSM's (its bucket count no longer grows with W).
// Memory: W·n·sizeof(packed point) (G1 at c = 22: 12 × 96 B = 1152 B a point).
// Building: c Jacobian doublings a point and window, then one inversion shared by a batch
// of points (Montgomery's trick); `build` returns when the table is on the device. It
// queues one chunk of points at a time (kBuildChunk: ~12 ms of kernels on an H200) and
// waits for it: a cudaFree on another thread (an MSM growing its scratch) waits for all
// queued work on the device, and with the whole build queued it waited 2.5 s (2^24, c = 22).
template <class HostAffine>
class WindowTable {
public:
  using Field = typename HostAffine::Field;
  static constexpr unsigned kMinBits = kMsmTableMinBits, kMaxBits = kMsmTableMaxBits;  // options.hpp
  static constexpr std::size_t kBuildChunk = std::size_t(1) << 20;  // points a launch
  WindowTable() = default;
  // c in [kMinBits, kMaxBits]; W·n must stay below 2^31 (the MSM's 31-bit entry index).
  void build(Context& ctx, const ResidentBases<HostAffine>& bases, unsigned c, std::size_t chunk = kBuildChunk);
  std::size_t size() const { return n_; }  // points per window (the bases' count)
  unsigned window_bits() const { return c_; }
  unsigned windows() const { return w_; }
  std::size_t bytes() const { return bytes_for(n_, c_); }
  static unsigned windows_for(unsigned c) {  // W = ⌈b/c⌉
    constexpr unsigned b = kMsmScalarBits<HostAffine>;
    return c ? (b + c - 1) / c : 0;
  }
  // Device memory of a table of n points at width c (0 for c = 0).
  static std::size_t bytes_for(std::size_t n, unsigned c) { return std::size_t(windows_for(c)) * n * 2 * sizeof(Field); }
  const Field* device_xy() const { return buf_.get(); }  // 2·W·n field elements

private:
  DeviceBuffer<Field> buf_;
  std::size_t n_ = 0;
  unsigned c_ = 0, w_ = 0;
};

extern template class ResidentBases<bls12_381::G1Affine>;  // instantiated in cuda/src/msm_g*.cu
extern template class ResidentBases<bls12_381::G2Affine>;
using ResidentG1 = ResidentBases<bls12_381::G1Affine>;
using ResidentG2 = ResidentBases<bls12_381::G2Affine>;

// Σ scalars[i]·bases[first + i] for i < n (first + n ≤ bases.size()).
bls12_381::G1 msm_g1(Context& ctx, const ResidentG1& bases, const bls12_381::Fr* scalars, std::size_t n,
                     std::size_t first = 0);
using WindowTableG1 = WindowTable<bls12_381::G1Affine>;
extern template class WindowTable<bls12_381::G1Affine>;  // instantiated in cuda/src/msm_g1.cu

// The same sum with the table's window multiples of the bases (c is the table's).
bls12_381::G1 msm_g1(Context& ctx, const WindowTableG1& table, const bls12_381::Fr* scalars, std::size_t n,
                     std::size_t first = 0);
bls12_381::G2 msm_g2(Context& ctx, const ResidentG2& bases, const bls12_381::Fr* scalars, std::size_t n,
                     std::size_t first = 0);
// The same sums over canonical scalars.
bls12_381::G1 msm_g1(Context& ctx, const ResidentG1& bases, const bls12_381::Fr::Repr* scalars, std::size_t n,
                     std::size_t first = 0);
bls12_381::G2 msm_g2(Context& ctx, const ResidentG2& bases, const bls12_381::Fr::Repr* scalars, std::size_t n,
                     std::size_t first = 0);

// BN254 ("bn128"): the same MSMs over its G1 and G2 (cuda/src/msm_g1_bn254.cu, msm_g2_bn254.cu).
extern template class ResidentBases<bn254::G1Affine>;
extern template class ResidentBases<bn254::G2Affine>;
extern template class WindowTable<bn254::G1Affine>;
using ResidentG1Bn254 = ResidentBases<bn254::G1Affine>;
using ResidentG2Bn254 = ResidentBases<bn254::G2Affine>;
using WindowTableG1Bn254 = WindowTable<bn254::G1Affine>;
bn254::G1 msm_g1(Context& ctx, const ResidentG1Bn254& bases, const bn254::Fr* scalars, std::size_t n,
                 std::size_t first = 0);
bn254::G1 msm_g1(Context& ctx, const WindowTableG1Bn254& table, const bn254::Fr* scalars, std::size_t n,
                 std::size_t first = 0);
bn254::G2 msm_g2(Context& ctx, const ResidentG2Bn254& bases, const bn254::Fr* scalars, std::size_t n,
                 std::size_t first = 0);
bn254::G1 msm_g1(Context& ctx, const ResidentG1Bn254& bases, const bn254::Fr::Repr* scalars, std::size_t n,
                 std::size_t first = 0);
bn254::G2 msm_g2(Context& ctx, const ResidentG2Bn254& bases, const bn254::Fr::Repr* scalars, std::size_t n,
                 std::size_t first = 0);

// Window size the MSM picks for n points on `curve` ("G1" or "G2"; exposed for benchmarks
// and tests) with scalars of `scalar_bits` (kMsmScalarBits: 256 for BLS12-381, 255 for
// BN254): the options' width for that curve (CudaOptions::msm_window_bits_g1/_g2, 4..22)
// when set, else the cost model's for n.
unsigned msm_window_bits(std::size_t n, const char* curve = "G1", const CudaOptions& options = {},
                         unsigned scalar_bits = 256);

}  // namespace cuzk::cuda
