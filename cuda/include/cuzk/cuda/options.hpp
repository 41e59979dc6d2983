#pragma once
// The CUDA backend's settings, all in one struct, and the one function that reads them from
// the command line's values with the environment as a fallback (flag > environment >
// default). Plain C++ with no CUDA include: cuzk-prove parses and validates these in every
// build, a build without the CUDA backend included. The backend, its contexts and the
// kernels read them from here (Context::options()); nothing below the CLI reads the
// environment. run_start records settings() per GPU (docs/events.md).
//
//   flag              environment          value
//   --ntt-kernel      CUZK_NTT_KERNEL      auto | smem | t10b3 | t11b3s  (bench_cuda: more)
//   --msm-window-g1   CUZK_MSM_WINDOW_G1   auto | 4..22 (bits)
//   --msm-window-g2   CUZK_MSM_WINDOW_G2   auto | 4..22 (bits)
//   --g2-overlap      CUZK_G2_OVERLAP      on | off  (also 1 | 0)
//   --msm-profile     CUZK_MSM_PROFILE     on | off  (also 1 | 0)
//   --msm-table-h     CUZK_MSM_TABLE_H     off | 8..26 (bits): H's MSM over a window table
//   --msm-g2-lanes    CUZK_MSM_G2_LANES    1 | 2: threads a G2 point in the bucket accumulation
// An empty environment value counts as unset; every other bad value is one line naming the
// flag or variable (cuzk::Error BadInput: exit 2).
#include <cctype>
#include <charconv>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cuzk/util/error.hpp"
#include "cuzk/util/text_escape.hpp"

namespace cuzk::cuda {

// NTT kernels the product selects among (cuda/src/ntt.cu; "auto" = the fastest measured per
// size). The benchmark adds its variants (cuda/bench/ntt_bench_variants.cu).
inline constexpr const char* kNttKernels[] = {"auto", "smem", "t10b3", "t11b3s", "t10b3S", "t10b3H"};
inline constexpr unsigned kMsmWindowMinBits = 4, kMsmWindowMaxBits = 22;
inline constexpr unsigned kMsmTableMinBits = 8, kMsmTableMaxBits = 26;  // WindowTable's range

struct CudaOptions {
  std::string ntt_kernel = "auto";  // NTT kernel and pass plan by name (kNttKernels)
  unsigned msm_window_bits_g1 = 0;  // G1 MSM window width in bits (4..22); 0 = the cost model's choice per size
  unsigned msm_window_bits_g2 = 0;  // G2 likewise
  bool g2_overlap = true;           // G2 MSM concurrent with the G1 ones; false = after them (benchmark mode)
  bool msm_profile = false;         // per-stage MSM times (CUDA events, milliseconds) on stderr
  // H's MSM over a window table of this width in bits (8..26; 0 = off), built on the device
  // once per resident key after its points are up (⌈256/c⌉·n·96 B of GPU memory: 19.3 GB at
  // n = 2^24, c = 22); partitions use the plain MSM until it is ready, and a key whose table
  // does not fit the free GPU memory keeps the plain one. Pays on long batches only (the
  // build slows the partitions beside it; docs/batch.md).
  unsigned msm_table_h_bits = 0;
  // Threads a G2 point in the MSM's bucket accumulation and the reduction after it (tree,
  // window segments, reduce): 2, a lane pair with one Fq
  // component a lane (cuda/include/cuzk/cuda/fq2_pair.cuh; H200: G2 MSM −17 % at 2^20, −28 %
  // at 2^24, docs/experiments/PERF.md "G2 on lane pairs"), or 1, the whole Fq2 on one thread.
  unsigned msm_g2_lanes = 2;

