#pragma once
// One long-lived thread that runs submitted tasks in order (cuda/src only): the CUDA backend
// runs each partition's G2 MSM on it while the calling thread runs the G1 ones, instead of
// starting a thread per partition. submit() returns a future that holds the task's result or
// exception; the destructor runs what is still queued, then joins.
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

namespace cuzk::cuda {

class SerialWorker {
public:
  SerialWorker() : th_([this] { loop(); }) {}
  ~SerialWorker() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stop_ = true;
    }
    cv_.notify_one();
    th_.join();
  }
  SerialWorker(const SerialWorker&) = delete;
  SerialWorker& operator=(const SerialWorker&) = delete;

  std::future<void> submit(std::function<void()> fn) {
    std::packaged_task<void()> task(std::move(fn));
    auto done = task.get_future();
    {
      std::lock_guard<std::mutex> lk(mu_);
      queue_.push_back(std::move(task));
    }
    cv_.notify_one();
    return done;
  }

private:
  void loop() {
    for (;;) {
      std::packaged_task<void()> task;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stop_ and nothing left
        task = std::move(queue_.front());
        queue_.pop_front();
      }
      task();  // an exception goes into the task's future
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::packaged_task<void()>> queue_;
  bool stop_ = false;
  std::thread th_;  // last: starts once the members above exist
};

}  // namespace cuzk::cuda
