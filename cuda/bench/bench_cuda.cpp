// bench_cuda [ntt|ntt-variants|ntt1|msm|all|g1|g2|g1table|upload|pin|bn254|bn254-acc] [max_log] [kernels]
// (the lab, -DCUZK_LAB=ON): medians of device-resident NTT and MSM times, measured with CUDA
// events around each call (after one warm-up), printed as a table. ntt-variants times the
// product's NTT and every lab kernel at each size (lab.hpp; or those of the comma-separated
// [kernels]), interleaved, on the same data; "forward x10" is ten forward calls back to back
// between the events, divided by ten (the host's launch latency hidden behind the kernels).
// Settings come from the environment: the product's CUZK_MSM_WINDOW_G1/_G2
// (cuzk/cuda/options.hpp), and the lab's CUZK_NTT_KERNEL (the kernel of the ntt rows; unset:
// the product's), CUZK_MSM_PROFILE and CUZK_MSM_G2_LANES (lab.hpp); a bad value is one line
// and exit 2. bn254: BN254's NTT and G1/G2 MSM rows ("NTT BN254 …", "MSM  BN254 G1 …") at
// 2^20, 2^22, … up to max_log (the NTT to 2^26); bn254-acc: BN254's MSMs at 2^max_log with
// each bucket-accumulation launch the lab has (CUZK_MSM_ACC_G1/_G2 pick one for the bn254
// rows). MSM inputs are random 255-bit (BN254:
// 254-bit) scalars over distinct points
// with known discrete logs, P_i = (a + i·d)·G, as sppark's bench has them; each size's result
// is checked against (a·Σk_i + d·Σi·k_i)·G, computed on the host without any MSM ("check OK" /
// "check FAIL" on its line; a failure exits 1 after the table). CUZK_BENCH_POINTS=tiled
// takes instead the bases of earlier figures, tiled from a block of 2^14 points (1.5 MB for
// G1: every gather an L2 hit), checked by a CPU MSM over the block. upload: a key's start
// on this host (2^max_log G1 points and 2^(max_log-1) G2 points written to a file under
// $TMPDIR and mapped, as a prepared key is): the content checks (CRC-32C tree, SHA-256
// tree) and ResidentBases::upload in GB/s of the host layout, on a fresh mapping and again,
// beside a plain pinned copy (the bus). pin: ways to pin a partition's staging (2 GiB) and
// how long another thread's 1 MiB copy waits meanwhile (one cudaMallocHost; pieces of
// 32 MiB; pages touched on all cores, then cudaHostRegister).
#include <algorithm>
#include <charconv>
#include <chrono>
#include <fstream>
#include <thread>
#include <atomic>
#include <sys/mman.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "cuzk/cuda/msm.hpp"
#include "cuzk/cuda/ntt.hpp"
#include "cuzk/cuda/options.hpp"
#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/msm/pippenger.hpp"
#include "cuzk/util/digest.hpp"
#include "cuzk/util/mapped_file.hpp"
#include "lab.hpp"
#include "msm_input.hpp"

using namespace cuzk;
using namespace cuzk::bench;
using bls12_381::Fr;

