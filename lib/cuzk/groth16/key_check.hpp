#pragma once
// KeyCheck: the deferred content checks of a mapped prepared key's five point arrays (A, B1,
// B2, C, H; prepared_key.hpp says what is checked when). A 2^24 BLS12-381 key's arrays are
// 13 GB: checked before the load returns, a cold key's check (a read of every byte at the
// disk's rate) and the GPU upload that follows it ran one after the other. Deferred, the
// load returns once the small parts are checked, and this type checks the five arrays on a
// thread of its own, one after the other in kOrder (the CUDA upload's order), so each array
// can be consumed as soon as its own check passed while the next one is read and checked.
//
// Each check is the one of an eager load (content_matches: the CRC-32C tree of
// util/digest.hpp against the header's digest). Whoever reads an array's bytes calls
// wait(that array) first (ProvingKey::wait_checked); wait() of a failed array throws
// Error(BadInput) "<file>: B2: content checksum mismatch" to every waiter; the arrays after
// a failed one are not checked and their waiters get the same error (the key is corrupt).
// The object keeps the mapping alive while it runs; its destructor stops the check between
// two 1 MiB leaves and joins the thread (no detached thread, no busy wait).
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <thread>

#include "cuzk/util/digest.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::groth16 {

// Whether `data`'s content checksum (checksum_tree) is `want`: the content check of every
// prepared-key array, eager or deferred. false also when `stop` was requested meanwhile.
bool content_matches(std::span<const std::uint8_t> data, const Digest& want, std::stop_token stop = {});
// The problem named when content_matches fails (after "<file>: <array>: ").
inline constexpr const char* kContentMismatch = "content checksum mismatch";

class KeyCheck {
public:
  enum class Array : unsigned { A, B1, B2, C, H };
  static constexpr std::size_t kArrays = 5;
  // The order of the checks: CudaBackend::upload_key's order of the sections, so a section is
  // packed from the page cache its check has just filled while the next one is checked.
  static constexpr std::array<Array, kArrays> kOrder = {Array::B2, Array::A, Array::B1, Array::C, Array::H};
  static const char* name(Array a);  // "A", "B1", "B2", "C", "H"

  using Clock = std::chrono::steady_clock;
  struct Item {  // one array: its bytes (in the mapping) and the digest its header gives
    std::span<const std::uint8_t> bytes;
    Digest want{};
  };
  struct Times {  // one check's start and end (steady clock), for the events
    Clock::time_point start, end;
  };
  // Called once, on the check thread, when a check fails (before any waiter is told) with the
  // error's message; what it returns ("" = nothing) is appended to the error every waiter gets.
  using OnFail = std::function<std::string(const std::string& error)>;

  // Starts checking items[Array] in kOrder on a thread of its own. `file` names the key in
  // errors; `keep` (the mapping) is held until the thread has been joined. Throws
  // std::system_error when no thread can be started (the caller then checks eagerly).
  KeyCheck(std::string file, std::shared_ptr<const void> keep, const std::array<Item, kArrays>& items,
           OnFail on_fail = {});
  ~KeyCheck();  // stops the check between two leaves and joins its thread
  KeyCheck(const KeyCheck&) = delete;
  KeyCheck& operator=(const KeyCheck&) = delete;

  // Blocks until array a's check is done; throws Error naming the file and the array when it
  // failed (or an earlier one in kOrder did). Thread-safe; each check runs once whoever waits.
  void wait(Array a) const;
  void wait_all() const;  // wait() for every array, in kOrder
  // Without blocking: whether a check has failed so far.
  bool failed() const;
  // Array a's check's start and end, once it has finished (passed or failed); nullopt before.
  std::optional<Times> times(Array a) const;
  const std::string& file() const { return file_; }

private:
  enum class State { Pending, Passed, Failed, Stopped };
  void run(const std::stop_token& stop);
  void finish(std::size_t i, State s, Times t);

  std::string file_;
  std::shared_ptr<const void> keep_;
  std::array<Item, kArrays> items_;
  OnFail on_fail_;
  mutable std::mutex m_;
  mutable std::condition_variable cv_;
  std::array<State, kArrays> state_{};
  std::array<std::optional<Times>, kArrays> times_{};
  std::string error_;  // the first failure's message (the file and the array named)
  Error::Kind kind_ = Error::Kind::BadInput;
  std::jthread thread_;  // last: stopped and joined before the members above go
};

}  // namespace cuzk::groth16
