#pragma once
// UploadGate: while a key's points go up to the devices (its first partitions' start-up), one
// synthesis of that key at a time. A second synthesis beside the first only slows the two (they
// share every core) and the upload (its packing threads and their memory traffic beside two
// syntheses): its partition could not reach a device before the first one anyway, which waits
// for the whole key. Measured on the H100 host at 2^24 (call h, gpu-limit-2026-12-07): with one
// synthesis worker the first synthesis took 0.43 s against 0.51, the upload ran at 9.1 against
// 7.8-8.1 GiB/s, and the first proof came at 1.17 s against 1.33-1.37 s, the steady state
// unchanged. Once the key is up (or the upload failed) the key's syntheses run --synth-workers
// at once again.
//
// Keys are told apart by address (as Batch::prepared_ does); a key without a pending upload (a
// CPU run, or one already up) never waits.
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>

namespace cuzk::pipeline::detail {

class UploadGate {
public:
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

  // A synthesis of `key`, from when it may start (enter() waits while another synthesis of the
  // key runs beside an upload of it) until it is destroyed.
  class Pass {
  public:
    Pass(UploadGate& g, const void* key) : g_(g), key_(key) {
      std::unique_lock<std::mutex> lk(g_.mu_);
      auto& k = g_.keys_[key_];
      g_.cv_.wait(lk, [&] { return k.uploads == 0 || k.synthesizing == 0; });
      ++k.synthesizing;
    }
    ~Pass() {
      {
        std::lock_guard<std::mutex> lk(g_.mu_);
        --g_.keys_[key_].synthesizing;
      }
      g_.cv_.notify_all();
    }
    Pass(const Pass&) = delete;
    Pass& operator=(const Pass&) = delete;

  private:
    UploadGate& g_;
    const void* key_;
  };

private:
  struct Key {
    std::size_t uploads = 0, synthesizing = 0;
  };
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<const void*, Key> keys_;  // std::map: references stay valid while others are added
};

}  // namespace cuzk::pipeline::detail
