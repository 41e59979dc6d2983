// cuzk::cuda::parse_cuda_options (cuda/include/cuzk/cuda/options.hpp): the CUDA backend's
// settings from flags, then the environment, then defaults; a bad value is one line naming
// the flag or variable (BadInput: exit 2). Plain C++: runs in builds without CUDA.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "cuzk/cuda/options.hpp"

using namespace cuzk::cuda;

namespace {
struct Env {
  std::map<std::string, std::string> vars;
  std::function<const char*(const char*)> fn() const {
    return [this](const char* n) -> const char* {
      auto it = vars.find(n);
      return it == vars.end() ? nullptr : it->second.c_str();
    };
  }
};

// The message of the BadInput error the parse throws ("" when it does not throw).
std::string error_of(const CudaOptionFlags& f, const Env& env) {
  try {
    parse_cuda_options(f, env.fn());
  } catch (const cuzk::Error& e) {
    CHECK(e.kind() == cuzk::Error::Kind::BadInput);
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("defaults without flags or environment") {
  const CudaOptions o = parse_cuda_options({}, Env{}.fn());
  CHECK(o.msm_window_bits_g1 == 0);
  CHECK(o.msm_window_bits_g2 == 0);
  CHECK(o.msm_table_h_bits == 0);
  const auto s = o.settings();
  REQUIRE(s.size() == 3);
  CHECK(s[0] == std::pair<std::string, std::string>{"msm_window_g1_bits", "auto"});
  CHECK(s[1] == std::pair<std::string, std::string>{"msm_window_g2_bits", "auto"});
  CHECK(s[2] == std::pair<std::string, std::string>{"msm_table_h_bits", "off"});
}

TEST_CASE("the lab's variables are not the product's settings: ignored") {
  // the NTT kernel, G2's lanes, MSM profiling and G2 after G1 left the product (cuda/bench)
  Env env{{{"CUZK_NTT_KERNEL", "bogus"},
           {"CUZK_MSM_G2_LANES", "9"},
           {"CUZK_MSM_PROFILE", "x"},
           {"CUZK_G2_OVERLAP", "?"}}};
  CHECK(error_of({}, env) == "");
  CHECK(parse_cuda_options({}, env.fn()).settings() == parse_cuda_options({}, Env{}.fn()).settings());
}

TEST_CASE("--msm-table-h / CUZK_MSM_TABLE_H: off or 8..26 bits") {
  Env env{{{"CUZK_MSM_TABLE_H", "22"}}};
  CHECK(parse_cuda_options({}, env.fn()).msm_table_h_bits == 22);
  CHECK(parse_cuda_options({}, env.fn()).settings()[2].second == "22");
  CudaOptionFlags f;
  f.msm_table_h = "off";  // the flag beats the environment
  CHECK(parse_cuda_options(f, env.fn()).msm_table_h_bits == 0);
  for (const char* v : {"8", "26", "0"}) {
    f.msm_table_h = v;
    CHECK(parse_cuda_options(f, Env{}.fn()).msm_table_h_bits == unsigned(std::stoul(v)));
  }
  for (const char* v : {"7", "27", "auto", "on", "-22", "22 ", "0x16", "99999999999999999999", ""}) {
    CAPTURE(v);
    f.msm_table_h = v;
    CHECK(error_of(f, {}) == std::string("--msm-table-h: \"") + v + "\" is not off or a table width in bits from 8 to 26");
  }
  Env bad{{{"CUZK_MSM_TABLE_H", "big"}}};
  CHECK(error_of({}, bad) == "CUZK_MSM_TABLE_H (environment): \"big\" is not off or a table width in bits from 8 to 26");
}

TEST_CASE("the environment is the fallback; an empty value is unset") {
  Env env{{{"CUZK_MSM_WINDOW_G1", "16"}, {"CUZK_MSM_WINDOW_G2", ""}, {"CUZK_MSM_TABLE_H", "20"}}};
  const CudaOptions o = parse_cuda_options({}, env.fn());
  CHECK(o.msm_window_bits_g1 == 16);
  CHECK(o.msm_window_bits_g2 == 0);
  CHECK(o.msm_table_h_bits == 20);
  CHECK(o.settings()[0].second == "16");
  CHECK(o.settings()[1].second == "auto");
}

TEST_CASE("a flag beats the environment, even a bad environment value") {
  Env env{{{"CUZK_MSM_WINDOW_G1", "bogus"}, {"CUZK_MSM_WINDOW_G2", "99"}, {"CUZK_MSM_TABLE_H", "maybe"}}};
  CudaOptionFlags f;
  f.msm_window_g1 = "12";
  f.msm_window_g2 = "auto";
  f.msm_table_h = "off";
  const CudaOptions o = parse_cuda_options(f, env.fn());
  CHECK(o.msm_window_bits_g1 == 12);
  CHECK(o.msm_window_bits_g2 == 0);
  CHECK(o.msm_table_h_bits == 0);
}

TEST_CASE("a bad value is one line naming the flag or the variable") {
  Env env{{{"CUZK_MSM_WINDOW_G1", "3"}}};
  CHECK(error_of({}, env) ==
        "CUZK_MSM_WINDOW_G1 (environment): \"3\" is not auto or a window width in bits from 4 to 22");
  for (const char* v : {"23", "-5", "+5", " 5", "5 ", "16x", "0x10", "99999999999999999999"}) {
    CAPTURE(v);
    CudaOptionFlags w;
    w.msm_window_g2 = v;
    CHECK(error_of(w, {}).rfind("--msm-window-g2: ", 0) == 0);
  }
  CudaOptionFlags w;
  w.msm_window_g1 = "22";
  CHECK(parse_cuda_options(w, Env{}.fn()).msm_window_bits_g1 == 22);
  w.msm_window_g1 = "4";
  CHECK(parse_cuda_options(w, Env{}.fn()).msm_window_bits_g1 == 4);

  CudaOptionFlags nl;
  nl.msm_window_g1 = "a\nb";
  const std::string m = error_of(nl, {});
  CHECK(m.find('\n') == std::string::npos);
  CHECK(m.rfind("--msm-window-g1: \"a\\nb\" is not", 0) == 0);
  CudaOptionFlags empty;
  empty.msm_window_g1 = "";  // given on the command line as "": not unset
  CHECK(error_of(empty, {}).rfind("--msm-window-g1: \"\" is not", 0) == 0);
}
