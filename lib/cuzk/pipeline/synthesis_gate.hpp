#pragma once
// SynthesisGate: when a synthesis may start beside others. Two rules.
//
// 1. While a key's points go up to the devices (its first partitions' start-up), one synthesis of
//    that key at a time. A second one beside the first only slows the two (they share every core)
//    and the upload (its packing threads and their memory traffic): its partition could not reach a
//    device before the first one anyway, which waits for the whole key. Measured on the H100 host
//    at 2^24 (call h, gpu-limit-2026-12-07): the first synthesis 0.43 s against 0.51, the upload
//    9.1 against 7.8-8.1 GiB/s, the first proof 1.17 s against 1.33-1.37 s.
// 2. Pacing (on for devices with memory of their own and an automatic --synth-workers): one
//    synthesis at a time, of any key, unless one alone is measured slower than the devices prove
//    (its span > kPaceMargin × a device span ÷ the devices); then as many as the graph lets in.
//    Each synthesis runs on every core (oneTBB), so a second beside one that keeps up buys nothing
//    the devices could use and takes the cores that feed them: on the H100 host at 2^24 (call k),
//    with rule 1 alone, two syntheses side by side took 0.25-0.9 s each (medians 0.25-0.32 s) where
//    OLD's, alone, took 0.18-0.20 s in the same call, and the GPU spans with two open took medians of
//    0.30-0.35 s (up to 0.52) against 0.26 s (steady 0.30 s/proof against 0.26). Paced
//    from the start, not once measured: side by side, no synthesis is ever alone to be measured.
// Durations are the caller's (seconds); "alone" means no other synthesis at any time of its span
// (a key upload beside it may slow it: that errs towards side by side). Both means are
// exponential (weight 1/2 on the newest).
//
// Keys are told apart by address (as Batch::prepared_ does); a key without a pending upload (a
// CPU run, or one already up) waits only for pacing.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

namespace cuzk::pipeline::detail {

class SynthesisGate {
public:
  static constexpr double kPaceMargin = 0.9;

  // Rule 2 on, for `devices` devices proving side by side (one partition each at a time).
  void pace(std::size_t devices) {
    std::lock_guard<std::mutex> lk(mu_);
    pace_devices_ = devices;
  }

  // The key's uploads begin: `devices` of them must end before its syntheses run side by side.
  void uploads_begin(const void* key, std::size_t devices) {
    std::lock_guard<std::mutex> lk(mu_);
    keys_[key].uploads += devices;
  }
  // One of them ended (passed or failed).
  void upload_end(const void* key) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      auto& k = keys_[key];
      if (k.uploads) --k.uploads;
    }
    cv_.notify_all();
  }

  // A device span of one partition ended after `seconds`.
  void device_span(double seconds) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      device_s_ = device_s_ > 0 ? 0.5 * (device_s_ + seconds) : seconds;
    }
    cv_.notify_all();
  }

  // How many syntheses may run at once now: 1 while pacing holds, else 0 (no limit here).
  std::size_t limit() const {
    std::lock_guard<std::mutex> lk(mu_);
    return limit_locked();
  }

  // A synthesis of `key`, from when it may start until it is destroyed; done(seconds) reports a
  // finished one's span (a failed one reports nothing).
  class Pass {
  public:
    Pass(SynthesisGate& g, const void* key) : g_(g), key_(key) {
      std::unique_lock<std::mutex> lk(g_.mu_);
      auto& k = g_.keys_[key_];
      g_.cv_.wait(lk, [&] {
        const std::size_t lim = g_.limit_locked();
        return (k.uploads == 0 || k.synthesizing == 0) && (lim == 0 || g_.running_ < lim);
      });
      alone_ = g_.running_ == 0;
      if (g_.running_) ++g_.epoch_;  // the ones running are no longer alone
      epoch_ = g_.epoch_;
      ++k.synthesizing;
      ++g_.running_;
    }
    void done(double seconds) {
      std::lock_guard<std::mutex> lk(g_.mu_);
      if (alone_ && epoch_ == g_.epoch_)
        g_.solo_s_ = g_.solo_s_ > 0 ? 0.5 * (g_.solo_s_ + seconds) : seconds;
    }
    ~Pass() {
      {
        std::lock_guard<std::mutex> lk(g_.mu_);
        --g_.keys_[key_].synthesizing;
        --g_.running_;
      }
      g_.cv_.notify_all();
    }
    Pass(const Pass&) = delete;
    Pass& operator=(const Pass&) = delete;

  private:
    SynthesisGate& g_;
    const void* key_;
    bool alone_ = false;
    std::uint64_t epoch_ = 0;
  };

private:
  std::size_t limit_locked() const {
    if (!pace_devices_) return 0;
    if (solo_s_ > 0 && device_s_ > 0 && solo_s_ > kPaceMargin * device_s_ / double(pace_devices_)) return 0;
    return 1;
  }

  struct Key {
    std::size_t uploads = 0, synthesizing = 0;
  };
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<const void*, Key> keys_;  // std::map: references stay valid while others are added
  std::size_t running_ = 0, pace_devices_ = 0;
  std::uint64_t epoch_ = 0;  // moves when a synthesis begins beside a running one
  double solo_s_ = 0, device_s_ = 0;  // means of a synthesis alone and of a device span (0: none yet)
};

}  // namespace cuzk::pipeline::detail
