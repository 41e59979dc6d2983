#include "cuzk/pipeline/events.hpp"

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <ctime>
#include <cstring>
#include <cstdio>
#include <fstream>

#include "cuzk/util/error.hpp"

namespace cuzk::pipeline {

namespace {

// One whole write of `s` (retrying EINTR and short writes); false with errno set on failure.
bool write_all(int fd, const std::string& s) {
  const char* p = s.data();
  std::size_t n = s.size();
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (w == 0) {
      errno = EIO;
      return false;
    }
    p += w;
    n -= std::size_t(w);
  }
  return true;
}

}  // namespace

std::string make_run_id() {
  char ts[32] = {};
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  std::strftime(ts, sizeof ts, "%Y%m%dT%H%M%SZ", &tm);
  std::string host;
  for (char c : host_name())
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.')
      host += c;
  if (host.empty()) host = "host";
  if (host.size() > 32) host.resize(32);
  std::uint32_t r = 0;
  if (::getrandom(&r, sizeof r, GRND_NONBLOCK) != ssize_t(sizeof r))
    r = std::uint32_t(std::chrono::steady_clock::now().time_since_epoch().count());
  char tail[16];
  std::snprintf(tail, sizeof tail, "%04x", unsigned(r & 0xffff));
  return std::string(ts) + "-" + host + "-" + std::to_string(::getpid()) + "-" + tail;
}

EventWriter::EventWriter(const std::string& path, std::string run_id, Clock::time_point start)
    : path_(path), run_(std::move(run_id)), start_(start) {
  if (path.empty()) return;
  // O_NONBLOCK: a FIFO without a reader fails (ENXIO) instead of hanging the open.
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0644);
  if (fd_ < 0) fail(Error::Kind::Io, path, std::string("cannot open the events file: ") + std::strerror(errno));
  const int fl = ::fcntl(fd_, F_GETFL);
  if (fl >= 0) ::fcntl(fd_, F_SETFL, fl & ~O_NONBLOCK);
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    fail(Error::Kind::Io, path, "cannot open the events file: is a folder");
  }
  // An earlier run that ended with a torn line (disk full) would glue this run's first
  // line onto it: start on a fresh line.
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    char last = '\n';
    const int rd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (rd >= 0) {
      if (::pread(rd, &last, 1, st.st_size - 1) != 1) last = '\n';
      ::close(rd);
    }
    if (last != '\n') {
      ::flock(fd_, LOCK_EX);
      write_all(fd_, "\n");
      ::flock(fd_, LOCK_UN);
    }
  }
}

EventWriter::~EventWriter() {
  if (fd_ >= 0) ::close(fd_);
}

double round_us(double s) { return std::round(s * 1e6) / 1e6; }

namespace {

using ojson = nlohmann::ordered_json;

ojson to_json(const Fields& f);

ojson to_json(const Value& v) {
  return std::visit(
      [](const auto& x) -> ojson {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return nullptr;
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const Value::Array>>) {
          ojson a = ojson::array();
          for (const auto& e : *x) a.push_back(to_json(e));
          return a;
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const Fields>>) {
          return to_json(*x);
        } else {
          return x;
        }
      },
      v.data());
}

ojson to_json(const Fields& f) {
  ojson j = ojson::object();
  for (const auto& [k, v] : f.items()) j[k] = to_json(v);
  return j;
}

}  // namespace

void EventWriter::emit(std::string_view ev, const Fields& fields) {
  if (fd_ < 0) return;
  std::lock_guard<std::mutex> lk(m_);
  ojson j;
  j["ts"] = round_us(now());
  j["ev"] = std::string(ev);
  j["run"] = run_;
  for (const auto& [k, v] : fields.items()) j[k] = to_json(v);
  std::string line = j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  line += '\n';
  ++lines_;
  // The lock keeps other processes appending to the same file from landing inside this line
  // (O_APPEND alone does so only for one write() that the kernel does not split).
  const bool locked = ::flock(fd_, LOCK_EX) == 0;
  const bool ok = write_all(fd_, line);
  const int err = errno;
  if (locked) ::flock(fd_, LOCK_UN);
  if (!ok) {
    ++lost_;
    if (first_error_.empty()) first_error_ = std::strerror(err);
  }
}

std::string EventWriter::error() const {
  std::lock_guard<std::mutex> lk(m_);
  if (!lost_) return "";
  return path_ + ": " + std::to_string(lost_) + " of " + std::to_string(lines_) +
         " event lines lost: write failed: " + first_error_;
}

std::uint64_t current_rss() { return current_rss_parts().total; }

RssParts current_rss_parts() {
  std::ifstream in("/proc/self/statm");
  std::uint64_t size = 0, resident = 0, shared = 0;
  if (!(in >> size >> resident >> shared)) return {};
  const std::uint64_t page = std::uint64_t(sysconf(_SC_PAGESIZE));
  shared = std::min(shared, resident);
  return {resident * page, (resident - shared) * page, shared * page};
}

std::uint64_t peak_rss() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

std::string host_name() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "unknown";
  return buf;
}

unsigned cpu_count() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return unsigned(CPU_COUNT(&set));
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? unsigned(n) : 1;
}

}  // namespace cuzk::pipeline
