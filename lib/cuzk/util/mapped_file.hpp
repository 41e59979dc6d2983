#pragma once
// Read-only memory map of a whole file (RAII). Large proving keys (tens of GiB) are
// mapped, not read, so only the pages that are touched cost memory.
#include <cstddef>
#include <cstdint>
#include <string>

namespace cuzk {

class MappedFile {
public:
  explicit MappedFile(const std::string& path);  // throws Error(Io) naming the file
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  MappedFile(MappedFile&& o) noexcept;
  MappedFile& operator=(MappedFile&& o) noexcept;

  const std::uint8_t* data() const { return data_; }
  std::size_t size() const { return size_; }
  const std::string& path() const { return path_; }

private:
  std::string path_;
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace cuzk
