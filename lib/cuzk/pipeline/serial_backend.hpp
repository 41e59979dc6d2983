#pragma once
// A backend that does not serialise its own device work (the CPU stand-in), made to: a FIFO
// ticket lock around the whole compute(), the time waited for it reported in
// StageTimes::lock_wait, as a GPU backend reports the wait for its device mutex. With it every
// backend the batch runs looks the same to the pipeline (one code path). The FIFO order lets
// workers get the device in the order they took partitions from the hand-off (std::mutex is
// not fair and let later partitions overtake earlier ones). The inner compute() runs isolated:
// a thread holding the lock, waiting inside its own parallel loops, must not pick up a task that
// wants the lock (another partition's compute) - that would never get it.
#include <tbb/task_arena.h>

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cuzk/groth16/prover.hpp"
#include "cuzk/util/stopwatch.hpp"

namespace cuzk::pipeline {

class FifoMutex {
public:
  void lock() {
    std::unique_lock<std::mutex> lk(m_);
    const std::uint64_t my = next_++;
    cv_.wait(lk, [&] { return serving_ == my; });
  }
  void unlock() {
    {
      std::lock_guard<std::mutex> lk(m_);
      ++serving_;
    }
    cv_.notify_all();
  }

private:
  std::mutex m_;
  std::condition_variable cv_;
  std::uint64_t next_ = 0, serving_ = 0;
};

class SerialBackend final : public groth16::Backend {
public:
  explicit SerialBackend(std::shared_ptr<groth16::Backend> inner) : inner_(std::move(inner)) {}
  std::string name() const override { return inner_->name(); }
  groth16::MsmSums compute(const groth16::ProvingKey& pk, groth16::Abc abc, const std::vector<groth16::Scalar>& w,
                           groth16::StageTimes& t, bool early_free) override {
    const auto t0 = SteadyClock::now();
    std::lock_guard<FifoMutex> lk(device_);
    t.lock_wait += seconds_since(t0);
    return tbb::this_task_arena::isolate([&] { return inner_->compute(pk, std::move(abc), w, t, early_free); });
  }
  void prepare(const groth16::ProvingKey& pk) override { inner_->prepare(pk); }
  std::uint64_t host_reserved_bytes(const groth16::ProvingKey& pk, unsigned workers) const override {
    return inner_->host_reserved_bytes(pk, workers);
  }

private:
  std::shared_ptr<groth16::Backend> inner_;  // may be shared by several devices (stateless)
  FifoMutex device_;                         // one per device
};

}  // namespace cuzk::pipeline
