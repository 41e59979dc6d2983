#pragma once
// Sector files: the input of `cuzk-prove batch`. One JSON object per file:
//   {"sector": "s-0001", "zkey": "../keys/circuit.zkey",
//    "partitions": [{"witness": "s-0001-p0.wtns"}, {"witness": "s-0001-p1.wtns"}]}
// Relative paths resolve against the folder of the sector file. All partitions of a
// sector share its zkey; a batch may mix zkeys. JSON Schema: data/sector.schema.json.
//
// A sector of the native porep-lite circuit names its replica data instead of witnesses;
// each partition proves the challenges drawn from its seed (no .wtns, no wasm):
//   {"sector": "s-0001", "zkey": "porep-d16-k2.zkey",
//    "native": {"circuit": "porep-lite", "depth": 16, "challenges": 2, "replica": "s-0001.replica"},
//    "partitions": [{"challenge_seed": 1}, {"challenge_seed": 2}]}
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cuzk/util/one_line.hpp"

namespace cuzk::pipeline {

struct SectorSpec {
  std::string file;                   // the sector file as given
  std::string id;                     // "sector": names the output folder DIR/<id>/
  std::string zkey;                   // resolved path
  std::vector<std::string> witnesses; // resolved paths, partition order (witness sectors)

  struct Native {
    unsigned depth = 0;                     // replica of 2^depth 64-byte nodes
    std::uint32_t challenges = 0;           // per partition
    std::string replica;                    // resolved path
    std::vector<std::uint64_t> challenge_seeds;  // partition order
  };
  std::optional<Native> native;

  std::size_t partitions() const { return native ? native->challenge_seeds.size() : witnesses.size(); }
  // What partition i is proven from, for messages: the witness path, or replica + seed.
  std::string source(std::size_t i) const {
    return native ? native->replica + " (challenge_seed " + std::to_string(native->challenge_seeds[i]) + ")"
                  : witnesses[i];
  }
};

// Parses and validates a sector file. Throws Error(BadInput) (or Error(Io) when the file
// cannot be read) with a message naming the file and the offending field. Does not check
// that the zkey/witness files exist (the pipeline reports those per partition).
SectorSpec read_sector_file(const std::string& path);

// Parses sector JSON text as if read from `path` (tests).
SectorSpec parse_sector(const std::string& text, const std::string& path);

// A sector id is used as a file name: 1..128 characters of [A-Za-z0-9._-], not "." or "..",
// not starting with ".cuzk-" (reserved for the batch's temp files).
bool valid_sector_id(const std::string& id);

// `s` for a one-line message inside double quotes: \\ and " escaped, control characters and
// invalid UTF-8 as escape_text shows them (util/text_escape.hpp), cut after max_chars characters.
std::string printable(std::string_view s, std::size_t max_chars = 64);
using cuzk::one_line;  // cuzk/util/one_line.hpp

}  // namespace cuzk::pipeline
