#pragma once
// Admission control: partition permits and a byte budget. One dispatcher thread calls
// acquire() in (job sequence, partition index) order, so nothing overtakes an earlier
// sector; everyone else only releases. A request larger than the whole budget throws
// Error(OutOfMemory) at once (it could never be admitted) instead of waiting forever.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

namespace cuzk::pipeline {

class MemoryLimiter {
public:
  MemoryLimiter(std::uint64_t budget_bytes, unsigned permits) : budget_(budget_bytes), permits_(permits) {}

  // Blocks until `bytes` fit in the budget (and a permit is free, when `permit`). While
  // blocked it calls `evict` (without the limiter's lock): it may free reservations of
  // idle cached keys and returns true when it freed something.
  void acquire(std::uint64_t bytes, bool permit, const std::function<bool()>& evict = {});
  // Non-blocking variant: true when taken.
  bool try_acquire(std::uint64_t bytes, bool permit);
  void release(std::uint64_t bytes, bool permit);

  std::uint64_t budget() const { return budget_; }
  unsigned permits() const { return permits_; }
  std::uint64_t reserved() const { return reserved_.load(std::memory_order_relaxed); }
  unsigned inflight() const { return inflight_.load(std::memory_order_relaxed); }
  std::uint64_t peak_reserved() const { return peak_reserved_.load(std::memory_order_relaxed); }
  unsigned peak_inflight() const { return peak_inflight_.load(std::memory_order_relaxed); }

private:
  bool fits_locked(std::uint64_t bytes, bool permit) const;
  void take_locked(std::uint64_t bytes, bool permit);

  const std::uint64_t budget_;
  const unsigned permits_;
  std::mutex m_;
  std::condition_variable cv_;
  std::uint64_t generation_ = 0;  // bumped by every release (no lost wake-ups around evict)
  std::atomic<std::uint64_t> reserved_{0}, peak_reserved_{0};
  std::atomic<unsigned> inflight_{0}, peak_inflight_{0};
};

}  // namespace cuzk::pipeline
