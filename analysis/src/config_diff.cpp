#include "cuzk/stats/config_diff.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace cuzk::stats {

namespace {

// Config keys that differ between invocations without changing what is measured.
const std::set<std::string> kVolatileConfig{"out", "events", "resume", "seed", "progress", "verify", "mem_interval"};

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Config keys named by the run's command line: "--synth-workers 4" or "--synth-workers=4" →
// synth_workers; "--no-verify" → verify; options that set another key are mapped.
std::set<std::string> keys_on_command_line(const Provenance& p) {
  std::set<std::string> keys;
  for (const auto& a : p.argv) {
    if (!a.is_string()) continue;
    const std::string s = a.get<std::string>();
    if (s.size() < 3 || s.compare(0, 2, "--") != 0) continue;
    std::string k = s.substr(2, s.find('=') == std::string::npos ? std::string::npos : s.find('=') - 2);
    for (char& c : k)
      if (c == '-') c = '_';
    if (!p.config.contains(k) && k.compare(0, 3, "no_") == 0) k = k.substr(3);
    if (k == "budget_fraction") k = "mem_budget";
    keys.insert(k);
    if (k == "queue_depth") keys.insert("bounded_queue");
  }
  return keys;
}

// True when the run states how `key` was chosen and it was resolved automatically.
bool auto_resolved(const Provenance& p, const std::string& key) {
  const std::string src = key + "_source";
  if (!p.config.contains(src) || !p.config[src].is_string()) return false;
  return p.config[src].get<std::string>().compare(0, 4, "auto") == 0;
}

std::string join(const std::vector<std::string>& v) {
  // Many distinct numbers (auto-resolved budgets differ run by run): their count and range.
  if (v.size() > 2) {
    std::vector<double> x;
    for (const auto& s : v) {
      char* end = nullptr;
      const double d = std::strtod(s.c_str(), &end);
      if (end == s.c_str() || *end) break;
      x.push_back(d);
    }
    if (x.size() == v.size()) {
      const auto [lo, hi] = std::minmax_element(x.begin(), x.end());
      char buf[96];
      std::snprintf(buf, sizeof buf, "%zu values from %.15g to %.15g", x.size(), *lo, *hi);
      return buf;
    }
  }
  std::string o;
  for (const auto& x : v) o += (o.empty() ? "" : " | ") + x;
  return o;
}

std::string value_text(const nlohmann::json& c, const std::string& key) {
  if (!c.contains(key)) return "(absent)";
  return c[key].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string describe(const SetupDifference& d) {
  const bool config = d.key != "host" && d.key != "GPUs" && d.key != "curves";
  return std::string(config ? "config " : "") + d.key + ": baseline " + join(d.base) + ", candidate " + join(d.cand);
}

std::vector<SetupDifference> setup_differences(const std::vector<Provenance>& base, const std::vector<Provenance>& cand) {
  std::vector<SetupDifference> out;
  if (base.empty() || cand.empty()) return out;
  auto values = [](const std::vector<Provenance>& g, auto get) {
    std::set<std::string> s;
    for (const auto& p : g) s.insert(get(p));
    return std::vector<std::string>(s.begin(), s.end());
  };
  auto check = [&](const std::string& key, bool user_set, auto get) {
    auto a = values(base, get), b = values(cand, get);
    if (a != b) out.push_back({key, std::move(a), std::move(b), user_set});
  };
  check("host", true, [](const Provenance& p) { return p.host.empty() ? std::string("?") : p.host; });
  check("GPUs", true, [](const Provenance& p) {
    std::string s;
    for (const auto& g : p.gpus) s += (s.empty() ? "" : "+") + g;
    return s.empty() ? std::string("none") : s;
  });
  // Two curves are two different computations: a ratio across them measures the curve.
  check("curves", true, [](const Provenance& p) {
    std::string s;
    for (const auto& c : p.curves) s += (s.empty() ? "" : "+") + c;
    return s.empty() ? std::string("bls12381") : s;  // runs from before BN254 proved BLS12-381 only
  });
  std::set<std::string> keys, user;
  for (const auto* g : {&base, &cand})
    for (const auto& p : *g) {
      if (!p.config.is_object()) continue;
      const bool has_argv = p.argv.is_array() && !p.argv.empty();
      const auto given = keys_on_command_line(p);
      for (auto it = p.config.begin(); it != p.config.end(); ++it) {
        const std::string& k = it.key();
        if (kVolatileConfig.count(k) || ends_with(k, "_source")) continue;
        keys.insert(k);
        // With a command line: what it names. Without one (older files, saved baselines): every
        // key except those the run says were resolved automatically.
        if (has_argv ? given.count(k) > 0 : !auto_resolved(p, k)) user.insert(k);
      }
    }
  for (const auto& k : keys)
    check(k, user.count(k) > 0, [&](const Provenance& p) { return value_text(p.config, k); });
  return out;
}

}  // namespace cuzk::stats
