#pragma once
// A small porep-lite sector for batch tests that run in-process (run_batch): its key (test-only
// single-party setup, seeded), replica and sector file in `dir`, as `cuzk-prove gen-porep` makes them.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/circuit/replica_file.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/setup/setup.hpp"

namespace cuzk::test {

// Sector "s" of `parts` partitions; returns the sector file's path.
inline std::string make_porep_sector(const std::filesystem::path& dir, unsigned parts, unsigned depth = 4,
                                     std::uint32_t challenges = 2) {
  namespace pl = circuit::porep_lite;
  using E = pairing::Bls12_381;
  auto pk = setup::generate_key(pl::build_r1cs(depth, challenges), setup::ToxicWaste<E>::from_seed(11));
  groth16::write_zkey((dir / "k.zkey").string(), pk);
  pl::write_replica((dir / "s.replica").string(), pl::Replica::generate(depth, 5));
  nlohmann::ordered_json j;
  j["sector"] = "s";
  j["zkey"] = "k.zkey";
  j["native"] = {{"circuit", "porep-lite"}, {"depth", depth}, {"challenges", challenges}, {"replica", "s.replica"}};
  auto ps = nlohmann::ordered_json::array();
  for (unsigned p = 0; p < parts; ++p) ps.push_back({{"challenge_seed", p}});
  j["partitions"] = ps;
  const std::string path = (dir / "s.json").string();
  std::ofstream(path) << j.dump(1) << "\n";
  return path;
}

}  // namespace cuzk::test
