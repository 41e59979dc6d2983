// run_batch: reads the sector files, resolves the configuration, writes run_start, then
// dispatches partitions in (seq, partition) order into the graph (graph.cpp) while a
// sampler thread writes `mem` events and the progress bar.
#include "cuzk/pipeline/batch.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <thread>

#include "cuzk/pipeline/batch_impl.hpp"
#include "cuzk/pipeline/sector_ledger.hpp"
#include "cuzk/pipeline/out_lock.hpp"
#include "cuzk/pipeline/progress.hpp"
#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/standalone_key.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/digest.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

using namespace detail;
namespace fs = std::filesystem;

namespace {

// Reads every sector file and its key header up front: the estimates resolve `auto`
// settings before run_start, and bad files are known before any proving starts.
std::vector<std::unique_ptr<SectorState>> read_sectors(const std::vector<std::string>& files) {
  std::vector<std::unique_ptr<SectorState>> out;
  std::set<std::string> ids;
  std::map<std::string, std::shared_ptr<groth16::AnyKey>> headers;
  std::map<std::string, std::string> key_digests;  // zkey path -> verification key digest
  for (std::size_t i = 0; i < files.size(); ++i) {
    auto s = std::make_unique<SectorState>();
    s->seq = unsigned(i);
    s->file = files[i];
    try {
      s->spec = read_sector_file(files[i]);
      if (!ids.insert(s->spec.id).second)
        fail(Error::Kind::BadInput, files[i], "sector \"" + s->spec.id + "\" appears twice in this batch");
      auto& h = headers[s->spec.zkey];
      if (!h)
        h = pairing::with_curve(groth16::key_curve(s->spec.zkey), [&](auto e) {  // .zkey or standalone key
          return std::make_shared<groth16::AnyKey>(groth16::read_key_header<decltype(e)>(s->spec.zkey));
        });
      s->header = *h;
      s->vk = groth16::visit_curve(s->header, [](auto, const auto& k) { return groth16::AnyVerifyingKey(groth16::verifying_key(k)); });
      // The key's identity for --resume: a digest of its verification key (its curve included),
      // which decides whether a proof is valid (hashing a multi-GB .zkey on every start would
      // cost seconds).
      auto& kd = key_digests[s->spec.zkey];
      if (kd.empty())
        kd = "sha256:" + to_hex(sha256_of(groth16::visit_curve(s->vk, [](auto, const auto& vk) { return groth16::vkey_to_json(vk).dump(); })));
      s->key_digest = kd;
      s->footprint = groth16::visit_curve(s->header, [](auto, const auto& k) {
        return std::uint64_t(k.partition_bytes(k.header.n_vars, k.header.domain_size));
      });
      s->key_bytes = fs::file_size(s->spec.zkey);
      s->source = make_partition_source(s->spec, s->key_digest);
      std::tie(s->sector_bytes, s->sector_what) = s->source->sector_memory();
    } catch (const std::exception& e) {
      s->error = e.what();
      if (s->error.find(files[i]) == std::string::npos) s->error += " (sector file " + files[i] + ")";
      if (s->spec.id.empty() || s->error.find("appears twice") != std::string::npos) s->spec.id.clear();
    }
    s->proofs.resize(s->spec.partitions());
    s->remaining = unsigned(s->spec.partitions());
    out.push_back(std::move(s));
  }
  return out;
}

// Normalised absolute path (symlinks of existing folders resolved) for comparing outputs.
std::string norm_path(const std::string& p) {
  std::error_code ec;
  fs::path a = fs::absolute(p, ec);
  if (ec) a = p;
  fs::path c = fs::weakly_canonical(a, ec);
  return (ec ? a.lexically_normal() : c).string();
}

// A sector whose outputs (DIR/<id>/ and DIR/<id>.proof) would take the place of another
// output of this run - another sector's folder or proof file, or the events file - is
// refused before anything is created; the sectors before it keep their places.
void refuse_colliding_outputs(std::vector<std::unique_ptr<SectorState>>& sectors, const BatchConfig& cfg) {
  std::map<std::string, std::string> taken;  // normalised path -> what it is
  const std::string events = norm_path(cfg.events_file());
  taken[events] = "the events file";
  for (auto& s : sectors) {
    if (!s->error.empty()) continue;
    const std::string id = s->spec.id;
    const std::string dir = sector_dir(cfg.out_dir, id), proof = sector_proof_path(cfg.out_dir, id);
    const std::string ndir = norm_path(dir), nproof = norm_path(proof);
    std::string clash;
    if (auto it = taken.find(ndir); it != taken.end()) clash = "its folder " + dir + " is " + it->second;
    else if (auto it2 = taken.find(nproof); it2 != taken.end()) clash = "its proof " + proof + " is " + it2->second;
    else if (events.rfind(ndir + "/", 0) == 0) clash = "its folder " + dir + " holds the events file";
    if (!clash.empty()) {
      s->error = s->file + ": " + clash + "; this sector is refused (nothing written for it)";
      continue;
    }
    taken[ndir] = "the folder of sector \"" + id + "\"";
    taken[nproof] = "the proof of sector \"" + id + "\"";
  }
}

// The sizes that resolve the `auto` settings: the largest partition footprint and key (bytes)
// and the partitions to prove, over the sectors that were not refused.
struct BatchSize {
  std::uint64_t footprint = 1, key_bytes = 0;
  unsigned partitions = 0;
  std::set<std::string> curves;  // snarkjs's names of the keys' curves
};
BatchSize batch_size(const std::vector<std::unique_ptr<SectorState>>& sectors) {
  BatchSize z;
  for (const auto& s : sectors)
    if (s->error.empty()) {
      z.footprint = std::max(z.footprint, s->footprint);
      z.key_bytes = std::max(z.key_bytes, s->key_bytes);
      z.partitions += unsigned(s->spec.partitions());
      z.curves.insert(pairing::snarkjs_name(groth16::curve_of(s->header)));
    }
  return z;
}

// What the backends keep in host memory outside the partitions' footprints (pinned staging):
// per device, its largest over the batch's keys; charged against `--mem-budget auto`.
std::uint64_t host_reserved_bytes(const std::vector<Device>& devices,
                                  const std::vector<std::unique_ptr<SectorState>>& sectors, unsigned workers_per_device) {
  std::uint64_t total = 0;
  for (const auto& d : devices) {
    std::uint64_t most = 0;
    for (const auto& s : sectors)
      if (s->error.empty() && d.backend)
        most = std::max(most, groth16::visit_curve(s->header, [&](auto, const auto& k) {
                          return d.backend->host_reserved_bytes(k, std::max(1u, workers_per_device));
                        }));
    total += most;
  }
  return total;
}

void create_out_dir(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir))
    fail(Error::Kind::Io, dir,
         "cannot create the output folder" + (ec ? ": " + ec.message() : std::string(": a file of that name exists")));
}

