#pragma once
// Batch progress on stderr (never in the events): the phase ("preparing key K.zkey (12.0 GB),
// 3.2 s" while a key loads, then "proving 3 / 10 partitions"), failures, and an ETA from the
// steady rate: the time per proof measured from the first completed proof on, so key loading
// and the pipeline's fill do not inflate it. Mode Bar redraws one line (a terminal); Lines
// prints a plain line at each change of phase and at most one a second while proving, plus the
// last (logs, CI); Off prints nothing. Thread-safe: the dispatcher, the graph's workers, the
// sampler (which also polls the key loads, every --mem-interval) report.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <mutex>
#include <string>

#include "cuzk/pipeline/config.hpp"  // Progress

namespace cuzk::pipeline {

class ProgressBar {
public:
  // Progress::Auto: Bar when stderr is a terminal, else Lines.
  ProgressBar(Progress mode, unsigned total, std::FILE* out = stderr)
      : mode_(mode != Progress::Auto ? mode : stderr_is_tty() ? Progress::Bar : Progress::Lines),
        total_(total),
        out_(out) {}
  // The keys being loaded now (path -> size), asked at every update (KeyCache::loading).
  // A key load starts now (KeyCache::on_load_start): shown at once; its end is seen by polling.
  void key_started(const std::string& path, std::uint64_t bytes, double now);
  void watch_keys(std::function<std::map<std::string, std::uint64_t>()> f) { keys_ = std::move(f); }
  // Partitions: proven in this run, kept by --resume, failed; now: seconds since the start.
  void update(unsigned proven, unsigned kept, unsigned failed, double now);
  void finish(unsigned proven, unsigned kept, unsigned failed, double now);
  static bool stderr_is_tty();
  bool bar() const { return mode_ == Progress::Bar; }  // a line to clear before printing another

private:
  std::string text_locked(double now) const;
  void emit_locked(double now, bool force);
  Progress mode_;
  unsigned total_;
  std::FILE* out_;
  std::mutex m_;
  struct Load {
    unsigned long long bytes;
    double t0;
  };
  std::map<std::string, Load> loading_;
  std::function<std::map<std::string, std::uint64_t>()> keys_;
  std::atomic<unsigned> starts_{0};  // key_started calls (a poll older than one keeps every entry)
  unsigned proven_ = 0, kept_ = 0, failed_ = 0;
  double first_t_ = -1;    // when the first proof of this run completed
  unsigned first_n_ = 0;   // proofs completed by then
  double last_t_ = -1;     // when the latest proof completed
  double last_emit_ = -1e9;
  std::string last_phase_;
};

}  // namespace cuzk::pipeline
