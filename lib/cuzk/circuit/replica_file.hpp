#pragma once
// Replica files for porep-lite sectors: the raw node data, 2^depth nodes of 64 bytes,
// nothing else (the depth follows from the size). Written atomically.
#include <string>

#include "cuzk/circuit/porep_lite.hpp"

namespace cuzk::circuit::porep_lite {

void write_replica(const std::string& path, const Replica& rep);
// Throws Error(BadInput) naming the file when its size is not 64·2^depth.
Replica read_replica(const std::string& path, unsigned depth);

}  // namespace cuzk::circuit::porep_lite
