// libFuzzer target: sector files (the JSON input of `cuzk-prove batch`).
#include <cstdint>
#include <string>

#include "cuzk/pipeline/sector.hpp"
#include "cuzk/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    auto s = cuzk::pipeline::parse_sector(std::string(reinterpret_cast<const char*>(data), size), "fuzz/sector.json");
    for (std::size_t i = 0; i < s.partitions(); ++i) (void)s.source(i);
  } catch (const cuzk::Error&) {
  }
  return 0;
}
