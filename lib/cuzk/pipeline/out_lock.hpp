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
// Each held sector lock is an open descriptor, so a batch holds at most ClaimSlots' capacity
// of them at once: the partitions it keeps in flight, fewer where the open-file
// limit leaves less room; the dispatcher waits for a sector to end before claiming the next.
#include <condition_variable>
#include <mutex>
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

// The sector claims a batch may hold at once (a counting semaphore; acquire waits).
class ClaimSlots {
public:
  explicit ClaimSlots(unsigned capacity) : free_(capacity), capacity_(capacity) {}
  void acquire();
  void release();
  unsigned capacity() const { return capacity_; }

private:
  std::mutex m_;
  std::condition_variable cv_;
  unsigned free_, capacity_;
};

// The descriptor budget of a batch (ClaimSlots' capacity): `wanted` (the partitions it keeps
// in flight) where RLIMIT_NOFILE allows, else what the limit leaves once the descriptors open
// now, `fixed` more the run opens for its whole length (the output folder's lock, the events
// file) and `transient` ones its stages open for a moment (a witness read per synthesis
// worker, a temp file and its folder per writer, a key being read, ...) are counted.
// Throws Error(Io) naming the limit and the number needed when not even one claim fits.
struct DescriptorBudget {
  unsigned wanted = 1, fixed = 2, transient = 16;
};
unsigned claim_capacity(const DescriptorBudget& b);
// Descriptors this process has open now (from /proc/self/fd; 16 where that cannot be read).
unsigned open_descriptors();

std::string sector_lock_path(const std::string& out_dir, const std::string& sector);

}  // namespace cuzk::pipeline
