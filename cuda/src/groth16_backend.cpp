#include "cuzk/cuda/groth16_backend.hpp"
#include "cuzk/cuda/registered_buffer.hpp"

#include <tbb/parallel_for.h>

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <functional>
#include <future>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cuzk/cuda/ntt.hpp"
#include "serial_worker.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::cuda {

using groth16::ProvingKey;
using groth16::Scalar;
static_assert(sizeof(pairing::Bls12_381::Fr) == sizeof(Scalar) && sizeof(pairing::Bn254::Fr) == sizeof(Scalar));

namespace {
using Clock = std::chrono::steady_clock;
// events_: the uploads' start, the witness, a and b up (b is the last upload); h ready.
enum : int { kEvStart, kEvW, kEvA, kEvB, kEvH, kEvents };
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Parallel copy into pinned memory (one core's memcpy does not saturate the bus).
template <class T>
void copy_parallel(T* dst, const T* src, std::size_t n) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 16), [&](const auto& r) {
    std::memcpy(dst + r.begin(), src + r.begin(), r.size() * sizeof(T));
  });
}
}  // namespace

// A key's points on the device, section by section. The sections go up in the order the
// first partition needs them (B2 first: the G2 MSM is the longest; then A, B1, C for the G1
// chain, H last, which also waits for the NTTs), each marked ready once its copy has
// finished, so the first partition's MSMs start while the rest of the key is still going up.
// ResidentBase is what the least-recently-used list holds whatever the curve.
struct CudaBackend::ResidentBase {
  enum Section : unsigned { kB2 = 1, kA = 2, kB1 = 4, kC = 8, kH = 16, kAll = 31, kHTable = 32 };
  std::string path;
  pairing::CurveId curve{};
  std::uint32_t n_vars = 0, domain = 0;
  virtual ~ResidentBase() = default;

  // Without waiting: whether `s` is on the device.
  bool ready(Section s) {
    std::lock_guard<std::mutex> lk(m_);
    return ready_ & s;
  }

  // Blocks until `s` is on the device; rethrows the upload's error if it failed instead.
  void wait(Section s) {
    std::unique_lock<std::mutex> lk(m_);
    cv_.wait(lk, [&] { return (ready_ & s) || error_; });
    if (!(ready_ & s)) std::rethrow_exception(error_);
  }
  void set_ready(Section s) {
    {
      std::lock_guard<std::mutex> lk(m_);
      ready_ |= s;
    }
    cv_.notify_all();
  }
  void set_failed(std::exception_ptr e) {
    {
      std::lock_guard<std::mutex> lk(m_);
      error_ = std::move(e);
    }
    cv_.notify_all();
  }

private:
  std::mutex m_;
  std::condition_variable cv_;
  unsigned ready_ = 0;
  std::exception_ptr error_;
};

template <class E>
struct CudaBackend::Resident final : ResidentBase {
  // The key's own δ (random per setup and per ceremony contribution): a key file replaced by
  // another key of the same shape at the same path is told apart from the one up here.
  typename E::G1Affine delta1;
  typename E::G2Affine delta2;
  ResidentBases<typename E::G1Affine> a, b1, c, h;
  ResidentBases<typename E::G2Affine> b2;
  WindowTable<typename E::G1Affine> h_table;  // CudaOptions::msm_table_h_bits; in use once kHTable is ready
};

// One partition's page-locked set: a and b (written there by synthesis when lent, else copied
// in; no c: it is formed on the device) and the canonical witness. Its size in elements is
// staging_elems() (what host_reserved_bytes() charges per set).
struct CudaBackend::Staging {
  std::size_t n = 0, vars = 0;
  // page-locked (registered: cudaMallocHost held the driver ~0.4 s/GB)
  RegisteredBuffer<Scalar> ab;  // a then b: the curve's Fr (Montgomery form), 32 bytes each
  RegisteredBuffer<Scalar> w;
  bool fits(std::size_t n_, std::size_t vars_) const { return n >= n_ && vars >= vars_; }
  void fit(std::size_t n_, std::size_t vars_) {  // (re)pins when smaller than asked
    if (fits(n_, vars_)) return;
    ab = RegisteredBuffer<Scalar>(2 * n_);
    w = RegisteredBuffer<Scalar>(vars_);
    n = n_;
    vars = vars_;
  }
};

