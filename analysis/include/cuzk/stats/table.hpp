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
  // Wider than text_width() (when set): the columns are split into blocks that fit, each block
  // repeating the first column; a cell wider than the width is cut with "…".
  std::string text() const;
  std::string markdown() const;
  std::string csv() const;

private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

// Width text tables must fit (0: no limit, the default; main sets the terminal's width).
void set_text_width(std::size_t columns);
std::size_t text_width();

std::string csv_field(std::string_view s);
std::string md_escape(std::string_view s);

// No output format ever shows inf or nan: a value that is not finite (an empty set, a zero
// baseline, a ratio beyond the double range) is "n/a" in text and Markdown, an empty cell in CSV
// and null in JSON (nlohmann writes null for non-finite numbers; the trace writer does the same).
// Human units, 4 significant digits: seconds (s / ms / µs), bytes (GiB / MiB / KiB / B),
// fractions as percent, rates ("1/s": k/M/G per second, "bytes/s"), anything else %.6g.
// Non-finite: "n/a".
std::string human(double v, std::string_view unit);
// For CSV: an integer below 2^53 in full (a byte count keeps every digit), else %.9g.
// Non-finite: "" (an empty cell).
std::string raw(double v);
// True for a finite integral value that a double holds exactly (|v| < 2^53).
bool is_exact_integer(double v);
// printf of one double with `fmt` (e.g. "%+.2f%%"); "n/a" when `v` is not finite.
std::string finite_or_na(const char* fmt, double v);
std::string printf_string(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace cuzk::stats
