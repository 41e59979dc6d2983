#include "cuzk/pipeline/partition_source.hpp"

#include "cuzk/pipeline/sources.hpp"

namespace cuzk::pipeline {

std::unique_ptr<PartitionSource> make_partition_source(const SectorSpec& spec, const std::string& key_digest) {
  return spec.native ? make_porep_lite_source(spec, key_digest) : make_witness_source(spec, key_digest);
}

}  // namespace cuzk::pipeline
