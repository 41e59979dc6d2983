#pragma once
// Event fields (now in util, shared with the event schema), under their pipeline names.
#include "cuzk/util/fields.hpp"

namespace cuzk::pipeline {
using cuzk::Fields;
using cuzk::Value;
}  // namespace cuzk::pipeline
