#include "cuzk/stats/baseline.hpp"

#include <filesystem>
#include <fstream>
#include <set>

#include "cuzk/util/error.hpp"

namespace cuzk::stats {

namespace fs = std::filesystem;

namespace {

nlohmann::json prov_json(const Provenance& p) {
  return {{"schema", p.schema}, {"version", p.version}, {"git", p.git}, {"host", p.host},
          {"cpus", p.cpus},     {"gpus", p.gpus},       {"config", p.config}};
}

Provenance prov_from(const nlohmann::json& j) {
  Provenance p;
  p.schema = j.value("schema", 0);
  p.version = j.value("version", std::string());
  p.git = j.value("git", std::string());
  p.host = j.value("host", std::string());
  p.cpus = j.value("cpus", 0);
  if (j.contains("gpus") && j["gpus"].is_array())
    for (const auto& g : j["gpus"]) p.gpus.push_back(g.is_string() ? g.get<std::string>() : "?");
  if (j.contains("config") && j["config"].is_object()) p.config = j["config"];
  return p;
}

// Config keys that differ between invocations without changing what is measured.
const std::set<std::string> kVolatileConfig{"out", "events", "resume", "seed", "progress", "verify"};

nlohmann::json stable_config(const nlohmann::json& c) {
  nlohmann::json o = nlohmann::json::object();
  for (auto it = c.begin(); it != c.end(); ++it)
    if (!kVolatileConfig.count(it.key())) o[it.key()] = it.value();
  return o;
}

std::string join(const std::set<std::string>& s) {
  std::string o;
  for (const auto& x : s) o += (o.empty() ? "" : ", ") + x;
  return o;
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
    for (const auto& mt : m.metrics)
      r["metrics"].push_back({{"name", mt.name}, {"unit", mt.unit},
                              {"better", mt.better == Better::Lower ? "lower" : "higher"}, {"values", mt.samples}});
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
    f << doc.dump(2) << "\n";
    if (!f) throw Error(Error::Kind::Io, tmp.string(), "write failed");
  }
  fs::rename(tmp, target, ec);
  if (ec) throw Error(Error::Kind::Io, target.string(), "cannot rename into place: " + ec.message());
  return target.string();
}

Baseline load_baseline(const std::string& path) {
  Baseline b;
  b.path = fs::is_directory(path) ? (fs::path(path) / "baseline.json").string() : path;
  std::ifstream f(b.path);
  if (!f) throw Error(Error::Kind::Io, b.path, "cannot open baseline");
  try {
    b.doc = nlohmann::json::parse(f);
  } catch (const nlohmann::json::exception& e) {
    throw Error(Error::Kind::BadInput, b.path, std::string("not JSON: ") + e.what());
  }
  if (!b.doc.is_object() || b.doc.value("schema", 0) != kBaselineSchema || !b.doc.contains("runs") ||
      !b.doc["runs"].is_array())
    throw Error(Error::Kind::BadInput, b.path, "not a cuzk-stats baseline (schema 1)");
  b.name = b.doc.value("name", std::string());
  try {
    for (const auto& r : b.doc["runs"]) {
      if (r.value("kind", std::string("run")) == "run") ++b.metrics.runs;
      else b.metrics.within_file = true;
      b.metrics.sources.push_back(b.path + ":" + r.value("source", std::string("?")));
      if (r.contains("provenance")) b.metrics.provenance.push_back(prov_from(r["provenance"]));
      for (const auto& v : r.at("metrics")) {
        const Better better = v.value("better", std::string("lower")) == "higher" ? Better::Higher : Better::Lower;
        const std::string name = v.at("name").get<std::string>();
        for (const auto& x : v.at("values")) b.metrics.add(name, v.value("unit", std::string()), better, x.get<double>());
      }
    }
  } catch (const nlohmann::json::exception& e) {
    throw Error(Error::Kind::BadInput, b.path, std::string("malformed baseline: ") + e.what());
  }
  return b;
}

std::vector<std::string> provenance_differences(const std::vector<Provenance>& base,
                                                const std::vector<Provenance>& cand) {
  std::vector<std::string> out;
  if (base.empty() || cand.empty()) return out;
  auto collect = [](const std::vector<Provenance>& g, auto get) {
    std::set<std::string> s;
    for (const auto& p : g) s.insert(get(p));
    return s;
  };
  auto check = [&](const char* what, auto get) {
    const auto a = collect(base, get), b = collect(cand, get);
    if (a != b) out.push_back(std::string(what) + " differs: baseline {" + join(a) + "}, candidate {" + join(b) + "}");
  };
  check("host", [](const Provenance& p) { return p.host; });
  check("GPUs", [](const Provenance& p) {
    std::string s;
    for (const auto& g : p.gpus) s += (s.empty() ? "" : "+") + g;
    return s.empty() ? std::string("none") : s;
  });
  check("config", [](const Provenance& p) { return stable_config(p.config).dump(); });
  return out;
}

}  // namespace cuzk::stats
