// SectionReader (lib/cuzk/util/section_reader.hpp): every byte of a range handed over exactly
// once and equal to the file's, for odd offsets and lengths, chunk boundaries, buffered and
// direct reads, any thread and buffer count; a truncated or shrinking file is one Error(Io)
// naming it; an empty range calls nothing; a throwing callback stops the read and is rethrown.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cuzk/util/error.hpp"
#include "cuzk/util/mapped_file.hpp"
#include "cuzk/util/section_reader.hpp"
#include "temp_dir.hpp"

using cuzk::SectionChunk;
using cuzk::SectionReader;
using cuzk::SectionReadOptions;
using Mode = SectionReadOptions::Mode;

namespace {

// Bytes that differ at nearby offsets and at offsets 2^k apart (a misplaced chunk shows).
std::string pattern(std::size_t n) {
  std::string s(n, '\0');
  std::uint64_t x = 0x9e3779b97f4a7c15ULL;
  for (std::size_t i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s[i] = char(x >> 56);
  }
  return s;
}

// Page-aligned buffers of the caller (as the GPU's pinned staging is).
struct Buffers {
  std::size_t bytes;
  std::vector<std::unique_ptr<std::uint8_t, decltype(&std::free)>> own;
  std::vector<std::uint8_t*> ptr;
  Buffers(unsigned count, std::size_t b) : bytes(b) {
    for (unsigned i = 0; i < count; ++i) {
      auto* p = static_cast<std::uint8_t*>(std::aligned_alloc(4096, (b + 4095) / 4096 * 4096));
      REQUIRE(p);
      own.emplace_back(p, &std::free);
      ptr.push_back(p);
    }
  }
};

// Reads [off, off + len) and checks that each byte came exactly once, right, from the chunk it belongs to.
cuzk::SectionReadReport read_and_check(const SectionReader& r, const std::string& file, std::uint64_t off,
                                       std::uint64_t len, std::size_t chunk, unsigned threads, unsigned nbuf,
                                       Mode mode) {
  Buffers bufs(nbuf, chunk + SectionReader::kSlack);
  std::vector<unsigned char> seen(len, 0);
  std::string got(len, '\0');
  std::mutex mu;
  std::vector<int> in_use(nbuf, 0);  // a buffer is handed out again only after before_reuse
  SectionReadOptions o;
  o.mode = mode;
  o.threads = threads;
  bool bad_chunk = false, bad_reuse = false;
  auto rep = r.read(
      off, len, chunk, bufs.ptr, bufs.bytes,
      [&](const SectionChunk& c) {
        std::lock_guard<std::mutex> lk(mu);
        const std::uint64_t at = c.offset - off;
        if (c.offset != off + c.index * chunk || c.data != bufs.ptr[c.buffer] || at + c.bytes > len ||
            (c.bytes != chunk && at + c.bytes != len) || in_use[c.buffer])
          bad_chunk = true;
        in_use[c.buffer] = 1;
        for (std::size_t i = 0; i < c.bytes && at + i < len; ++i) {
          ++seen[at + i];
          got[at + i] = char(c.data[i]);
        }
      },
      [&](unsigned b) {
        std::lock_guard<std::mutex> lk(mu);
        if (!in_use[b]) bad_reuse = true;
        in_use[b] = 0;
      },
      o);
  CHECK_FALSE(bad_chunk);
  CHECK_FALSE(bad_reuse);
  std::size_t once = 0;
  for (auto s : seen) once += s == 1;
  CHECK(once == len);
  CHECK(got == file.substr(std::size_t(off), std::size_t(len)));
  CHECK(rep.bytes == len);
  CHECK(rep.direct == (mode == Mode::Direct));
  return rep;
}

}  // namespace

TEST_CASE("section reader: every byte once and right, buffered and direct, odd offsets and lengths") {
  cuzk::test::TempDir dir("cuzk-section-reader-");
  const std::size_t n = 3 * 65536 + 12345;  // not a multiple of 4096: the last block is partial
  const std::string bytes = pattern(n);
  const std::string path = dir.put("key.bin", bytes);
  const SectionReader r(path);
  struct Range {
    std::uint64_t off, len;
  };
  const Range ranges[] = {{0, n},          {0, 1},           {1, 4095},     {4095, 2},        {4096, 4096},
                          {4097, 65536},   {12345, 100001},  {n - 1, 1},    {n - 4097, 4097}, {65536, n - 65536},
                          {3, n - 3}};
  for (Mode mode : {Mode::Buffered, Mode::Direct}) {
    for (const auto& g : ranges) {
      for (std::size_t chunk : {std::size_t(4096), std::size_t(5000), std::size_t(65536)}) {
        for (unsigned threads : {1u, 3u}) {
          for (unsigned nbuf : {threads, 2 * threads + 1}) {
            CAPTURE(int(mode));
            CAPTURE(g.off);
            CAPTURE(g.len);
            CAPTURE(chunk);
            CAPTURE(threads);
            CAPTURE(nbuf);
            read_and_check(r, bytes, g.off, g.len, chunk, threads, nbuf, mode);
          }
        }
      }
    }
  }
}

