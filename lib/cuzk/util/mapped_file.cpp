#include "cuzk/util/mapped_file.hpp"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "cuzk/util/error.hpp"
#include "cuzk/util/input_file.hpp"

namespace cuzk {

MappedFile::MappedFile(const std::string& path) : path_(path) {
  InputFile in(path);  // refuses FIFOs, devices and folders without blocking
  size_ = std::size_t(in.size());
  if (size_ > 0) {
    void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, in.fd(), 0);
    if (p == MAP_FAILED) fail(Error::Kind::Io, path, std::string("cannot map: ") + std::strerror(errno));
    data_ = static_cast<const std::uint8_t*>(p);
  }
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

MappedFile::MappedFile(MappedFile&& o) noexcept
    : path_(std::move(o.path_)), data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& o) noexcept {
  if (this != &o) {
    if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
    path_ = std::move(o.path_);
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
  }
  return *this;
}

}  // namespace cuzk