CudaBackend::CudaBackend(int device, std::size_t max_resident_keys, CudaOptions options)
    : device_(device),
      max_keys_(max_resident_keys ? max_resident_keys : 1),
      options_(std::move(options)),
      pool_(std::make_unique<LendingPool<Staging>>(std::vector<std::size_t>{kLentSets, kStagingSets})),
      ctx_(std::make_unique<Context>(device, options_)) {
  ctx_->activate();
  copy_ = std::make_unique<Stream>();
  events_ = std::make_unique<Event[]>(kEvents);
  ctx_g2_ = std::make_unique<Context>(device, options_);
  ctx_up_ = std::make_unique<Context>(device, options_);
  ctx_ntt_ = std::make_unique<Context>(device, options_);
  g2_worker_ = std::make_unique<SerialWorker>();
}

// The idle page-locked sets are released on threads of their own: unregistering and unmapping
// ~2 GB a set (2^24) took ~0.05 s a GB one after another at the end of a batch.
CudaBackend::~CudaBackend() {
  std::vector<std::jthread> th;
  try {
    for (auto& set : pool_->take_idle()) th.emplace_back([s = std::move(set)]() mutable { s.reset(); });
  } catch (...) {  // no thread to be had: the sets not yet handed to one are released here
  }
}

template <class E>
std::pair<std::shared_ptr<CudaBackend::Resident<E>>, bool> CudaBackend::resident_for(const ProvingKey<E>& pk) {
  for (auto it = resident_.begin(); it != resident_.end(); ++it) {
    if ((*it)->path == pk.path && (*it)->curve == E::id && (*it)->n_vars == pk.header.n_vars &&
        (*it)->domain == pk.header.domain_size) {
      auto r = std::static_pointer_cast<Resident<E>>(*it);
      if (!(r->delta1 == pk.header.delta1 && r->delta2 == pk.header.delta2)) {
        resident_.erase(it);  // another key now at that path: its points go up anew (the old ones
        break;                // are freed once the partitions using them are done)
      }
      resident_.splice(resident_.begin(), resident_, it);
      return {std::move(r), false};
    }
  }
  while (resident_.size() >= max_keys_) resident_.pop_back();  // frees its device memory (once unused)
  auto r = std::make_shared<Resident<E>>();
  r->path = pk.path;
  r->curve = E::id;
  r->n_vars = pk.header.n_vars;
  r->domain = pk.header.domain_size;
  r->delta1 = pk.header.delta1;
  r->delta2 = pk.header.delta2;
  resident_.push_front(r);
  return {r, true};
}

