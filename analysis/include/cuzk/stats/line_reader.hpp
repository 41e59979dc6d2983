#pragma once
// Streams a text file line by line through a fixed-size buffer (bounded memory whatever the file
// size). A line longer than the limit is an error, not an allocation without bound. The file is
// opened through cuzk::InputFile: a FIFO, a device (/dev/zero) or a folder is refused at once.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk {
class InputFile;
}

namespace cuzk::stats {

class LineReader {
public:
  // path "-" reads standard input (through stdin_text(): once, bounded, kept). Throws Error(Io) when the file cannot be opened or is not a regular file.
  explicit LineReader(std::string path, std::size_t max_line = 64u << 20);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line without its '\n' (a trailing '\r' is kept). `newline` is false only for a last
  // line that the file ends without a '\n' (a run killed mid-write). The view stays valid until the
  // next call. Returns false at end of file.
  bool next(std::string_view& line, bool& newline);
  std::size_t line_number() const { return lineno_; }  // 1-based number of the line last returned
  const std::string& path() const { return path_; }
  std::uint64_t bytes_read() const { return bytes_; }  // bytes read from the file so far

private:
  bool fill();
  std::string path_;
  std::unique_ptr<InputFile> file_;  // null for stdin
  const std::string* stdin_ = nullptr;
  std::size_t stdin_pos_ = 0;
  int fd_ = 0;
  std::uint64_t bytes_ = 0;
  std::vector<char> buf_;
  std::size_t begin_ = 0, end_ = 0, max_line_;
  std::size_t lineno_ = 0;
  bool eof_ = false;
};

}  // namespace cuzk::stats
