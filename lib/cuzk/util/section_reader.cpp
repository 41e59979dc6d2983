#include "cuzk/util/section_reader.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "cuzk/util/error.hpp"

namespace cuzk {

namespace {

using u64 = std::uint64_t;
using Clock = std::chrono::steady_clock;
constexpr u64 kA = SectionReader::kAlign;

u64 align_down(u64 x) { return x / kA * kA; }
u64 align_up(u64 x) { return (x + kA - 1) / kA * kA; }

class UniqueFd {  // an fd of the reader's own (the O_DIRECT one)
public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

private:
  int fd_;
};

// The same open file again, with O_DIRECT (its own description, so the shared fd's buffered
// readers are not affected), through /proc/self/fd (the same inode even if the path was
// replaced or removed since). -1 with `why` set when the file system or /proc refuses.
int open_direct(const InputFile& f, std::string& why) {
  const std::string self = "/proc/self/fd/" + std::to_string(f.fd());
  const int fd = ::open(self.c_str(), O_RDONLY | O_DIRECT | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    why = std::string("cannot open for direct reads: ") + std::strerror(errno);
    return -1;
  }
  struct stat a {}, b {};
  if (::fstat(fd, &a) != 0 || ::fstat(f.fd(), &b) != 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
    ::close(fd);
    why = "cannot open for direct reads: /proc/self/fd gave another file";
    return -1;
  }
  return fd;
}

// Reads at least `need` bytes (of up to `want`) at `off` into p; returns the count read.
// Throws Error(Io) naming the file for an error or a file that ends before `need`. A direct
// read that stops short of a block boundary has met the file's end (it cannot go on from
// there: the next offset is not aligned).
std::size_t read_at(int fd, const std::string& path, std::uint8_t* p, std::size_t need, std::size_t want, u64 off,
                    bool direct) {
  std::size_t got = 0;
  while (got < need) {
    const ssize_t r = ::pread(fd, p + got, want - got, off_t(off + got));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0)
      fail(Error::Kind::Io, path, "read error at byte " + std::to_string(off + got) + ": " + std::strerror(errno));
    got += std::size_t(r);
    if (got < need && (r == 0 || (direct && got % kA)))
      fail(Error::Kind::Io, path,
           "truncated: the file ends at byte " + std::to_string(off + got) + ", the section needs bytes up to " +
               std::to_string(off + need));
  }
  return got;
}

}  // namespace

SectionReader::SectionReader(std::shared_ptr<const InputFile> file) : file_(std::move(file)) {
  if (!file_) fail(Error::Kind::Internal, "", "SectionReader: no file");
}

SectionReader::SectionReader(const std::string& path) : file_(std::make_shared<const InputFile>(path)) {}

double SectionReader::mapped_resident_fraction(const void* p, std::size_t bytes) {
  if (bytes == 0) return 1.0;
  const std::uintptr_t page = std::uintptr_t(::sysconf(_SC_PAGESIZE));
  const std::uintptr_t from = reinterpret_cast<std::uintptr_t>(p) / page * page;
  const std::uintptr_t to = (reinterpret_cast<std::uintptr_t>(p) + bytes + page - 1) / page * page;
  std::vector<unsigned char> v(std::size_t((to - from) / page));
  if (::mincore(reinterpret_cast<void*>(from), std::size_t(to - from), v.data()) != 0) return 0.0;
  std::size_t in = 0;
  for (unsigned char c : v) in += c & 1;
  return double(in) / double(v.size());
}

double SectionReader::resident_fraction(u64 offset, u64 length) const {
  struct stat st {};
  if (::fstat(file_->fd(), &st) != 0) fail(Error::Kind::Io, path(), std::string("cannot stat: ") + std::strerror(errno));
  const u64 size = u64(st.st_size);
  const u64 end = std::min(offset + length, size);
  if (length == 0 || offset >= end) return 1.0;
  const u64 page = u64(::sysconf(_SC_PAGESIZE));
  const u64 from = offset / page * page, to = (end + page - 1) / page * page;
  void* m = ::mmap(nullptr, std::size_t(to - from), PROT_READ, MAP_SHARED, file_->fd(), off_t(from));
  if (m == MAP_FAILED) return 0.0;  // unknown: read it as if cold (direct reads are correct either way)
  std::vector<unsigned char> v(std::size_t((to - from) / page));
  const int r = ::mincore(m, std::size_t(to - from), v.data());
  ::munmap(m, std::size_t(to - from));
  if (r != 0) return 0.0;
  std::size_t in = 0;
  for (unsigned char c : v) in += c & 1;
  return double(in) / double(v.size());
}