// On the upload context (its own stream), one key at a time; the caller need not hold
// device_mu_. A failed upload fails the partitions waiting on it and is forgotten, so the
// next partition tries again.
template <class E>
void CudaBackend::upload_key(const std::shared_ptr<Resident<E>>& r, const ProvingKey<E>& pk) {
  std::lock_guard<std::mutex> lk(upload_mu_);
  try {
    // Packed on host threads into staging made once for the five sections. (DMA straight
    // from the prepared key's registered pages was tried: registering page-cache pages ran
    // at 1.7-2.0 GB/s on the H200 host, slower than packing into pinned staging.)
    // A section of a prepared key whose pages are mostly not in the page cache (evicted since
    // the key was loaded and checked) is read from its file with O_DIRECT straight into the
    // staging and packed there (util/section_reader.hpp: large reads at the disk's rate, no
    // page faults, no page cache filled); a read that fails (the file shrank, EIO) fails the
    // upload, where the mapping would have raised SIGBUS. A cached section, or one of a parsed
    // .zkey, is packed from memory: the key check (prepared_key.cpp) has mapped every page by
    // then, and a buffered read would add a copy of every byte beside synthesis.
    UploadStaging staging;
    SectionReadOptions direct;
    direct.mode = SectionReadOptions::Mode::Direct;
    // Each section's content check passed first: a prepared key's checks may still be running
    // (groth16/prepared_key.hpp: deferred, in this very order B2, A, B1, C, H = KeyCheck::kOrder),
    // so a section goes up from the page cache its check has just filled while the next is
    // checked; a failed check throws here (the file and the array named) and fails the upload.
    auto up = [&](auto& dst, const auto& src, ResidentBase::Section s, groth16::KeyCheck::Array which) {
      pk.wait_checked(which);
      const groth16::KeyFileSpan& f = src.file_span();
      const std::uint64_t bytes = std::uint64_t(src.size()) * sizeof(*src.data());
      // (the key's own mapping asked, not a fresh one: a key file this process may not write, e.g.
      // a shared root-owned key, would otherwise count as never cached and always go up direct)
      if (f.file && SectionReader::mapped_resident_fraction(src.data(), bytes) < direct.min_resident)
        dst.upload_file(*ctx_up_, SectionReader(f.file), f.offset, src.size(), staging, direct);
      else
        dst.upload(*ctx_up_, src.data(), src.size(), staging);
      r->set_ready(s);
    };
    using Arr = groth16::KeyCheck::Array;
    up(r->b2, pk.b2, ResidentBase::kB2, Arr::B2);
    up(r->a, pk.a, ResidentBase::kA, Arr::A);
    up(r->b1, pk.b1, ResidentBase::kB1, Arr::B1);
    up(r->c, pk.c, ResidentBase::kC, Arr::C);
    up(r->h, pk.h, ResidentBase::kH, Arr::H);
    build_h_table(*r);
  } catch (...) {
    r->set_failed(std::current_exception());
    std::lock_guard<std::mutex> dl(device_mu_);
    resident_.remove(r);
    throw;
  }
}

// H's window table (CudaOptions::msm_table_h_bits), after the key's sections (whose uploads
// have returned with the points on the device): once per resident key, on a context of its
// own at the device's lowest stream priority, one chunk of points queued at a time
// (WindowTable::build). The partitions use the plain MSM until it is ready. (With the whole
// build queued, the first partition's MSMs — whose first calls grow their scratch, and
// cudaFree waits for all work on the device — waited for the 2.5 s build: first proof
// 2.4 → 4.8 s at 2^24.) Made only when it leaves kTableSpare of the GPU's memory free for
// the MSM and NTT scratch; a table that cannot be made (no room, allocation failed) leaves H
// on the plain MSM.
template <class E>
void CudaBackend::build_h_table(Resident<E>& r) {
  const unsigned c = options_.msm_table_h_bits;
  if (!c || r.h.size() == 0) return;
  constexpr std::size_t kTableSpare = std::size_t(8) << 30;
  std::size_t free = 0, total = 0;
  ctx_up_->activate();
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  if (free < decltype(r.h_table)::bytes_for(r.h.size(), c) + kTableSpare) return;
  if (!ctx_table_) ctx_table_ = std::make_unique<Context>(device_, options_, StreamPriority::Low);
  try {
    r.h_table.build(*ctx_table_, r.h, c);
  } catch (const Error&) {  // out of device memory meanwhile, or past 2^31 entries: H stays plain
    r.h_table = decltype(r.h_table)();
    (void)cudaGetLastError();
    return;
  }
  r.set_ready(ResidentBase::kHTable);
}

template <class E>
void CudaBackend::prepare_on(const ProvingKey<E>& pk) {
  std::pair<std::shared_ptr<Resident<E>>, bool> r;
  {
    std::lock_guard<std::mutex> lk(device_mu_);
    r = resident_for(pk);
  }
  if (r.second) upload_key(r.first, pk);
}

// A set of the pool for a partition of this shape: an idle one that fits, else any idle one
// pinned again at this size, else a new one while the class has room; nullptr when none.
std::shared_ptr<CudaBackend::Staging> CudaBackend::take_set(Borrower who, std::size_t n, std::size_t nv) {
  auto st = pool_->take(
      who, [&](const Staging& s) { return s.fits(n, nv); },
      [&] {
        auto s = std::make_unique<Staging>();
        s->fit(n, nv);
        return s;
      });
  if (st) st->fit(n, nv);  // (re)pins an idle set that was made for a smaller key
  return st;
}

