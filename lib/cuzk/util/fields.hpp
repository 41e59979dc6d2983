#pragma once
// The fields of one event line (or of a JSON object inside one), in order, without a JSON
// library in the headers: the event writer (pipeline/events.cpp) turns them into JSON, the
// event schema (event_schema.hpp) builds them. A Value is null, a boolean, an
// integer, a double, a string, an array or a nested Fields object.
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace cuzk {

class Fields;

class Value {
public:
  using Array = std::vector<Value>;
  using Data = std::variant<std::monostate, bool, std::int64_t, std::uint64_t, double, std::string,
                            std::shared_ptr<const Array>, std::shared_ptr<const Fields>>;

  Value() = default;  // null
  Value(std::nullptr_t) {}
  Value(bool b) : d_(b) {}
  Value(int i) : d_(std::int64_t(i)) {}
  Value(long i) : d_(std::int64_t(i)) {}
  Value(long long i) : d_(std::int64_t(i)) {}
  Value(unsigned i) : d_(std::uint64_t(i)) {}
  Value(unsigned long i) : d_(std::uint64_t(i)) {}
  Value(unsigned long long i) : d_(std::uint64_t(i)) {}
  Value(double x) : d_(x) {}
  Value(const char* s) : d_(std::string(s)) {}
  Value(std::string s) : d_(std::move(s)) {}
  Value(Array a) : d_(std::make_shared<const Array>(std::move(a))) {}
  Value(Fields f);
  template <class T>
  Value(const std::vector<T>& v) : Value(Array(v.begin(), v.end())) {}

  const Data& data() const { return d_; }

private:
  Data d_;
};

class Fields {
public:
  Fields() = default;
  Fields(std::initializer_list<std::pair<std::string, Value>> init) : items_(init) {}

  // The field called `name` (appended, null, when new).
  Value& operator[](std::string_view name) {
    for (auto& [k, v] : items_)
      if (k == name) return v;
    items_.emplace_back(std::string(name), Value());
    return items_.back().second;
  }
  const std::vector<std::pair<std::string, Value>>& items() const { return items_; }

private:
  std::vector<std::pair<std::string, Value>> items_;
};

inline Value::Value(Fields f) : d_(std::make_shared<const Fields>(std::move(f))) {}

}  // namespace cuzk
