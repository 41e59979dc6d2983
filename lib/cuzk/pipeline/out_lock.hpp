#pragma once
// Several batches (the tasks of a Slurm array, one process per GPU) may write into one
// output folder at the same time. Two advisory locks (flock; on NFS v4 Linux maps them to
// byte-range locks, which the server arbitrates) keep them apart:
//   DIR itself             every batch holds it shared for its whole run; the one that gets
//                          it exclusively at start (nobody else running) removes the stale
//                          temp files of DIR itself (a live writer's may be on another host)
//   DIR/<sector>/.cuzk-lock  held exclusively by the batch proving that sector, from the
//                          --resume check to its last output (DIR/<sector>.proof); another
//                          batch with the same sector waits, then finds its proofs made
// A lock goes with its process: a task killed by Slurm leaves no lock behind.
#include <string>

namespace cuzk::pipeline {

class FileLock {
public:
  FileLock() = default;
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  // Opens (creating) `path` and takes the lock; exclusive or shared, waiting or not. Returns
  // false when `wait` is false and another process holds it. Throws Error(Io) naming path.
  bool lock(const std::string& path, bool exclusive, bool wait);
  void unlock();  // and close
  bool held() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

// The run-wide lock of DIR (see above): takes it, removes DIR's stale temp files when this
// is the only batch, and keeps it shared until destroyed.
class OutDirLock {
public:
  explicit OutDirLock(const std::string& out_dir);
  ~OutDirLock();
  OutDirLock(const OutDirLock&) = delete;
  OutDirLock& operator=(const OutDirLock&) = delete;

private:
  int fd_ = -1;
};

std::string sector_lock_path(const std::string& out_dir, const std::string& sector);

}  // namespace cuzk::pipeline
