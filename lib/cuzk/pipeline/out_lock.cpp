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
  // The folder itself is locked (no file added to DIR). Where an exclusive lock cannot be
  // had (another batch runs, or a file system that locks only files opened for writing),
  // DIR's temp files are left alone: a live writer's may be among them.
  fd_ = ::open(out_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0) return;
  int r;
  while ((r = ::flock(fd_, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {
  }
  if (r == 0) remove_stale_temp_files(out_dir);
  while ((r = ::flock(fd_, LOCK_SH)) != 0 && errno == EINTR) {
  }
}

OutDirLock::~OutDirLock() {
  if (fd_ >= 0) ::close(fd_);
}

std::string sector_lock_path(const std::string& out_dir, const std::string& sector) {
  return out_dir + "/" + sector + "/.cuzk-lock";
}

}  // namespace cuzk::pipeline