events::RunStart run_start_event(const BatchConfig& cfg, const std::vector<Device>& devices, const RunInfo& info,
                                 std::size_t sectors, const BatchSize& size, double since_start) {
  events::RunStart e;
  e.version = CUZK_VERSION;
  if (!info.git.empty()) e.git = info.git;
  e.host = host_name();
  // Unix time (s) of ts 0: lines up the runs of many processes (cuzk-stats run sets, docs/slurm.md).
  const auto unix_now = std::chrono::system_clock::now().time_since_epoch();
  e.start_unix = round_us(std::chrono::duration<double>(unix_now).count() - since_start);
  e.cpus = cpu_count();
  for (const auto& d : devices)
    if (d.memory) e.gpus.push_back({d.index, d.name, d.memory, d.settings});
  e.config = cfg.to_json();
  e.argv = info.argv;
  e.sectors = sectors;
  e.partitions = size.partitions;
  e.footprint = size.footprint;
  e.key_bytes = size.key_bytes;
  e.curves.assign(size.curves.begin(), size.curves.end());
  return e;
}

// The key_load span (one per key and process, outside the synthesis spans: docs/events.md),
// and, once per key, a line on stderr for the person watching: where the cache goes.
KeyCache::OnLoad key_load_reporter(EventWriter& ev) {
  return [&ev](const std::string& path, EventWriter::Clock::time_point t0, EventWriter::Clock::time_point t1,
               const groth16::KeyLoadReport& rep, const std::string& err) {
    ev.emit(events::KeyLoad{round_us(ev.seconds(t0)), round_us(ev.seconds(t1)), path, rep.source, double(rep.bytes),
                            err.empty() ? rep.curve : std::string(), rep.cache_path, rep.wrote, rep.note, err});
    static const char* clear = isatty(STDERR_FILENO) == 1 ? "\r\x1b[K" : "";  // the bar's line
    if (rep.wrote)
      std::fprintf(stderr, "%scuzk-prove batch: prepared %s into the key cache %s (%.1f MB; --no-key-cache to skip)\n",
                   clear, one_line(path).c_str(), one_line(rep.cache_path).c_str(), double(rep.cache_bytes) / 1e6);
    if (!rep.note.empty()) std::fprintf(stderr, "%scuzk-prove batch: warning: %s\n", clear, one_line(rep.note).c_str());
  };
}

