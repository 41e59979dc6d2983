// The batch's stages as plain functions of one Partition (the graph that runs them is in
// graph.cpp): synthesis (a oneTBB worker), the device stage (a device worker thread), the
// write stage (a writer thread), and the end of a sector.
#include <tbb/task_arena.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <utility>

#include "cuzk/groth16/key_check.hpp"
#include "cuzk/pipeline/batch_impl.hpp"
#include "cuzk/pipeline/sector_ledger.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/digest.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::pipeline::detail {

using groth16::AnyProof;
using tbb::this_task_arena::isolate;

// The key_check span of a key whose point arrays were checked after its load (key_check.hpp):
// from the first check's start to the last one's end, once all have finished (the caller has
// waited for them: the upload waits for each array before it goes up).
static void emit_key_check(EventWriter& ev, const groth16::AnyKey& key) {
  groth16::visit_curve(key, [&](auto, const auto& k) {
    if (!k.deferred_check) return;
    const groth16::KeyCheck& c = *k.deferred_check;
    std::string err;
    try {
      c.wait_all();
    } catch (const std::exception& e) {
      err = e.what();
    }
    std::optional<groth16::KeyCheck::Clock::time_point> t0, t1;
    for (auto a : groth16::KeyCheck::kOrder)
      if (const auto t = c.times(a)) {
        if (!t0 || t->start < *t0) t0 = t->start;
        if (!t1 || t->end > *t1) t1 = t->end;
      }
    if (!t0) return;  // no check ran (stopped before its first)
    ev.emit(events::KeyCheck{round_us(ev.seconds(*t0)), round_us(ev.seconds(*t1)), k.path, double(k.point_bytes()), err});
  });
}

// A device with memory of its own gets the key's points uploaded now, on its uploader thread,
// overlapping this first synthesis (its first compute() waits for the sections it needs). The
// first such device's uploader then writes the key's key_check span, if its checks were deferred.
void Batch::prepare_devices(const KeyCache::KeyPtr& pk) {
  std::lock_guard<std::mutex> lk(prep_mu_);
  if (!prepared_.insert(pk.get()).second) return;
  bool first = true;
  std::size_t uploads = 0;
  for (std::size_t d = 0; d < devices.size(); ++d) uploads += uploaders_[d] ? 1 : 0;
  if (uploads) synth_gate_.uploads_begin(pk.get(), uploads);
  for (std::size_t d = 0; d < devices.size(); ++d) {
    if (!uploaders_[d]) continue;  // a device without memory of its own: nothing to upload
    uploaders_[d]->push([this, pk, backend = devices[d].backend, index = devices[d].index, check = std::exchange(first, false)] {
      struct Ended {  // on every way out: the key's syntheses may run side by side again
        SynthesisGate& g;
        const void* key;
        ~Ended() { g.upload_end(key); }
      } ended{synth_gate_, pk.get()};
      const double t0 = ev.now();
      std::string err;
      try {
        groth16::visit_curve(*pk, [&](auto, const auto& k) { backend->prepare(k); });
      } catch (const std::exception& e) {
        err = e.what();  // compute() meets it again and reports it for the partition
      }
      const std::string& path = groth16::visit_curve(*pk, [](auto, const auto& k) -> const std::string& { return k.path; });
      const double bytes = groth16::visit_curve(*pk, [](auto, const auto& k) { return double(k.point_bytes()); });
      ev.emit(events::KeyUpload{round_us(t0), round_us(ev.now()), std::int64_t(index), path, err, bytes});
      if (check) emit_key_check(ev, *pk);
    });
  }
}

void Batch::emit_error(SectorState& s, std::optional<unsigned> part, const std::string& msg) {
  ev.emit(events::ErrorEvent{s.name(), part, s.seq, msg});
  // And one line for the person watching (not a hot path: once per failure). The message
  // names the file; a sector whose file could not be read has no id, and its message names
  // the sector file already, so it is not repeated.
  std::string line = s.spec.id.empty() ? msg : s.spec.id + (part ? " p" + std::to_string(*part) : std::string()) + ": " + msg;
  const bool bar = progress && progress->bar();  // then clear the progress bar's line first
  std::fprintf(stderr, "%scuzk-prove batch: error: %s\n", bar ? "\r\x1b[K" : "", one_line(line).c_str());
  std::lock_guard<std::mutex> lk(s.m);
  if (s.first_error.empty()) s.first_error = one_line(line);
}

// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID), in seconds.
static double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// The fields every span carries (times rounded to the microsecond).
template <class E>
static E span(double t0, double t1, const SectorState& s, unsigned part) {
  E e;
  e.t0 = round_us(t0);
  e.t1 = round_us(t1);
  e.sector = s.spec.id;
  e.partition = part;
  e.seq = s.seq;
  return e;
}

