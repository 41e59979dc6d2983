#pragma once
// A plain table of strings rendered as aligned text, GitHub markdown or CSV (RFC 4180 quoting),
// plus the number formatting shared by every report.
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::stats {

enum class Format { Text, Markdown, Json, Csv };
Format parse_format(std::string_view s);  // throws Error(BadInput)

class Table {
public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
  void row(std::vector<std::string> cells);
  bool empty() const { return rows_.empty(); }
  // Text: columns separated by two spaces, first column left-aligned, the rest right-aligned.
  std::string text() const;
  std::string markdown() const;
  std::string csv() const;

private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

std::string csv_field(std::string_view s);
std::string md_escape(std::string_view s);

// Human units, 4 significant digits: seconds (s / ms / µs), bytes (GiB / MiB / KiB / B),
// fractions as percent, anything else %.6g.
std::string human(double v, std::string_view unit);
// Shortest exact-enough form for CSV (%.9g).
std::string raw(double v);
std::string printf_string(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace cuzk::stats
