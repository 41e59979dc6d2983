#pragma once
// A message made one line and safe for a terminal: control bytes (newline, carriage return,
// escape, NUL, ...) and invalid UTF-8 written as escapes (\n, \x1b, ...), by the one escaping
// function (util/text_escape.hpp). Messages name files and fields that come from hostile
// inputs: one line each, and nothing that drives the terminal.
#include <string>
#include <string_view>

#include "cuzk/util/text_escape.hpp"

namespace cuzk {

inline std::string one_line(std::string_view s) { return escape_text(s); }

}  // namespace cuzk
