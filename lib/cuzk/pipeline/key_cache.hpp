#pragma once
// Proving keys shared by the partitions that use them. A key is loaded once (by the
// first synthesis worker that needs it; the others wait for the same load), stays
// resident while an admitted partition uses it or a later partition of the batch will,
// and is charged to the memory budget from its first admission until it is dropped.
// When the dispatcher needs bytes that only an idle key holds (no admitted partition
// uses it, though a later one will), that key is evicted and reloaded when needed again.
// A prepared key's point checks may run after its load (groth16/prepared_key.hpp,
// KeyCacheOptions::defer_point_checks): a key whose deferred check failed is loaded again by
// the next get(), with every check before the load returns (a key cache entry is rebuilt from
// its .zkey); the partitions that met the failure are not retried.
#include <cstdint>
#include <chrono>
#include <future>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "cuzk/groth16/any_curve.hpp"
#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/pipeline/memory_limiter.hpp"

namespace cuzk::pipeline {

class KeyCache {
public:
  using KeyPtr = std::shared_ptr<const groth16::AnyKey>;  // the key of its own curve

  // Called after every load (success or failure) with the key's path, the load's start and
  // end (steady clock) and what load_key did; the batch turns it into the key_load event.
  using OnLoad = std::function<void(const std::string& path, std::chrono::steady_clock::time_point t0,
                                    std::chrono::steady_clock::time_point t1, const groth16::KeyLoadReport&,
                                    const std::string& error)>;

  explicit KeyCache(MemoryLimiter& lim, groth16::ZkeyOptions opt = {}, groth16::KeyCacheOptions cache = {},
                    OnLoad on_load = {})
      : lim_(lim), opt_(opt), cache_(std::move(cache)), on_load_(std::move(on_load)) {}
  ~KeyCache();

  // Before the run: `partitions` partitions will use the key at `path` (estimate bytes).
  void expect(const std::string& path, std::uint64_t bytes, unsigned partitions);
  // A partition that was expected will not be admitted (skipped or failed before admission).
  void forget(const std::string& path);
  // Dispatcher: one partition of `path` is admitted: charges the key to the budget if it is
  // not charged (may block, may evict idle keys) and pins it until release().
  void admit(const std::string& path);
  // The key, loading it on first use (thread-safe). Rethrows the load's error.
  KeyPtr get(const std::string& path);
  // The admitted partition no longer needs the key.
  void release(const std::string& path);
  // Drops one idle charged key (no admitted user); true if it freed anything.
  bool evict_one();

  std::size_t loads() const;  // keys loaded so far (reloads count)
  std::map<std::string, std::uint64_t> loading() const;  // keys being loaded now -> their size (progress)
  // Told as a load starts (path, size), before reading; set before the run (progress).
  std::function<void(const std::string& path, std::uint64_t bytes)> on_load_start;

private:
  struct Entry {
    std::uint64_t bytes = 0;
    unsigned future = 0;    // expected partitions not yet admitted
    unsigned admitted = 0;  // admitted partitions that have not released
    bool charged = false;
    bool eager = false;              // a deferred check of this key failed: check at load from now on
    std::shared_future<KeyPtr> key;  // valid once a load started
  };
  void drop_locked(Entry& e);

  MemoryLimiter& lim_;
  groth16::ZkeyOptions opt_;
  groth16::KeyCacheOptions cache_;
  OnLoad on_load_;
  mutable std::mutex m_;
  std::map<std::string, Entry> keys_;
  std::size_t loads_ = 0;
};

}  // namespace cuzk::pipeline
