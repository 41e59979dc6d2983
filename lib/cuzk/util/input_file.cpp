#include "cuzk/util/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "cuzk/util/error.hpp"

namespace cuzk {

namespace {

const char* kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a folder";
  if (S_ISFIFO(m)) return "a FIFO (pipe)";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

}  // namespace

InputFile::InputFile(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd_ < 0) fail(Error::Kind::Io, path, std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd_, &st) != 0) {
    const int e = errno;
    ::close(fd_);
    fd_ = -1;
    fail(Error::Kind::Io, path, std::string("cannot stat: ") + std::strerror(e));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    fail(Error::Kind::Io, path, std::string("is ") + kind_of(st.st_mode) + ", not a regular file");
  }
  // Regular files ignore O_NONBLOCK for reads; clear it anyway so later reads are plain.
  const int fl = ::fcntl(fd_, F_GETFL);
  if (fl >= 0) ::fcntl(fd_, F_SETFL, fl & ~O_NONBLOCK);
  size_ = std::uint64_t(st.st_size);
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::string read_file(const std::string& path, std::uint64_t max_bytes) {
  InputFile f(path);
  if (f.size() > max_bytes)
    fail(Error::Kind::BadInput, path,
         "is " + std::to_string(f.size()) + " bytes, more than the " + std::to_string(max_bytes) +
             " this kind of file may have");
  std::string s(std::size_t(f.size()), '\0');
  std::size_t got = 0;
  while (got < s.size()) {
    const ssize_t r = ::read(f.fd(), s.data() + got, s.size() - got);
    if (r < 0) {
      if (errno == EINTR) continue;
      fail(Error::Kind::Io, path, std::string("read failed: ") + std::strerror(errno));
    }
    if (r == 0) break;  // shrank while being read
    got += std::size_t(r);
  }
  s.resize(got);
  return s;
}

}  // namespace cuzk
