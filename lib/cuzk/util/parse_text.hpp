#pragma once
// The strict grammars of option and environment values, one each: what a value is, not what
// the message says when it is not (each caller names its option and what it wants).
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace cuzk {

// Plain decimal digits (no sign, space, suffix or "0x"), at most `max_digits` of them and no
// more than 2^64 - 1; nullopt for anything else.
inline std::optional<std::uint64_t> parse_decimal(std::string_view v, std::size_t max_digits = 20) {
  if (v.empty() || v.size() > max_digits) return std::nullopt;
  for (char c : v)
    if (c < '0' || c > '9') return std::nullopt;
  std::uint64_t n = 0;
  const auto r = std::from_chars(v.data(), v.data() + v.size(), n);
  if (r.ec != std::errc() || r.ptr != v.data() + v.size()) return std::nullopt;  // out of range
  return n;
}

// A switch: "on" or "1" is true, "off" or "0" false (the words for flags, the digits for the
// environment); nullopt for anything else, case and spaces included.
inline std::optional<bool> parse_on_off(std::string_view v) {
  if (v == "on" || v == "1") return true;
  if (v == "off" || v == "0") return false;
  return std::nullopt;
}

}  // namespace cuzk