TEST_CASE("section reader: more threads than buffers or chunks, one buffer") {
  cuzk::test::TempDir dir("cuzk-section-reader-threads-");
  const std::string bytes = pattern(200000);
  const SectionReader r(dir.put("k", bytes));
  read_and_check(r, bytes, 7, 150000, 8192, 8, 1, Mode::Buffered);  // one buffer: one thread, reused
  read_and_check(r, bytes, 7, 150000, 8192, 8, 3, Mode::Direct);
  read_and_check(r, bytes, 0, 100, 65536, 16, 16, Mode::Direct);  // one chunk: one thread
}

TEST_CASE("section reader: an empty range calls nothing") {
  cuzk::test::TempDir dir("cuzk-section-reader-empty-");
  const SectionReader r(dir.put("k", pattern(5000)));
  Buffers bufs(2, 4096 + SectionReader::kSlack);
  int calls = 0;
  for (std::uint64_t off : {std::uint64_t(0), std::uint64_t(5000)}) {
    auto rep = r.read(off, 0, 4096, bufs.ptr, bufs.bytes, [&](const SectionChunk&) { ++calls; }, [&](unsigned) { ++calls; });
    CHECK(rep.bytes == 0);
  }
  CHECK(calls == 0);
}

TEST_CASE("section reader: a range past the end, a file that shrinks, too small buffers") {
  cuzk::test::TempDir dir("cuzk-section-reader-trunc-");
  const std::string path = dir.put("short.key", pattern(100000));
  const SectionReader r(path);
  Buffers bufs(4, 16384 + SectionReader::kSlack);
  int calls = 0;
  auto count = [&](const SectionChunk&) { ++calls; };
  for (Mode mode : {Mode::Buffered, Mode::Direct}) {
    SectionReadOptions o;
    o.mode = mode;
    try {
      r.read(90000, 10001, 16384, bufs.ptr, bufs.bytes, count, {}, o);
      FAIL("a range past the end was read");
    } catch (const cuzk::Error& e) {
      CHECK(e.kind() == cuzk::Error::Kind::Io);
      CHECK(std::string(e.what()).find(path) != std::string::npos);
      CHECK(std::string(e.what()).find("truncated") != std::string::npos);
    }
    CHECK(calls == 0);
  }
  // Shrinks while it is read: the next chunk's read finds the end early.
  for (Mode mode : {Mode::Buffered, Mode::Direct}) {
    const std::string p2 = dir.put("shrinks.key", pattern(100000));
    const SectionReader r2(p2);
    SectionReadOptions o;
    o.mode = mode;
    o.threads = 1;
    calls = 0;
    try {
      r2.read(0, 100000, 16384, bufs.ptr, bufs.bytes,
              [&](const SectionChunk& c) {
                ++calls;
                if (c.index == 0) std::filesystem::resize_file(p2, 20000);
              },
              {}, o);
      FAIL("a file that shrank was read whole");
    } catch (const cuzk::Error& e) {
      CHECK(e.kind() == cuzk::Error::Kind::Io);
      CHECK(std::string(e.what()).find(p2) != std::string::npos);
      CHECK(std::string(e.what()).find("truncated") != std::string::npos);
    }
    CHECK(calls == 1);  // chunk 1 (bytes 16384-32767) has only 3616 of its bytes left: no callback
  }
  CHECK_THROWS_AS(r.read(0, 100, 4096, bufs.ptr, 4096, count), cuzk::Error);  // no room for a direct read's slack
  CHECK_THROWS_AS(SectionReader(dir.p.string()), cuzk::Error);                 // a folder
}