namespace {

// "a,b,c" → {"a", "b", "c"}; empty items kept (each caller rejects them with its own message).
std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> items;
  for (std::size_t pos = 0; pos <= list.size();) {
    const std::size_t e = std::min(list.find(',', pos), list.size());
    items.push_back(list.substr(pos, e - pos));
    pos = e + 1;
  }
  return items;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median over reps of one call between two events (the host's launch latency included),
// or with batch > 1 of `batch` back-to-back calls divided by batch (launches overlapped).
template <class Fn>
double time_ms(cuda::Context& ctx, int reps, Fn fn, int batch = 1) {
  cuda::Event a, b;
  fn();  // warm-up
  ctx.synchronize();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    a.record(ctx.stream());
    for (int j = 0; j < batch; ++j) fn();
    b.record(ctx.stream());
    b.synchronize();
    t.push_back(b.elapsed_ms_since(a) / batch);
  }
  return median(t);
}

// One NTT (mode 0 forward, 1 inverse, 2 odd coset) by the product ("") or a lab kernel; BN254's
// by the product's only (the lab's kernels are BLS12-381's).
template <class F>
void ntt(cuda::Context& ctx, F* d, unsigned L, int mode, const std::string& kernel) {
  if constexpr (std::is_same_v<F, Fr>) {
    if (!kernel.empty()) return cuda::lab::ntt(ctx, d, L, mode, kernel);
  }
  if (mode == 0) cuda::ntt_forward(ctx, d, L);
  if (mode == 1) cuda::ntt_inverse(ctx, d, L);
  if (mode == 2) cuda::ntt_to_odd_coset(ctx, d, L);
}

// The NTT rows from 2^min_log (every other size, then 2^27) up to 2^max_log; label "" for
// BLS12-381's (the rows anchors_table.py reads), "BN254" for BN254's.
template <class F = Fr>
void bench_ntt(cuda::Context& ctx, unsigned max_log, const std::vector<std::string>& kernels, unsigned min_log = 16,
               const char* label = "") {
  std::vector<F> block(1 << 16);
  for (auto& x : block) x = rnd<F>();
  for (unsigned L : {16u, 18u, 20u, 22u, 24u, 26u, 27u}) {
    if (L > max_log) break;
    if (L < min_log) continue;
    std::size_t n = std::size_t(1) << L;
    cuda::PinnedBuffer<F> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = block[(i * 7 + i / block.size()) % block.size()];
    cuda::DeviceBuffer<F> d;
    d.upload(h.get(), n, ctx.stream());
    int reps = L >= 26 ? 7 : 21;
    for (const auto& k : kernels) {
      double f = time_ms(ctx, reps, [&] { ntt(ctx, d.get(), L, 0, k); });
      double i = time_ms(ctx, reps, [&] { ntt(ctx, d.get(), L, 1, k); });
      double c = time_ms(ctx, reps, [&] { ntt(ctx, d.get(), L, 2, k); });
      double f10 = time_ms(ctx, reps, [&] { ntt(ctx, d.get(), L, 0, k); }, 10);
      std::printf("NTT%s%s  2^%-2u  %-8s forward %9.3f ms  inverse %9.3f ms  odd-coset %9.3f ms  forward x10 %9.3f ms\n",
                  *label ? " " : "", label, L, k.empty() ? "default" : k.c_str(), f, i, c, f10);
      std::fflush(stdout);
    }
  }
}

// Returns false when a result differs from the CPU's (the line then ends "check FAIL").
// label: "" for BLS12-381 (the rows anchors_table.py reads), "BN254" for BN254's.
template <class Curve, class Fn>
bool bench_msm(cuda::Context& ctx, const char* name, unsigned min_log, unsigned max_log, Fn msm,
               const cuda::lab::MsmMode& mode, const char* label = "") {
  constexpr unsigned bits = cuda::kMsmScalarBits<ec::Affine<Curve>>;
  const PointSource<Curve> src(tiled_points());
  bool ok = true;
  for (unsigned L = min_log; L <= max_log; L += 2) {
    std::size_t n = std::size_t(1) << L;
    MsmInput<Curve> in(ctx, src, L);
    auto& bases = in.bases;
    auto& dk = in.scalars;
    const bool same = msm(ctx, bases, dk.get(), n, 0) == in.expected(src);
    ok = ok && same;
    int reps = L >= 26 ? 3 : (L >= 24 ? 5 : 9);
    double t = time_ms(ctx, reps, [&] { msm(ctx, bases, dk.get(), n, 0); });
    // G2 prints as "G2" on the product's path (lane pairs); the lab's one thread a point
    // (CUZK_MSM_G2_LANES=1) prints as "G2L1", a row of its own in anchors_table.py
    const bool one_lane = !*label && std::string_view(name) == "G2" && mode.g2_lanes == 1;
    std::printf("MSM  %s%s%s 2^%-2u  c=%-2u  %10.2f ms  (random %u-bit scalars, %s, device-resident)  check %s\n",
                label, *label ? " " : "", one_lane ? "G2L1" : name, L, cuda::msm_window_bits(n, name, ctx.options(), bits),
                t, bits - 1, src.kind(), same ? "OK" : "FAIL");
    std::fflush(stdout);
  }
  return ok;
}

// g1table L: the prover's case. For each width in CUZK_BENCH_TABLE_BITS (comma list,
// default 20,22,24): the window table's build time (once per key, timed apart) and size,
// then the MSM over it, its result checked against the plain MSM's on the same input.
// Returns false on a mismatch.
bool bench_table(cuda::Context& ctx, unsigned L) {
  using J = bls12_381::G1;
  const std::size_t n = std::size_t(1) << L;
  const char* env = std::getenv("CUZK_BENCH_TABLE_BITS");
  const std::string list = env && *env ? env : "20,22,24";
  std::vector<unsigned> widths;  // the whole list checked before any work
  for (const std::string& item : split_commas(list)) {
    unsigned c = 0;
    const auto r = std::from_chars(item.data(), item.data() + item.size(), c);
    if (item.empty() || r.ec != std::errc() || r.ptr != item.data() + item.size() || c < cuda::WindowTableG1::kMinBits ||
        c > cuda::WindowTableG1::kMaxBits)
      throw Error(Error::Kind::BadInput, "CUZK_BENCH_TABLE_BITS: \"" + list + "\" is not a comma list of widths 8..26");
    widths.push_back(c);
  }
  const PointSource<bls12_381::G1Curve> src(tiled_points());
  MsmInput<bls12_381::G1Curve> in(ctx, src, L);
  auto& bases = in.bases;
  auto& dk = in.scalars;
  const J want = cuda::msm_g1(ctx, bases, dk.get(), n);
  const bool plain_ok = want == in.expected(src);  // the plain MSM the tables are compared with
  if (!plain_ok) std::printf("MSM  G1 2^%-2u  the plain MSM differs from the CPU's: check FAIL\n", L);
  bool ok = plain_ok;
  for (const unsigned c : widths) {
    cuda::WindowTableG1 t;  // one table at a time (2^26 at c = 22: 77 GB)
    cuda::Event a, b;
    a.record(ctx.stream());
    t.build(ctx, bases, c);
    b.record(ctx.stream());
    b.synchronize();
    const bool same = plain_ok && cuda::msm_g1(ctx, t, dk.get(), n) == want;
    ok = ok && same;
    const int reps = L >= 26 ? 3 : (L >= 24 ? 5 : 9);
    const double ms = time_ms(ctx, reps, [&] { cuda::msm_g1(ctx, t, dk.get(), n); });
    std::printf("TABLE G1 2^%-2u c=%-2u build %10.1f ms  %zu B (%u windows)  check %s\n", L, c,
                double(b.elapsed_ms_since(a)), t.bytes(), t.windows(), same ? "OK" : "FAIL");
    std::printf("MSM  G1T 2^%-2u  c=%-2u  %10.2f ms  (window table, random 255-bit scalars, %s, device-resident)\n", L,
                c, ms, src.kind());
    std::fflush(stdout);
  }
  return ok;
}

// The MSMs timed: the product's, or the lab's with `mode` (profiling, G2 on one thread).
cuda::lab::MsmMode g_mode;
bls12_381::G1 bench_g1(cuda::Context& ctx, const cuda::ResidentG1& b, const Fr* k, std::size_t n, std::size_t) {
  return g_mode.is_product() ? cuda::msm_g1(ctx, b, k, n) : cuda::lab::msm_g1(ctx, b, k, n, g_mode);
}
bls12_381::G2 bench_g2(cuda::Context& ctx, const cuda::ResidentG2& b, const Fr* k, std::size_t n, std::size_t) {
  return g_mode.is_product() ? cuda::msm_g2(ctx, b, k, n) : cuda::lab::msm_g2(ctx, b, k, n, g_mode);
}

// BN254's: the product's, or the lab's with `g_mode` (profiling, other accumulation launches).
bn254::G1 bench_g1_bn254(cuda::Context& ctx, const cuda::ResidentG1Bn254& b, const bn254::Fr* k, std::size_t n,
                         std::size_t) {
  return g_mode.is_product() ? cuda::msm_g1(ctx, b, k, n) : cuda::lab::msm_g1(ctx, b, k, n, g_mode);
}
bn254::G2 bench_g2_bn254(cuda::Context& ctx, const cuda::ResidentG2Bn254& b, const bn254::Fr* k, std::size_t n,
                         std::size_t) {
  return g_mode.is_product() ? cuda::msm_g2(ctx, b, k, n) : cuda::lab::msm_g2(ctx, b, k, n, g_mode);
}

// bn254-acc L: BN254's G1 and G2 MSM at 2^L once with each accumulation launch the lab has
// (the product's first, then the others in turn: "MSM  BN254[threads/SM threads/lock] G1 …"),
// every result checked. Returns false on a mismatch.
bool bench_acc_launches(cuda::Context& ctx, unsigned L) {
  bool ok = true;
  const cuda::lab::MsmMode keep = g_mode;
  for (const bool g2 : {false, true}) {
    for (const std::string& name : cuda::lab::bn254_acc_launches(g2)) {
      (g2 ? g_mode.acc_g2 : g_mode.acc_g1) = name;
      const std::string label = "BN254[" + (name.empty() ? std::string("product") : name) + "]";
      ok = (g2 ? bench_msm<bn254::G2Curve>(ctx, "G2", L, L, bench_g2_bn254, g_mode, label.c_str())
               : bench_msm<bn254::G1Curve>(ctx, "G1", L, L, bench_g1_bn254, g_mode, label.c_str())) && ok;
    }
    g_mode = keep;
  }
  return ok;
}

double secs_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <class Curve>
void bench_upload_one(cuda::Context& ctx, const char* name, unsigned L) {
  using A = ec::Affine<Curve>;
  const std::size_t n = std::size_t(1) << L, B = 1 << 12;
  std::vector<A> block(B);
  for (std::size_t i = 0; i < B; ++i) block[i] = A(Curve::gen_x(), Curve::gen_y());  // layout only
  for (std::size_t i = 0; i < B; i += 7) block[i] = A::infinity();
  const char* tmp = std::getenv("TMPDIR");
  const std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/bench_cuda_upload_" + std::to_string(getpid());
  {
    std::ofstream f(path, std::ios::binary);
    for (std::size_t b = 0; b < n; b += B) f.write(reinterpret_cast<const char*>(block.data()), std::streamsize(std::min(B, n - b) * sizeof(A)));
    if (!f) throw Error(Error::Kind::Io, path + ": cannot write the benchmark file");
  }
  const double gb = double(n * sizeof(A)) / 1e9;
  for (int pass = 0; pass < 2; ++pass) {  // pass 0 on a fresh mapping (page tables empty), 1 again
    MappedFile m(path);
    const std::span<const std::uint8_t> bytes(m.data(), m.size());
    auto t0 = std::chrono::steady_clock::now();
    const auto crc = checksum_tree(bytes);
    const double t_crc = secs_since(t0);
    t0 = std::chrono::steady_clock::now();
    const auto sha = digest_tree(bytes);
    const double t_sha = secs_since(t0);
    MappedFile m2(path);  // the upload on a fresh mapping too in pass 0
    const A* pts = reinterpret_cast<const A*>(pass == 0 ? m2.data() : m.data());
    cuda::UploadStaging st;
    cuda::ResidentBases<A> res;
    t0 = std::chrono::steady_clock::now();
    res.upload(ctx, pts, n, st);
    const double t_up = secs_since(t0);
    std::printf("UPLOAD %s 2^%-2u %6.2f GB %s: crc32c tree %6.2f GB/s  sha256 tree %6.2f GB/s  upload %6.2f GB/s (%.3f s)  [%02x%02x]\n",
                name, L, gb, pass == 0 ? "fresh map" : "mapped   ", gb / t_crc, gb / t_sha, gb / t_up, t_up, crc[0], sha[0]);
    std::fflush(stdout);
  }
  std::remove(path.c_str());
}

// Runs `pin` on this thread while another thread times 1 MiB pinned copies back to back;
// prints the pin's seconds and the copies' count, median and longest wait.
template <class Pin>
void pin_probe(const char* name, std::size_t bytes, Pin pin) {
  using Clock = std::chrono::steady_clock;
  std::atomic<bool> stop{false};
  std::vector<std::pair<Clock::time_point, double>> lat;  // (copy start, ms); read only after join
  std::thread probe([&] {
    cuda::Context c(0);
    cuda::PinnedBuffer<std::uint8_t> h(1 << 20);
    cuda::DeviceBuffer<std::uint8_t> d;
    d.resize(1 << 20);
    while (!stop.load()) {
      const auto t0 = Clock::now();
      CUZK_CUDA_CHECK(cudaMemcpyAsync(d.get(), h.get(), 1 << 20, cudaMemcpyHostToDevice, c.stream()));
      c.synchronize();
      lat.emplace_back(t0, secs_since(t0) * 1e3);
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto t0 = Clock::now();
  pin();
  const auto t1 = Clock::now();
  const double t = std::chrono::duration<double>(t1 - t0).count();
  stop = true;
  probe.join();
  std::vector<double> during;  // the copies that started while `pin` ran
  for (const auto& [start, ms] : lat)
    if (start >= t0 && start <= t1) during.push_back(ms);
  std::sort(during.begin(), during.end());
  std::printf("PIN %-34s %5.2f GiB in %6.3f s (%5.2f GB/s); a 1 MiB copy meanwhile: %zu done, median %.3f ms, max %.1f ms\n",
              name, double(bytes) / (1 << 30), t, double(bytes) / 1e9 / t, during.size(),
              during.empty() ? 0.0 : during[during.size() / 2], during.empty() ? 0.0 : during.back());
  std::fflush(stdout);
}

void bench_pin() {
  const std::size_t bytes = std::size_t(2) << 30, piece = std::size_t(32) << 20;
  std::vector<cuda::PinnedBuffer<std::uint8_t>> v;  // freed outside the timed part
  pin_probe("cudaMallocHost, one call", bytes, [&] { v.emplace_back(bytes); });
  v.clear();
  pin_probe("cudaMallocHost, 32 MiB pieces", bytes, [&] {
    for (std::size_t b = 0; b < bytes; b += piece) v.emplace_back(piece);
  });
  v.clear();
  auto touch_register = [&](std::size_t unit, const char* name) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw Error(Error::Kind::OutOfMemory, "mmap of the pin benchmark");
    auto* c = static_cast<std::uint8_t*>(p);
    const auto t0 = std::chrono::steady_clock::now();
    tbb::parallel_for(std::size_t(0), bytes / 4096, [&](std::size_t i) { c[i * 4096] = 0; });
    std::printf("PIN   (pages touched on all cores: %.3f s)\n", secs_since(t0));
    pin_probe(name, bytes, [&] {
      for (std::size_t b = 0; b < bytes; b += unit) CUZK_CUDA_CHECK(cudaHostRegister(c + b, std::min(unit, bytes - b), cudaHostRegisterDefault));
    });
    const auto t1 = std::chrono::steady_clock::now();
    for (std::size_t b = 0; b < bytes; b += unit) CUZK_CUDA_CHECK(cudaHostUnregister(c + b));
    std::printf("PIN   (unregister: %.3f s)\n", secs_since(t1));
    munmap(p, bytes);
  };
  touch_register(bytes, "touched + cudaHostRegister, one call");
  touch_register(piece, "touched + cudaHostRegister, 32 MiB");
  pin_probe("cudaMallocHost, one call (again)", bytes, [&] { v.emplace_back(bytes); });
  v.clear();
}

void bench_upload(cuda::Context& ctx, unsigned L) {
  {  // the bus: 256 MiB from pinned memory, median of 5
    const std::size_t bytes = std::size_t(256) << 20;
    cuda::PinnedBuffer<std::uint8_t> h(bytes);
    std::memset(h.get(), 1, bytes);
    cuda::DeviceBuffer<std::uint8_t> d;
    d.resize(bytes);
    const double ms = time_ms(ctx, 5, [&] {
      CUZK_CUDA_CHECK(cudaMemcpyAsync(d.get(), h.get(), bytes, cudaMemcpyHostToDevice, ctx.stream()));
    });
    std::printf("UPLOAD pinned H2D 256 MiB: %.2f GB/s\n", double(bytes) / 1e6 / ms);
  }
  bench_upload_one<bls12_381::G1Curve>(ctx, "G1", L);
  bench_upload_one<bls12_381::G2Curve>(ctx, "G2", L - 1);
}

}  // namespace

int main(int argc, char** argv) {
  std::string what = argc > 1 ? argv[1] : "all";
  unsigned max_log = argc > 2 ? unsigned(std::stoul(argv[2])) : 24;
  if (cuda::device_count() == 0) {
    std::printf("SKIP: no CUDA device\n");
    return 77;
  }
  cuda::CudaOptions opts;
  std::string ntt_kernel;  // the ntt rows' kernel: "" = the product's
  try {
    auto getenv = [](const char* n) -> const char* { return std::getenv(n); };
    opts = cuda::parse_cuda_options({}, getenv);
    g_mode = cuda::lab::msm_mode(getenv);
    if (const char* k = std::getenv("CUZK_NTT_KERNEL"); k && *k) {
      const auto names = cuda::lab::ntt_kernels();
      if (std::find(names.begin(), names.end(), std::string(k)) == names.end())
        throw Error(Error::Kind::BadInput,
                    std::string("CUZK_NTT_KERNEL: \"") + k + "\" is not one of the lab's kernels");
      ntt_kernel = k;
    }
    tiled_points();  // a bad CUZK_BENCH_POINTS before any work
  } catch (const Error& e) {
    std::fprintf(stderr, "bench_cuda: error: %s\n", e.what());
    return 2;
  }
  cuda::Context ctx(0, opts);
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  if (what == "upload" || what == "pin") {
    try {
      if (what == "pin") bench_pin();
      else bench_upload(ctx, max_log);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bench_cuda: error: %s\n", e.what());
      return 1;
    }
  }
  if (what == "ntt" || what == "all") bench_ntt(ctx, max_log, {ntt_kernel});
  if (what == "ntt1") {  // one forward NTT of 2^max_log after a warm-up: for profilers (ncu)
    std::vector<Fr> x(std::size_t(1) << max_log);
    for (auto& v : x) v = rnd<Fr>();
    cuda::DeviceBuffer<Fr> d;
    d.upload(x.data(), x.size(), ctx.stream());
    ntt(ctx, d.get(), max_log, 0, ntt_kernel);
    ntt(ctx, d.get(), max_log, 0, ntt_kernel);
    ctx.synchronize();
  }
  if (what == "ntt-variants") {  // optional third argument: a comma-separated subset
    auto v = cuda::lab::ntt_kernels();
    if (argc > 3) {
      const std::vector<std::string> pick = split_commas(argv[3]);
      for (const std::string& name : pick)
        if (std::find(v.begin(), v.end(), name) == v.end()) {
          std::fprintf(stderr, "bench_cuda: error: NTT kernel \"%s\" is not one of the lab's\n", name.c_str());
          return 2;
        }
      v = pick;
    }
    v.insert(v.begin(), "");
    bench_ntt(ctx, max_log, v);
  }
  // g1 / g2 L: one size only (with CUZK_MSM_WINDOW_G1/G2 for window sweeps)
  bool msm_ok = true;
  if (what == "g1") msm_ok = bench_msm<bls12_381::G1Curve>(ctx, "G1", max_log, max_log, bench_g1, g_mode);
  if (what == "g2") msm_ok = bench_msm<bls12_381::G2Curve>(ctx, "G2", max_log, max_log, bench_g2, g_mode);
  if (what == "g1table") {
    try {
      if (!bench_table(ctx, max_log)) {
        std::fprintf(stderr, "bench_cuda: an MSM over the window table (or the plain one) is wrong (check FAIL above)\n");
        return 1;
      }
    } catch (const std::exception& e) {  // a bad CUZK_BENCH_TABLE_BITS, a width outside the table's range
      std::fprintf(stderr, "bench_cuda: error: %s\n", e.what());
      return 2;
    }
  }
  // bn254 L: BN254's Fr NTT and G1 / G2 MSM (the product's) at 2^20, 2^22, … ≤ 2^L, as
  // sppark's FEATURE_BN254 benches them; results checked as BLS12-381's
  if (what == "bn254") {
    bench_ntt<bn254::Fr>(ctx, std::min(max_log, 26u), {""}, 20, "BN254");
    msm_ok = bench_msm<bn254::G1Curve>(ctx, "G1", 20, max_log, bench_g1_bn254, g_mode, "BN254") && msm_ok;
    msm_ok = bench_msm<bn254::G2Curve>(ctx, "G2", 20, max_log, bench_g2_bn254, g_mode, "BN254") && msm_ok;
  }
  if (what == "bn254-acc") msm_ok = bench_acc_launches(ctx, max_log) && msm_ok;
  if (what == "msm" || what == "all") {
    msm_ok = bench_msm<bls12_381::G1Curve>(ctx, "G1", 20, max_log, bench_g1, g_mode) && msm_ok;
    msm_ok = bench_msm<bls12_381::G2Curve>(ctx, "G2", 20, std::min(max_log, 22u), bench_g2, g_mode) && msm_ok;
  }
  if (!msm_ok) {
    std::fprintf(stderr, "bench_cuda: an MSM result differs from the CPU's (check FAIL above)\n");
    return 1;
  }
  return 0;
}
