#include "cuzk/pipeline/memory_limiter.hpp"

#include <algorithm>
#include <string>

#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

bool MemoryLimiter::fits_locked(std::uint64_t bytes, bool permit) const {
  if (permit && inflight_.load() >= permits_) return false;
  return reserved_.load() + bytes <= budget_;
}

void MemoryLimiter::take_locked(std::uint64_t bytes, bool permit) {
  auto r = reserved_.load() + bytes;
  reserved_.store(r);
  if (r > peak_reserved_.load()) peak_reserved_.store(r);
  if (permit) {
    auto n = inflight_.load() + 1;
    inflight_.store(n);
    if (n > peak_inflight_.load()) peak_inflight_.store(n);
  }
}

void MemoryLimiter::acquire(std::uint64_t bytes, bool permit, const std::function<bool()>& evict) {
  if (bytes > budget_)
    fail(Error::Kind::OutOfMemory, "",
         "needs " + std::to_string(bytes) + " bytes but the memory budget is " + std::to_string(budget_) +
             " bytes (--mem-budget): it can never be admitted");
  if (permit && permits_ == 0) fail(Error::Kind::Internal, "", "memory limiter has no permits");
  for (;;) {
    std::uint64_t gen;
    {
      std::lock_guard<std::mutex> lk(m_);
      if (fits_locked(bytes, permit)) {
        take_locked(bytes, permit);
        return;
      }
      gen = generation_;
    }
    // Only bytes can be freed by eviction; a missing permit waits for a release.
    if (evict && (!permit || inflight_.load() < permits_) && evict()) continue;
    std::unique_lock<std::mutex> lk(m_);
    cv_.wait(lk, [&] { return generation_ != gen; });
  }
}

bool MemoryLimiter::try_acquire(std::uint64_t bytes, bool permit) {
  std::lock_guard<std::mutex> lk(m_);
  if (!fits_locked(bytes, permit)) return false;
  take_locked(bytes, permit);
  return true;
}

void MemoryLimiter::release(std::uint64_t bytes, bool permit) {
  {
    std::lock_guard<std::mutex> lk(m_);
    auto r = reserved_.load();
    // Called from destructors: clamp rather than throw (the pipeline releases what it took).
    reserved_.store(bytes > r ? 0 : r - bytes);
    if (permit) {
      auto n = inflight_.load();
      inflight_.store(n == 0 ? 0 : n - 1);
    }
    ++generation_;
  }
  cv_.notify_all();
}

}  // namespace cuzk::pipeline
