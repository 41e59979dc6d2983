#include "cuzk/util/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cuzk/util/error.hpp"

namespace cuzk {

namespace {
std::atomic<unsigned long> g_counter{0};
std::string errstr() { return std::strerror(errno); }
}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  tmp_ = path_ + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(g_counter++);
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd_ < 0) fail(Error::Kind::Io, path_, "cannot create output: " + errstr());
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(tmp_.c_str());
}

void AtomicFile::write(const void* data, std::size_t n) {
  auto p = static_cast<const char*>(data);
  while (n > 0) {
    ssize_t w = ::write(fd_, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      fail(Error::Kind::Io, path_, "write failed: " + errstr());
    }
    p += w;
    n -= std::size_t(w);
  }
}

void AtomicFile::commit(bool no_overwrite) {
  if (::fsync(fd_) != 0) fail(Error::Kind::Io, path_, "fsync failed: " + errstr());
  if (::close(fd_) != 0) {
    fd_ = -1;
    fail(Error::Kind::Io, path_, "close failed: " + errstr());
  }
  fd_ = -1;
  if (no_overwrite) {
    // link() fails with EEXIST instead of replacing: finished work is never overwritten.
    if (::link(tmp_.c_str(), path_.c_str()) != 0)
      fail(Error::Kind::Io, path_, errno == EEXIST ? "exists already, not overwritten" : "cannot create: " + errstr());
    ::unlink(tmp_.c_str());
  } else if (::rename(tmp_.c_str(), path_.c_str()) != 0) {
    fail(Error::Kind::Io, path_, "cannot rename into place: " + errstr());
  }
  committed_ = true;
}

void write_file_atomic(const std::string& path, std::string_view content, bool no_overwrite) {
  AtomicFile f(path);
  f.write(content);
  f.commit(no_overwrite);
}

std::size_t remove_stale_temp_files(const std::string& dir) {
  std::size_t n = 0;
  std::error_code ec;
  for (auto& e : std::filesystem::directory_iterator(dir, ec)) {
    auto name = e.path().filename().string();
    if (name.find(".tmp.") != std::string::npos && e.is_regular_file()) {
      std::filesystem::remove(e.path(), ec);
      ++n;
    }
  }
  return n;
}

}  // namespace cuzk
