#pragma once
// Opening an input without trusting it: a FIFO with no writer, a terminal, /dev/zero or a
// folder given where a file is expected must fail at once with one line naming the path,
// not hang or grow memory without bound. Every reader of user files goes through here.
#include <cstddef>
#include <cstdint>
#include <string>

namespace cuzk {

// An open, read-only descriptor of a regular file (RAII), and its size at open time.
class InputFile {
public:
  // Opens without blocking (O_NONBLOCK, so a FIFO with no writer cannot hang the open),
  // then refuses anything that is not a regular file. Throws Error(Io) naming `path`.
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  int fd() const { return fd_; }
  std::uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }

private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// Default cap of read_file(): text inputs (sector files, JSON keys, proofs, public signals,
// event files read whole) are far smaller; a larger one is refused before it is read.
inline constexpr std::uint64_t kMaxTextFileBytes = std::uint64_t(1) << 30;

// Reads a whole regular file of at most `max_bytes` bytes. Throws Error(Io) for an
// unreadable or non-regular path, Error(BadInput) when it is larger than `max_bytes`.
std::string read_file(const std::string& path, std::uint64_t max_bytes = kMaxTextFileBytes);

}  // namespace cuzk
