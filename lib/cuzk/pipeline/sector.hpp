#pragma once
// Sector files: the input of `cuzk-prove batch`. One JSON object per file:
//   {"sector": "s-0001", "zkey": "../keys/circuit.zkey",
//    "partitions": [{"witness": "s-0001-p0.wtns"}, {"witness": "s-0001-p1.wtns"}]}
// Relative paths resolve against the folder of the sector file. All partitions of a
// sector share its zkey; a batch may mix zkeys. JSON Schema: data/sector.schema.json.
#include <string>
#include <vector>

namespace cuzk::pipeline {

struct SectorSpec {
  std::string file;                   // the sector file as given
  std::string id;                     // "sector": names the output folder DIR/<id>/
  std::string zkey;                   // resolved path
  std::vector<std::string> witnesses; // resolved paths, partition order
};

// Parses and validates a sector file. Throws Error(BadInput) (or Error(Io) when the file
// cannot be read) with a message naming the file and the offending field. Does not check
// that the zkey/witness files exist (the pipeline reports those per partition).
SectorSpec read_sector_file(const std::string& path);

// Parses sector JSON text as if read from `path` (tests).
SectorSpec parse_sector(const std::string& text, const std::string& path);

// A sector id is used as a file name: 1..128 characters of [A-Za-z0-9._-], not "." or "..".
bool valid_sector_id(const std::string& id);

}  // namespace cuzk::pipeline
