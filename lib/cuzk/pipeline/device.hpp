#pragma once
// What the device node of the batch graph runs on: one Device per GPU (or one CPU stand-in).
// The pipeline calls backend->compute() from `workers_per_device` workers of that device, the
// same way for every backend: the backend serialises its device work itself and reports the
// time it waited in StageTimes::lock_wait (a GPU backend: a mutex around its kernels only, so
// one worker's host preparation overlaps the other's kernels; the CPU stand-in: wrapped in
// SerialBackend, serial_backend.hpp, a FIFO lock around the whole compute()).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cuzk/groth16/prover.hpp"

namespace cuzk::pipeline {

struct Device {
  int index = 0;               // explicit device index (events' "device")
  std::string name;            // e.g. "NVIDIA H200" or "cpu"
  // Bytes of memory of its own (0: it works in host memory, the CPU stand-in). A device with
  // memory is listed in run_start's "gpus", gets each key uploaded (Backend::prepare, the
  // key_upload span) as the key's first synthesis starts, and is sampled by used_memory.
  std::uint64_t memory = 0;
  std::shared_ptr<groth16::Backend> backend;
  std::function<std::uint64_t()> used_memory;  // device bytes in use, for `mem` samples (empty: none)
  std::vector<std::pair<std::string, std::string>> settings;  // backend settings, name -> value as text (run_start)
};

}  // namespace cuzk::pipeline
