#pragma once
// Internal to the event reader (run_data.cpp): the two views of a line that the event schema
// reads through (cuzk/util/event_schema.hpp, events::Source). LineSource reads the fast flat
// parse of a line; TreeSource a line parsed as a JSON tree (run_start, which holds nested
// fields). Every error names the file and line (and the field).
#include <cmath>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "cuzk/stats/flat_json.hpp"
#include "cuzk/stats/json_field.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/event_schema.hpp"

namespace cuzk::stats {

// "a string", "a number", ...: the type of a flat value, for messages.
std::string type_name(const FlatValue& v);

// One parsed line as the event schema reads it (events::Source): typed access naming the file,
// the line and the field in every error.
class LineSource final : public events::Source {
public:
  LineSource(const std::string& path, std::size_t lineno, const FlatObject& o) : path_(path), lineno_(lineno), o_(o) {}

  std::string where() const { return path_ + ":" + std::to_string(lineno_); }
  [[noreturn]] void bad(const std::string& msg) const override { throw Error(Error::Kind::BadInput, where(), msg); }

  double number(std::string_view key) const override {
    const FlatValue* v = o_.get(key);
    if (!v) bad("missing numeric field '" + std::string(key) + "'");
    if (v->type != FlatValue::Type::Number) bad("field '" + std::string(key) + "' is " + type_name(*v) + ", expected a number");
    return jf::checked_number(v->number, where(), "field '" + std::string(key) + "'");
  }
  std::optional<double> opt_number(std::string_view key) const override {
    if (absent(key)) return std::nullopt;
    return number(key);
  }
  std::optional<long long> opt_integer(std::string_view key) const override {
    if (absent(key)) return std::nullopt;
    const double v = number(key);
    if (v != std::floor(v)) bad("field '" + std::string(key) + "' is not an integer");
    return static_cast<long long>(v);
  }
  std::uint32_t index(std::string_view key) const override {
    const double v = number(key);
    if (v < 0 || v > 4294967295.0 || v != std::floor(v))
      bad("field '" + std::string(key) + "' is not a non-negative integer");
    return std::uint32_t(v);
  }
  std::optional<std::uint32_t> opt_index(std::string_view key) const override {
    if (absent(key)) return std::nullopt;
    return index(key);
  }
  std::string_view text(std::string_view key) const override {
    const FlatValue* v = o_.get(key);
    if (!v) bad("missing string field '" + std::string(key) + "'");
    if (v->type != FlatValue::Type::String) bad("field '" + std::string(key) + "' is " + type_name(*v) + ", expected a string");
    return v->text;
  }
  std::optional<std::string_view> opt_text(std::string_view key) const override {
    if (absent(key)) return std::nullopt;
    return text(key);
  }
  std::optional<bool> opt_flag(std::string_view key) const override {
    if (absent(key)) return std::nullopt;
    const FlatValue* v = o_.get(key);
    if (v->type != FlatValue::Type::Bool) bad("field '" + std::string(key) + "' is " + type_name(*v) + ", expected a boolean");
    return v->boolean;
  }
  std::optional<std::variant<double, std::string_view>> opt_number_or_text(std::string_view key) const override {
    if (absent(key)) return std::nullopt;
    const FlatValue* v = o_.get(key);
    if (v->type == FlatValue::Type::Number) return number(key);
    if (v->type == FlatValue::Type::String) return v->text;
    bad("field '" + std::string(key) + "' is neither a number nor a string");
  }

private:
  bool absent(std::string_view key) const {
    const FlatValue* v = o_.get(key);
    return !v || v->type == FlatValue::Type::Null;
  }
  const std::string& path_;
  std::size_t lineno_;
  const FlatObject& o_;
};

// run_start as the schema reads it, over the line parsed as a JSON tree (it holds nested fields).
class TreeSource final : public events::Source {
public:
  TreeSource(const jf::Json& j, const std::string& where) : j_(j), w_(where) {}
  [[noreturn]] void bad(const std::string& msg) const override { throw Error(Error::Kind::BadInput, w_, msg); }
  double number(std::string_view key) const override { return jf::number(j_, key, w_); }
  std::optional<double> opt_number(std::string_view key) const override { return jf::opt_number(j_, key, w_); }
  std::optional<long long> opt_integer(std::string_view key) const override { return jf::opt_integer(j_, key, w_); }
  std::uint32_t index(std::string_view key) const override { return checked_index(key, jf::integer(j_, key, w_)); }
  std::optional<std::uint32_t> opt_index(std::string_view key) const override {
    const auto v = jf::opt_integer(j_, key, w_);
    return v ? std::optional<std::uint32_t>(checked_index(key, *v)) : std::nullopt;
  }
  std::string_view text(std::string_view key) const override { return keep(jf::string(j_, key, w_)); }
  std::optional<std::string_view> opt_text(std::string_view key) const override {
    const auto v = jf::opt_string(j_, key, w_);
    return v ? std::optional<std::string_view>(keep(*v)) : std::nullopt;
  }
  std::optional<bool> opt_flag(std::string_view key) const override { return jf::opt_bool(j_, key, w_); }
  std::optional<std::variant<double, std::string_view>> opt_number_or_text(std::string_view key) const override {
    const jf::Json* v = jf::find(j_, key, w_);
    if (!v) return std::nullopt;
    if (v->is_number()) return number(key);
    if (v->is_string()) return text(key);
    bad("field '" + std::string(key) + "' is neither a number nor a string");
  }

private:
  std::uint32_t checked_index(std::string_view key, long long v) const {
    if (v < 0 || v > 4294967295LL) bad("field '" + std::string(key) + "' is not a non-negative integer");
    return std::uint32_t(v);
  }
  std::string_view keep(std::string s) const { return kept_.emplace_back(std::move(s)); }
  const jf::Json& j_;
  const std::string& w_;
  mutable std::deque<std::string> kept_;  // the strings handed out as views
};

}  // namespace cuzk::stats
