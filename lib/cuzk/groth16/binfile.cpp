#include "cuzk/groth16/binfile.hpp"

#include "cuzk/util/text_escape.hpp"

namespace cuzk::groth16 {

BinFile::BinFile(const std::string& path, std::string_view magic, std::uint32_t max_version)
    : file_(std::in_place, path), path_(path), data_(file_->data()), size_(file_->size()) {
  index(magic, max_version);
}

BinFile::BinFile(const std::uint8_t* data, std::size_t size, const std::string& name, std::string_view magic,
                 std::uint32_t max_version)
    : path_(name), data_(data), size_(size) {
  index(magic, max_version);
}

void BinFile::index(std::string_view magic, std::uint32_t max_version) {
  const std::string& f = path_;
  Reader r(data_, size_, &f, "file header");
  if (size_ < 12) fail(Error::Kind::BadInput, f, "too short for a " + std::string(magic) + " file");
  const std::uint8_t* m = r.take(4);
  if (std::memcmp(m, magic.data(), 4) != 0)
    fail(Error::Kind::BadInput, f,
         "wrong magic: expected '" + std::string(magic) + "', found '" +
             escape_text(std::string_view(reinterpret_cast<const char*>(m), 4)) + "'");
  version_ = r.u32();
  if (version_ == 0 || version_ > max_version)
    fail(Error::Kind::BadInput, f, "unsupported " + std::string(magic) + " version " + std::to_string(version_));
  std::uint32_t n = r.u32();
  for (std::uint32_t i = 0; i < n; ++i) {
    std::uint32_t id = r.u32();
    std::uint64_t size = r.u64();
    std::uint64_t off = r.offset();
    if (size > r.remaining())
      fail(Error::Kind::BadInput, f,
           "truncated: section " + std::to_string(id) + " declares " + std::to_string(size) + " bytes but only " +
               std::to_string(r.remaining()) + " remain");
    r.take(std::size_t(size));
    if (!sections_.emplace(id, Sec{off, size}).second)
      fail(Error::Kind::BadInput, f, "section " + std::to_string(id) + " appears twice");
  }
}

Reader BinFile::section(std::uint32_t id, const std::string& name) const {
  auto it = sections_.find(id);
  std::string what = "section " + std::to_string(id) + " (" + name + ")";
  if (it == sections_.end()) fail(Error::Kind::BadInput, path(), what + " is missing");
  return Reader(data_ + it->second.offset, std::size_t(it->second.size), &path_, what);
}

std::uint64_t BinFile::section_size(std::uint32_t id) const {
  auto it = sections_.find(id);
  return it == sections_.end() ? 0 : it->second.size;
}

}  // namespace cuzk::groth16
