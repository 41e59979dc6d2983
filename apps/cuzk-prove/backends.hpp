#pragma once
// Backend selection for the batch GPU node(s). lib/ stays CUDA-free: the CUDA backend is
// only referenced here, under CUZK_HAVE_CUDA.
//   auto: CUDA when built with it and a device is visible, else the CPU stand-in
//   cpu:  one CPU stand-in "device" per entry of `devices` (default one, index 0); they
//         share the CPU, so more than one only exercises the multi-device graph
//   cuda: one device per index in `devices` (default: all visible); an error when the
//         build has no CUDA backend or an index is not a visible device
// The CUDA backend's settings (cuzk/cuda/options.hpp) are flags of the commands that may run
// it, parsed in every build (a bad value is exit 2 even where they would not apply).
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "cuzk/cuda/options.hpp"
#include "cuzk/pipeline/device.hpp"
#include "cuzk/setup/setup.hpp"

// Registers --msm-window-g1/-g2 and --msm-table-h on `cmd`.
void add_cuda_flags(CLI::App& cmd, cuzk::cuda::CudaOptionFlags& flags);
// flags > environment > defaults (cuzk::cuda::parse_cuda_options with std::getenv).
cuzk::cuda::CudaOptions cuda_options(const cuzk::cuda::CudaOptionFlags& flags);

// Throws cuzk::Error(BadInput) for an unknown/unavailable backend or device. CUDA devices get
// `opts` and record them in Device::settings (run_start).
std::vector<cuzk::pipeline::Device> make_devices(const std::string& backend, const std::vector<int>& devices,
                                                 const cuzk::cuda::CudaOptions& opts = {});
// Whether this build has the CUDA backend.
bool cuda_backend_built();

// The fixed-base engine for key setup: nullptr for the CPU (auto without a GPU, or cpu),
// the first CUDA device for cuda/auto with one. Same errors as make_devices.
std::unique_ptr<cuzk::setup::FixedBaseEngine> make_setup_engine(const std::string& backend);
