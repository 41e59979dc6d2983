#pragma once
// The one error type of cuzk. Library code throws cuzk::Error; only main() catches
// and maps Error::Kind to an exit code. The message always names the file (when there
// is one) and the problem, so one line tells the user what went wrong.
#include <stdexcept>
#include <string>

namespace cuzk {

class Error : public std::runtime_error {
public:
  enum class Kind {
    BadInput,     // malformed, truncated or inconsistent input file / argument
    Unsatisfied,  // witness does not satisfy the circuit
    Io,           // cannot read or write a file
    OutOfMemory,  // host or device allocation failed / budget cannot hold the work
    Device,       // CUDA or other accelerator failure
    Internal,     // a bug: an invariant that should always hold did not
  };

  Error(Kind kind, std::string msg) : std::runtime_error(std::move(msg)), kind_(kind) {}
  Error(Kind kind, const std::string& file, const std::string& msg)
      : std::runtime_error(file.empty() ? msg : file + ": " + msg), kind_(kind) {}

  Kind kind() const noexcept { return kind_; }

private:
  Kind kind_;
};

[[noreturn]] inline void fail(Error::Kind k, const std::string& file, const std::string& msg) {
  throw Error(k, file, msg);
}

}  // namespace cuzk
