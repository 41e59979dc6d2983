#pragma once
// Checked access to untrusted JSON (run_start lines, Google Benchmark files, saved baselines).
// Every reader goes through these instead of .get<T>(), .value() or operator[] on input: a field
// of the wrong type, a missing required field or a number out of range throws Error(BadInput)
// naming `where` (FILE:LINE or FILE: path.to.field) and the field. nlohmann exceptions are
// converted here, at the boundary, and nowhere else.
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace cuzk::stats::jf {

using Json = nlohmann::json;

// Assumption: no number a reader uses (seconds, bytes, counts) is larger in magnitude than 1e18;
// beyond it sums and products could overflow to inf. Larger or non-finite values are bad input.
inline constexpr double kMaxMagnitude = 1e18;
// Nesting deeper than this is refused before parsing (recursion in dump/destroy).
inline constexpr std::size_t kMaxDepth = 64;

// Parses `text` as one JSON document; BadInput "WHERE: not JSON: ..." on failure.
Json parse(std::string_view text, const std::string& where);

// The type name used in messages: "a string", "a number", "null", "an array", ...
std::string type_name(const Json& v);

// `j` must be an object (BadInput naming `where` otherwise); returns it.
const Json& object(const Json& j, const std::string& where);
// How an optional field that is present with the value null is read: as absent (run_start lines
// write "git": null when unknown) or as a field of the wrong type (Google Benchmark never writes null).
enum class Null { Absent, Wrong };

// Member `key` of object `obj`, or nullptr when absent (or null, with Null::Absent).
const Json* find(const Json& obj, std::string_view key, const std::string& where, Null null = Null::Absent);

// Required fields: absent or of another type → BadInput "WHERE: field 'KEY' ...".
std::string string(const Json& obj, std::string_view key, const std::string& where);
double number(const Json& obj, std::string_view key, const std::string& where);
long long integer(const Json& obj, std::string_view key, const std::string& where);
const Json& array(const Json& obj, std::string_view key, const std::string& where);

// Optional fields: absent or null → nullopt / nullptr; present with another type → BadInput.
std::optional<std::string> opt_string(const Json& obj, std::string_view key, const std::string& where,
                   Null null = Null::Absent);
std::optional<double> opt_number(const Json& obj, std::string_view key, const std::string& where,
                   Null null = Null::Absent);
std::optional<long long> opt_integer(const Json& obj, std::string_view key, const std::string& where,
                   Null null = Null::Absent);
std::optional<bool> opt_bool(const Json& obj, std::string_view key, const std::string& where,
                   Null null = Null::Absent);
const Json* opt_array(const Json& obj, std::string_view key, const std::string& where,
                   Null null = Null::Absent);
const Json* opt_object(const Json& obj, std::string_view key, const std::string& where,
                   Null null = Null::Absent);

// Elements (of an array): `where` names the element, e.g. "FILE: runs[2].values[0]".
std::string as_string(const Json& v, const std::string& where);
double as_number(const Json& v, const std::string& where);

// A finite number within ±kMaxMagnitude, else BadInput naming `what`.
double checked_number(double v, const std::string& where, std::string_view what);

}  // namespace cuzk::stats::jf
