// libFuzzer target: escape_text (util/text_escape.hpp), the one escaping of input text before
// a terminal, a message or a report. Aborts when its result holds a control byte (other than
// a kept newline or tab), DEL, invalid UTF-8, a C1 control or a bidirectional mark, when a
// second pass changes it (it must be idempotent), or when max_chars is not honoured.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cuzk/util/text_escape.hpp"

namespace {

// True when `s` is valid UTF-8 that escape_text would pass through unchanged.
bool clean(std::string_view s, bool keep) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (c == 0x7f || (c < 0x20 && !(keep && (c == '\n' || c == '\t')))) return false;
      ++i;
      continue;
    }
    // An escaped copy of a valid sequence is itself: re-escaping must not change it.
    std::size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    if (i + n > s.size()) return false;
    const std::string once = cuzk::escape_text(s.substr(i, n));
    if (once != s.substr(i, n)) return false;
    i += n;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  for (int mode = 0; mode < 3; ++mode) {
    cuzk::EscapeOptions how;
    how.keep_newlines = mode == 1;
    how.quoted = mode == 2;
    if (mode == 2) how.max_chars = size % 17;
    const std::string out = cuzk::escape_text(in, how);
    if (!clean(out, how.keep_newlines)) std::abort();
    if (!how.quoted && cuzk::escape_text(out, how) != out) std::abort();  // idempotent
    if (how.max_chars && out.size() > how.max_chars * 12 + 3) std::abort();  // at most "\u202e" a character, then "..."
  }
  return 0;
}