class Sampler {
public:
  // The first sample is taken here, on the caller's thread, before the graph starts: the run's
  // baseline (no key loaded, nothing in flight) must not depend on when the sampler thread is
  // first scheduled (on a loaded host it came after the key load had begun).
  Sampler(Batch& b, ProgressBar& bar) : b_(b), bar_(bar) {
    sample();
    th_ = std::thread([this] { loop(); });
  }
  ~Sampler() { stop(); }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(m_);
      if (stop_) return;
      stop_ = true;
    }
    cv_.notify_all();
    th_.join();
    sample();
  }
  std::uint64_t peak() const { return peak_; }
  std::uint64_t peak_anon() const { return peak_anon_; }

private:
  void sample() {
    events::Mem m;
    const RssParts rss = current_rss_parts();
    peak_ = std::max(peak_, rss.total);
    peak_anon_ = std::max(peak_anon_, rss.anon);
    m.rss = double(rss.total);
    m.rss_anon = double(rss.anon);
    m.rss_file = double(rss.file);
    for (const auto& d : b_.devices)
      if (d.used_memory) m.gpu_used = m.gpu_used.value_or(0) + double(d.used_memory());
    m.inflight = double(b_.lim.inflight());
    m.reserved = double(b_.lim.reserved());
    b_.ev.emit(m);
    bar_.update(b_.proofs, b_.skipped, b_.failures, b_.ev.now());
  }
  void loop() {
    std::unique_lock<std::mutex> lk(m_);
    auto next = std::chrono::steady_clock::now();
    const auto dt = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(b_.cfg.mem_interval));
    for (;;) {
      next += dt;
      if (cv_.wait_until(lk, next, [&] { return stop_; })) break;
      lk.unlock();
      sample();
      lk.lock();
    }
  }
  Batch& b_;
  ProgressBar& bar_;
  std::uint64_t peak_ = 0, peak_anon_ = 0;
  std::mutex m_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread th_;
};

// The sector file's outcomes and the run's totals, once the graph has drained.
BatchResult collect(const Batch& b, const std::vector<std::unique_ptr<SectorState>>& sectors) {
  BatchResult res;
  for (auto& sp : sectors)
    res.sectors.push_back({sp->spec.id, sp->file, sp->status.empty() ? "failed" : sp->status, sp->first_error,
                           unsigned(sp->spec.partitions()), sp->proven, sp->skipped, sp->failed});
  res.proofs = b.proofs;
  res.skipped = b.skipped;
  res.failures = b.failures;
  res.sectors_ok = b.sectors_ok;
  res.sectors_failed = b.sectors_failed;
  res.sectors_skipped = b.sectors_skipped;
  return res;
}

events::RunEnd run_end_event(const BatchResult& res, const MemoryLimiter& lim, const KeyCache& keys) {
  events::RunEnd e;
  e.proofs = res.proofs;
  e.failures = res.failures;
  e.skipped = res.skipped;
  e.sectors_ok = res.sectors_ok;
  e.sectors_failed = res.sectors_failed;
  e.sectors_skipped = res.sectors_skipped;
  e.wall = round_us(res.wall);
  e.s_per_proof = res.proofs ? round_us(res.wall / res.proofs) : 0.0;
  e.peak_rss = double(res.peak_rss);
  e.peak_rss_anon = double(res.peak_rss_anon);
  e.peak_reserved = lim.peak_reserved();
  e.peak_inflight = lim.peak_inflight();
  e.key_loads = keys.loads();
  return e;
}

}  // namespace