TEST_CASE("section reader: a throwing callback stops every thread and is rethrown") {
  cuzk::test::TempDir dir("cuzk-section-reader-throw-");
  const std::size_t chunk = 4096, chunks = 1000;
  const SectionReader r(dir.put("k", pattern(chunk * chunks)));
  Buffers bufs(8, chunk + SectionReader::kSlack);
  SUBCASE("one thread: nothing after the throwing chunk") {
    SectionReadOptions o;
    o.threads = 1;
    std::vector<std::size_t> order;
    CHECK_THROWS_WITH(r.read(0, chunk * chunks, chunk, bufs.ptr, bufs.bytes,
                             [&](const SectionChunk& c) {
                               order.push_back(c.index);
                               if (c.index == 2) throw std::runtime_error("stop here");
                             },
                             {}, o),
                      "stop here");
    CHECK(order == std::vector<std::size_t>{0, 1, 2});
  }
  SUBCASE("four threads: the others stop after their current chunk") {
    SectionReadOptions o;
    o.threads = 4;
    std::atomic<bool> thrown{false};
    std::atomic<std::size_t> calls{0};
    CHECK_THROWS_WITH(r.read(0, chunk * chunks, chunk, bufs.ptr, bufs.bytes,
                             [&](const SectionChunk& c) {
                               ++calls;
                               if (c.index == 0) {
                                 thrown = true;
                                 throw std::runtime_error("first chunk");
                               }
                               while (!thrown) std::this_thread::yield();
                               // Slow after the throw, so that a reader that did not stop would
                               // still be far from the range's end when the read returns.
                               std::this_thread::sleep_for(std::chrono::milliseconds(1));
                             },
                             {}, o),
                      "first chunk");
    CHECK(calls < chunks / 4);
  }
}

TEST_CASE("section reader: auto reads a cached range buffered, a dropped one direct") {
  cuzk::test::TempDir dir("cuzk-section-reader-auto-");
  const std::string bytes = pattern(1 << 20);
  const std::string path = dir.put("k", bytes);
  const SectionReader r(path);
  const double cached = r.resident_fraction(0, bytes.size());
  CHECK(cached >= 0.0);
  CHECK(cached <= 1.0);
  CHECK(r.resident_fraction(5, 0) == 1.0);
  if (cached >= 0.5) {
    auto rep = read_and_check(r, bytes, 0, bytes.size(), 65536, 2, 4, Mode::Buffered);
    Buffers bufs(4, 65536 + SectionReader::kSlack);
    auto a = r.read(0, bytes.size(), 65536, bufs.ptr, bufs.bytes, [](const SectionChunk&) {});
    CHECK_FALSE(a.direct);
    CHECK(a.resident >= 0.5);
    (void)rep;
  } else {
    MESSAGE("the file's pages were not cached after writing it: the buffered case of auto not checked");
  }
  {  // drop its clean pages (as the device script does), then auto goes direct
    const int fd = ::open(path.c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    ::fdatasync(fd);
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    ::close(fd);
  }
  if (r.resident_fraction(0, bytes.size()) < 0.5) {
    Buffers bufs(4, 65536 + SectionReader::kSlack);
    std::string got(bytes.size(), '\0');
    auto a = r.read(0, bytes.size(), 65536, bufs.ptr, bufs.bytes, [&](const SectionChunk& c) {
      std::memcpy(got.data() + c.offset, c.data, c.bytes);
    });
    CHECK(a.direct);
    CHECK(a.resident < 0.5);
    CHECK(got == bytes);
  } else {
    MESSAGE("posix_fadvise(DONTNEED) left the pages cached here: the direct case of auto not checked");
  }
  // Unaligned buffers: auto reads them buffered whatever the cache says; direct refuses them.
  std::vector<std::uint8_t> raw(65536 + SectionReader::kSlack + 1);
  std::uint8_t* odd[] = {raw.data() + (reinterpret_cast<std::uintptr_t>(raw.data()) % 4096 ? 0 : 1)};
  std::string got(bytes.size(), '\0');
  auto a = r.read(0, bytes.size(), 65536, odd, 65536 + SectionReader::kSlack,
                  [&](const SectionChunk& c) { std::memcpy(got.data() + c.offset, c.data, c.bytes); });
  CHECK_FALSE(a.direct);
  CHECK(got == bytes);
  SectionReadOptions d;
  d.mode = Mode::Direct;
  CHECK_THROWS_AS(r.read(0, 100, 65536, odd, 65536 + SectionReader::kSlack, [](const SectionChunk&) {}, {}, d),
                  cuzk::Error);
}

TEST_CASE("section reader: residency of a range of this process's own mapping") {
  cuzk::test::TempDir dir("cuzk-section-reader-mapped-");
  const std::string bytes = pattern(3 << 20);
  const cuzk::MappedFile m(dir.put("k", bytes));
  // every page touched through the mapping: all of them resident for this process
  unsigned sum = 0;
  for (std::size_t i = 0; i < m.size(); i += 4096) sum += m.data()[i];
  CHECK(sum != 1);  // keeps the loop
  CHECK(SectionReader::mapped_resident_fraction(m.data(), m.size()) == 1.0);
  CHECK(SectionReader::mapped_resident_fraction(m.data() + 12345, 777777) == 1.0);  // unaligned inside
  CHECK(SectionReader::mapped_resident_fraction(m.data() + 5, 0) == 1.0);
  // a range that is not mapped at all: the kernel refuses to say, read as cold
  CHECK(SectionReader::mapped_resident_fraction(reinterpret_cast<const void*>(std::uintptr_t(4096)), 4096) == 0.0);
}