// Synthesis writes a and b into the set (2 × domain, one after the other: what the uploads read)
// and the device stage later adds the witness. Made on the first partitions' synthesis threads, so
// the first synthesis finds one without racing prepare(); the pages are touched and registered
// once, never faulted in again by synthesis. Failing to pin is no error: plain memory instead.
template <class E>
groth16::Abc<E> CudaBackend::lend_on(const ProvingKey<E>& pk) {
  using Fr = typename E::Fr;
  const std::size_t n = pk.header.domain_size;
  std::shared_ptr<Staging> st;
  try {
    ctx_->activate();  // this thread's device: the one whose pool it is
    st = take_set(kSynthesis, n, pk.header.n_vars);
  } catch (const std::exception&) {
    return {};
  }
  if (!st) return {};
  Fr* base = reinterpret_cast<Fr*>(st->ab.get());
  groth16::Abc<E> abc;
  abc.a = HostArray<Fr>(base, n, st, pool_.get());
  abc.b = HostArray<Fr>(base + n, n, std::move(st), pool_.get());
  return abc;
}

// Host preparation, outside the device lock, into `st` (the set synthesis wrote a and b into,
// or one taken for this partition; none: the uploads read where the data is). a and b written
// into page-locked memory (lent) go up from there; plain a and b are copied into the set and
// freed at once (early free). The witness is copied into the set, as synthesis holds it
// (canonical: the form the MSMs read). Returns where the uploads read from.
template <class E>
CudaBackend::HostInputs CudaBackend::stage_inputs(Staging* st, groth16::Abc<E>& abc, const std::vector<Scalar>& w,
                                                  bool early_free, groth16::StageTimes& t) {
  const std::size_t n = abc.size();
  const typename E::Fr* v[2] = {abc.a.data(), abc.b.data()};
  HostInputs in{{}, w.data()};
  for (int k = 0; k < 2; ++k) in.ab[k] = reinterpret_cast<const Scalar*>(v[k]);  // bytes, for the copies only
  t.abc_from = abc.lent() ? "lent" : st ? "staged" : "pageable";
  if (!st) return in;
  if (!abc.lent()) {
    for (int k = 0; k < 2; ++k) {
      copy_parallel(reinterpret_cast<typename E::Fr*>(st->ab.get() + k * n), v[k], n);
      in.ab[k] = st->ab.get() + k * n;
    }
    if (early_free) abc.release();  // a and b now live in the pinned set
  }
  copy_parallel(st->w.get(), w.data(), w.size());
  in.w = st->w.get();
  return in;
}

// With device_mu_ held: the witness, then a and b go up on the copy stream (events kEvStart,
// kEvW, kEvA, kEvB); on the NTT context c = a∘b is formed on the device (for a satisfied R1CS
// ⟨C,w⟩ = a·b on every row: prover.hpp, step 2), each of a, b, c goes to the odd coset, and
// h = a·b − c replaces a (kEvH). a's NTT still overlaps b's upload: a is first copied into c's
// place (device to device), and b's upload then multiplies into it.
//   copy:  w → [w] · a → [a] · b → [b]
//   ntt:   [a] c = a, NTT a · [b] c = c∘b, NTT b, NTT c · h = a·b − c → [h]
template <class E>
void CudaBackend::upload_and_compute_h(const HostInputs& in, std::size_t n, std::size_t nv, unsigned log_n) {
  using Fr = typename E::Fr;
  dabc_.resize(3 * n);
  dw_.resize(nv);
  Fr* da = reinterpret_cast<Fr*>(dabc_.get());
  Fr* db = da + n;
  Fr* dc = da + 2 * n;
  const cudaStream_t xs = copy_->get();
  Event* ev = events_.get();
  ev[kEvStart].record(xs);
  CUZK_CUDA_CHECK(cudaMemcpyAsync(dw_.get(), in.w, nv * sizeof(groth16::Scalar), cudaMemcpyHostToDevice, xs));
  ev[kEvW].record(xs);
  // From pageable memory a copy returns once the driver has staged it: the vectors may
  // then be freed (early free) while the DMA finishes.
  for (int k = 0; k < 2; ++k) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(da + k * n, in.ab[k], n * sizeof(Fr), cudaMemcpyHostToDevice, xs));
    ev[kEvA + k].record(xs);
  }
  const cudaStream_t ns = ctx_ntt_->stream();
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(ns, ev[kEvA].get(), 0));
  CUZK_CUDA_CHECK(cudaMemcpyAsync(dc, da, n * sizeof(Fr), cudaMemcpyDeviceToDevice, ns));
  ntt_to_odd_coset(*ctx_ntt_, da, log_n);
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(ns, ev[kEvB].get(), 0));
  fr_mul(*ctx_ntt_, dc, dc, db, n);  // c = a∘b, before b's NTT
  ntt_to_odd_coset(*ctx_ntt_, db, log_n);
  ntt_to_odd_coset(*ctx_ntt_, dc, log_n);
  fr_mul_sub(*ctx_ntt_, da, da, db, dc, n);  // h in place of a
  ev[kEvH].record(ns);
}

