#include "svg_axis.hpp"

#include <algorithm>
#include <cmath>

#include "cuzk/stats/table.hpp"

namespace cuzk::stats::svg {

std::string fmt(double v) { return std::isfinite(v) ? printf_string("%.2f", v) : std::string("0"); }

std::string escape(std::string_view s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

Unit axis_unit(double hi, std::string_view unit) {
  const double a = std::isfinite(hi) ? std::fabs(hi) : 0;
  if (unit == "s") {
    if (a >= 1 || a == 0) return {1, "s"};
    if (a >= 1e-3) return {1e-3, "ms"};
    return {1e-6, "µs"};
  }
  if (unit == "bytes") {
    if (a >= double(1ull << 30)) return {double(1ull << 30), "GiB"};
    if (a >= double(1ull << 20)) return {double(1ull << 20), "MiB"};
    if (a >= 1024) return {1024, "KiB"};
    return {1, "B"};
  }
  return {1, std::string(unit)};
}

Scale nice_scale(double lo, double hi, int target, std::string_view unit, bool integer) {
  if (!std::isfinite(lo)) lo = 0;
  if (!std::isfinite(hi)) hi = lo;
  if (hi < lo) std::swap(lo, hi);
  Scale s;
  s.unit = axis_unit(std::max(std::fabs(lo), std::fabs(hi)), unit);
  double l = lo / s.unit.div, h = hi / s.unit.div;
  // A range narrower than 5 % of its magnitude (all values equal, or nearly) is widened around
  // its centre, so the ticks stay readable ("195, 197.5, ... 205", not "200, 200, 200").
  const double min_span = integer ? 1 : std::max(std::fabs(l), std::fabs(h)) > 0 ? 0.05 * std::max(std::fabs(l), std::fabs(h)) : 1;
  if (h - l < min_span) {
    const double c = (l + h) / 2;
    l = (lo >= 0 && c - min_span / 2 < 0) ? 0 : c - min_span / 2;
    h = l + min_span;
  }
  const double raw = (h - l) / std::max(1, target);
  const double mag = std::pow(10, std::floor(std::log10(raw)));
  double step = 10 * mag;
  for (double m : {1.0, 2.0, 2.5, 5.0})
    if (m * mag >= raw * (1 - 1e-9)) {
      step = m * mag;
      break;
    }
  if (integer) step = std::max(1.0, std::round(step));
  const double a = std::floor(l / step + 1e-9) * step, b = std::ceil(h / step - 1e-9) * step;
  s.lo = a * s.unit.div;
  s.hi = b * s.unit.div;
  s.step = step * s.unit.div;
  for (double v = a; v <= b + step * 1e-6; v += step) s.ticks.push_back((std::fabs(v) < step * 1e-9 ? 0 : v) * s.unit.div);
  return s;
}

std::string Scale::label(double v) const {
  const double st = step / unit.div;
  int d = 0;
  while (d < 6 && std::fabs(std::round(st * std::pow(10, d)) - st * std::pow(10, d)) > 1e-6 * std::pow(10, d)) ++d;
  return printf_string("%.*f", d, v / unit.div);
}

std::string titled(const std::string& title, const Unit& u) {
  return u.name.empty() ? title : title + " (" + u.name + ")";
}

std::string x_axis(const Scale& s, const Area& a, const std::string& title, bool grid) {
  std::string o = printf_string("<g class=\"axis\"><line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" class=\"dom\"/>", fmt(a.x0).c_str(),
                                fmt(a.y1).c_str(), fmt(a.x1).c_str(), fmt(a.y1).c_str());
  for (double t : s.ticks) {
    const std::string x = fmt(s.at(t, a.x0, a.x1));
    if (grid) o += "<line x1=\"" + x + "\" y1=\"" + fmt(a.y0) + "\" x2=\"" + x + "\" y2=\"" + fmt(a.y1) + "\" class=\"grid\"/>";
    o += "<line x1=\"" + x + "\" y1=\"" + fmt(a.y1) + "\" x2=\"" + x + "\" y2=\"" + fmt(a.y1 + 4) + "\" class=\"dom\"/>";
    o += "<text x=\"" + x + "\" y=\"" + fmt(a.y1 + 15) + "\" class=\"tick\" text-anchor=\"middle\">" + s.label(t) + "</text>";
  }
  o += "<text x=\"" + fmt((a.x0 + a.x1) / 2) + "\" y=\"" + fmt(a.y1 + 31) + "\" class=\"title\" text-anchor=\"middle\">" +
       escape(titled(title, s.unit)) + "</text></g>";
  return o;
}

std::string y_axis(const Scale& s, const Area& a, const std::string& title, bool grid, bool right) {
  const double x = right ? a.x1 : a.x0, dir = right ? 1 : -1;
  std::string o = printf_string("<g class=\"axis\"><line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" class=\"dom\"/>", fmt(x).c_str(),
                                fmt(a.y0).c_str(), fmt(x).c_str(), fmt(a.y1).c_str());
  double widest = 0;
  for (double t : s.ticks) {
    const std::string y = fmt(s.at(t, a.y1, a.y0)), l = s.label(t);
    widest = std::max(widest, double(l.size()));
    if (grid) o += "<line x1=\"" + fmt(a.x0) + "\" y1=\"" + y + "\" x2=\"" + fmt(a.x1) + "\" y2=\"" + y + "\" class=\"grid\"/>";
    o += "<line x1=\"" + fmt(x) + "\" y1=\"" + y + "\" x2=\"" + fmt(x + 4 * dir) + "\" y2=\"" + y + "\" class=\"dom\"/>";
    o += "<text x=\"" + fmt(x + 7 * dir) + "\" y=\"" + fmt(s.at(t, a.y1, a.y0) + 3.5) + "\" class=\"tick\" text-anchor=\"" +
         (right ? "start" : "end") + "\">" + l + "</text>";
  }
  const double tx = x + dir * (14 + widest * 6.2), ty = (a.y0 + a.y1) / 2;
  o += "<text transform=\"translate(" + fmt(tx) + "," + fmt(ty) + ") rotate(" + (right ? "90" : "-90") +
       ")\" class=\"title\" text-anchor=\"middle\">" + escape(titled(title, s.unit)) + "</text></g>";
  return o;
}

}  // namespace cuzk::stats::svg
