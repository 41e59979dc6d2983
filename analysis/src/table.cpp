#include "cuzk/stats/table.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "cuzk/util/error.hpp"

namespace cuzk::stats {

Format parse_format(std::string_view s) {
  if (s == "text") return Format::Text;
  if (s == "markdown" || s == "md") return Format::Markdown;
  if (s == "json") return Format::Json;
  if (s == "csv") return Format::Csv;
  throw Error(Error::Kind::BadInput, "unknown format '" + std::string(s) + "' (text, markdown, json, csv)");
}

void Table::row(std::vector<std::string> cells) {
  cells.resize(header_.size());
  rows_.push_back(std::move(cells));
}

namespace {
// Display width: count UTF-8 code points (our cells use µ, σ, ≥ and ~ only; no wide characters).
std::size_t width(std::string_view s) {
  std::size_t w = 0;
  for (unsigned char c : s) w += (c & 0xC0) != 0x80;
  return w;
}
}  // namespace

namespace {
std::size_t g_text_width = 0;

// The first `w` display columns of `s`, ending in "…" when cut.
std::string cut(const std::string& s, std::size_t w) {
  if (width(s) <= w || w == 0) return s;
  std::string o;
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if ((c & 0xC0) != 0x80 && ++n > w - 1) break;
    o += s[i];
  }
  return o + "…";
}
}  // namespace

void set_text_width(std::size_t columns) { g_text_width = columns; }
std::size_t text_width() { return g_text_width; }

std::string Table::text() const {
  const std::size_t limit = g_text_width;
  std::vector<std::size_t> w(header_.size());
  auto cell = [&](const std::string& s) { return limit ? cut(s, limit > 12 ? limit / 2 : limit) : s; };
  for (std::size_t i = 0; i < header_.size(); ++i) w[i] = width(cell(header_[i]));
  for (const auto& r : rows_)
    for (std::size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], width(cell(r[i])));
  // Blocks of columns: the first column, then as many of the next as fit the limit.
  std::vector<std::pair<std::size_t, std::size_t>> blocks;  // [from, to) after column 0
  if (!limit) {
    blocks.emplace_back(1, header_.size());
  } else {
    std::size_t from = 1;
    while (from < header_.size() || blocks.empty()) {
      std::size_t used = w[0], to = from;
      while (to < header_.size() && (to == from || used + 2 + w[to] <= limit)) used += 2 + w[to++];
      blocks.emplace_back(from, to);
      if (to == from) break;
      from = to;
    }
  }
  std::string out;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    if (b) out += "\n";
    auto line = [&](const std::vector<std::string>& r) {
      std::string l;
      for (std::size_t i = 0; i < r.size(); ++i) {
        if (i && (i < blocks[b].first || i >= blocks[b].second)) continue;
        const std::string c = cell(r[i]);
        const std::string pad(w[i] - width(c), ' ');
        if (i) l += "  ";
        l += i == 0 ? c + pad : pad + c;
      }
      while (!l.empty() && l.back() == ' ') l.pop_back();
      out += l + "\n";
    };
    line(header_);
    for (const auto& r : rows_) line(r);
  }
  return out;
}

std::string md_escape(std::string_view s) {
  std::string o;
  for (char c : s) {
    if (c == '|') o += "\\|";
    else o += c;
  }
  return o;
}

std::string Table::markdown() const {
  std::string out = "|";
  // Appended piece by piece: " " + std::string&& draws GCC 12's -Wrestrict false positive (GCC bug 105651).
  for (const auto& h : header_) {
    out += ' ';
    out += md_escape(h);
    out += " |";
  }
  out += "\n|";
  for (std::size_t i = 0; i < header_.size(); ++i) out += i == 0 ? ":---|" : "---:|";
  out += "\n";
  for (const auto& r : rows_) {
    out += "|";
    for (const auto& c : r) {
      out += ' ';
      out += md_escape(c);
      out += " |";
    }
    out += "\n";
  }
  return out;
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(s);
  std::string o = "\"";
  for (char c : s) {
    if (c == '"') o += '"';
    o += c;
  }
  return o + "\"";
}

std::string Table::csv() const {
  std::string out;
  auto line = [&](const std::vector<std::string>& r) {
    for (std::size_t i = 0; i < r.size(); ++i) {
      if (i) out += ',';
      out += csv_field(r[i]);
    }
    out += "\n";
  };
  line(header_);
  for (const auto& r : rows_) line(r);
  return out;
}

std::string printf_string(const char* fmt, ...) {  // any length (an SVG points list runs to many KB)
  va_list ap, again;
  va_start(ap, fmt);
  va_copy(again, ap);
  const int n = std::vsnprintf(nullptr, 0, fmt, ap);
  va_end(ap);
  std::string out(n > 0 ? std::size_t(n) : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, fmt, again);
  va_end(again);
  return out;
}

std::string finite_or_na(const char* fmt, double v) {
  if (!std::isfinite(v)) return "n/a";
  char buf[512];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string human(double v, std::string_view unit) {
  if (!std::isfinite(v)) return "n/a";
  const double a = std::fabs(v);
  if (unit == "s") {
    if (a == 0) return "0 s";
    if (a >= 1) return printf_string("%.4g s", v);
    if (a >= 1e-3) return printf_string("%.4g ms", v * 1e3);
    return printf_string("%.4g µs", v * 1e6);
  }
  if (unit == "bytes") {
    if (a >= double(1ull << 30)) return printf_string("%.4g GiB", v / double(1ull << 30));
    if (a >= double(1ull << 20)) return printf_string("%.4g MiB", v / double(1ull << 20));
    if (a >= 1024) return printf_string("%.4g KiB", v / 1024);
    return printf_string("%.0f B", v);
  }
  if (unit == "fraction") return printf_string("%.1f%%", 100 * v);
  if (unit == "bytes/s") return human(v, "bytes") + "/s";
  if (unit == "1/s") {
    if (a >= 1e9) return printf_string("%.4gG/s", v / 1e9);
    if (a >= 1e6) return printf_string("%.4gM/s", v / 1e6);
    if (a >= 1e3) return printf_string("%.4gk/s", v / 1e3);
    return printf_string("%.4g/s", v);
  }
  return printf_string("%.6g", v);
}

std::string raw(double v) {
  if (!std::isfinite(v)) return "";
  if (is_exact_integer(v)) return printf_string("%.0f", v);  // byte counts: every digit
  return printf_string("%.9g", v);
}

bool is_exact_integer(double v) { return std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 0x1p53; }

}  // namespace cuzk::stats
