#include "backends.hpp"

#include <algorithm>
#include <cstdlib>

#include "cuzk/pipeline/serial_backend.hpp"
#include "cuzk/util/error.hpp"

#if defined(CUZK_HAVE_CUDA) && __has_include("cuzk/cuda/groth16_backend.hpp")
#define CUZK_BATCH_CUDA 1
#include <cuda_runtime.h>

#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/fixed_base.hpp"
#include "cuzk/cuda/groth16_backend.hpp"
#endif

using cuzk::Error;
using cuzk::pipeline::Device;

bool cuda_backend_built() {
#ifdef CUZK_BATCH_CUDA
  return true;
#else
  return false;
#endif
}

namespace {

std::vector<Device> cpu_devices(const std::vector<int>& devices) {
  std::vector<int> idx = devices.empty() ? std::vector<int>{0} : devices;
  std::vector<Device> out;
  auto cpu = std::make_shared<cuzk::groth16::CpuBackend>();  // stateless: shared
  for (int i : idx) {
    Device d;
    d.index = i;
    d.name = "cpu";
    d.backend = std::make_shared<cuzk::pipeline::SerialBackend>(cpu);  // a FIFO device lock each
    out.push_back(std::move(d));
  }
  return out;
}

#ifdef CUZK_BATCH_CUDA
std::vector<Device> cuda_devices(const std::vector<int>& devices, const cuzk::cuda::CudaOptions& opts) {
  const int n = cuzk::cuda::device_count();
  std::vector<int> idx = devices;
  if (idx.empty())
    for (int i = 0; i < n; ++i) idx.push_back(i);
  std::vector<Device> out;
  for (int i : idx) {
    if (i < 0 || i >= n)
      cuzk::fail(Error::Kind::BadInput, "", "--devices: no CUDA device " + std::to_string(i) + " (" +
                                                std::to_string(n) + " visible)");
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, i);
    Device d;
    d.index = i;
    d.name = prop.name;
    d.memory = prop.totalGlobalMem;
    d.backend = std::make_shared<cuzk::cuda::CudaBackend>(i, 2, opts);  // explicit device index per worker
    d.settings = opts.settings();
    d.used_memory = [i] {
      std::size_t free_b = 0, total_b = 0;
      int prev = 0;
      cudaGetDevice(&prev);
      cudaSetDevice(i);
      cudaMemGetInfo(&free_b, &total_b);
      cudaSetDevice(prev);
      return std::uint64_t(total_b - free_b);
    };
    out.push_back(std::move(d));
  }
  return out;
}
#endif

}  // namespace

namespace {
// auto|cpu|cuda → whether to use CUDA; errors for an unknown name, a build without the CUDA
// backend, or no visible device (shared by the batch devices and the setup engine).
bool use_cuda(const std::string& backend) {
  if (backend == "cpu") return false;
  if (backend != "cuda" && backend != "auto")
    cuzk::fail(Error::Kind::BadInput, "", "--backend: unknown backend \"" + backend + "\" (auto, cpu or cuda)");
#ifdef CUZK_BATCH_CUDA
  if (cuzk::cuda::device_count() > 0) return true;
  if (backend == "cuda") cuzk::fail(Error::Kind::BadInput, "", "--backend cuda: no CUDA device is visible");
#else
  if (backend == "cuda")
    cuzk::fail(Error::Kind::BadInput, "",
               "--backend cuda: this cuzk-prove was built without the CUDA backend (configure with CUZK_CUDA=ON "
               "on a machine with nvcc)");
#endif
  return false;  // auto without a GPU
}
}  // namespace

// Only the settings a user has a reason to set (each reason in docs/batch.md "CUDA backend
// settings"); the kernels and modes that lost are the lab's (cuda/bench, -DCUZK_LAB=ON).
void add_cuda_flags(CLI::App& cmd, cuzk::cuda::CudaOptionFlags& f) {
  const std::string g = "CUDA backend";
  cmd.add_option("--msm-window-g1", f.msm_window_g1,
                 "auto|4..22: G1 MSM window width in bits (auto: the cost model per size, fitted on H100/H200; "
                 "set it on a GPU where a sweep finds another width faster; env CUZK_MSM_WINDOW_G1)")
      ->group(g);
  cmd.add_option("--msm-window-g2", f.msm_window_g2,
                 "auto|4..22: G2 MSM window width in bits (likewise; env CUZK_MSM_WINDOW_G2)")
      ->group(g);
  cmd.add_option("--msm-table-h", f.msm_table_h,
                 "off|8..26: H's MSM over window multiples of the key's H points, made on the GPU once "
                 "per key (ceil(256/bits) x 96 B a point of GPU memory; pays on long batches; env "
                 "CUZK_MSM_TABLE_H; default off)")
      ->group(g);
}

cuzk::cuda::CudaOptions cuda_options(const cuzk::cuda::CudaOptionFlags& flags) {
  return cuzk::cuda::parse_cuda_options(flags, [](const char* n) -> const char* { return std::getenv(n); });
}

std::vector<Device> make_devices(const std::string& backend, const std::vector<int>& devices,
                                 const cuzk::cuda::CudaOptions& opts) {
  if (std::any_of(devices.begin(), devices.end(), [](int i) { return i < 0; }))
    cuzk::fail(Error::Kind::BadInput, "", "--devices: indices must be >= 0");
#ifdef CUZK_BATCH_CUDA
  if (use_cuda(backend)) return cuda_devices(devices, opts);
#else
  (void)opts;
  use_cuda(backend);  // validates the name; false or an error in a build without CUDA
#endif
  return cpu_devices(devices);
}

std::unique_ptr<cuzk::setup::FixedBaseEngine> make_setup_engine(const std::string& backend) {
#ifdef CUZK_BATCH_CUDA
  if (use_cuda(backend)) return std::make_unique<cuzk::cuda::CudaFixedBase>(0);
#else
  use_cuda(backend);
#endif
  return nullptr;
}
