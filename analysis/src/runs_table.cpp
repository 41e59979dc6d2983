#include "cuzk/stats/runs_table.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <regex>

#include "cuzk/stats/descriptive.hpp"
#include "cuzk/stats/metric_set.hpp"
#include "cuzk/stats/suggest.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::stats {

const std::vector<ColumnInfo>& table_columns() {
  static const std::vector<ColumnInfo> cols = [] {
    std::vector<ColumnInfo> c{
        {"label", "text", "the file name without folder, extension and a trailing run counter (a-none-run3 → a-none)"},
        {"file", "text", "the event file (FILE#RUN when it holds several runs)"},
        {"run", "text", "the run id"},
        {"host", "text", "run_start host"},
        {"git", "text", "run_start git revision"},
        {"version", "text", "run_start version"},
        {"gpus", "text", "run_start GPU names"},
        {"bottleneck", "text", "the steady-state bottleneck stage"},
        {"startup_rule", "text", "how the start-up was found (key_load, first-synth-outliers, none)"},
        {"proofs", "", "proofs completed"},
        {"failures", "", "failed partitions (run_end)"},
        {"errors", "", "error events"},
        {"sectors_ok", "", "sectors proven"},
        {"sectors_failed", "", "sectors with a failed partition"},
        {"wall", "s", "wall time of the run"},
        {"startup", "s", "start-up phase: run start to the steady state"},
        {"first_proof", "s", "run start to the first completed proof"},
        {"key_load", "s", "seconds in key_load spans (0 in files without them)"},
        {"key_upload", "s", "seconds in key_upload spans, summed over devices (0 in files without them)"},
        {"s_per_proof", "s", "steady-state s/proof (slope), else wall / proofs"},
        {"wall_per_proof", "s", "wall / proofs"},
        {"peak_rss", "bytes", "peak resident memory"},
        {"max_inflight", "", "largest in-flight partition count (mem samples)"},
        {"max_reserved", "bytes", "largest reserved memory (mem samples)"},
        {"peak_gpu_used", "bytes", "largest GPU memory in use (mem samples)"},
        {"gpu_busy", "fraction", "GPU busy fraction of wall (mean over devices)"},
        {"gpu_busy_steady", "fraction",
         "GPU busy fraction from the first to the last completed proof (mean over devices; n/a under 2 proofs)"},
        {"gpu_starved", "fraction", "GPU idle with an empty queue, fraction of wall"},
        {"busy.synth", "s", "steady-state synthesis busy seconds per proof / parallelism"},
        {"busy.gpu", "s", "steady-state GPU busy seconds per proof / devices"},
        {"busy.write", "s", "steady-state writer busy seconds per proof / parallelism"},
    };
    for (const char* st : {"synth", "queue", "gpu", "gpu.lock_wait", "write", "sector"})
      for (const char* q : {"median", "p90", "p99"})
        c.push_back({std::string(st) + "." + q, "s", std::string(q) + " of the " + st + " durations"});
    for (const char* st : {"gpu.h2d", "gpu.ntt", "gpu.msm_g1", "gpu.msm_g2", "gpu.d2h"})
      c.push_back({std::string(st) + ".median", "s", std::string("median of the ") + st + " sub-times"});
    return c;
  }();
  return cols;
}

std::string label_from_path(const std::string& path) {
  std::string s = path.substr(0, path.find('#'));
  if (const auto slash = s.find_last_of('/'); slash != std::string::npos) s = s.substr(slash + 1);
  if (const auto dot = s.find('.'); dot != std::string::npos && dot > 0) s = s.substr(0, dot);
  static const std::regex counter("[-_.]?(run|rep|r)?[0-9]+$", std::regex::icase);
  const std::string l = std::regex_replace(s, counter, "");
  return l.empty() ? s : l;
}

