#pragma once
// The GPU node's backend: H (c = a∘b on the device, 3 odd-coset NTTs + pointwise a·b − c) and
// the five MSMs of a Groth16 partition on one CUDA device, behind groth16::Backend, for either
// curve (BLS12-381 and BN254: one code path, templated on the key's engine; both scalar fields
// are 32 bytes, so the staging sets and device buffers hold either curve's elements).
//
//  page-locked sets (registered_buffer.hpp: a, b and the witness of one partition each; no c,
//     which is formed on the device), in one bounded pool per backend. Synthesis asks for one
//     (lend_abc) and writes a and b straight into it, so they go up with no host copy ("lent");
//     the witness is copied in beside them.
//     A partition synthesized into plain memory (no set was free, or another device lent its
//     set) has its a and b copied into a set of the device stage's own ("staged"), or goes up from
//     pageable memory when none is left ("pageable"). The witness stays canonical, the form
//     synthesis gives and the MSMs read (no conversion on either side). With early free a set
//     goes back to the pool as soon as the uploads have read it;
//  device work (one mutex per device, time waited → StageTimes::lock_wait), as a graph of
//     streams: the witness goes up first, then a and b (h2d); the MSMs A, B1, C (G1) and B2
//     (G2, second context, run by the backend's one long-lived G2 thread) start once the
//     witness is up; on a third context (ntt) a's NTT follows its upload (a copied into c's
//     place first), c = a∘b (fr_mul) and b's and c's NTTs follow b's, then a·b − c; the H MSM
//     waits for h.
//     h2d, ntt, msm_g1 and msm_g2 are each that chain's own time and overlap one another;
//     the MSM results are single points: d2h is their readback.
// The key's points stay resident on the device across partitions that share a zkey (by
// path; at most `max_resident_keys` keys, least recently used dropped first). They go up on
// a fourth context, section by section (B2, A, B1, C, H), without the device mutex, packed
// on host threads of their own; each MSM waits only for its own section, so the first
// partition's work overlaps the upload.
// Every CUDA failure (including out of memory) surfaces as cuzk::Error(Device or
// OutOfMemory) for that partition; the proof is never assembled from a failed step.
// Settings (MSM windows, H's window table) come from the CudaOptions given to the
// constructor (cuzk/cuda/options.hpp), never from the environment.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/msm.hpp"
#include "cuzk/cuda/options.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/util/lending_pool.hpp"

namespace cuzk::cuda {

class SerialWorker;  // cuda/src/serial_worker.hpp

class CudaBackend final : public groth16::Backend {
  using Bls = pairing::Bls12_381;
  using Bn = pairing::Bn254;

public:
  explicit CudaBackend(int device, std::size_t max_resident_keys = 2, CudaOptions options = {});
  ~CudaBackend() override;

