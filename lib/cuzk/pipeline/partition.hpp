#pragma once
// One partition on its way through the batch graph (read → synth → device → write): the unit
// of work. It owns what was reserved for it as move-only handles, each released in exactly one
// place (its release(), which its destructor calls): whatever a failure anywhere leaves held
// goes back when the partition dies.
//   Permit    the limiter's partition permit and byte reservation (memory_limiter.hpp), taken by
//             the dispatcher, given back once the device is done with the partition (or, with
//             hold_permit off, at the end of synthesis); the bytes of a and b go back as soon as
//             synthesis has them in a backend's pinned pool (counted outside the budget)
//   KeyLease  the proving key's pin in the key cache (key_cache.hpp), taken at admission; the
//             key itself is loaded on the first load() (by synthesis)
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cuzk/groth16/any_curve.hpp"
#include "cuzk/pipeline/key_cache.hpp"
#include "cuzk/pipeline/memory_limiter.hpp"
#include "cuzk/pipeline/inputs.hpp"

namespace cuzk::pipeline {

namespace detail {
struct SectorState;
}

class Permit {
public:
  Permit() = default;
  // Blocks until taken (MemoryLimiter::acquire; may call evict). Throws like acquire().
  static Permit acquire(MemoryLimiter& lim, std::uint64_t bytes, const std::function<bool()>& evict = {}) {
    lim.acquire(bytes, true, evict);
    return Permit(lim, bytes);
  }
  Permit(Permit&& o) noexcept : lim_(std::exchange(o.lim_, nullptr)), bytes_(o.bytes_) {}
  Permit& operator=(Permit&& o) noexcept {
    if (this != &o) {
      release();
      lim_ = std::exchange(o.lim_, nullptr);
      bytes_ = o.bytes_;
    }
    return *this;
  }
  Permit(const Permit&) = delete;
  Permit& operator=(const Permit&) = delete;
  ~Permit() { release(); }

  void release() {
    if (lim_) std::exchange(lim_, nullptr)->release(bytes_, true);
  }
  // Gives `bytes` of the reservation back now (at most what it holds) and keeps the permit: part
  // of the partition lives in memory charged elsewhere (a and b in a backend's pinned pool, which
  // the budget left out as host_reserved).
  void give_back(std::uint64_t bytes) {
    if (!lim_) return;
    bytes = std::min(bytes, bytes_);
    lim_->release(bytes, false);
    bytes_ -= bytes;
  }
  std::uint64_t bytes() const { return lim_ ? bytes_ : 0; }
  bool held() const { return lim_ != nullptr; }

private:
  Permit(MemoryLimiter& lim, std::uint64_t bytes) : lim_(&lim), bytes_(bytes) {}
  MemoryLimiter* lim_ = nullptr;
  std::uint64_t bytes_ = 0;
};

class KeyLease {
public:
  KeyLease() = default;
  // Pins the key for one admitted partition (KeyCache::admit: may wait for or evict key memory).
  static KeyLease admit(KeyCache& keys, const std::string& path) {
    keys.admit(path);
    return KeyLease(keys, path);
  }
  KeyLease(KeyLease&& o) noexcept
      : keys_(std::exchange(o.keys_, nullptr)), path_(std::move(o.path_)), key_(std::move(o.key_)) {}
  KeyLease& operator=(KeyLease&& o) noexcept {
    if (this != &o) {
      release();
      keys_ = std::exchange(o.keys_, nullptr);
      path_ = std::move(o.path_);
      key_ = std::move(o.key_);
    }
    return *this;
  }
  KeyLease(const KeyLease&) = delete;
  KeyLease& operator=(const KeyLease&) = delete;
  ~KeyLease() { release(); }

  // The key, loaded by the first user (KeyCache::get; rethrows the load's error).
  const groth16::AnyKey& load() {
    if (!key_) key_ = keys_->get(path_);
    return *key_;
  }
  const KeyCache::KeyPtr& key() const { return key_; }
  void release() {
    key_.reset();
    if (keys_) std::exchange(keys_, nullptr)->release(path_);
  }

private:
  KeyLease(KeyCache& keys, std::string path) : keys_(&keys), path_(std::move(path)) {}
  KeyCache* keys_ = nullptr;
  std::string path_;
  KeyCache::KeyPtr key_;
};

struct Partition {
  detail::SectorState* sector = nullptr;
  unsigned part = 0;
  std::string source;      // what it is proven from, for messages (witness path, or replica + seed)
  bool overwrite = false;  // --resume found an invalid/incomplete/stale earlier output
  KeyLease key;
  Permit permit;  // declared last: given back first when the partition dies

  // Filled by the stages.
  Inputs inputs;  // what the proof is made from (synthesis)
  groth16::Witness w;
  std::vector<groth16::Scalar> pub;
  groth16::AnyAbc abc;   // of the key's curve, as every curve-dependent value below
  groth16::AnySums sums;
  double synth_t1 = 0;
  std::string error;  // the first failure; "" while it is on its way

  bool failed() const { return !error.empty(); }
  void fail(std::string msg) {
    if (error.empty()) error = msg.empty() ? std::string("failed") : std::move(msg);
  }
  // The device is done with it: a/b, the witness (the public signals stay in `pub`) and the
  // permit go back. The key's lease is kept until the partition's files are written
  // (leave_writer): the last lease of a key unloads it, and unmapping a 2^24 key (12 GB) took
  // 0.08-0.57 s on the device thread, in front of the batch's last proof.
  void leave_device() {
    std::visit([](auto& x) { x.release(); }, abc);
    std::vector<groth16::Scalar>().swap(w.values);
    permit.release();
  }
  // The writer is done with it too: the key's lease goes back.
  void leave_writer() { key.release(); }
};
using PartitionPtr = std::shared_ptr<Partition>;

}  // namespace cuzk::pipeline
