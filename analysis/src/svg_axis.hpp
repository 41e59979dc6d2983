#pragma once
// The one axis helper every plot of the HTML report uses: round ("nice") ticks, a unit chosen for
// the range, labelled axes with grid lines. Internal to cuzk_analysis (not installed).
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::stats::svg {

// A coordinate for an SVG attribute: never inf or nan (a value that is not finite is drawn at 0).
std::string fmt(double v);
std::string escape(std::string_view s);  // text for HTML/SVG content and attributes

// The unit tick labels use for a range ending at `hi`: values are divided by `div` and the axis
// title names `name` ("s", "ms", "µs" for unit "s"; "B", "KiB", "MiB", "GiB" for "bytes"; "" else).
struct Unit {
  double div = 1;
  std::string name;
};
Unit axis_unit(double hi, std::string_view unit);

// Round ticks covering [lo, hi]: steps of 1, 2, 2.5 or 5 x 10^k (in the unit), about `target` of
// them; lo and hi are widened to multiples of the step. `integer` keeps steps >= 1 (counts).
struct Scale {
  double lo = 0, hi = 1, step = 1;  // in data units
  Unit unit;
  std::vector<double> ticks;
  double at(double v, double a, double b) const { return a + (v - lo) / (hi - lo) * (b - a); }  // v -> [a, b]
  std::string label(double v) const;  // "2.5" in the scale's unit, decimals from the step
};
Scale nice_scale(double lo, double hi, int target, std::string_view unit, bool integer = false);

// Axes with ticks, grid lines and a title, for the plot area x0..x1 (left to right), y0..y1 (top to bottom).
struct Area {
  double x0, y0, x1, y1;
};
std::string x_axis(const Scale& s, const Area& a, const std::string& title, bool grid = true);
std::string y_axis(const Scale& s, const Area& a, const std::string& title, bool grid = true, bool right = false);
// "title (unit)" or "title" when the unit is empty.
std::string titled(const std::string& title, const Unit& u);

}  // namespace cuzk::stats::svg
