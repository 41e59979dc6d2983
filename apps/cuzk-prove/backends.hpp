#pragma once
// Backend selection for the batch GPU node(s). lib/ stays CUDA-free: the CUDA backend is
// only referenced here, under CUZK_HAVE_CUDA.
//   auto: CUDA when built with it and a device is visible, else the CPU stand-in
//   cpu:  one CPU stand-in "device" per entry of `devices` (default one, index 0); they
//         share the CPU, so more than one only exercises the multi-device graph
//   cuda: one device per index in `devices` (default: all visible); an error when the
//         build has no CUDA backend or an index is not a visible device
#include <string>
#include <vector>

#include <memory>

#include "cuzk/pipeline/device.hpp"
#include "cuzk/setup/setup.hpp"

// Throws cuzk::Error(BadInput) for an unknown/unavailable backend or device.
std::vector<cuzk::pipeline::Device> make_devices(const std::string& backend, const std::vector<int>& devices);
// Whether this build has the CUDA backend.
bool cuda_backend_built();

// The fixed-base engine for key setup: nullptr for the CPU (auto without a GPU, or cpu),
// the first CUDA device for cuda/auto with one. Same errors as make_devices.
std::unique_ptr<cuzk::setup::FixedBaseEngine> make_setup_engine(const std::string& backend);
