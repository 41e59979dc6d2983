#include "cuzk/stats/stdin_input.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include "cuzk/util/error.hpp"

namespace cuzk::stats {

const std::string& stdin_text() {
  static std::optional<std::string> text;
  if (text) return *text;
  if (::isatty(0)) throw Error(Error::Kind::Io, "-", "standard input is a terminal: pipe or redirect a file into it");
  std::string s;
  char buf[1 << 16];
  for (;;) {
    const ssize_t got = ::read(0, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw Error(Error::Kind::Io, "-", std::string("cannot read standard input: ") + std::strerror(errno));
    if (got == 0) break;
    if (s.size() + std::size_t(got) > kMaxTextFileBytes)
      throw Error(Error::Kind::BadInput, "-",
                  "standard input is larger than " + std::to_string(kMaxTextFileBytes) + " bytes; pass a file instead");
    s.append(buf, std::size_t(got));
  }
  text = std::move(s);
  return *text;
}

std::string read_input(const std::string& path, std::uint64_t max_bytes) {
  if (path != "-") return read_file(path, max_bytes);
  const std::string& s = stdin_text();
  if (s.size() > max_bytes)
    throw Error(Error::Kind::BadInput, "-", "larger than " + std::to_string(max_bytes) + " bytes");
  return s;
}

}  // namespace cuzk::stats
