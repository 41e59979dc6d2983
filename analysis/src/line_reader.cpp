#include "cuzk/stats/line_reader.hpp"

#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>

#include "cuzk/stats/stdin_input.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/input_file.hpp"

namespace cuzk::stats {

LineReader::LineReader(std::string path, std::size_t max_line) : path_(std::move(path)), max_line_(max_line) {
  if (path_ != "-") {
    file_ = std::make_unique<InputFile>(path_);
    fd_ = file_->fd();
  } else {
    stdin_ = &stdin_text();
  }
  buf_.resize(std::size_t(1) << 20);
}

LineReader::~LineReader() = default;

bool LineReader::fill() {
  if (eof_) return false;
  // Move the unconsumed tail to the front; grow only when one line fills the whole buffer.
  if (begin_ > 0) {
    std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ == buf_.size()) {
    if (buf_.size() >= max_line_)
      throw Error(Error::Kind::BadInput, path_ + ":" + std::to_string(lineno_ + 1),
                  "line longer than " + std::to_string(max_line_) + " bytes");
    buf_.resize(buf_.size() * 2);
  }
  ssize_t got;
  if (stdin_) {
    got = ssize_t(std::min(buf_.size() - end_, stdin_->size() - stdin_pos_));
    std::memcpy(buf_.data() + end_, stdin_->data() + stdin_pos_, std::size_t(got));
    stdin_pos_ += std::size_t(got);
  } else {
    do {
      got = ::read(fd_, buf_.data() + end_, buf_.size() - end_);
    } while (got < 0 && errno == EINTR);
  }
  if (got < 0) throw Error(Error::Kind::Io, path_, std::string("read failed: ") + std::strerror(errno));
  if (got == 0) {
    eof_ = true;
    return false;
  }
  end_ += std::size_t(got);
  bytes_ += std::uint64_t(got);
  return true;
}

bool LineReader::next(std::string_view& line, bool& newline) {
  std::size_t scanned = begin_;
  for (;;) {
    const void* nl = std::memchr(buf_.data() + scanned, '\n', end_ - scanned);
    if (nl) {
      const auto pos = std::size_t(static_cast<const char*>(nl) - buf_.data());
      line = std::string_view(buf_.data() + begin_, pos - begin_);
      begin_ = pos + 1;
      newline = true;
      ++lineno_;
      return true;
    }
    const std::size_t offset = end_ - begin_;
    if (!fill()) break;
    scanned = begin_ + offset;
  }
  if (begin_ == end_) return false;
  line = std::string_view(buf_.data() + begin_, end_ - begin_);
  begin_ = end_;
  newline = false;
  ++lineno_;
  return true;
}

}  // namespace cuzk::stats
