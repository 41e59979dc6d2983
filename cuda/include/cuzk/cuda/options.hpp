#pragma once
// The CUDA backend's settings, all in one struct, and the one function that reads them from
// the command line's values with the environment as a fallback (flag > environment >
// default). Plain C++ with no CUDA include: cuzk-prove parses and validates these in every
// build, a build without the CUDA backend included. The backend, its contexts and the
// kernels read them from here (Context::options()); nothing below the CLI reads the
// environment. run_start records settings() per GPU (docs/events.md).
//
//   flag              environment          value
//   --msm-window-g1   CUZK_MSM_WINDOW_G1   auto | 4..22 (bits)
//   --msm-window-g2   CUZK_MSM_WINDOW_G2   auto | 4..22 (bits)
//   --msm-table-h     CUZK_MSM_TABLE_H     off | 8..26 (bits): H's MSM over a window table
// Each is there because a user has a reason to set it (docs/batch.md "CUDA backend
// settings"): the window cost model was fitted on H100/H200 (132 SMs), so another GPU may
// want other widths; the table trades GPU memory for a faster H on long batches. The
// kernels and modes that lost to the product's are the lab's (cuda/bench, -DCUZK_LAB=ON).
// An empty environment value counts as unset; every other bad value is one line naming the
// flag or variable (cuzk::Error BadInput: exit 2).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cuzk/util/error.hpp"
#include "cuzk/util/parse_text.hpp"
#include "cuzk/util/text_escape.hpp"

namespace cuzk::cuda {

inline constexpr unsigned kMsmWindowMinBits = 4, kMsmWindowMaxBits = 22;
inline constexpr unsigned kMsmTableMinBits = 8, kMsmTableMaxBits = 26;  // WindowTable's range

struct CudaOptions {
  unsigned msm_window_bits_g1 = 0;  // G1 MSM window width in bits (4..22); 0 = the cost model's choice per size
  unsigned msm_window_bits_g2 = 0;  // G2 likewise
  // H's MSM over a window table of this width in bits (8..26; 0 = off), built on the device
  // once per resident key after its points are up (⌈256/c⌉·n·96 B of GPU memory: 19.3 GB at
  // n = 2^24, c = 22); partitions use the plain MSM until it is ready, and a key whose table
  // does not fit the free GPU memory keeps the plain one. Pays on long batches only (the
  // build slows the partitions beside it; docs/batch.md).
  unsigned msm_table_h_bits = 0;

  // name -> value as text, as run_start records them.
  std::vector<std::pair<std::string, std::string>> settings() const {
    auto bits = [](unsigned b) { return b ? std::to_string(b) : std::string("auto"); };
    return {{"msm_window_g1_bits", bits(msm_window_bits_g1)},
            {"msm_window_g2_bits", bits(msm_window_bits_g2)},
            {"msm_table_h_bits", msm_table_h_bits ? std::to_string(msm_table_h_bits) : std::string("off")}};
  }
};

// The command line's values, unset where the flag was not given.
struct CudaOptionFlags {
  std::optional<std::string> msm_window_g1, msm_window_g2, msm_table_h;
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

// `word` (→ 0) or a plain decimal number of bits in [lo, hi]; anything else is `want`.
inline unsigned bits_or(const std::string& v, const std::string& where, const char* word, unsigned lo, unsigned hi,
                        const std::string& want) {
  if (v == word) return 0;
  const auto b = parse_decimal(v);
  if (!b || *b < lo || *b > hi) bad(where, v, want);
  return unsigned(*b);
}
inline unsigned window(const std::string& v, const std::string& where) {
  return bits_or(v, where, "auto", kMsmWindowMinBits, kMsmWindowMaxBits, "auto or a window width in bits from 4 to 22");
}
inline unsigned table_bits(const std::string& v, const std::string& where) {
  if (v == "0") return 0;
  return bits_or(v, where, "off", kMsmTableMinBits, kMsmTableMaxBits, "off or a table width in bits from 8 to 26");
}
}  // namespace options_detail

// The one parser: flags first, then `getenv` (std::getenv in the CLI; tests pass their
// own), then the defaults. Throws cuzk::Error(BadInput), one line, on a bad value.
inline CudaOptions parse_cuda_options(const CudaOptionFlags& f, const std::function<const char*(const char*)>& getenv) {
  using namespace options_detail;
  CudaOptions o;
  std::string where;
  if (auto v = pick(f.msm_window_g1, "--msm-window-g1", "CUZK_MSM_WINDOW_G1", getenv, where))
    o.msm_window_bits_g1 = window(*v, where);
  if (auto v = pick(f.msm_window_g2, "--msm-window-g2", "CUZK_MSM_WINDOW_G2", getenv, where))
    o.msm_window_bits_g2 = window(*v, where);
  if (auto v = pick(f.msm_table_h, "--msm-table-h", "CUZK_MSM_TABLE_H", getenv, where))
    o.msm_table_h_bits = table_bits(*v, where);
  return o;
}

}  // namespace cuzk::cuda
