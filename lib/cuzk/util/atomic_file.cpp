#include "cuzk/util/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/random.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "cuzk/util/error.hpp"
#include "cuzk/util/parse_text.hpp"

namespace cuzk {

namespace {

constexpr std::string_view kPrefix = ".cuzk-tmp.";
constexpr std::size_t kTokenDigits = 16;

std::atomic<unsigned long> g_counter{0};
std::string errstr() { return std::strerror(errno); }

// 64 random bits, drawn once per process (getrandom; the clock and pid if that fails).
const std::string& process_token() {
  static const std::string token = [] {
    std::uint64_t v = 0;
    if (::getrandom(&v, sizeof v, GRND_NONBLOCK) != ssize_t(sizeof v))
      v = std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()) * 0x9e3779b97f4a7c15ull ^
          std::uint64_t(::getpid());
    static const char* hx = "0123456789abcdef";
    std::string s(kTokenDigits, '0');
    for (std::size_t i = 0; i < kTokenDigits; ++i) s[i] = hx[(v >> (4 * i)) & 15];
    return s;
  }();
  return token;
}

std::string temp_name_for(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  std::string name = std::string(kPrefix) + std::to_string(::getpid()) + "." + process_token() + "." +
                     std::to_string(g_counter++);
  return dir.empty() ? name : dir + "/" + name;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

bool parse_temp_name(std::string_view name, pid_t& pid) {
  if (name.substr(0, kPrefix.size()) != kPrefix) return false;
  name.remove_prefix(kPrefix.size());
  const auto a = name.find('.');
  if (a == std::string_view::npos) return false;
  const std::string_view p = name.substr(0, a);
  name.remove_prefix(a + 1);
  const auto b = name.find('.');
  if (b != kTokenDigits) return false;
  for (char c : name.substr(0, b))
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  const std::string_view n = name.substr(b + 1);
  if (!all_digits(p) || !all_digits(n) || p.size() > 10 || n.size() > 20) return false;
  if ((p.size() > 1 && p[0] == '0') || (n.size() > 1 && n[0] == '0')) return false;
  const auto v = parse_decimal(p, 10);
  if (!v || *v == 0 || *v > 0x7fffffff) return false;
  pid = pid_t(*v);
  return true;
}

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  tmp_ = temp_name_for(path_);
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
  } else {
    if (::rename(tmp_.c_str(), path_.c_str()) != 0) fail(Error::Kind::Io, path_, "cannot rename into place: " + errstr());
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
    pid_t pid = 0;
    if (!parse_temp_name(e.path().filename().string(), pid)) continue;
    std::error_code sec;
    if (!e.is_regular_file(sec) || e.is_symlink(sec)) continue;
    if (pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;  // its owner may still run
    if (::unlink(e.path().c_str()) == 0) ++n;
  }
  return n;
}

}  // namespace cuzk
