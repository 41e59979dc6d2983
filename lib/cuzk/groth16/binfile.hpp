#pragma once
// The iden3 binary container used by .r1cs, .wtns and .zkey (@iden3/binfileutils):
// 4-byte magic, u32 version, u32 nSections, then per section u32 id, u64 size, payload;
// all little-endian. Sections are found by id through the table, never by position.
// Every read is bounds-checked and a failure names the file and what was truncated.
#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "cuzk/util/error.hpp"
#include "cuzk/util/mapped_file.hpp"

namespace cuzk::groth16 {

// A bounds-checked cursor over one section (or any byte range) of a file.
class Reader {
public:
  Reader(const std::uint8_t* p, std::size_t n, const std::string* file, std::string what)
      : p_(p), n_(n), file_(file), what_(std::move(what)) {}

  std::size_t remaining() const { return n_ - off_; }
  std::size_t offset() const { return off_; }
  const std::uint8_t* take(std::size_t k) {
    if (k > remaining())
      fail(Error::Kind::BadInput, *file_,
           what_ + " is truncated (needs " + std::to_string(k) + " more bytes at offset " + std::to_string(off_) +
               ", has " + std::to_string(remaining()) + ")");
    const std::uint8_t* r = p_ + off_;
    off_ += k;
    return r;
  }
  std::uint32_t u32() {
    std::uint32_t v;
    std::memcpy(&v, take(4), 4);
    return v;
  }
  std::uint64_t u64() {
    std::uint64_t v;
    std::memcpy(&v, take(8), 8);
    return v;
  }
  [[noreturn]] void bad(const std::string& msg) const { fail(Error::Kind::BadInput, *file_, what_ + ": " + msg); }

private:
  const std::uint8_t* p_;
  std::size_t n_, off_ = 0;
  const std::string* file_;
  std::string what_;
};

class BinFile {
public:
  // Maps `path`, checks the magic (e.g. "zkey") and the version, indexes the sections.
  BinFile(const std::string& path, std::string_view magic, std::uint32_t max_version);
  // The same over bytes already in memory (fuzzers, tests); `name` stands for the file in
  // messages. The bytes must outlive the BinFile and everything read from it.
  BinFile(const std::uint8_t* data, std::size_t size, const std::string& name, std::string_view magic,
          std::uint32_t max_version);
  BinFile(const BinFile&) = delete;
  BinFile& operator=(const BinFile&) = delete;

  const std::string& path() const { return path_; }
  std::uint64_t file_size() const { return size_; }
  std::uint32_t version() const { return version_; }
  bool has(std::uint32_t id) const { return sections_.count(id) != 0; }
  // A reader over section `id`; `name` is used in messages ("section 2 (header)").
  Reader section(std::uint32_t id, const std::string& name) const;
  std::uint64_t section_size(std::uint32_t id) const;

private:
  struct Sec {
    std::uint64_t offset, size;
  };
  void index(std::string_view magic, std::uint32_t max_version);

  std::optional<MappedFile> file_;  // empty for a BinFile over memory
  std::string path_;
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::uint32_t version_ = 0;
  std::map<std::uint32_t, Sec> sections_;
};

// Parallel validation of a file's records: `first` ends as the smallest bad index (start it
// at SIZE_MAX: none), so the record reported is the one a serial reader would have named.
inline void keep_first(std::atomic<std::size_t>& first, std::size_t i) {
  std::size_t cur = first.load();
  while (i < cur && !first.compare_exchange_weak(cur, i)) {
  }
}

}  // namespace cuzk::groth16
