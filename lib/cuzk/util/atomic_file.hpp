#pragma once
// Atomic file output: write to a temp file in the target's folder, fsync, then rename over
// (or link to) the target. A crash leaves either the old file or the new one, never a torn
// one; the temp file is removed if the writer is destroyed without commit().
//
// Temp names have one exact shape that no sector id or output can take and that names
// their owner:   .cuzk-tmp.<pid>.<token>.<n>
// (<pid> decimal, <token> 16 lowercase hex digits drawn once per process, <n> a counter).
// remove_stale_temp_files() removes only names of exactly that shape whose process is gone.
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cuzk/util/input_file.hpp"  // read_file

namespace cuzk {

class AtomicFile {
public:
  explicit AtomicFile(std::string path);  // creates the temp file; throws Error(Io)
  ~AtomicFile();                          // removes the temp file unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(const void* data, std::size_t n);
  void write(std::string_view s) { write(s.data(), s.size()); }
  // fsync + rename. With no_overwrite, fails (Error(Io)) if the target exists.
  void commit(bool no_overwrite = false);

  const std::string& path() const { return path_; }
  const std::string& temp_path() const { return tmp_; }

private:
  std::string path_, tmp_;
  int fd_ = -1;
  bool committed_ = false;
};

// One-shot helpers.
void write_file_atomic(const std::string& path, std::string_view content, bool no_overwrite = false);

// The owner pid when `name` (a file name, no folder) has exactly the temp-name shape above.
bool parse_temp_name(std::string_view name, pid_t& pid);
// Removes, in `dir` only (not below), the regular files whose names have exactly the temp
// shape and whose owner process no longer exists (kill(pid, 0) fails with ESRCH); returns
// the count. Anything else - a user's notes.tmp.txt, an output, a live run's temp file,
// a symlink - is left alone.
std::size_t remove_stale_temp_files(const std::string& dir);

}  // namespace cuzk