// Which device proves a partition is known only when one takes it from the hand-off, so its
// a/b/c storage is asked of the devices in turn (the first asked rotates): the first one that
// lends wins, else plain memory. Lent memory is host memory, page-locked for every device of the
// process (unified addressing), so any device uploads from it without a copy.
groth16::AnyAbc Batch::lend_abc(const groth16::AnyKey& key) {
  return groth16::visit_curve(key, [&](auto e, const auto& pk) {
    using E = decltype(e);
    const std::size_t first = next_lender_++;
    for (std::size_t i = 0; i < devices.size(); ++i) {
      groth16::CurveBackend<E>& be = *devices[(first + i) % devices.size()].backend;
      groth16::Abc<E> abc = be.lend_abc(pk);
      if (!abc.a.empty()) return groth16::AnyAbc(std::move(abc));
    }
    return groth16::AnyAbc(groth16::Abc<E>{});
  });
}

// Parallel work here is isolated: a worker waiting inside it must not pick up another graph task.
bool Batch::synthesize(Partition& p) {
  const unsigned worker = synth_ids_.take();
  double t0 = ev.now();
  // Alone while the key goes up, and while one at a time keeps up (synthesis_gate.hpp). Released
  // only after the span's end is taken, so that a span let in after this one begins after this
  // one's end in the events too.
  std::optional<SynthesisGate::Pass> pass;
  try {
    const auto& pk = p.key.load();  // the first user loads it (its own key_load span)
    prepare_devices(p.key.key());
    pass.emplace(synth_gate_, p.key.key().get());
    t0 = ev.now();  // the synthesis span starts once the key is there (and the gate let it in)
    groth16::AnyAbc storage = lend_abc(pk);
    Synthesized syn = isolate([&] { return p.sector->source->synthesize(p.part, pk, std::move(storage)); });
    p.w = std::move(syn.w);
    p.abc = std::move(syn.abc);
    // a and b in a backend's pinned pool: that memory is charged outside the budget (host_reserved),
    // so the partition's reservation no longer holds them, nor c's share of the footprint (a backend
    // that lends forms c = a∘b on its device; ProvingKey::partition_bytes).
    std::visit([&](const auto& abc) {
      if (abc.lent()) p.permit.give_back(abc.bytes() + abc.size() * sizeof(*abc.a.data()));  // a, b; c
    }, p.abc);
    p.inputs = std::move(syn.inputs);
    p.pub = groth16::visit_curve(pk, [&](auto, const auto& k) { return groth16::public_signals(k, p.w.values); });
  } catch (const std::bad_alloc&) {
    p.fail(p.source + ": out of memory during synthesis");
  } catch (const std::exception& e) {
    p.fail(e.what());
  }
  p.synth_t1 = ev.now();
  if (pass && !p.failed()) pass->done(p.synth_t1 - t0);  // pacing's measure of a synthesis
  pass.reset();
  synth_ids_.give(worker);
  if (p.failed()) return false;
  auto e = span<events::Synth>(t0, p.synth_t1, *p.sector, p.part);
  e.worker = worker;
  ev.emit(e);
  if (!cfg.hold_permit) p.permit.release();  // intervention 1 off: released before the hand-off
  return true;
}

// On one of device d's worker threads: H and the MSMs on its backend.
void Batch::on_device(Partition& p, std::size_t d) {
  const double take = ev.now();
  ev.emit(span<events::Queue>(p.synth_t1, take, *p.sector, p.part));
  const Device& dev = devices[d];
  const unsigned worker = device_ids_[d]->take();
  groth16::StageTimes st;
  try {
    p.sums = groth16::visit_curve(*p.key.key(), [&](auto e, const auto& k) {
      using E = decltype(e);
      groth16::CurveBackend<E>& be = *dev.backend;
      return groth16::AnySums(be.compute(k, std::move(groth16::get_curve<E>(p.abc)), p.w.values, st, cfg.early_free));
    });
  } catch (const std::bad_alloc&) {
    p.fail("out of memory in the " + dev.name + " backend");
  } catch (const std::exception& e) {
    p.fail(dev.name + " backend: " + e.what());
  }
  const double t1 = ev.now();
  device_ids_[d]->give(worker);
  p.leave_device();  // the public signals were kept in p.pub
  if (p.failed()) return;
  // Pacing's measure of a device span: what the device itself took, not its wait for the key.
  synth_gate_.device_span(t1 - (take + st.prep + st.lock_wait) - st.key_wait);  // key_wait: 0 where not measured
  auto e = span<events::Gpu>(take + st.prep + st.lock_wait, t1, *p.sector, p.part);
  e.device = std::int64_t(dev.index);
  e.worker = worker;
  if (st.h2d.measured) e.h2d = round_us(st.h2d);  // a backend with a device of its own
  e.ntt = round_us(st.ntt);
  e.msm_g1 = round_us(st.msm_g1);
  e.msm_g2 = round_us(st.msm_g2);
  for (auto [to, from] : {std::pair{&e.msm_a, &st.msm_a}, std::pair{&e.msm_b1, &st.msm_b1},
                          std::pair{&e.msm_c, &st.msm_c}, std::pair{&e.msm_h, &st.msm_h},
                          std::pair{&e.key_wait, &st.key_wait}})
    if (from->measured) *to = round_us(*from);
  if (st.h2d.measured) e.d2h = round_us(st.d2h);
  e.lock_wait = round_us(st.lock_wait);
  if (st.prep.measured) e.prep = round_us(st.prep);
  e.h_table = st.h_table;
  e.abc_from = st.abc_from;
  ev.emit(e);
}

