#pragma once
// LendingPool<T>: a bounded pool of costly buffers (a GPU backend's page-locked sets, ~0.1 s a GB
// to make) kept for reuse and lent out as shared pointers. Borrowers come in classes, each with
// its own limit on what it holds at once (the CUDA backend: synthesis, which writes a partition's
// a and b straight into a set, and the device stage's fallback copies), so one class can never take
// what another needs; the pool makes at most the sum of the limits. A lent item comes back when
// the last copy of its pointer goes, on whatever path (an exception included); if the pool is
// gone by then (a lease that outlived its backend), the item is destroyed instead.
#include <cstddef>
#include <memory>
#include <mutex>
#include <numeric>
#include <utility>
#include <vector>

namespace cuzk {

template <class T>
class LendingPool {
public:
  explicit LendingPool(std::vector<std::size_t> limits) : s_(std::make_shared<State>()) {
    s_->limits = std::move(limits);
    s_->out.assign(s_->limits.size(), 0);
    s_->capacity = std::accumulate(s_->limits.begin(), s_->limits.end(), std::size_t(0));
    s_->idle.reserve(s_->capacity);
  }
  LendingPool(const LendingPool&) = delete;
  LendingPool& operator=(const LendingPool&) = delete;

  // An item for a borrower of class `cls`: an idle one for which prefer(item) holds, else any idle
  // one, else a new one from make() while fewer than capacity() exist. nullptr when class `cls`
  // already holds its limit, or nothing is idle and the pool is full. make() runs without the
  // pool's lock and may throw (nothing is counted then).
  template <class Prefer, class Make>
  std::shared_ptr<T> take(std::size_t cls, Prefer&& prefer, Make&& make) {
    std::unique_ptr<T> item;
    {
      std::lock_guard<std::mutex> lk(s_->m);
      if (cls >= s_->limits.size() || s_->out[cls] >= s_->limits[cls]) return nullptr;
      auto& idle = s_->idle;
      std::size_t pick = idle.size();
      for (std::size_t i = 0; i < idle.size() && pick == idle.size(); ++i)
        if (prefer(*idle[i])) pick = i;
      if (pick == idle.size() && !idle.empty()) pick = 0;
      if (pick < idle.size()) {
        item = std::move(idle[pick]);
        idle.erase(idle.begin() + std::ptrdiff_t(pick));
      } else if (s_->made >= s_->capacity) {
        return nullptr;
      } else {
        ++s_->made;  // a place taken for the one made below
      }
      ++s_->out[cls];
    }
    if (!item) {
      try {
        item = make();
      } catch (...) {
        std::lock_guard<std::mutex> lk(s_->m);
        --s_->made;
        --s_->out[cls];
        throw;
      }
    }
    return lend(std::move(item), cls);
  }

  // The idle items, taken out of the pool (an owner that releases them on threads of its own).
  std::vector<std::unique_ptr<T>> take_idle() {
    std::lock_guard<std::mutex> lk(s_->m);
    std::vector<std::unique_ptr<T>> out = std::move(s_->idle);
    s_->made -= out.size();
    s_->idle.clear();
    s_->idle.reserve(s_->capacity);
    return out;
  }

  std::size_t capacity() const { return s_->capacity; }
  std::size_t made() const {
    std::lock_guard<std::mutex> lk(s_->m);
    return s_->made;
  }
  std::size_t idle() const {
    std::lock_guard<std::mutex> lk(s_->m);
    return s_->idle.size();
  }
  std::size_t out(std::size_t cls) const {
    std::lock_guard<std::mutex> lk(s_->m);
    return cls < s_->out.size() ? s_->out[cls] : 0;
  }

private:
  struct State {
    mutable std::mutex m;
    std::vector<std::unique_ptr<T>> idle;
    std::vector<std::size_t> limits, out;
    std::size_t capacity = 0, made = 0;
  };

  // The deleter never allocates (idle has room for every item made) and so cannot throw. If
  // the control block cannot be made, shared_ptr calls it at once: the item goes back idle.
  std::shared_ptr<T> lend(std::unique_ptr<T> item, std::size_t cls) {
    std::weak_ptr<State> pool = s_;
    return std::shared_ptr<T>(item.release(), [pool, cls](T* p) {
      std::unique_ptr<T> back(p);
      if (auto s = pool.lock()) {
        std::lock_guard<std::mutex> lk(s->m);
        --s->out[cls];
        s->idle.push_back(std::move(back));
      }
    });
  }

  std::shared_ptr<State> s_;
};

}  // namespace cuzk
