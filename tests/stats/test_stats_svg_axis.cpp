// The report's axis helper: round ticks, the unit picked for the range, labels, degenerate ranges.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "svg_axis.hpp"

using cuzk::stats::svg::nice_scale;

namespace {
std::vector<std::string> labels(const cuzk::stats::svg::Scale& s) {
  std::vector<std::string> v;
  for (double t : s.ticks) v.push_back(s.label(t));
  return v;
}
}  // namespace

TEST_CASE("nice ticks: round steps covering the range, in the unit picked for it") {
  auto s = nice_scale(0, 6.995, 10, "s");
  CHECK(s.unit.name == "s");
  CHECK(labels(s) == std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6", "7"});
  CHECK(s.lo == 0);
  CHECK(s.hi == doctest::Approx(7));

  s = nice_scale(0, 6.504 * (1ull << 30), 5, "bytes");
  CHECK(s.unit.name == "GiB");
  CHECK(labels(s) == std::vector<std::string>{"0", "2", "4", "6", "8"});

  s = nice_scale(0.45, 0.70, 5, "s");  // 450..700 ms, about 5 ticks: steps of 50
  CHECK(s.unit.name == "ms");
  CHECK(labels(s) == std::vector<std::string>{"450", "500", "550", "600", "650", "700"});

  s = nice_scale(0, 2.5e-4, 5, "s");
  CHECK(s.unit.name == "µs");
  CHECK(labels(s).back() == "250");
}

TEST_CASE("nice ticks: counts are integers; equal values get a readable range") {
  auto s = nice_scale(0, 3, 5, "", true);
  CHECK(labels(s) == std::vector<std::string>{"0", "1", "2", "3"});
  s = nice_scale(0, 0, 4, "", true);
  CHECK(labels(s) == std::vector<std::string>{"0", "1"});
  s = nice_scale(0.2, 0.2, 4, "s");  // all spans 200 ms
  CHECK(s.unit.name == "ms");
  CHECK(labels(s) == std::vector<std::string>{"195.0", "197.5", "200.0", "202.5", "205.0"});
  s = nice_scale(0, 0, 10, "s");  // an empty run: 0..1 s, never a division by zero
  CHECK(s.hi > s.lo);
  CHECK(s.at(0.5, 0, 100) == doctest::Approx(50 / s.hi));
}
