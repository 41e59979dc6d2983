#pragma once
// A message made one line for stderr: control characters (newline, carriage return, escape,
// NUL, ...) written as \n or \xNN, nothing else changed. Messages name files and fields that
// come from hostile inputs; one line each, and nothing that drives the terminal.
#include <string>
#include <string_view>

namespace cuzk {

inline std::string one_line(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (const unsigned char c : s) {
    if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += char(c);
    }
  }
  return out;
}

}  // namespace cuzk