  std::string name() const override { return "cuda:" + std::to_string(device_); }
  const CudaOptions& options() const { return options_; }
  groth16::MsmSums<Bls> compute(const groth16::ProvingKey<Bls>& pk, groth16::Abc<Bls> abc,
                                const std::vector<groth16::Scalar>& w, groth16::StageTimes& t,
                                bool early_free) override;
  groth16::MsmSums<Bn> compute(const groth16::ProvingKey<Bn>& pk, groth16::Abc<Bn> abc,
                               const std::vector<groth16::Scalar>& w, groth16::StageTimes& t,
                               bool early_free) override;
  // Uploads the key's points section by section on the upload context; a partition's MSMs
  // wait only for the sections they read (the first partition overlaps the upload).
  void prepare(const groth16::ProvingKey<Bls>& pk) override;
  void prepare(const groth16::ProvingKey<Bn>& pk) override;
  // Sets lent to synthesis at once: as many as the batch keeps partitions in flight by default
  // (two syntheses, one queued, two at the device: one uploading, one waiting for it), so that
  // no partition falls back to a copy; beyond it (more workers), plain memory and a staged copy.
  static constexpr std::size_t kLentSets = 5;
  // A page-locked set of the pool for synthesis to write a and b into (at most kLentSets lent at
  // once); empty when none is free or pinning failed.
  groth16::Abc<Bls> lend_abc(const groth16::ProvingKey<Bls>& pk) override;
  groth16::Abc<Bn> lend_abc(const groth16::ProvingKey<Bn>& pk) override;
  // The pool's page-locked sets (a, b + witness each): kLentSets for synthesis and one per
  // concurrent compute() for the copies of plain a and b (made only when needed, charged in
  // full), and the key upload's staging (UploadStaging::kTotalBytes while a key goes up). A
  // partition's footprint also counts its a and b: the batch gives those bytes back when they
  // were lent.
  std::uint64_t host_reserved_bytes(const groth16::ProvingKey<Bls>& pk, unsigned workers) const override {
    return reserved(pk.header.domain_size, pk.header.n_vars, workers);
  }
  std::uint64_t host_reserved_bytes(const groth16::ProvingKey<Bn>& pk, unsigned workers) const override {
    return reserved(pk.header.domain_size, pk.header.n_vars, workers);
  }
  // Elements of one staging set (Staging::fit): a and b (2 × domain) and the witness.
  static constexpr std::uint64_t staging_elems(std::uint64_t domain, std::uint64_t vars) { return 2 * domain + vars; }

private:
  struct ResidentBase;
  template <class E>
  struct Resident;
  struct Staging;
  struct HostInputs {  // where one partition's uploads read from (pinned staging or pageable)
    const groth16::Scalar* ab[2];  // a, b: the curve's Fr, Montgomery form (32 bytes each, as Scalar)
    const groth16::Scalar* w;
  };
  static std::uint64_t reserved(std::uint64_t domain, std::uint64_t vars, unsigned workers) {
    const std::uint64_t sets = kLentSets + std::min<std::uint64_t>(std::max(workers, 1u), kStagingSets);
    return sets * staging_elems(domain, vars) * sizeof(groth16::Scalar) + UploadStaging::kTotalBytes;
  }
  // Who holds a set of the pool (each with its own limit, so neither starves the other).
  enum Borrower : std::size_t { kSynthesis = 0, kDeviceStage = 1 };
  static constexpr std::size_t kStagingSets = 16;  // copies at once: at most one per device worker
  template <class E>
  groth16::MsmSums<E> compute_on(const groth16::ProvingKey<E>& pk, groth16::Abc<E> abc,
                                 const std::vector<groth16::Scalar>& w, groth16::StageTimes& t, bool early_free);
  template <class E>
  void prepare_on(const groth16::ProvingKey<E>& pk);
  // With device_mu_ held: the key's resident entry, and true when it was just added (the
  // caller then uploads it with upload_key, without holding device_mu_).
  template <class E>
  std::pair<std::shared_ptr<Resident<E>>, bool> resident_for(const groth16::ProvingKey<E>& pk);
  template <class E>
  void upload_key(const std::shared_ptr<Resident<E>>& r, const groth16::ProvingKey<E>& pk);
  template <class E>
  void build_h_table(Resident<E>& r);
  template <class E>
  HostInputs stage_inputs(Staging* st, groth16::Abc<E>& abc, const std::vector<groth16::Scalar>& w, bool early_free,
                          groth16::StageTimes& t);
  template <class E>
  groth16::Abc<E> lend_on(const groth16::ProvingKey<E>& pk);
  std::shared_ptr<Staging> take_set(Borrower who, std::size_t n, std::size_t nv);
  template <class E>
  void upload_and_compute_h(const HostInputs& in, std::size_t n, std::size_t nv, unsigned log_n);
  template <class E>
  groth16::MsmSums<E> run_msms(Resident<E>& res, std::size_t n, std::size_t nv, std::size_t np,
                               groth16::StageTimes& t, const std::function<void()>& uploaded);

  int device_;
  std::size_t max_keys_;
  CudaOptions options_;
  std::unique_ptr<LendingPool<Staging>> pool_;  // the page-locked sets (a lease may outlive it)
  std::mutex device_mu_;  // around device work only
  std::unique_ptr<Context> ctx_;
  DeviceBuffer<groth16::Scalar> dabc_;      // a, b, c = a∘b on the device (h in place of a; the curve's Fr), reused (device_mu_)
  DeviceBuffer<groth16::Scalar> dw_;        // the canonical witness on the device, reused (device_mu_)
  std::unique_ptr<Stream> copy_;            // uploads (w, a, b) under the NTTs and MSMs
  std::unique_ptr<Event[]> events_;         // start, w, a, b uploaded; h ready (groth16_backend.cpp's kEv*)
  std::unique_ptr<Context> ctx_g2_;         // the G2 MSM's own stream and scratch (same device)
  std::unique_ptr<Context> ctx_table_;      // H window tables' builds, lowest stream priority (upload_mu_)
  std::unique_ptr<Context> ctx_ntt_;        // the H computation's stream, tables and scratch
  std::unique_ptr<Context> ctx_up_;         // key uploads (upload_mu_), beside the partitions' work
  std::mutex upload_mu_;
  std::list<std::shared_ptr<ResidentBase>> resident_;  // most recent first, keys of either curve
  // Runs the G2 MSM beside the G1 ones; last, so it is joined before the contexts and
  // buffers its tasks use are destroyed.
  std::unique_ptr<SerialWorker> g2_worker_;
};

}  // namespace cuzk::cuda
