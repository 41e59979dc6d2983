#pragma once
// What one partition's proof is made from, as --resume compares it and p<i>.inputs.json records
// it (docs/batch.md): named values in the order they are written, e.g.
//   {"key": "sha256:<verification key digest>", "witness": "sha256t:<digest of the witness values>"}
//   native: {"key", "replica": "sha256t:<replica file digest>", "depth", "challenges", "challenge_seed"}
// Made by a PartitionSource; written and compared by the SectorLedger (sector_ledger.cpp).
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace cuzk::pipeline {

struct Inputs {
  using Value = std::variant<std::string, std::uint64_t>;
  std::vector<std::pair<std::string, Value>> fields;

  Inputs& set(std::string name, Value v) {
    fields.emplace_back(std::move(name), std::move(v));
    return *this;
  }
  bool empty() const { return fields.empty(); }
  friend bool operator==(const Inputs&, const Inputs&) = default;
};

}  // namespace cuzk::pipeline
