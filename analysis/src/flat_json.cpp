#include "cuzk/stats/flat_json.hpp"

#include <charconv>
#include <cstdint>

namespace cuzk::stats {

namespace {

struct Cursor {
  const char* p;
  const char* begin;
  const char* end;
  std::string* err;

  bool fail(const char* what) {
    *err = std::string(what) + " at column " + std::to_string(p - begin + 1);
    return false;
  }
  void ws() {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) ++p;
  }
};

void put_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

bool hex4(Cursor& c, std::uint32_t& v) {
  if (c.end - c.p < 4) return c.fail("truncated \\u escape");
  v = 0;
  for (int i = 0; i < 4; ++i) {
    const char h = *c.p++;
    v <<= 4;
    if (h >= '0' && h <= '9') v |= std::uint32_t(h - '0');
    else if (h >= 'a' && h <= 'f') v |= std::uint32_t(h - 'a' + 10);
    else if (h >= 'A' && h <= 'F') v |= std::uint32_t(h - 'A' + 10);
    else return c.fail("bad \\u escape");
  }
  return true;
}

// At the opening quote. Plain strings become views into the line; escaped ones are decoded into
// the arena (reserved beforehand so earlier views stay valid).
bool parse_string(Cursor& c, std::string& arena, std::string_view& out) {
  ++c.p;
  const char* start = c.p;
  while (c.p < c.end && *c.p != '"' && *c.p != '\\') {
    if (static_cast<unsigned char>(*c.p) < 0x20) return c.fail("control character in string");
    ++c.p;
  }
  if (c.p >= c.end) return c.fail("unterminated string");
  if (*c.p == '"') {
    out = std::string_view(start, std::size_t(c.p - start));
    ++c.p;
    return true;
  }
  const std::size_t at = arena.size();
  arena.append(start, std::size_t(c.p - start));
  while (c.p < c.end && *c.p != '"') {
    const char ch = *c.p++;
    if (static_cast<unsigned char>(ch) < 0x20) return c.fail("control character in string");
    if (ch != '\\') {
      arena += ch;
      continue;
    }
    if (c.p >= c.end) return c.fail("unterminated escape");
    const char e = *c.p++;
    switch (e) {
      case '"': arena += '"'; break;
      case '\\': arena += '\\'; break;
      case '/': arena += '/'; break;
      case 'b': arena += '\b'; break;
      case 'f': arena += '\f'; break;
      case 'n': arena += '\n'; break;
      case 'r': arena += '\r'; break;
      case 't': arena += '\t'; break;
      case 'u': {
        std::uint32_t cp;
        if (!hex4(c, cp)) return false;
        if (cp >= 0xD800 && cp < 0xDC00 && c.end - c.p >= 6 && c.p[0] == '\\' && c.p[1] == 'u') {
          c.p += 2;
          std::uint32_t lo;
          if (!hex4(c, lo)) return false;
          if (lo < 0xDC00 || lo > 0xDFFF) return c.fail("bad surrogate pair");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        put_utf8(arena, cp);
        break;
      }
      default: return c.fail("bad escape");
    }
  }
  if (c.p >= c.end) return c.fail("unterminated string");
  ++c.p;
  out = std::string_view(arena.data() + at, arena.size() - at);
  return true;
}

// Skips a nested object or array, honouring strings, and checks bracket balance.
bool skip_nested(Cursor& c) {
  std::string stack;
  do {
    const char ch = *c.p;
    if (ch == '"') {
      ++c.p;
      // A backslash skips the next character, never past the end of the line.
      while (c.p < c.end && *c.p != '"') c.p += (*c.p == '\\' && c.end - c.p > 1) ? 2 : 1;
      if (c.p >= c.end) return c.fail("unterminated string");
      ++c.p;
      continue;
    }
    if (ch == '{' || ch == '[') stack += ch;
    else if (ch == '}' || ch == ']') {
      if (stack.empty() || (ch == '}') != (stack.back() == '{')) return c.fail("mismatched bracket");
      stack.pop_back();
    }
    ++c.p;
  } while (c.p < c.end && !stack.empty());
  if (!stack.empty()) return c.fail("unterminated object or array");
  return true;
}

bool literal(Cursor& c, std::string_view word) {
  if (std::size_t(c.end - c.p) < word.size() || std::string_view(c.p, word.size()) != word)
    return c.fail("invalid value");
  c.p += word.size();
  return true;
}

}  // namespace

bool FlatObject::parse(std::string_view line, std::string& error) {
  fields_.clear();
  arena_.clear();
  arena_.reserve(line.size());
  nested_ = false;
  Cursor c{line.data(), line.data(), line.data() + line.size(), &error};
  c.ws();
  if (c.p >= c.end || *c.p != '{') return c.fail("expected '{'");
  ++c.p;
  c.ws();
  if (c.p < c.end && *c.p == '}') {
    ++c.p;
  } else {
    for (;;) {
      c.ws();
      if (c.p >= c.end || *c.p != '"') return c.fail("expected a key string");
      Field f;
      if (!parse_string(c, arena_, f.key)) return false;
      c.ws();
      if (c.p >= c.end || *c.p != ':') return c.fail("expected ':'");
      ++c.p;
      c.ws();
      if (c.p >= c.end) return c.fail("expected a value");
      const char ch = *c.p;
      if (ch == '"') {
        f.value.type = FlatValue::Type::String;
        if (!parse_string(c, arena_, f.value.text)) return false;
      } else if (ch == '{' || ch == '[') {
        const char* s = c.p;
        if (!skip_nested(c)) return false;
        f.value.type = FlatValue::Type::Nested;
        f.value.text = std::string_view(s, std::size_t(c.p - s));
        nested_ = true;
      } else if (ch == 't') {
        if (!literal(c, "true")) return false;
        f.value.type = FlatValue::Type::Bool;
        f.value.boolean = true;
      } else if (ch == 'f') {
        if (!literal(c, "false")) return false;
        f.value.type = FlatValue::Type::Bool;
      } else if (ch == 'n') {
        if (!literal(c, "null")) return false;
      } else {
        // JSON numbers only: from_chars also accepts "inf"/"nan", which JSON does not.
        if (!(ch == '-' || (ch >= '0' && ch <= '9'))) return c.fail("invalid value");
        const auto r = std::from_chars(c.p, c.end, f.value.number);
        if (r.ec != std::errc() || r.ptr == c.p) return c.fail("invalid number");
        c.p = r.ptr;
        f.value.type = FlatValue::Type::Number;
      }
      fields_.push_back(f);
      c.ws();
      if (c.p < c.end && *c.p == ',') {
        ++c.p;
        continue;
      }
      if (c.p < c.end && *c.p == '}') {
        ++c.p;
        break;
      }
      return c.fail("expected ',' or '}'");
    }
  }
  c.ws();
  if (c.p != c.end) return c.fail("trailing characters after the object");
  return true;
}

const FlatValue* FlatObject::get(std::string_view key) const {
  for (const auto& f : fields_)
    if (f.key == key) return &f.value;
  return nullptr;
}

}  // namespace cuzk::stats
