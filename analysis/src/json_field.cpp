#include "cuzk/stats/json_field.hpp"

#include <cmath>

#include "cuzk/util/error.hpp"

namespace cuzk::stats::jf {

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& msg) { throw Error(Error::Kind::BadInput, where, msg); }

[[noreturn]] void wrong(const std::string& where, std::string_view key, const char* want, const Json& got) {
  bad(where, "field '" + std::string(key) + "' is " + type_name(got) + ", expected " + want);
}

// Deepest bracket nesting outside strings (the text need not be valid JSON).
std::size_t depth(std::string_view s) {
  std::size_t d = 0, best = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      best = std::max(best, ++d);
    } else if ((c == '}' || c == ']') && d > 0) {
      --d;
    }
  }
  return best;
}

}  // namespace

Json parse(std::string_view text, const std::string& where) {
  if (depth(text) > kMaxDepth) bad(where, "not JSON this reader accepts: nested deeper than " + std::to_string(kMaxDepth));
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    // nlohmann's message is one line ("[json.exception.parse_error.101] parse error at line 1, ...").
    bad(where, std::string("not JSON: ") + e.what());
  }
}

std::string type_name(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return "a number";
    case Json::value_t::binary: return "binary";
    case Json::value_t::discarded: return "discarded";
  }
  return "unknown";
}

const Json& object(const Json& j, const std::string& where) {
  if (!j.is_object()) bad(where, "is " + type_name(j) + ", expected an object");
  return j;
}

const Json* find(const Json& obj, std::string_view key, const std::string& where, Null null) {
  object(obj, where);
  const auto it = obj.find(key);
  if (it == obj.end() || (it->is_null() && null == Null::Absent)) return nullptr;
  return &*it;
}

double checked_number(double v, const std::string& where, std::string_view what) {
  if (!std::isfinite(v) || std::fabs(v) > kMaxMagnitude)
    bad(where, std::string(what) + " is out of range (|x| > 1e18 or not finite)");
  return v;
}

std::optional<std::string> opt_string(const Json& obj, std::string_view key, const std::string& where, Null null) {
  const Json* v = find(obj, key, where, null);
  if (!v) return std::nullopt;
  if (!v->is_string()) wrong(where, key, "a string", *v);
  return v->get_ref<const std::string&>();
}

std::optional<double> opt_number(const Json& obj, std::string_view key, const std::string& where, Null null) {
  const Json* v = find(obj, key, where, null);
  if (!v) return std::nullopt;
  if (!v->is_number()) wrong(where, key, "a number", *v);
  return checked_number(v->get<double>(), where, "field '" + std::string(key) + "'");
}

std::optional<long long> opt_integer(const Json& obj, std::string_view key, const std::string& where, Null null) {
  const Json* v = find(obj, key, where, null);
  if (!v) return std::nullopt;
  if (v->is_number_unsigned()) {
    if (v->get<unsigned long long>() > 1000000000000000000ull)
      bad(where, "field '" + std::string(key) + "' is out of range");
    return static_cast<long long>(v->get<unsigned long long>());
  }
  if (!v->is_number_integer()) wrong(where, key, "an integer", *v);
  const long long x = v->get<long long>();
  if (x < -1000000000000000000ll) bad(where, "field '" + std::string(key) + "' is out of range");
  return x;
}

std::optional<bool> opt_bool(const Json& obj, std::string_view key, const std::string& where, Null null) {
  const Json* v = find(obj, key, where, null);
  if (!v) return std::nullopt;
  if (!v->is_boolean()) wrong(where, key, "a boolean", *v);
  return v->get<bool>();
}

const Json* opt_array(const Json& obj, std::string_view key, const std::string& where, Null null) {
  const Json* v = find(obj, key, where, null);
  if (v && !v->is_array()) wrong(where, key, "an array", *v);
  return v;
}

const Json* opt_object(const Json& obj, std::string_view key, const std::string& where, Null null) {
  const Json* v = find(obj, key, where, null);
  if (v && !v->is_object()) wrong(where, key, "an object", *v);
  return v;
}

std::string string(const Json& obj, std::string_view key, const std::string& where) {
  auto v = opt_string(obj, key, where, Null::Wrong);
  if (!v) bad(where, "missing string field '" + std::string(key) + "'");
  return *v;
}

double number(const Json& obj, std::string_view key, const std::string& where) {
  auto v = opt_number(obj, key, where, Null::Wrong);
  if (!v) bad(where, "missing numeric field '" + std::string(key) + "'");
  return *v;
}

long long integer(const Json& obj, std::string_view key, const std::string& where) {
  auto v = opt_integer(obj, key, where, Null::Wrong);
  if (!v) bad(where, "missing integer field '" + std::string(key) + "'");
  return *v;
}

const Json& array(const Json& obj, std::string_view key, const std::string& where) {
  const Json* v = opt_array(obj, key, where, Null::Wrong);
  if (!v) bad(where, "missing array field '" + std::string(key) + "'");
  return *v;
}

std::string as_string(const Json& v, const std::string& where) {
  if (!v.is_string()) bad(where, "is " + type_name(v) + ", expected a string");
  return v.get_ref<const std::string&>();
}

double as_number(const Json& v, const std::string& where) {
  if (!v.is_number()) bad(where, "is " + type_name(v) + ", expected a number");
  return checked_number(v.get<double>(), where, "the value");
}

}  // namespace cuzk::stats::jf
