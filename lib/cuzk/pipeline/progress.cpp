#include "cuzk/pipeline/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "cuzk/util/text_escape.hpp"

namespace cuzk::pipeline {

namespace {

std::string gb(unsigned long long b) {
  char buf[32];
  if (b >= 1000000000ull) std::snprintf(buf, sizeof buf, "%.1f GB", double(b) / 1e9);
  else std::snprintf(buf, sizeof buf, "%.1f MB", double(b) / 1e6);
  return buf;
}

std::string clock(double s) {
  const long t = long(std::max(0.0, s) + 0.5);
  char buf[32];
  if (t >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
  return buf;
}

}  // namespace

bool ProgressBar::stderr_is_tty() { return isatty(STDERR_FILENO) == 1; }

std::string ProgressBar::text_locked(double now) const {
  const unsigned done = proven_ + kept_ + failed_;
  std::string s;
  if (!loading_.empty() && proven_ == 0) {
    // The oldest load in progress (keys load one after another, or in parallel for mixed batches).
    auto it = std::min_element(loading_.begin(), loading_.end(), [](auto& a, auto& b) { return a.second.t0 < b.second.t0; });
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f s", now - it->second.t0);
    s = "preparing key " + escape_text(std::filesystem::path(it->first).filename().string()) + " (" + gb(it->second.bytes) + "), " + buf;
    if (loading_.size() > 1) s += " (+" + std::to_string(loading_.size() - 1) + " more)";
    return s;
  }
  s = "proving " + std::to_string(done) + " / " + std::to_string(total_) + " partitions";
  if (kept_) s += ", " + std::to_string(kept_) + " kept";
  if (failed_) s += ", " + std::to_string(failed_) + " failed";
  char buf[96];
  std::snprintf(buf, sizeof buf, ", elapsed %s", clock(now).c_str());
  s += buf;
  const unsigned steady = proven_ - first_n_;
  if (first_t_ >= 0 && steady > 0 && last_t_ > first_t_) {
    const double per = (last_t_ - first_t_) / steady;
    const unsigned left = total_ > done ? total_ - done : 0;
    std::snprintf(buf, sizeof buf, ", %.2f s/proof, ETA %s", per, clock(per * left - (left ? now - last_t_ : 0)).c_str());
    s += buf;
  } else if (done < total_) {
    s += ", ETA after the second proof";
  }
  // A key loading again mid-run (evicted for memory, or the next key of a mixed batch).
  for (const auto& [path, l] : loading_) {
    std::snprintf(buf, sizeof buf, "%.1f s", now - l.t0);
    s += "; loading key " + escape_text(std::filesystem::path(path).filename().string()) + " (" + gb(l.bytes) + "), " + buf;
  }
  return s;
}

void ProgressBar::emit_locked(double now, bool force) {
  if (mode_ == Progress::Off) return;
  const std::string t = text_locked(now);
  const std::string phase = t.substr(0, t.find(' '));
  const bool changed = phase != last_phase_;
  if (mode_ == Progress::Bar) {
    if (!force && !changed && now - last_emit_ < 0.25) return;
    constexpr int W = 24;
    const unsigned done = proven_ + kept_ + failed_;
    std::string bar(std::size_t(total_ ? std::min<unsigned>(W, W * done / total_) : W), '#');
    bar.resize(W, '.');
    std::fprintf(out_, "\r[%s] %s\x1b[K", bar.c_str(), t.c_str());
  } else {
    if (!force && !changed && now - last_emit_ < 1.0) return;
    std::fprintf(out_, "progress: %s\n", t.c_str());
  }
  std::fflush(out_);
  last_emit_ = now;
  last_phase_ = phase;
}

void ProgressBar::key_started(const std::string& path, std::uint64_t bytes, double now) {
  std::lock_guard<std::mutex> lk(m_);
  ++starts_;
  loading_[path] = {bytes, now};
  emit_locked(now, true);
}

void ProgressBar::update(unsigned proven, unsigned kept, unsigned failed, double now) {
  const unsigned starts = starts_.load();
  const auto keys = keys_ ? keys_() : std::map<std::string, std::uint64_t>{};  // before our lock (lock order)
  std::lock_guard<std::mutex> lk(m_);
  bool key_started = false;
  if (keys_ && starts == starts_.load())  // else a load began after the poll: it may be missing from it
    for (auto it = loading_.begin(); it != loading_.end();) it = keys.count(it->first) ? std::next(it) : loading_.erase(it);
  for (const auto& [path, bytes] : keys)
    if (loading_.emplace(path, Load{bytes, now}).second) key_started = true;
  // Counts only grow (reports from several threads may arrive out of order).
  proven = std::max(proven, proven_), kept = std::max(kept, kept_), failed = std::max(failed, failed_);
  const bool more = proven + kept + failed != proven_ + kept_ + failed_;
  if (proven > 0 && first_t_ < 0) {
    first_t_ = now;
    first_n_ = proven;
  }
  if (proven > proven_) last_t_ = now;
  proven_ = proven, kept_ = kept, failed_ = failed;
  // Lines: a line per completed partition only when a second has passed (and at every phase change).
  if (mode_ == Progress::Lines && !more && !key_started) return;
  emit_locked(now, key_started);
}

void ProgressBar::finish(unsigned proven, unsigned kept, unsigned failed, double now) {
  std::lock_guard<std::mutex> lk(m_);
  if (proven > 0 && first_t_ < 0) first_t_ = now, first_n_ = proven;
  proven_ = proven, kept_ = kept, failed_ = failed;
  loading_.clear();
  emit_locked(now, true);
  if (mode_ == Progress::Bar) std::fputc('\n', out_), std::fflush(out_);
}

}  // namespace cuzk::pipeline
