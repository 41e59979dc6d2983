#pragma once
// Batch progress on stderr (never in the events): the phase ("preparing key K.zkey (12.0 GB),
// 3.2 s" while a key loads, then "proving 3 / 10 partitions"), failures, and an ETA from the
// steady rate: the time per proof measured from the first completed proof on, so key loading
// and the pipeline's fill do not inflate it. Mode Bar redraws one line (a terminal); Lines
// prints a plain line at each change of phase and at most one a second while proving, plus the
// last (logs, CI); Off prints nothing. Thread-safe: the dispatcher, the graph's workers, the
// key loader and the sampler all report.
#include <cstdio>
#include <map>
#include <mutex>
#include <string>

namespace cuzk::pipeline {

enum class ProgressMode { Off, Bar, Lines };

class ProgressReporter {
public:
  ProgressReporter(ProgressMode mode, unsigned total, std::FILE* out = stderr) : mode_(mode), total_(total), out_(out) {}
  // A key load starts (done = false) or ends (done = true); bytes: the key file's size.
  void key(const std::string& path, unsigned long long bytes, bool done, double now);
  // Partitions: proven in this run, kept by --resume, failed; now: seconds since the start.
  void update(unsigned proven, unsigned kept, unsigned failed, double now);
  void finish(unsigned proven, unsigned kept, unsigned failed, double now);
  static bool stderr_is_tty();
  bool bar() const { return mode_ == ProgressMode::Bar; }  // a line to clear before printing another

private:
  std::string text_locked(double now) const;
  void emit_locked(double now, bool force);
  ProgressMode mode_;
  unsigned total_;
  std::FILE* out_;
  std::mutex m_;
  struct Load {
    unsigned long long bytes;
    double t0;
  };
  std::map<std::string, Load> loading_;
  unsigned proven_ = 0, kept_ = 0, failed_ = 0;
  double first_t_ = -1;    // when the first proof of this run completed
  unsigned first_n_ = 0;   // proofs completed by then
  double last_t_ = -1;     // when the latest proof completed
  double last_emit_ = -1e9;
  std::string last_phase_;
};

}  // namespace cuzk::pipeline
