#pragma once
// A fast parser for one JSON object per line whose values are scalars (numbers, strings, booleans,
// null). It is the hot path of reading 10-million-line event files: no allocation per line once
// warm. Values that are objects or arrays are recognised (and skipped with full bracket/string
// matching) and marked Nested; callers that need them re-parse the line with nlohmann::json.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::stats {

struct FlatValue {
  enum class Type { Null, Bool, Number, String, Nested };
  Type type = Type::Null;
  double number = 0;
  bool boolean = false;
  std::string_view text;  // String: the unescaped text; Nested: the raw JSON text
};

class FlatObject {
public:
  // Parses `line` (which must outlive the object's use). Returns false and sets `error` (with a
  // column) when the line is not one well-formed JSON object.
  bool parse(std::string_view line, std::string& error);
  const FlatValue* get(std::string_view key) const;
  bool has_nested() const { return nested_; }

private:
  struct Field {
    std::string_view key;
    FlatValue value;
  };
  std::vector<Field> fields_;
  std::string arena_;  // unescaped strings; reserved to the line size so views stay valid
  bool nested_ = false;
};

}  // namespace cuzk::stats