SectionReadReport SectionReader::read(u64 offset, u64 length, std::size_t chunk_bytes,
                                      std::span<std::uint8_t* const> buffers, std::size_t buffer_bytes,
                                      const ChunkFn& on_chunk, const ReuseFn& before_reuse,
                                      const SectionReadOptions& o) const {
  const auto t0 = Clock::now();
  SectionReadReport rep;
  if (length == 0) return rep;
  if (!chunk_bytes || buffers.empty() || buffer_bytes < chunk_bytes + kSlack || !on_chunk)
    fail(Error::Kind::Internal, path(), "SectionReader::read: no chunk size, no buffers, or buffers too small");
  struct stat st {};
  if (::fstat(file_->fd(), &st) != 0) fail(Error::Kind::Io, path(), std::string("cannot stat: ") + std::strerror(errno));
  if (offset > u64(st.st_size) || length > u64(st.st_size) - offset)
    fail(Error::Kind::Io, path(),
         "truncated: " + std::to_string(st.st_size) + " bytes, the section needs bytes " + std::to_string(offset) +
             " to " + std::to_string(offset + length));

  using Mode = SectionReadOptions::Mode;
  bool aligned = true;
  for (auto* b : buffers) aligned = aligned && reinterpret_cast<std::uintptr_t>(b) % kA == 0;
  bool direct = o.mode == Mode::Direct;
  if (o.mode == Mode::Auto) {
    rep.resident = resident_fraction(offset, length);
    direct = aligned && rep.resident < o.min_resident;
  }
  if (direct && !aligned) fail(Error::Kind::Internal, path(), "SectionReader::read: direct reads need 4096-aligned buffers");
  std::string why;
  const UniqueFd dfd(direct ? open_direct(*file_, why) : -1);
  if (direct && dfd.get() < 0) {
    if (o.mode == Mode::Direct) fail(Error::Kind::Io, path(), why);
    direct = false;  // Auto: this file system (or a missing /proc) reads buffered
  }
  rep.direct = direct;
  rep.bytes = length;

  const u64 end = offset + length;
  const u64 chunks = (length + chunk_bytes - 1) / chunk_bytes;
  const unsigned threads = unsigned(std::max<u64>(1, std::min<u64>({u64(std::max(o.threads, 1u)), buffers.size(), chunks})));
  const unsigned per = unsigned(buffers.size() / threads);  // buffers of each thread
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex mu;
  std::vector<double> busy(threads, 0.0);
  auto work = [&](unsigned t) {
    try {
      std::size_t j = 0;  // this thread's chunk count: its buffers go in turn
      for (u64 c = t; c < chunks && !stop.load(std::memory_order_relaxed); c += threads, ++j) {
        const unsigned b = t * per + unsigned(j % per);
        if (j >= per && before_reuse) before_reuse(b);
        const u64 s = offset + c * chunk_bytes, e = std::min<u64>(s + chunk_bytes, end);
        std::uint8_t* p = buffers[b];
        const auto r0 = Clock::now();
        if (direct) {  // the aligned cover of [s, e); the file's end may come before its last block
          const u64 as = align_down(s), ae = align_up(e);
          read_at(dfd.get(), path(), p, std::size_t(e - as), std::size_t(ae - as), as, true);
          if (s > as) std::memmove(p, p + (s - as), std::size_t(e - s));
        } else {
          read_at(file_->fd(), path(), p, std::size_t(e - s), std::size_t(e - s), s, false);
        }
        busy[t] += std::chrono::duration<double>(Clock::now() - r0).count();
        on_chunk(SectionChunk{std::size_t(c), s, p, std::size_t(e - s), b});
      }
    } catch (...) {
      stop = true;
      std::lock_guard<std::mutex> lk(mu);
      if (!error) error = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> th;
    try {
      for (unsigned t = 1; t < threads; ++t) th.emplace_back(work, t);
    } catch (...) {
      stop = true;  // the threads already started stop after their chunk and are joined here
      throw;
    }
    work(0);
  }  // joined
  if (error) std::rethrow_exception(error);
  for (double b : busy) rep.read_seconds += b;
  rep.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return rep;
}

}  // namespace cuzk
