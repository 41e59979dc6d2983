#include "cuzk/stats/baseline.hpp"

#include <filesystem>
#include <fstream>

#include "cuzk/stats/json_field.hpp"
#include "cuzk/stats/stdin_input.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/input_file.hpp"

namespace cuzk::stats {

namespace fs = std::filesystem;

namespace {

nlohmann::json prov_json(const Provenance& p) {
  nlohmann::json j{{"schema", p.schema}, {"version", p.version}, {"git", p.git}, {"host", p.host},
                   {"cpus", p.cpus},     {"gpus", p.gpus},       {"config", p.config}, {"argv", p.argv}};
  if (!p.curves.empty()) j["curves"] = p.curves;  // runs from before BN254 have none
  return j;
}

Provenance prov_from(const nlohmann::json& j, const std::string& where) {
  Provenance p;
  jf::object(j, where);
  const long long schema = jf::opt_integer(j, "schema", where).value_or(0);
  p.schema = schema >= 0 && schema < 1000000 ? int(schema) : 0;
  p.version = jf::opt_string(j, "version", where).value_or("");
  p.git = jf::opt_string(j, "git", where).value_or("");
  p.host = jf::opt_string(j, "host", where).value_or("");
  const long long cpus = jf::opt_integer(j, "cpus", where).value_or(0);
  p.cpus = cpus > 0 && cpus < (1 << 30) ? int(cpus) : 0;
  if (const auto* g = jf::opt_array(j, "gpus", where)) {
    std::size_t i = 0;
    for (const auto& x : *g) p.gpus.push_back(jf::as_string(x, where + ".gpus[" + std::to_string(i++) + "]"));
  }
  if (const auto* cv = jf::opt_array(j, "curves", where)) {
    std::size_t i = 0;
    for (const auto& x : *cv) p.curves.push_back(jf::as_string(x, where + ".curves[" + std::to_string(i++) + "]"));
  }
  if (const auto* c = jf::opt_object(j, "config", where)) p.config = *c;
  if (const auto* a = jf::opt_array(j, "argv", where)) p.argv = *a;  // absent in baselines saved before it was kept
  return p;
}

}  // namespace

std::string save_baseline(const std::string& dir, const std::string& name, const std::vector<std::string>& runs,
                          const SummaryOptions& opt) {
  if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
    throw Error(Error::Kind::BadInput, "baseline name '" + name + "' must be a plain folder name");
  nlohmann::json doc = {{"schema", kBaselineSchema}, {"name", name}, {"runs", nlohmann::json::array()}};
  doc["percentile"] = std::string(to_string(opt.method));
  for (const auto& path : runs) {
    const MetricSet m = load_metrics(path, opt);
    nlohmann::json r = {{"source", path}, {"metrics", nlohmann::json::object()}};
    if (!m.provenance.empty()) r["provenance"] = prov_json(m.provenance.front());
    r["kind"] = m.within_file ? "samples" : "run";
    r["metrics"] = nlohmann::json::array();  // an array keeps the metrics in their report order
    for (const auto& mt : m.metrics) {
      r["metrics"].push_back({{"name", mt.name}, {"unit", mt.unit},
                              {"better", mt.better == Better::Lower ? "lower" : "higher"}, {"values", mt.samples}});
      if (!mt.group.empty()) r["metrics"].back()["group"] = mt.group;  // benchmarks: for the geomean rows
    }
    doc["runs"].push_back(std::move(r));
  }
  const fs::path folder = fs::path(dir) / name;
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw Error(Error::Kind::Io, folder.string(), "cannot create: " + ec.message());
  const fs::path target = folder / "baseline.json", tmp = folder / "baseline.json.tmp";
  {
    std::ofstream f(tmp);
    if (!f) throw Error(Error::Kind::Io, tmp.string(), "cannot write");
    f << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    if (!f) throw Error(Error::Kind::Io, tmp.string(), "write failed");
  }
  fs::rename(tmp, target, ec);
  if (ec) throw Error(Error::Kind::Io, target.string(), "cannot rename into place: " + ec.message());
  return target.string();
}

Baseline load_baseline(const std::string& path) {
  Baseline b;
  std::error_code ec;
  b.path = fs::is_directory(path, ec) ? (fs::path(path) / "baseline.json").string() : path;
  const std::string text = read_input(b.path);
  if (text.empty()) throw Error(Error::Kind::BadInput, b.path, "is empty");
  b.doc = jf::parse(text, b.path);
  const std::string& P = b.path;
  if (!b.doc.is_object() || jf::opt_integer(b.doc, "schema", P).value_or(0) != kBaselineSchema)
    throw Error(Error::Kind::BadInput, P, "not a cuzk-stats baseline (schema 1)");
  b.name = jf::opt_string(b.doc, "name", P, jf::Null::Wrong).value_or("");
  jf::opt_string(b.doc, "percentile", P, jf::Null::Wrong);
  std::size_t i = 0;
  for (const auto& r : jf::array(b.doc, "runs", P)) {
    const std::string w = P + ": runs[" + std::to_string(i++) + "]";
    jf::object(r, w);
    const std::string kind = jf::opt_string(r, "kind", w, jf::Null::Wrong).value_or("run");
    if (kind == "run") ++b.metrics.runs;
    else if (kind == "samples") b.metrics.within_file = true;
    else throw Error(Error::Kind::BadInput, w, "field 'kind' is '" + kind + "', expected 'run' or 'samples'");
    b.metrics.sources.push_back(P + ":" + jf::opt_string(r, "source", w, jf::Null::Wrong).value_or("?"));
    BaselineRun br{b.metrics.sources.back().substr(P.size() + 1), kind, {}, 0};
    if (const auto* p = jf::opt_object(r, "provenance", w, jf::Null::Wrong)) {
      br.provenance = prov_from(*p, w + ".provenance");
      b.metrics.provenance.push_back(*br.provenance);
    }
    br.metrics = jf::array(r, "metrics", w).size();
    b.runs.push_back(std::move(br));
    std::size_t k = 0;
    for (const auto& v : jf::array(r, "metrics", w)) {
      const std::string wm = w + ".metrics[" + std::to_string(k++) + "]";
      jf::object(v, wm);
      const std::string better = jf::opt_string(v, "better", wm, jf::Null::Wrong).value_or("lower");
      if (better != "lower" && better != "higher")
        throw Error(Error::Kind::BadInput, wm, "field 'better' is '" + better + "', expected 'lower' or 'higher'");
      const std::string name = jf::string(v, "name", wm);
      const std::string unit = jf::opt_string(v, "unit", wm, jf::Null::Wrong).value_or("");
      const std::string group = jf::opt_string(v, "group", wm, jf::Null::Wrong).value_or("");
      std::size_t x = 0;
      for (const auto& val : jf::array(v, "values", wm))
        b.metrics.add(name, unit, better == "higher" ? Better::Higher : Better::Lower,
                      jf::as_number(val, wm + ".values[" + std::to_string(x++) + "]"), group);
    }
  }
  return b;
}

}  // namespace cuzk::stats
