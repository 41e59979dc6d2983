#pragma once
// A one-line progress bar on stderr: proofs done / total, failures, rate and ETA.
// Updated by the memory-sampler thread (throttled), never from the proving stages.
#include <cstdio>
#include <string>

namespace cuzk::pipeline {

class ProgressBar {
public:
  ProgressBar(bool enabled, unsigned total) : on_(enabled), total_(total) {}
  // done = proven + skipped + failed partitions; elapsed in seconds.
  void update(unsigned proven, unsigned skipped, unsigned failed, double elapsed);
  void finish(unsigned proven, unsigned skipped, unsigned failed, double elapsed);
  static bool stderr_is_tty();

private:
  std::string line(unsigned proven, unsigned skipped, unsigned failed, double elapsed) const;
  bool on_;
  unsigned total_;
  double last_ = -1;
};

}  // namespace cuzk::pipeline
