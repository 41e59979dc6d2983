#include "event_sources.hpp"

namespace cuzk::stats {

std::string type_name(const FlatValue& v) {
  switch (v.type) {
    case FlatValue::Type::Null: return "null";
    case FlatValue::Type::Bool: return "a boolean";
    case FlatValue::Type::Number: return "a number";
    case FlatValue::Type::String: return "a string";
    case FlatValue::Type::Nested: return v.text.empty() || v.text[0] == '{' ? "an object" : "an array";
  }
  return "unknown";
}

}  // namespace cuzk::stats
