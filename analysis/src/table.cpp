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

std::string Table::text() const {
  std::vector<std::size_t> w(header_.size());
  for (std::size_t i = 0; i < header_.size(); ++i) w[i] = width(header_[i]);
  for (const auto& r : rows_)
    for (std::size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], width(r[i]));
  std::string out;
  auto line = [&](const std::vector<std::string>& r) {
    std::string l;
    for (std::size_t i = 0; i < r.size(); ++i) {
      const std::string pad(w[i] - width(r[i]), ' ');
      if (i) l += "  ";
      l += i == 0 ? r[i] + pad : pad + r[i];
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out += l + "\n";
  };
  line(header_);
  for (const auto& r : rows_) line(r);
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
  for (const auto& h : header_) out += " " + md_escape(h) + " |";
  out += "\n|";
  for (std::size_t i = 0; i < header_.size(); ++i) out += i == 0 ? ":---|" : "---:|";
  out += "\n";
  for (const auto& r : rows_) {
    out += "|";
    for (const auto& c : r) out += " " + md_escape(c) + " |";
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
    for (std::size_t i = 0; i < r.size(); ++i) out += (i ? "," : "") + csv_field(r[i]);
    out += "\n";
  };
  line(header_);
  for (const auto& r : rows_) line(r);
  return out;
}

std::string printf_string(const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
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
  return printf_string("%.9g", v);
}

}  // namespace cuzk::stats
