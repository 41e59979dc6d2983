#pragma once
// What the GPU node of the batch graph runs on: one Device per GPU (or one CPU stand-in).
// The pipeline calls backend->compute() from `workers_per_device` workers of that device.
// A GPU backend (self_locking) serialises its own device work (a mutex around the kernels
// only, so one worker's host preparation overlaps the other's kernels) and reports the
// time it waited for that mutex in StageTimes::lock_wait. For a backend that does not
// (the CPU stand-in) the pipeline holds a per-device mutex around the whole compute() and
// runs it in the CPU arena shared with synthesis.
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
  std::uint64_t memory = 0;    // device memory in bytes (0 for the CPU)
  bool is_gpu = false;         // reports h2d/d2h; `gpu_used` in mem samples
  bool self_locking = false;   // see above
  std::shared_ptr<groth16::Backend> backend;
  std::function<std::uint64_t()> used_memory;  // device bytes in use, for `mem` samples (GPU only)
  std::vector<std::pair<std::string, std::string>> settings;  // backend settings, name -> value as text (run_start)
};

}  // namespace cuzk::pipeline
