#pragma once
// `-` as an input reads standard input, wherever a file is read. It is read once, bounded
// (kMaxTextFileBytes), and kept, so that a command that looks at an input before reading it
// (detect_input, then the loader) sees the same bytes twice. A terminal on stdin is refused.
#include <cstdint>
#include <string>

#include "cuzk/util/input_file.hpp"

namespace cuzk::stats {

// The whole of standard input (read at the first call). Error(Io) naming "-" when stdin is a
// terminal or cannot be read, Error(BadInput) when it is larger than kMaxTextFileBytes.
const std::string& stdin_text();

// read_file(path, max_bytes), with "-" served from stdin_text().
std::string read_input(const std::string& path, std::uint64_t max_bytes = kMaxTextFileBytes);

}  // namespace cuzk::stats
