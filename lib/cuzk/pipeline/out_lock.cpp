#include "cuzk/pipeline/out_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

FileLock::~FileLock() { unlock(); }

void FileLock::unlock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
  fd_ = -1;
}

bool FileLock::lock(const std::string& path, bool exclusive, bool wait) {
  if (fd_ < 0) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (fd_ < 0) fail(Error::Kind::Io, path, std::string("cannot open the lock file: ") + std::strerror(errno));
  }
  const int op = (exclusive ? LOCK_EX : LOCK_SH) | (wait ? 0 : LOCK_NB);
  while (::flock(fd_, op) != 0) {
    if (errno == EINTR) continue;
    const int e = errno;
    if (e == EWOULDBLOCK && !wait) return false;
    unlock();
    fail(Error::Kind::Io, path, std::string("cannot lock: ") + std::strerror(e));
  }
  return true;
}

OutDirLock::OutDirLock(const std::string& out_dir) {
  const std::string path = out_dir + "/.cuzk-batch.lock";
  if (lock_.lock(path, true, false)) {
    remove_stale_temp_files(out_dir);
    lock_.lock(path, false, true);  // converts to shared (other batches may start now)
  } else {
    lock_.lock(path, false, true);
  }
}

std::string sector_lock_path(const std::string& out_dir, const std::string& sector) {
  return out_dir + "/" + sector + "/.cuzk-lock";
}

}  // namespace cuzk::pipeline
