#pragma once
// Atomic file output: write to "<path>.tmp.<pid>.<n>" in the same folder, fsync, then
// rename over <path>. A crash leaves either the old file or the new one, never a torn
// one; the temp file is removed if the writer is destroyed without commit().
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

private:
  std::string path_, tmp_;
  int fd_ = -1;
  bool committed_ = false;
};

// One-shot helpers.
void write_file_atomic(const std::string& path, std::string_view content, bool no_overwrite = false);
// Removes leftover "<name>.tmp.*" files of an interrupted run in `dir`; returns the count.
std::size_t remove_stale_temp_files(const std::string& dir);

}  // namespace cuzk
