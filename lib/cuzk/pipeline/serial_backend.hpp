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
  using Bls = pairing::Bls12_381;
  using Bn = pairing::Bn254;

public:
  explicit SerialBackend(std::shared_ptr<groth16::Backend> inner) : inner_(std::move(inner)) {}
  std::string name() const override { return inner_->name(); }
  groth16::MsmSums<Bls> compute(const groth16::ProvingKey<Bls>& pk, groth16::Abc<Bls> abc,
                                const std::vector<groth16::Scalar>& w, groth16::StageTimes& t, bool early_free) override {
    return serial(pk, std::move(abc), w, t, early_free);
  }
  groth16::MsmSums<Bn> compute(const groth16::ProvingKey<Bn>& pk, groth16::Abc<Bn> abc,
                               const std::vector<groth16::Scalar>& w, groth16::StageTimes& t, bool early_free) override {
    return serial(pk, std::move(abc), w, t, early_free);
  }
  void prepare(const groth16::ProvingKey<Bls>& pk) override { inner_->prepare(pk); }
  void prepare(const groth16::ProvingKey<Bn>& pk) override { inner_->prepare(pk); }
  groth16::Abc<Bls> lend_abc(const groth16::ProvingKey<Bls>& pk) override { return inner_->lend_abc(pk); }
  groth16::Abc<Bn> lend_abc(const groth16::ProvingKey<Bn>& pk) override { return inner_->lend_abc(pk); }
  std::uint64_t host_reserved_bytes(const groth16::ProvingKey<Bls>& pk, unsigned workers) const override {
    return inner_->host_reserved_bytes(pk, workers);
  }
  std::uint64_t host_reserved_bytes(const groth16::ProvingKey<Bn>& pk, unsigned workers) const override {
    return inner_->host_reserved_bytes(pk, workers);
  }

private:
  template <class E>
  groth16::MsmSums<E> serial(const groth16::ProvingKey<E>& pk, groth16::Abc<E> abc, const std::vector<groth16::Scalar>& w,
                             groth16::StageTimes& t, bool early_free) {
    const auto t0 = SteadyClock::now();
    std::lock_guard<FifoMutex> lk(device_);
    t.lock_wait += seconds_since(t0);
    groth16::CurveBackend<E>& inner = *inner_;
    return tbb::this_task_arena::isolate([&] { return inner.compute(pk, std::move(abc), w, t, early_free); });
  }

  std::shared_ptr<groth16::Backend> inner_;  // may be shared by several devices (stateless)
  FifoMutex device_;                         // one per device
};

}  // namespace cuzk::pipeline