// On a writer thread: assemble, verify, the partition's files; the sector's after its last.
void Batch::write(Partition& p) {
  SectorState& s = *p.sector;
  std::optional<AnyProof> proof;
  if (!p.failed()) {
    const double t0 = ev.now();
    try {
      const std::string label = s.spec.id + "/p" + std::to_string(p.part);
      const AnyProof pr = groth16::visit_curve(s.header, [&](auto e, const auto& k) {
        using E = decltype(e);
        auto bl = cfg.seed ? groth16::Blinding<E>::from_seed(*cfg.seed, label) : groth16::Blinding<E>::random();
        return AnyProof(groth16::assemble(k, groth16::get_curve<E>(p.sums), bl));
      });
      double verify_s = -1, verify_cpu = -1;
      if (cfg.verify) {  // by default: a proof that does not verify is never written
        groth16::VerifyResult r;
        const double v0 = ev.now(), c0 = thread_cpu_seconds();
        // Serial (~2 ms of CPU), on this writer thread; its wall time beside the CPU time shows
        // how long it waited for a core (12-37 ms on a 16-core host busy with syntheses).
        r = groth16::visit_curve(s.vk, [&](auto e, const auto& vk) {
          return groth16::verify(vk, p.pub, groth16::get_curve<decltype(e)>(pr));
        });
        verify_s = ev.now() - v0;
        verify_cpu = thread_cpu_seconds() - c0;
        if (!r)
          fail(Error::Kind::Unsatisfied, p.source,
               "the proof does not verify (" + r.reason + "): the witness does not satisfy the circuit of " +
                   s.spec.zkey + ", or that key is corrupt; nothing written for this partition");
      }
      std::size_t bytes =
          s.ledger->write_partition(p.part, pr, p.pub, p.inputs, s.source->origin(p.part), p.overwrite);
      auto e = span<events::Write>(t0, ev.now(), s, p.part);
      e.bytes = bytes;
      if (verify_s >= 0) e.verify = round_us(verify_s);
      if (verify_cpu >= 0) e.verify_cpu = round_us(verify_cpu);
      ev.emit(e);
      proof = pr;
    } catch (const std::exception& e) {
      p.fail(e.what());
    }
  }
  if (p.failed()) emit_error(s, p.part, p.error);
  p.leave_device();  // a partition that failed before the device still holds its reservations
  partition_done(s, p.part, proof, false);
  p.leave_writer();
}

void Batch::partition_done(SectorState& s, unsigned part, std::optional<AnyProof> proof, bool was_skipped) {
  bool last = false;
  {
    std::lock_guard<std::mutex> lk(s.m);
    if (proof) {
      s.proofs[part] = *proof;
      (was_skipped ? s.skipped : s.proven)++;
    } else {
      s.failed++;
    }
    last = --s.remaining == 0;
  }
  (proof ? (was_skipped ? skipped : proofs) : failures)++;
  if (progress) progress->update(proofs, skipped, failures, ev.now());
  if (last) finish_sector(s);
}

void Batch::finish_sector(SectorState& s) {
  s.source->release();  // every partition is done: what the sector held goes back to the budget
  if (s.sector_charged) lim.release(s.sector_bytes, false);
  auto status = events::SectorStatus::Ok;
  if (s.failed) {
    status = events::SectorStatus::Failed;
  } else {
    std::vector<AnyProof> all;
    for (auto& p : s.proofs) all.push_back(*p);
    try {
      // --resume redid stale or invalid partitions: an old sector proof is made of those.
      if (s.ledger->write_sector_proof(all, cfg.resume && s.redone > 0) && s.proven == 0)
        status = events::SectorStatus::Skipped;
    } catch (const std::exception& e) {
      emit_error(s, std::nullopt, e.what());
      status = events::SectorStatus::Failed;
    }
  }
  end_sector(s, status, false);
  s.ledger->release();  // another batch waiting for this sector may check it now
}

void Batch::end_sector(SectorState& s, events::SectorStatus status, bool refused) {
  using St = events::SectorStatus;
  (status == St::Ok ? sectors_ok : status == St::Failed ? sectors_failed : sectors_skipped)++;
  s.status = refused ? "refused" : std::string(events::name(status));
  const unsigned parts = unsigned(s.spec.partitions());
  // A refused sector's partitions all count as failed (as run_end's failures counts them).
  ev.emit(events::SectorEnd{s.name(), s.seq, parts, status, refused, s.proven, s.skipped, refused ? parts : s.failed});
}

}  // namespace cuzk::pipeline::detail
