#include "cuzk/stats/line_reader.hpp"

#include <cstring>

#include "cuzk/util/error.hpp"

namespace cuzk::stats {

void LineReader::Closer::operator()(std::FILE* f) const {
  if (f && f != stdin) std::fclose(f);
}

LineReader::LineReader(std::string path, std::size_t max_line) : path_(std::move(path)), max_line_(max_line) {
  std::FILE* f = path_ == "-" ? stdin : std::fopen(path_.c_str(), "rb");
  if (!f) throw Error(Error::Kind::Io, path_, std::string("cannot open: ") + std::strerror(errno));
  file_.reset(f);
  buf_.resize(std::size_t(1) << 20);
}

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
  const std::size_t got = std::fread(buf_.data() + end_, 1, buf_.size() - end_, file_.get());
  if (got == 0) {
    if (std::ferror(file_.get())) throw Error(Error::Kind::Io, path_, "read error");
    eof_ = true;
    return false;
  }
  end_ += got;
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