// The run in four steps: the sectors read and the `auto` settings resolved; the output folder,
// its lock, the events file and run_start; the graph, with the sampler and the progress bar;
// the outcomes and run_end.
BatchResult run_batch(BatchConfig cfg, const std::vector<std::string>& files, std::vector<Device> devices,
                      const RunInfo& info) {
  const auto start = EventWriter::Clock::now();
  if (devices.empty()) fail(Error::Kind::BadInput, "", "no device to prove on");
  auto sectors = read_sectors(files);
  refuse_colliding_outputs(sectors, cfg);
  const BatchSize size = batch_size(sectors);
  const unsigned gpu_workers = unsigned(devices.size()) * std::max(1u, cfg.workers_per_device);
  // Pacing (synthesis_gate.hpp, rule 2) where the workers are the automatic count and every device
  // has memory of its own (a GPU: its spans, one at a time a device, measure the devices' rate; the
  // CPU stand-ins prove on the synthesis's own cores).
  cfg.synth_pacing = cfg.synth_workers == 0 && std::all_of(devices.begin(), devices.end(), [](const Device& d) { return d.memory != 0; });
  resolve(cfg, size.footprint, size.key_bytes, gpu_workers, host_reserved_bytes(devices, sectors, cfg.workers_per_device));
  cfg.devices.clear();
  for (auto& d : devices) cfg.devices.push_back(d.index);
  if (cfg.synth_pacing && cfg.synth_workers > 1)
    cfg.synth_workers_source += "; paced: one at a time unless one alone is measured to take > 0.9 x a device span / " +
                                std::to_string(devices.size()) + " device(s) (synthesis_gate.hpp)";

  // Each sector being proven holds its lock open (out_lock.hpp): at most the partitions in
  // flight of them, fewer where RLIMIT_NOFILE leaves less room; checked before anything is made.
  DescriptorBudget fds;
  fds.wanted = cfg.hold_permit && cfg.bounded_queue ? cfg.max_inflight + cfg.queue_depth + cfg.write_workers + 1
                                                    : std::numeric_limits<unsigned>::max() / 2;  // unbounded queues
  fds.transient = cfg.synth_workers + 2 * cfg.write_workers + 12;
  auto claims = std::make_shared<ClaimSlots>(claim_capacity(fds));

  create_out_dir(cfg.out_dir);
  OutDirLock dir_lock(cfg.out_dir);  // shared with concurrent batches; cleans DIR's temp files when alone
  EventWriter ev(cfg.events_file(), make_run_id(), start);  // before any sector folder can take its place
  for (auto& s : sectors)
    if (s->error.empty()) {
      s->ledger = std::make_unique<SectorLedger>(cfg.out_dir, s->spec.id, s->spec.zkey, claims);
      s->error = s->ledger->prepare();  // its folder; its proof's place free for a file
    }
  ev.emit(run_start_event(cfg, devices, info, sectors.size(), size, ev.now()));

  MemoryLimiter lim(cfg.mem_budget, cfg.max_inflight);
  groth16::KeyCacheOptions kco;
  kco.enabled = cfg.key_cache;
  kco.dir = cfg.key_cache_dir;
  kco.defer_point_checks = true;  // checked beside synthesis and the upload (groth16/prepared_key.hpp)
  KeyCache keys(lim, {}, kco, key_load_reporter(ev));
  for (auto& s : sectors)
    if (s->error.empty()) keys.expect(s->spec.zkey, s->key_bytes, unsigned(s->spec.partitions()));

  ProgressBar bar(cfg.progress, size.partitions);
  bar.watch_keys([&keys] { return keys.loading(); });
  keys.on_load_start = [&](const std::string& path, std::uint64_t bytes) { bar.key_started(path, bytes, ev.now()); };
  BatchResult res;
  {
    Batch b(cfg, std::move(devices), ev, lim, keys);
    b.progress = &bar;
    Sampler sampler(b, bar);

    // The dispatcher (dispatcher.cpp) on a thread of its own while this thread works on the
    // graph (Batch::run), so the graph moves even where oneTBB has no worker thread (one CPU).
    b.run([&] { b.dispatch(sectors); });
    sampler.stop();
    res = collect(b, sectors);
    res.peak_rss = std::max(sampler.peak(), peak_rss());
    res.peak_rss_anon = sampler.peak_anon();
  }
  res.wall = ev.now();
  bar.finish(res.proofs, res.skipped, res.failures, res.wall);
  ev.emit(run_end_event(res, lim, keys));
  res.run = ev.run_id();
  res.events_error = ev.error();
  return res;
}

}  // namespace cuzk::pipeline
