#pragma once
// `cuzk-prove batch --json`: the machine-readable summary printed on stdout at the end
// (docs/batch.md, "Machine-readable summary").
#include <string>

#include "cuzk/pipeline/batch.hpp"
#include "cuzk/pipeline/config.hpp"

// One JSON object on one line, ending in a newline.
std::string batch_summary_json(const cuzk::pipeline::BatchResult& r, const cuzk::pipeline::BatchConfig& c);