// With device_mu_ held, once the witness's upload is queued: the G2 MSM on the backend's G2
// thread and its own context (stream + scratch), so that its latency-bound kernels (register
// spills: Fq2 XYZZ) share the SMs with the four G1 MSMs run here, A, B1, C once the witness
// is up and H once h is ready (msm_g1 and msm_g2 are then overlapping wall times). Each
// waits for its own section of the key. `uploaded` (if any) runs once the last upload has
// finished, before H's MSM (which waits for h, and so for that upload, anyway).
template <class E>
groth16::MsmSums<E> CudaBackend::run_msms(Resident<E>& res, std::size_t n, std::size_t nv, std::size_t np,
                                          groth16::StageTimes& t, const std::function<void()>& uploaded) {
  const groth16::Scalar* dw = dw_.get();
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(ctx_->stream(), events_[kEvW].get(), 0));
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(ctx_g2_->stream(), events_[kEvW].get(), 0));
  groth16::MsmSums<E> m;
  double g2_secs = 0;
  std::future<void> g2 = g2_worker_->submit([&] {
    const auto t2 = Clock::now();
    struct Timed {  // the G2 time also when the MSM throws (the future carries the error)
      double& secs;
      Clock::time_point t0;
      ~Timed() { secs = since(t0); }
    } timed{g2_secs, t2};
    res.wait(ResidentBase::kB2);
    m.b2 = msm_g2(*ctx_g2_, res.b2, dw, nv);
  });
  struct Wait {  // on every path: the task uses m, res and dw_
    std::future<void>& f;
    ~Wait() {
      if (f.valid()) f.wait();
    }
  } wait{g2};
  // Each G1 MSM's wall time from the end of the previous one (A's from the start: its wait for
  // the key's section included, H's with its wait for h).
  const auto t0 = Clock::now();
  auto lap = [t = t0](groth16::StageTime& s) mutable {
    const auto now = Clock::now();
    s += std::chrono::duration<double>(now - t).count();
    t = now;
  };
  t.key_wait += 0.0;  // measured (0 when every section is up)
  auto wait_for = [&](ResidentBase::Section s) {  // the G1 chain's wait for a section, in key_wait
    const auto w0 = Clock::now();
    res.wait(s);
    t.key_wait += since(w0);
  };
  wait_for(ResidentBase::kA);
  m.a = msm_g1(*ctx_, res.a, dw, nv);
  lap(t.msm_a);
  wait_for(ResidentBase::kB1);
  m.b1 = msm_g1(*ctx_, res.b1, dw, nv);
  lap(t.msm_b1);
  wait_for(ResidentBase::kC);
  m.c = msm_g1(*ctx_, res.c, dw + np, nv - np);
  lap(t.msm_c);
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(ctx_->stream(), events_[kEvH].get(), 0));
  if (uploaded) {
    events_[kEvB].synchronize();
    uploaded();
  }
  wait_for(ResidentBase::kH);
  const bool table = res.ready(ResidentBase::kHTable);
  if (options_.msm_table_h_bits) t.h_table = table;
  const auto* h = reinterpret_cast<const typename E::Fr*>(dabc_.get());
  m.h = table ? msm_g1(*ctx_, res.h_table, h, n) : msm_g1(*ctx_, res.h, h, n);
  lap(t.msm_h);
  t.msm_g1 += since(t0);
  g2.get();  // rethrows the G2 MSM's error
  t.msm_g2 += g2_secs;
  return m;
}

