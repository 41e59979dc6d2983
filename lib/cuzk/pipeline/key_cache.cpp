#include "cuzk/pipeline/key_cache.hpp"

#include <tbb/task_arena.h>

#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

namespace {

// A loaded key whose deferred point check (groth16/prepared_key.hpp) has failed.
bool check_failed(const std::shared_future<KeyCache::KeyPtr>& f) {
  if (!f.valid() || f.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
  try {
    const KeyCache::KeyPtr& k = f.get();
    return k && groth16::visit_curve(*k, [](auto, const auto& pk) {
             return pk.deferred_check != nullptr && pk.deferred_check->failed();
           });
  } catch (...) {  // the load itself failed: that error stands
    return false;
  }
}

}  // namespace

KeyCache::~KeyCache() {
  std::lock_guard<std::mutex> lk(m_);
  for (auto& [p, e] : keys_) drop_locked(e);
}

void KeyCache::expect(const std::string& path, std::uint64_t bytes, unsigned partitions) {
  std::lock_guard<std::mutex> lk(m_);
  auto& e = keys_[path];
  e.bytes = std::max(e.bytes, bytes);
  e.future += partitions;
}

void KeyCache::drop_locked(Entry& e) {
  e.key = {};
  if (e.charged) {
    lim_.release(e.bytes, false);
    e.charged = false;
  }
}

void KeyCache::forget(const std::string& path) {
  std::lock_guard<std::mutex> lk(m_);
  auto& e = keys_.at(path);
  if (e.future) --e.future;
  if (e.future == 0 && e.admitted == 0) drop_locked(e);
}

void KeyCache::admit(const std::string& path) {
  std::uint64_t need = 0;
  {
    std::lock_guard<std::mutex> lk(m_);
    auto& e = keys_.at(path);
    if (e.future) --e.future;
    ++e.admitted;  // pinned: evict_one() leaves it alone from here on
    if (!e.charged) {
      e.charged = true;  // claimed by this call; the bytes follow below
      need = e.bytes;
    }
  }
  if (need) {
    try {
      lim_.acquire(need, false, [this] { return evict_one(); });
    } catch (...) {
      std::lock_guard<std::mutex> lk(m_);
      auto& e = keys_.at(path);
      e.charged = false;
      --e.admitted;
      throw;
    }
  }
}

KeyCache::KeyPtr KeyCache::get(const std::string& path) {
  std::shared_future<KeyPtr> f;
  std::promise<KeyPtr> mine;
  bool loader = false;
  std::uint64_t start_bytes = 0;
  groth16::KeyCacheOptions co = cache_;
  {
    std::lock_guard<std::mutex> lk(m_);
    auto& e = keys_.at(path);
    // A key whose deferred check failed is loaded again, every check before the load returns:
    // a key cache entry (removed by the failed check) is rebuilt from its .zkey for the
    // partitions still to come; a corrupt standalone key fails this load, naming the array.
    const bool failed = check_failed(e.key);
    if (failed) e.eager = true;
    if (e.eager) co.defer_point_checks = false;
    if (!e.key.valid() || failed) {
      e.key = mine.get_future().share();
      loader = true;
      ++loads_;
      start_bytes = e.bytes;
    }
    f = e.key;
  }
  if (loader && on_load_start) on_load_start(path, start_bytes);
  if (loader) {
    const auto t0 = std::chrono::steady_clock::now();
    groth16::KeyLoadReport rep;
    std::string err;
    try {
      // Isolated: while this thread waits inside the load's parallel loops it runs only
      // their tasks. Unisolated, it could pick up another graph task - such as a synthesis of
      // the same key that then waits on this very load's future - and never return (seen
      // once as a hung batch_bad_input under ctest -j2).
      auto k = tbb::this_task_arena::isolate([&] { return groth16::load_any_key(path, opt_, co, rep); });
      mine.set_value(std::make_shared<const groth16::AnyKey>(std::move(k)));
    } catch (const std::exception& e) {
      err = e.what();
      mine.set_exception(std::current_exception());
    } catch (...) {
      err = "unknown error";
      mine.set_exception(std::current_exception());
    }
    if (on_load_) on_load_(path, t0, std::chrono::steady_clock::now(), rep, err);
  }
  return f.get();
}

void KeyCache::release(const std::string& path) {
  std::lock_guard<std::mutex> lk(m_);
  auto& e = keys_.at(path);
  if (e.admitted) --e.admitted;
  if (e.admitted == 0 && e.future == 0) drop_locked(e);
}

bool KeyCache::evict_one() {
  std::lock_guard<std::mutex> lk(m_);
  for (auto& [p, e] : keys_)
    if (e.charged && e.admitted == 0) {
      drop_locked(e);
      return true;
    }
  return false;
}

std::size_t KeyCache::loads() const {
  std::lock_guard<std::mutex> lk(m_);
  return loads_;
}

std::map<std::string, std::uint64_t> KeyCache::loading() const {
  std::lock_guard<std::mutex> lk(m_);
  std::map<std::string, std::uint64_t> out;
  for (const auto& [p, e] : keys_)
    if (e.key.valid() && e.key.wait_for(std::chrono::seconds(0)) != std::future_status::ready) out[p] = e.bytes;
  return out;
}

}  // namespace cuzk::pipeline
