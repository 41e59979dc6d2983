#include "cuzk/pipeline/progress.hpp"

#include <unistd.h>

#include <algorithm>

namespace cuzk::pipeline {

bool ProgressBar::stderr_is_tty() { return isatty(STDERR_FILENO) == 1; }

std::string ProgressBar::line(unsigned proven, unsigned skipped, unsigned failed, double elapsed) const {
  unsigned done = proven + skipped + failed;
  constexpr int W = 30;
  int fill = total_ ? int(double(W) * done / total_) : W;
  std::string bar(std::size_t(std::clamp(fill, 0, W)), '#');
  bar.resize(W, '.');
  char buf[256];
  double rate = proven ? elapsed / proven : 0;
  double eta = proven && total_ > done ? rate * (total_ - done) : 0;
  int n = std::snprintf(buf, sizeof buf, "\r[%s] %u/%u proofs", bar.c_str(), done, total_);
  std::string s(buf, std::size_t(n));
  if (skipped) s += ", " + std::to_string(skipped) + " resumed";
  if (failed) s += ", " + std::to_string(failed) + " failed";
  if (proven) {
    n = std::snprintf(buf, sizeof buf, "  %.2f s/proof  ETA %d:%02d", rate, int(eta) / 60, int(eta) % 60);
    s.append(buf, std::size_t(n));
  }
  s += "\x1b[K";  // clear to end of line
  return s;
}

void ProgressBar::update(unsigned proven, unsigned skipped, unsigned failed, double elapsed) {
  if (!on_ || elapsed - last_ < 0.25) return;
  last_ = elapsed;
  auto s = line(proven, skipped, failed, elapsed);
  std::fputs(s.c_str(), stderr);
  std::fflush(stderr);
}

void ProgressBar::finish(unsigned proven, unsigned skipped, unsigned failed, double elapsed) {
  if (!on_) return;
  auto s = line(proven, skipped, failed, elapsed) + "\n";
  std::fputs(s.c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace cuzk::pipeline
