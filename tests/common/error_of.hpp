#pragma once
// What a call throws: the message and kind of the cuzk::Error (doctest helpers).
#include <string>
#include <utility>

#include "cuzk/util/error.hpp"

namespace cuzk::test {

// The message and kind of the Error f throws ("" and Internal when it throws none).
template <class F>
std::pair<std::string, Error::Kind> error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return {e.what(), e.kind()};
  }
  return {"", Error::Kind::Internal};
}

}  // namespace cuzk::test
