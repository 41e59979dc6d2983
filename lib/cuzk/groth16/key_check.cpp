#include "cuzk/groth16/key_check.hpp"

#include <tbb/task_arena.h>

#include <cstring>
#include <new>
#include <utility>

namespace cuzk::groth16 {

bool content_matches(std::span<const std::uint8_t> data, const Digest& want, std::stop_token stop) {
  const Digest d = checksum_tree(data, stop);
  return !stop.stop_requested() && std::memcmp(d.data(), want.data(), want.size()) == 0;
}

const char* KeyCheck::name(Array a) {
  static constexpr const char* kName[kArrays] = {"A", "B1", "B2", "C", "H"};
  return kName[std::size_t(a)];
}

KeyCheck::KeyCheck(std::string file, std::shared_ptr<const void> keep, const std::array<Item, kArrays>& items,
                   OnFail on_fail)
    : file_(std::move(file)),
      keep_(std::move(keep)),
      items_(items),
      on_fail_(std::move(on_fail)),
      thread_([this](std::stop_token stop) { run(stop); }) {}

KeyCheck::~KeyCheck() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

void KeyCheck::finish(std::size_t i, State s, Times t) {
  {
    std::lock_guard<std::mutex> lk(m_);
    state_[i] = s;
    times_[i] = t;
  }
  cv_.notify_all();
}

void KeyCheck::run(const std::stop_token& stop) {
  // Isolated: while this thread waits in the checksum's parallel loop it runs only that loop's
  // tasks, never another task of the arena (say, a GPU upload that waits on this very check).
  tbb::this_task_arena::isolate([&] {
    for (const Array a : kOrder) {
      const std::size_t i = std::size_t(a);
      Times t{Clock::now(), {}};
      bool ok = false;
      std::string err;
      Error::Kind kind = Error::Kind::BadInput;
      try {
        ok = content_matches(items_[i].bytes, items_[i].want, stop);
      } catch (const Error& e) {
        err = e.what();
        kind = e.kind();
      } catch (const std::bad_alloc&) {
        err = file_ + ": " + name(a) + ": out of memory while checking its content";
        kind = Error::Kind::OutOfMemory;
      } catch (const std::exception& e) {
        err = file_ + ": " + name(a) + ": content check failed: " + e.what();
        kind = Error::Kind::Internal;
      }
      t.end = Clock::now();
      if (stop.stop_requested()) break;
      if (ok) {
        finish(i, State::Passed, t);
        continue;
      }
      if (err.empty()) err = file_ + ": " + name(a) + ": " + kContentMismatch;
      if (on_fail_) {
        try {
          err += on_fail_(err);
        } catch (const std::exception&) {  // the hook's own trouble does not hide the failure
        }
      }
      {
        std::lock_guard<std::mutex> lk(m_);
        error_ = std::move(err);
        kind_ = kind;
        times_[i] = t;
        for (auto& s : state_)  // this array and every one not yet checked
          if (s == State::Pending) s = State::Failed;
      }
      cv_.notify_all();
      return;
    }
    {  // every array passed, or the check was stopped (the key is going away): no waiter is left hanging
      std::lock_guard<std::mutex> lk(m_);
      for (auto& s : state_)
        if (s == State::Pending) s = State::Stopped;
    }
    cv_.notify_all();
  });
}

void KeyCheck::wait(Array a) const {
  const std::size_t i = std::size_t(a);
  std::unique_lock<std::mutex> lk(m_);
  cv_.wait(lk, [&] { return state_[i] != State::Pending; });
  switch (state_[i]) {
    case State::Passed: return;
    case State::Failed: throw Error(kind_, error_);
    default: throw Error(Error::Kind::Internal, file_, std::string(name(a)) + ": content check stopped");
  }
}

void KeyCheck::wait_all() const {
  for (const Array a : kOrder) wait(a);
}

bool KeyCheck::failed() const {
  std::lock_guard<std::mutex> lk(m_);
  for (const State s : state_)
    if (s == State::Failed) return true;
  return false;
}

std::optional<KeyCheck::Times> KeyCheck::times(Array a) const {
  std::lock_guard<std::mutex> lk(m_);
  return times_[std::size_t(a)];
}

}  // namespace cuzk::groth16
