// escape_text and EscapedStream (text_escape.hpp).
#include "cuzk/util/text_escape.hpp"

#include <cstdint>

namespace cuzk {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void put_byte(std::string& out, unsigned char c) {
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

void put_code(std::string& out, std::uint32_t cp) {
  out += "\\u";
  for (int sh = 12; sh >= 0; sh -= 4) out += kHex[(cp >> sh) & 15];
}

// Length of the valid UTF-8 sequence at s[i] (2..4) and its code point, or 0 when invalid.
std::size_t utf8_at(std::string_view s, std::size_t i, std::uint32_t& cp) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  std::size_t n;
  std::uint32_t lo;  // the smallest code point of that length (no overlong forms)
  if (c >= 0xc2 && c <= 0xdf) n = 2, cp = c & 0x1f, lo = 0x80;
  else if (c >= 0xe0 && c <= 0xef) n = 3, cp = c & 0x0f, lo = 0x800;
  else if (c >= 0xf0 && c <= 0xf4) n = 4, cp = c & 0x07, lo = 0x10000;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3f);
  }
  if (cp < lo || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}

bool format_control(std::uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9f) || cp == 0x200e || cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string escape_text(std::string_view s, const EscapeOptions& how) {
  std::string out;
  out.reserve(s.size());
  std::size_t shown = 0;
  for (std::size_t i = 0; i < s.size();) {
    if (how.max_chars && shown++ == how.max_chars) {
      out += "...";
      break;
    }
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      if (how.quoted && (c == '\\' || c == '"')) out += '\\';
      out += char(c);
      ++i;
    } else if (c == '\n' || c == '\t' || c == '\r') {
      if (how.keep_newlines && c != '\r') out += char(c);
      else out += c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r";
      ++i;
    } else if (c == 0x7f) {  // DEL: a code point, shown as JSON would (valid JSON text stays valid)
      put_code(out, c);
      ++i;
    } else if (c < 0x80) {  // the other C0 controls
      put_byte(out, c);
      ++i;
    } else {
      std::uint32_t cp = 0;
      const std::size_t n = utf8_at(s, i, cp);
      if (n == 0) {
        put_byte(out, c);  // one byte of invalid UTF-8; the next byte is looked at afresh
        ++i;
      } else {
        if (format_control(cp)) put_code(out, cp);
        else out.append(s.substr(i, n));
        i += n;
      }
    }
  }
  return out;
}

EscapedStream::EscapedStream(std::ostream& os) : os_(os), under_(os.rdbuf(this)) {}

EscapedStream::~EscapedStream() {
  emit(true);
  os_.rdbuf(under_);
  under_->pubsync();
}

void EscapedStream::emit(bool all) {
  const std::size_t end = all ? line_.size() : line_.rfind('\n') + 1;  // npos + 1 == 0: no full line
  if (end == 0) return;
  EscapeOptions keep;
  keep.keep_newlines = true;
  const std::string e = escape_text(std::string_view(line_).substr(0, end), keep);
  under_->sputn(e.data(), std::streamsize(e.size()));
  line_.erase(0, end);
}

EscapedStream::int_type EscapedStream::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  line_ += traits_type::to_char_type(c);
  if (c == '\n') emit(false);
  return c;
}

std::streamsize EscapedStream::xsputn(const char* s, std::streamsize n) {
  line_.append(s, std::size_t(n));
  if (std::string_view(s, std::size_t(n)).find('\n') != std::string_view::npos) emit(false);
  return n;
}

int EscapedStream::sync() {
  emit(true);  // a flush: what was written so far goes out (a cut UTF-8 sequence is shown escaped)
  return under_->pubsync();
}

}  // namespace cuzk
