#pragma once
// The PartitionSource implementations (partition_source.hpp); make_partition_source
// (partition_source.cpp) picks one.
#include <memory>
#include <string>

#include "cuzk/pipeline/partition_source.hpp"

namespace cuzk::pipeline {

std::unique_ptr<PartitionSource> make_witness_source(const SectorSpec& spec, const std::string& key_digest);
std::unique_ptr<PartitionSource> make_porep_lite_source(const SectorSpec& spec, const std::string& key_digest);

}  // namespace cuzk::pipeline
