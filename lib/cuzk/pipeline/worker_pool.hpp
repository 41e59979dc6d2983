#pragma once
// A fixed set of long-lived threads that run queued tasks in order: the batch's work that
// leaves the CPU's task scheduler (a device's workers, its key uploader, the writers) runs here
// rather than blocking a oneTBB worker on a device sync, a device lock or a file's fsync.
// Started once per run, never one per partition. The graph feeds a device's pool through a
// limiter (at most as many partitions as it has threads), so its queue stays that short.
// A task must not throw (the graph's tasks catch and record their errors).
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cuzk::pipeline {

class WorkerPool {
public:
  explicit WorkerPool(unsigned threads) {
    for (unsigned i = 0; i < (threads ? threads : 1); ++i) threads_.emplace_back([this] { loop(); });
  }
  ~WorkerPool() { finish(); }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void push(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lk(m_);
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
  }
  // Runs what is queued, then joins the threads (idempotent).
  void finish() {
    {
      std::lock_guard<std::mutex> lk(m_);
      closed_ = true;
    }
    cv_.notify_all();
    for (auto& t : threads_)
      if (t.joinable()) t.join();
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lk(m_);
        cv_.wait(lk, [&] { return closed_ || !tasks_.empty(); });
        if (tasks_.empty()) return;  // closed and drained
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
    }
  }

  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool closed_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace cuzk::pipeline