template <class E>
groth16::MsmSums<E> CudaBackend::compute_on(const ProvingKey<E>& pk, groth16::Abc<E> abc, const std::vector<Scalar>& w,
                                            groth16::StageTimes& t, bool early_free) {
  const std::size_t n = pk.header.domain_size, nv = w.size(), np = pk.header.n_public + 1;
  if (!abc.sized(n) || nv != pk.header.n_vars)
    fail(Error::Kind::Internal, pk.path, "CUDA backend: a/b or witness length does not match the key");

  const auto t_start = Clock::now();
  // The set synthesis wrote a and b into when this backend lent it (the witness joins them
  // there), else one of the pool's for the copies; it goes back to the pool when the last of
  // `st` and a/b's views is dropped, on every path.
  std::shared_ptr<Staging> st;
  if (abc.a.lender() == pool_.get()) {
    st = std::static_pointer_cast<Staging>(abc.a.owner());
  } else {
    try {
      st = take_set(kDeviceStage, n, nv);
    } catch (const std::exception&) {  // no page-locked memory to be had now: up from pageable memory
      st.reset();
    }
  }
  const HostInputs in = stage_inputs(st.get(), abc, w, early_free, t);

  auto tl = Clock::now();
  t.prep += std::chrono::duration<double>(tl - t_start).count();
  std::unique_lock<std::mutex> lk(device_mu_);
  t.lock_wait += since(tl);
  ctx_->activate();
  auto [res, fresh] = resident_for(pk);
  if (fresh) {  // no prepare() for this key (or its upload failed): up now, device lock released
    lk.unlock();
    upload_key(res, pk);
    lk.lock();
  }
  // Device buffers are kept between partitions: allocating and freeing ~1.5 GB at 2^22
  // cost ~60 ms a partition (cudaFree synchronises the device).
  struct Drain {  // on an error, the host memory the queued copies read outlives them
    const Stream& s;
    ~Drain() { (void)cudaStreamSynchronize(s.get()); }
  } drain{*copy_};
  upload_and_compute_h<E>(in, n, nv, pk.header.log_domain);
  if (!st && !abc.lent() && early_free) abc.release();  // the pageable copies are staged by now
  std::function<void()> uploaded;
  if (early_free)  // the set (and lent a/b) back to the pool once the uploads have read them
    uploaded = [&] {
      abc.release();
      st.reset();
    };
  groth16::MsmSums<E> m = run_msms(*res, n, nv, np, t, uploaded);
  // h2d = start → last upload, ntt = [a] → [h] (CUDA events; both overlap the MSMs)
  events_[kEvH].synchronize();
  t.h2d += 1e-3 * events_[kEvB].elapsed_ms_since(events_[kEvStart]);
  t.ntt += 1e-3 * events_[kEvH].elapsed_ms_since(events_[kEvA]);
  return m;
}

groth16::MsmSums<pairing::Bls12_381> CudaBackend::compute(const ProvingKey<Bls>& pk, groth16::Abc<Bls> abc,
                                                          const std::vector<Scalar>& w, groth16::StageTimes& t,
                                                          bool early_free) {
  return compute_on(pk, std::move(abc), w, t, early_free);
}
groth16::MsmSums<pairing::Bn254> CudaBackend::compute(const ProvingKey<Bn>& pk, groth16::Abc<Bn> abc,
                                                      const std::vector<Scalar>& w, groth16::StageTimes& t,
                                                      bool early_free) {
  return compute_on(pk, std::move(abc), w, t, early_free);
}
void CudaBackend::prepare(const ProvingKey<Bls>& pk) { prepare_on(pk); }
void CudaBackend::prepare(const ProvingKey<Bn>& pk) { prepare_on(pk); }
groth16::Abc<pairing::Bls12_381> CudaBackend::lend_abc(const ProvingKey<Bls>& pk) { return lend_on(pk); }
groth16::Abc<pairing::Bn254> CudaBackend::lend_abc(const ProvingKey<Bn>& pk) { return lend_on(pk); }

}  // namespace cuzk::cuda
