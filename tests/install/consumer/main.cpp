// A program built against an installed cuzk (tests/install): a field product and a pairing
// check from cuzk::core, a median and an error from cuzk::stats. Prints one line per check
// and exits 1 on any mismatch.
#include <cstdio>
#include <string>
#include <vector>

#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/mont_io.hpp"
#include "cuzk/pairing/bls12_381_pairing.hpp"
#include "cuzk/stats/descriptive.hpp"
#include "cuzk/util/error.hpp"

int main() {
  using namespace cuzk::bls12_381;
  int bad = 0;
  auto check = [&](bool ok, const char* what, const std::string& got) {
    std::printf("%s %s: %s\n", ok ? "ok" : "FAIL", what, got.c_str());
    bad += !ok;
  };

  // Fr: 12345678901 * 98765432109 = 1219326311336229232209 (below r, no reduction).
  const Fr p = Fr::from_u64(12345678901ull) * Fr::from_u64(98765432109ull);
  check(p.to_decimal() == "1219326311336229232209", "Fr product", p.to_decimal());

  // Bilinearity through the library's compiled pairing: e(2 g1, g2) == e(g1, 2 g2).
  const G1Affine g1 = G1Affine::generator();
  const G2Affine g2 = G2Affine::generator();
  const bool bilinear = pairing(G1::generator().dbl().to_affine(), g2) == pairing(g1, G2::generator().dbl().to_affine());
  check(bilinear, "pairing", bilinear ? "e(2P,Q) == e(P,2Q)" : "e(2P,Q) != e(P,2Q)");

  // cuzk::stats: the median of 1..4 (R-7 linear interpolation), and its error type.
  const std::vector<double> xs{1, 2, 3, 4};
  const double med = cuzk::stats::percentile_sorted(xs, 0.5, cuzk::stats::PercentileMethod::Linear);
  check(med == 2.5, "median", std::to_string(med));
  std::string msg = "no error";
  try {
    cuzk::stats::parse_percentile_method("bogus");
  } catch (const cuzk::Error& e) {
    msg = e.what();
  }
  check(msg != "no error", "stats error", msg);
  return bad ? 1 : 0;
}