  // name -> value as text, as run_start records them.
  std::vector<std::pair<std::string, std::string>> settings() const {
    auto bits = [](unsigned b) { return b ? std::to_string(b) : std::string("auto"); };
    return {{"ntt_kernel", ntt_kernel},
            {"msm_window_g1_bits", bits(msm_window_bits_g1)},
            {"msm_window_g2_bits", bits(msm_window_bits_g2)},
            {"g2_overlap", g2_overlap ? "on" : "off"},
            {"msm_profile", msm_profile ? "on" : "off"},
            {"msm_table_h_bits", msm_table_h_bits ? std::to_string(msm_table_h_bits) : std::string("off")},
            {"msm_g2_lanes", std::to_string(msm_g2_lanes)}};
  }
};

// The command line's values, unset where the flag was not given.
struct CudaOptionFlags {
  std::optional<std::string> ntt_kernel, msm_window_g1, msm_window_g2, g2_overlap, msm_profile, msm_table_h,
      msm_g2_lanes;
};

namespace options_detail {
inline std::string shown(std::string_view v) {  // a value quoted on one line (util/text_escape.hpp)
  EscapeOptions how;
  how.quoted = true;
  how.max_chars = 64;
  std::string s = "\"";  // appended: "literal" + std::string&& draws GCC 12's -Wrestrict (GCC bug 105651)
  s += escape_text(v, how);
  return s + "\"";
}

// The flag's value, else the environment's (non-empty), else nullopt; `where` names the source.
inline std::optional<std::string> pick(const std::optional<std::string>& flag, const char* flag_name, const char* env,
                                       const std::function<const char*(const char*)>& getenv, std::string& where) {
  if (flag) {
    where = flag_name;
    return flag;
  }
  const char* e = getenv ? getenv(env) : nullptr;
  if (!e || !*e) return std::nullopt;
  where = std::string(env) + " (environment)";
  return std::string(e);
}

[[noreturn]] inline void bad(const std::string& where, const std::string& v, const std::string& want) {
  throw Error(Error::Kind::BadInput, where + ": " + shown(v) + " is not " + want);
}

inline bool on_off(const std::string& v, const std::string& where) {
  if (v == "on" || v == "1") return true;
  if (v == "off" || v == "0") return false;
  bad(where, v, "on or off (1 or 0)");
}

// `word` (→ 0) or a plain decimal number of bits in [lo, hi]; anything else is `want`.
inline unsigned bits_or(const std::string& v, const std::string& where, const char* word, unsigned lo, unsigned hi,
                        const std::string& want) {
  if (v == word) return 0;
  unsigned b = 0;
  auto r = std::from_chars(v.data(), v.data() + v.size(), b);
  if (v.empty() || !std::isdigit(static_cast<unsigned char>(v[0])) || r.ec != std::errc() ||
      r.ptr != v.data() + v.size() || b < lo || b > hi)
    bad(where, v, want);
  return b;
}
inline unsigned window(const std::string& v, const std::string& where) {
  return bits_or(v, where, "auto", kMsmWindowMinBits, kMsmWindowMaxBits, "auto or a window width in bits from 4 to 22");
}
inline unsigned table_bits(const std::string& v, const std::string& where) {
  if (v == "0") return 0;
  return bits_or(v, where, "off", kMsmTableMinBits, kMsmTableMaxBits, "off or a table width in bits from 8 to 26");
}
}  // namespace options_detail

// The one parser: flags first, then `getenv` (std::getenv in the CLI and bench_cuda; tests
// pass their own), then the defaults. Throws cuzk::Error(BadInput), one line, on a bad value.
// `extra_ntt_kernels`: names accepted beyond kNttKernels (bench_cuda's variants).
inline CudaOptions parse_cuda_options(const CudaOptionFlags& f, const std::function<const char*(const char*)>& getenv,
                                      const std::vector<std::string>& extra_ntt_kernels = {}) {
  using namespace options_detail;
  CudaOptions o;
  std::string where;
  if (auto v = pick(f.ntt_kernel, "--ntt-kernel", "CUZK_NTT_KERNEL", getenv, where)) {
    std::string names;
    bool ok = false;
    for (const char* k : kNttKernels) ok |= *v == k, names += std::string(names.empty() ? "" : ", ") + k;
    for (const auto& k : extra_ntt_kernels) ok |= *v == k, names += ", " + k;
    if (!ok) bad(where, *v, "one of " + names);
    o.ntt_kernel = *v;
  }
  if (auto v = pick(f.msm_window_g1, "--msm-window-g1", "CUZK_MSM_WINDOW_G1", getenv, where))
    o.msm_window_bits_g1 = window(*v, where);
  if (auto v = pick(f.msm_window_g2, "--msm-window-g2", "CUZK_MSM_WINDOW_G2", getenv, where))
    o.msm_window_bits_g2 = window(*v, where);
  if (auto v = pick(f.g2_overlap, "--g2-overlap", "CUZK_G2_OVERLAP", getenv, where)) o.g2_overlap = on_off(*v, where);
  if (auto v = pick(f.msm_profile, "--msm-profile", "CUZK_MSM_PROFILE", getenv, where)) o.msm_profile = on_off(*v, where);
  if (auto v = pick(f.msm_table_h, "--msm-table-h", "CUZK_MSM_TABLE_H", getenv, where))
    o.msm_table_h_bits = table_bits(*v, where);
  if (auto v = pick(f.msm_g2_lanes, "--msm-g2-lanes", "CUZK_MSM_G2_LANES", getenv, where)) {
    if (*v != "1" && *v != "2") bad(where, *v, "1 or 2");
    o.msm_g2_lanes = unsigned((*v)[0] - '0');
  }
  return o;
}

}  // namespace cuzk::cuda
