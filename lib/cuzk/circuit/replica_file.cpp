#include "cuzk/circuit/replica_file.hpp"

#include <cstring>

#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/mapped_file.hpp"

namespace cuzk::circuit::porep_lite {

void write_replica(const std::string& path, const Replica& rep) {
  AtomicFile f(path);
  f.write(rep.data().data(), rep.data().size() * sizeof(Sha256Block));
  f.commit();
}

Replica read_replica(const std::string& path, unsigned depth) {
  if (depth == 0 || depth > kMaxDepth) fail(Error::Kind::BadInput, path, "replica depth out of range");
  MappedFile m(path);
  const std::uint64_t want = (std::uint64_t(1) << depth) * sizeof(Sha256Block);
  if (m.size() != want)
    fail(Error::Kind::BadInput, path,
         "replica holds " + std::to_string(m.size()) + " bytes, expected " + std::to_string(want) + " (2^" +
             std::to_string(depth) + " nodes of 64 bytes)");
  std::vector<Sha256Block> data(std::size_t(1) << depth);
  std::memcpy(data.data(), m.data(), want);
  return Replica::from_data(depth, std::move(data));
}

}  // namespace cuzk::circuit::porep_lite