namespace {

struct Cell {
  std::optional<double> num;
  std::string text;  // text columns (and n/a)
};

struct Col {
  std::string name, unit;
};

std::string json_text(const nlohmann::json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Col resolve_column(const std::string& name) {
  for (const auto& c : table_columns())
    if (c.name == name) return {c.name, c.unit};
  if (name.rfind("config.", 0) == 0 && name.size() > 7) return {name, "config"};
  std::vector<std::string> names;
  for (const auto& c : table_columns()) names.push_back(c.name);
  throw Error(Error::Kind::BadInput, "--columns: unknown column '" + name + "'" + did_you_mean(name, names) +
                                         " (see cuzk-stats table --list-columns; config.KEY for a run_start config key)");
}

Cell cell(const RunSummary& s, const MetricSet& m, const Col& c) {
  auto txt = [](std::string v) { return Cell{std::nullopt, v.empty() ? "?" : std::move(v)}; };
  if (c.name == "label") return txt(label_from_path(s.file));
  if (c.name == "file") return txt(s.file);
  if (c.name == "run") return txt(s.run);
  if (c.name == "host") return txt(s.prov.host);
  if (c.name == "git") return txt(s.prov.git);
  if (c.name == "version") return txt(s.prov.version);
  if (c.name == "gpus") {
    std::string g;
    for (const auto& x : s.prov.gpus) g += (g.empty() ? "" : "+") + x;
    return txt(g.empty() ? "none" : g);
  }
  if (c.name == "bottleneck") return txt(s.bottleneck);
  if (c.name == "startup_rule") return txt(std::string(to_string(s.startup.rule)));
  if (c.name == "proofs") return {double(s.proofs), {}};
  if (c.name == "failures") return {double(s.failures), {}};
  if (c.name == "errors") return {double(s.errors), {}};
  if (c.name == "wall") return {s.wall, {}};
  if (c.name == "startup") return {s.startup.end, {}};
  if (c.name == "key_load") return {s.startup.key_load_seconds, {}};
  if (c.name == "key_upload") return {s.key_upload_seconds, {}};
  if (c.name == "gpu_busy_steady")
    return s.gpu_busy_steady_fraction ? Cell{s.gpu_busy_steady_fraction, {}} : Cell{std::nullopt, "n/a"};
  if (c.name == "sectors_ok") return {double(s.sectors_ok), {}};
  if (c.name == "sectors_failed") return {double(s.sectors_failed), {}};
  if (c.name == "max_inflight") return {s.max_inflight, {}};
  if (c.name == "max_reserved") return {s.max_reserved, {}};
  if (c.name == "peak_gpu_used") return {s.peak_gpu_used, {}};
  if (c.unit == "config") {
    const std::string key = c.name.substr(7);
    if (!s.prov.config.is_object() || !s.prov.config.contains(key)) return {std::nullopt, "n/a"};
    const auto& v = s.prov.config[key];
    if (v.is_number()) return {v.get<double>(), {}};
    return txt(json_text(v));
  }
  const Metric* mt = m.find(c.name);
  if (!mt || mt->samples.empty()) return {std::nullopt, "n/a"};
  return {mt->samples.front(), {}};
}

// A setting's number as it was given: an integer in full (mem_budget 97681181875, not
// 9.76812e+10), anything else %.6g.
std::string config_number(double v) { return is_exact_integer(v) ? raw(v) : printf_string("%.6g", v); }

std::string show(const Cell& v, const std::string& unit) {
  if (!v.num) return v.text;
  if (unit == "config" || unit.empty()) return config_number(*v.num);
  return human(*v.num, unit);
}

// The value a run is grouped by; nullopt when the run has no such field.
std::optional<std::string> group_key(const RunSummary& s, const std::string& by) {
  if (by == "label") return label_from_path(s.file);
  if (by == "host") return s.prov.host;
  if (by == "git") return s.prov.git;
  if (by == "version") return s.prov.version;
  if (by == "cpus") return std::to_string(s.prov.cpus);
  if (by == "gpus") {
    std::string g;
    for (const auto& x : s.prov.gpus) g += (g.empty() ? "" : "+") + x;
    return g.empty() ? "none" : g;
  }
  const std::string key = by.rfind("config.", 0) == 0 ? by.substr(7) : by;
  if (s.prov.config.is_object() && s.prov.config.contains(key)) return json_text(s.prov.config[key]);
  return std::nullopt;
}

struct Built {
  std::vector<Col> cols;
  std::vector<std::vector<Cell>> cells;  // per run
  std::vector<std::string> groups;        // per run ("" without grouping)
  std::vector<std::string> group_order;   // first-seen order
};

Built build(const std::vector<RunSummary>& runs, const RunsTableOptions& opt) {
  Built b;
  std::vector<std::string> names = opt.columns;
  if (names.empty()) {
    std::string d = kDefaultTableColumns;
    for (std::size_t p = 0; p != std::string::npos;) {
      const auto q = d.find(',', p);
      names.push_back(d.substr(p, q == std::string::npos ? q : q - p));
      p = q == std::string::npos ? q : q + 1;
    }
  }
  for (const auto& n : names)
    if (opt.group_by.empty() || n != opt.group_by) b.cols.push_back(resolve_column(n));  // the group is its own column
  bool any = false;
  for (const auto& s : runs) {
    const MetricSet m = reduce_run(s);
    std::vector<Cell> row;
    for (const auto& c : b.cols) row.push_back(cell(s, m, c));
    b.cells.push_back(std::move(row));
    if (opt.group_by.empty()) {
      b.groups.emplace_back();
      continue;
    }
    const auto g = group_key(s, opt.group_by);
    any = any || g.has_value();
    b.groups.push_back(g.value_or("(none)"));
    if (std::find(b.group_order.begin(), b.group_order.end(), b.groups.back()) == b.group_order.end())
      b.group_order.push_back(b.groups.back());
  }
  if (!opt.group_by.empty() && !any) {
    std::vector<std::string> fields{"label", "host", "git", "version", "cpus", "gpus"};
    for (const auto& s : runs)
      if (s.prov.config.is_object())
        for (auto it = s.prov.config.begin(); it != s.prov.config.end(); ++it) fields.push_back(it.key());
    throw Error(Error::Kind::BadInput, "--group-by: no run has the field '" + opt.group_by + "'" +
                                           did_you_mean(opt.group_by, fields) +
                                           " (label, host, git, version, cpus, gpus or a run_start config key)");
  }
  return b;
}

struct GroupStat {
  std::size_t n = 0;
  std::optional<double> median, min, max;
  std::string text;  // text columns: the value when all agree, else "mixed"
};

GroupStat group_stat(const Built& b, const std::string& g, std::size_t col) {
  GroupStat st;
  std::vector<double> v;
  std::vector<std::string> texts;
  for (std::size_t r = 0; r < b.cells.size(); ++r) {
    if (b.groups[r] != g) continue;
    ++st.n;
    const Cell& c = b.cells[r][col];
    if (c.num) v.push_back(*c.num);
    else texts.push_back(c.text);
  }
  if (!v.empty()) {
    std::sort(v.begin(), v.end());
    st.median = percentile_sorted(v, 0.5, PercentileMethod::Linear);
    st.min = v.front();
    st.max = v.back();
  } else if (!texts.empty()) {
    st.text = std::all_of(texts.begin(), texts.end(), [&](const auto& t) { return t == texts.front(); }) ? texts.front()
                                                                                                      : "mixed";
  }
  return st;
}

// "1.22 s ±0.6%": the median and the half range relative to it (points for fractions).
std::string spread_cell(const GroupStat& st, const std::string& unit) {
  if (!st.median) return st.text.empty() ? "n/a" : st.text;
  const std::string med = show(Cell{st.median, {}}, unit);
  if (st.n < 2) return med;
  if (unit == "config")  // a setting, not a measurement: the value, or its range
    return *st.min == *st.max ? med : config_number(*st.min) + ".." + config_number(*st.max);
  const double half = (*st.max - *st.min) / 2;
  if (unit == "fraction") return med + finite_or_na(" ±%.1f pt", 100 * half);
  if (*st.median == 0) return med + (half == 0 ? " ±0%" : " ±n/a");
  return med + finite_or_na(" ±%.1f%%", 100 * half / std::fabs(*st.median));
}

// The change of a group's median against the reference group's, "" when there is none.
std::optional<double> vs_reference(const Built& b, const RunsTableOptions& opt, const GroupStat& st, std::size_t col) {
  if (opt.relative_to.empty() || !st.median) return std::nullopt;
  const GroupStat ref = group_stat(b, opt.relative_to, col);
  if (!ref.median || *ref.median == 0 || b.cols[col].unit == "config") return std::nullopt;
  return *st.median / *ref.median - 1;
}

void check_reference(const Built& b, const RunsTableOptions& opt) {
  if (opt.relative_to.empty()) return;
  if (opt.group_by.empty()) throw Error(Error::Kind::BadInput, "--relative-to needs --group-by");
  if (std::find(b.group_order.begin(), b.group_order.end(), opt.relative_to) == b.group_order.end())
    throw Error(Error::Kind::BadInput, "--relative-to: no group '" + opt.relative_to + "'" +
                                           did_you_mean(opt.relative_to, b.group_order));
}

}  // namespace

nlohmann::json runs_table_json(const std::vector<RunSummary>& runs, const RunsTableOptions& opt) {
  const Built b = build(runs, opt);
  check_reference(b, opt);
  nlohmann::json j = {{"tool", "cuzk-stats"}, {"schema", 1}, {"command", "table"},
                      {"group_by", opt.group_by.empty() ? nlohmann::json() : nlohmann::json(opt.group_by)},
                      {"relative_to", opt.relative_to.empty() ? nlohmann::json() : nlohmann::json(opt.relative_to)},
                      {"columns", nlohmann::json::array()}, {"runs", nlohmann::json::array()},
                      {"groups", nlohmann::json::array()}};
  for (const auto& c : b.cols) j["columns"].push_back({{"name", c.name}, {"unit", c.unit}});
  auto val = [](const Cell& c) { return c.num ? nlohmann::json(*c.num) : c.text == "n/a" ? nlohmann::json() : nlohmann::json(c.text); };
  for (std::size_t r = 0; r < runs.size(); ++r) {
    nlohmann::json row = {{"file", runs[r].file}, {"run", runs[r].run.empty() ? nlohmann::json() : nlohmann::json(runs[r].run)},
                          {"values", nlohmann::json::object()}};
    if (!opt.group_by.empty()) row["group"] = b.groups[r];
    for (std::size_t c = 0; c < b.cols.size(); ++c) row["values"][b.cols[c].name] = val(b.cells[r][c]);
    j["runs"].push_back(std::move(row));
  }
  for (const auto& g : b.group_order) {
    nlohmann::json gj = {{"group", g}, {"columns", nlohmann::json::object()}};
    std::size_t n = 0;
    for (std::size_t c = 0; c < b.cols.size(); ++c) {
      const GroupStat st = group_stat(b, g, c);
      n = st.n;
      auto o = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
      gj["columns"][b.cols[c].name] = st.median ? nlohmann::json{{"median", o(st.median)}, {"min", o(st.min)}, {"max", o(st.max)}}
                                                : nlohmann::json{{"value", st.text.empty() ? nlohmann::json() : nlohmann::json(st.text)}};
      if (const auto v = vs_reference(b, opt, st, c)) gj["columns"][b.cols[c].name]["vs_reference"] = *v;
    }
    gj["n"] = n;
    j["groups"].push_back(std::move(gj));
  }
  return j;
}

std::string render_runs_table(const std::vector<RunSummary>& runs, const RunsTableOptions& opt) {
  if (opt.format == Format::Json)
    return runs_table_json(runs, opt).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const Built b = build(runs, opt);
  check_reference(b, opt);
  const bool grouped = !opt.group_by.empty();
  std::vector<std::string> head;
  if (grouped) head.push_back(opt.group_by);
  for (const auto& c : b.cols) head.push_back(c.name);
  // Runs in group order (stable within a group).
  std::vector<std::size_t> order(runs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  if (grouped)
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
      const auto gx = std::find(b.group_order.begin(), b.group_order.end(), b.groups[x]);
      const auto gy = std::find(b.group_order.begin(), b.group_order.end(), b.groups[y]);
      return gx < gy;
    });
  const bool csv = opt.format == Format::Csv;
  Table t(head);
  for (std::size_t r : order) {
    std::vector<std::string> row;
    if (grouped) row.push_back(b.groups[r]);
    for (std::size_t c = 0; c < b.cols.size(); ++c)
      row.push_back(csv ? (b.cells[r][c].num ? raw(*b.cells[r][c].num) : b.cells[r][c].text == "n/a" ? "" : b.cells[r][c].text)
                        : show(b.cells[r][c], b.cols[c].unit));
    t.row(std::move(row));
  }
  if (csv && !grouped) return t.csv();
  std::vector<std::string> gh{opt.group_by, "n"};
  for (const auto& c : b.cols) {
    gh.push_back(c.name);
    if (csv && c.unit != "text") gh.push_back(c.name + "_min"), gh.push_back(c.name + "_max");
    if (csv && c.unit != "text" && !opt.relative_to.empty()) gh.push_back(c.name + "_vs_" + opt.relative_to);
  }
  Table g(gh);
  for (const auto& name : b.group_order) {
    std::vector<std::string> row{name, ""};
    for (std::size_t c = 0; c < b.cols.size(); ++c) {
      const GroupStat st = group_stat(b, name, c);
      row[1] = std::to_string(st.n);
      if (!csv) {
        const auto v = vs_reference(b, opt, st, c);
        row.push_back(spread_cell(st, b.cols[c].unit) + (v ? finite_or_na(" (%+.1f%%)", 100 * *v) : ""));
        continue;
      }
      if (b.cols[c].unit == "text") {
        row.push_back(st.text);
        continue;
      }
      auto o = [](const std::optional<double>& v) { return v ? raw(*v) : std::string(); };
      row.push_back(o(st.median));
      row.push_back(o(st.min));
      row.push_back(o(st.max));
      if (!opt.relative_to.empty()) row.push_back(o(vs_reference(b, opt, st, c)));
    }
    g.row(std::move(row));
  }
  if (csv) return g.csv();
  const bool md = opt.format == Format::Markdown;
  std::string out = md ? "### cuzk-stats table\n\n" : "";
  out += printf_string("%zu run(s)", runs.size()) + (md ? "\n\n" : "\n");
  out += md ? t.markdown() : t.text();
  if (grouped) {
    std::string note = "per " + opt.group_by +
                       ": median ±half the range (max − min) / 2, relative to the median (in points for fractions)";
    if (!opt.relative_to.empty()) note += "; (±x%): the median's change against " + opt.relative_to + "'s";
    out += md ? "\n**" + md_escape(note) + "**\n\n" : "\n" + note + "\n";
    out += md ? g.markdown() : g.text();
  }
  return out;
}

}  // namespace cuzk::stats
