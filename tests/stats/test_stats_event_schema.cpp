// The event schema (cuzk/util/event_schema.hpp) against its three users: docs/events.md (every
// field documented under its event, and no documented field the schema lacks), the writer
// (to_fields writes exactly the fields the schema lists, in order) and the reader (what the
// pipeline's EventWriter writes, load_events reads back; the old forms still read).
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cuzk/pipeline/events.hpp"
#include "cuzk/stats/run_data.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/event_schema.hpp"
#include "stats_test_util.hpp"

namespace ev = cuzk::events;
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::set<std::string> schema_fields(ev::Kind k) {
  std::set<std::string> out;
  for (const auto& f : ev::fields(k)) out.insert(std::string(f.name));
  return out;
}

// `names` in backticks: only plain field-like words (`"zkey"`, `--mem-interval` are values or options).
std::vector<std::string> ticked(const std::string& text) {
  static const std::regex re("`([a-z0-9_]+)`");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1].str());
  return out;
}

std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::stringstream in(row);
  std::string c;
  std::getline(in, c, '|');  // before the first bar
  while (std::getline(in, c, '|')) out.push_back(c);
  return out;
}

// What docs/events.md documents: for each event kind, the backticked words in the sections whose
// heading names it (loose: every word) and in its producer-addition rows (its field cell); and
// the words in the first cell of a section's field table and in each addition row's field cell
// (strict: each must be a field of the kind).
struct DocFields {
  std::map<ev::Kind, std::set<std::string>> mentioned;
  std::vector<std::pair<std::vector<ev::Kind>, std::string>> claimed;  // (kinds, field) from tables
};

DocFields parse_doc(const std::string& doc) {
  DocFields d;
  std::vector<ev::Kind> kinds;  // of the current section
  bool additions = false;
  std::stringstream in(doc);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0 || line.rfind("### ", 0) == 0) {
      kinds.clear();
      additions = line.find("Producer additions") != std::string::npos;
      for (const auto& w : ticked(line))
        if (auto k = ev::kind_of(w)) kinds.push_back(*k);
      continue;
    }
    if (additions && line.rfind("| `", 0) == 0) {
      const auto c = cells(line);
      const auto first = ticked(c.at(0));
      const auto k = first.size() == 1 && c.at(0).find('.') == std::string::npos ? ev::kind_of(first[0]) : std::nullopt;
      if (!k) continue;  // `run_start.config`: fields inside config
      for (const auto& w : ticked(c.at(1))) {
        d.mentioned[*k].insert(w);
        d.claimed.push_back({{*k}, w});
      }
      continue;
    }
    for (ev::Kind k : kinds)
      for (const auto& w : ticked(line)) d.mentioned[k].insert(w);
    if (!kinds.empty() && line.rfind("| `", 0) == 0 && kinds.front() != ev::Kind::Synth)  // spans: rows are kinds
      for (const auto& w : ticked(cells(line).at(0))) d.claimed.push_back({kinds, w});
  }
  return d;
}

}  // namespace

TEST_CASE("docs/events.md documents every field of the schema, and only those") {
  const std::string doc = read_text(cuzk::test::source_dir() / "docs/events.md");
  REQUIRE(!doc.empty());
  const DocFields d = parse_doc(doc);
  for (ev::Kind k : ev::all_kinds())
    for (const auto& f : ev::fields(k)) {
      INFO("event ", ev::name(k), ", field ", f.name);
      CHECK(d.mentioned.count(k));
      if (d.mentioned.count(k)) CHECK(d.mentioned.at(k).count(std::string(f.name)));
    }
  CHECK(d.claimed.size() > 40);  // the parser found the tables
  for (const auto& [kinds, w] : d.claimed) {
    bool known = false;
    for (ev::Kind k : kinds) known = known || schema_fields(k).count(w);
    INFO("docs/events.md names `", w, "` as a field of `", ev::name(kinds.front()), "`");
    CHECK(known);
  }
}

TEST_CASE("the doc check can fail: a field missing from the page is found") {
  std::string doc = read_text(cuzk::test::source_dir() / "docs/events.md");
  const auto at = doc.find("`lock_wait`");
  REQUIRE(at != std::string::npos);
  std::string cut = doc;
  for (std::size_t p; (p = cut.find("`lock_wait`")) != std::string::npos;) cut.replace(p, 11, "lock wait");
  CHECK(parse_doc(doc).mentioned[ev::Kind::Gpu].count("lock_wait"));
  CHECK_FALSE(parse_doc(cut).mentioned[ev::Kind::Gpu].count("lock_wait"));
  const std::string extra = doc + "\n## Producer additions\n| `mem` | `swap` | not in the schema |\n";
  bool claimed = false;
  for (const auto& [kinds, w] : parse_doc(extra).claimed) claimed = claimed || (w == "swap" && kinds.front() == ev::Kind::Mem);
  CHECK(claimed);
}

TEST_CASE("to_fields writes the schema's fields, in its order") {
  auto names = [](const cuzk::Fields& f) {
    std::vector<std::string> out;
    for (const auto& [k, v] : f.items()) out.push_back(k);
    return out;
  };
  auto listed = [](ev::Kind k) {
    std::vector<std::string> out;
    for (const auto& f : ev::fields(k)) out.push_back(std::string(f.name));
    return out;
  };
  ev::Gpu g;
  g.worker = 1;
  g.h2d = g.ntt = g.msm_g1 = g.msm_g2 = g.d2h = g.lock_wait = g.prep = 0.5;
  g.msm_a = g.msm_b1 = g.msm_c = g.msm_h = g.key_wait = 0.125;
  g.h_table = true;
  g.abc_from = "lent";
  CHECK(names(ev::to_fields(g)) == listed(ev::Kind::Gpu));
  ev::Write w;
  w.bytes = 1;
  w.verify = w.verify_cpu = 0.1;
  CHECK(names(ev::to_fields(w)) == listed(ev::Kind::Write));
  ev::Synth s;
  s.worker = 0;
  CHECK(names(ev::to_fields(s)) == listed(ev::Kind::Synth));
  CHECK(names(ev::to_fields(ev::Queue{})) == listed(ev::Kind::Queue));
  ev::Mem m;
  m.rss_anon = m.rss_file = m.gpu_used = 1;
  CHECK(names(ev::to_fields(m)) == listed(ev::Kind::Mem));
  CHECK(names(ev::to_fields(ev::SectorStart{"s", 0, 1})) == listed(ev::Kind::SectorStart));
  CHECK(names(ev::to_fields(ev::SectorEnd{"s", 0, 1, ev::SectorStatus::Failed, true, 0, 0, 1})) ==
        listed(ev::Kind::SectorEnd));
  CHECK(names(ev::to_fields(ev::ErrorEvent{"s", 0u, 0u, "m"})) == listed(ev::Kind::Error));
  CHECK(names(ev::to_fields(ev::Skip{"s", 0, 0, "r"})) == listed(ev::Kind::Skip));
  CHECK(names(ev::to_fields(ev::Redo{{"s", 0, 0, "r"}})) == listed(ev::Kind::Redo));
  CHECK(names(ev::to_fields(ev::KeyLoad{0, 1, "k", "zkey", 5, "bn128", "c", true, "n", "m"})) == listed(ev::Kind::KeyLoad));
  CHECK(names(ev::to_fields(ev::KeyUpload{0, 1, std::int64_t(0), "k", "m", 5})) == listed(ev::Kind::KeyUpload));
  CHECK(names(ev::to_fields(ev::KeyCheck{0, 1, "k", 5, "m"})) == listed(ev::Kind::KeyCheck));
  ev::RunEnd re;
  re.peak_rss_anon = 1;
  CHECK(names(ev::to_fields(re)) == listed(ev::Kind::RunEnd));
  CHECK(names(ev::to_fields(ev::RunStart{})) == listed(ev::Kind::RunStart));
  for (ev::Kind k : ev::all_kinds()) CHECK(ev::kind_of(ev::name(k)) == k);
  CHECK_FALSE(ev::kind_of("bogus"));
}

TEST_CASE("what the pipeline writes, cuzk-stats reads back") {
  const fs::path path = fs::temp_directory_path() / ("cuzk-schema-" + std::to_string(::getpid()) + ".jsonl");
  fs::remove(path);
  {
    cuzk::pipeline::EventWriter w(path.string(), "r-1");
    ev::RunStart rs;
    rs.version = "0";
    rs.host = "h";
    rs.cpus = 4;
    rs.gpus.push_back({0, "card", 1000, {{"ntt_kernel", "auto"}}});
    rs.config = cuzk::Fields{{"mem_budget", std::uint64_t(5000)}, {"host_reserved", std::uint64_t(7)}};
    rs.argv = {"cuzk-prove", "batch"};
    w.emit(rs);
    w.emit(ev::SectorStart{"s-1", 0, 1});
    ev::Mem m;
    m.rss = 300;
    m.rss_anon = 200;
    m.inflight = 1;
    w.emit(m);
    ev::Synth sy;
    sy.t0 = 0.1, sy.t1 = 0.2, sy.sector = "s-1", sy.worker = 3;
    w.emit(sy);
    ev::Gpu g;
    g.t0 = 0.25, g.t1 = 0.5, g.sector = "s-1", g.device = std::int64_t(2), g.lock_wait = 0.01, g.ntt = 0.1;
    w.emit(g);
    ev::Write wr;
    wr.t0 = 0.5, wr.t1 = 0.6, wr.sector = "s-1";
    w.emit(wr);
    w.emit(ev::ErrorEvent{"s-2", std::nullopt, 1u, "bad\nthing"});
    w.emit(ev::SectorEnd{"s-1", 0, 1, ev::SectorStatus::Ok, false, 1, 0, 0});
    w.emit(ev::SectorStart{"s-2.json", 1, 0});
    w.emit(ev::SectorEnd{"s-2.json", 1, 0, ev::SectorStatus::Failed, true, 0, 0, 0});
    ev::RunEnd re;
    re.proofs = 1, re.wall = 0.7, re.peak_rss = 400, re.peak_rss_anon = 250;
    w.emit(re);
  }
  const cuzk::stats::RunData r = cuzk::stats::load_events(path.string());
  fs::remove(path);
  CHECK(r.run == "r-1");
  CHECK(r.prov.schema == ev::kSchema);
  CHECK(r.prov.cpus == 4);
  CHECK(r.prov.gpus == std::vector<std::string>{"card"});
  CHECK(r.mem_budget == 5000);
  CHECK(r.host_reserved == 7);
  CHECK(r.sectors_started == 2);
  CHECK(r.sectors_ok == 1);
  CHECK(r.sectors_failed == 1);  // the refused sector
  REQUIRE(r.spans.size() == 3);
  CHECK(r.spans[0].worker == 3);
  CHECK(r.devices == std::vector<std::string>{"2"});
  CHECK(r.series[std::size_t(cuzk::stats::Series::LockWait)] == std::vector<double>{0.01});
  CHECK(r.series[std::size_t(cuzk::stats::Series::H2d)].empty());
  CHECK(r.peak_rss == 300);
  CHECK(r.peak_rss_anon == 200);
  CHECK(!r.peak_rss_file);
  CHECK(r.error_messages == std::vector<std::string>{"s-2: bad thing"});
  CHECK(r.end_proofs == 1);
  CHECK(r.end_peak_rss_anon == 250);
  CHECK(r.warnings.empty());
}

TEST_CASE("old forms read: sector_end without status or refused, schema 1 spans without sector") {
  const fs::path path = fs::temp_directory_path() / ("cuzk-schema-old-" + std::to_string(::getpid()) + ".jsonl");
  std::ofstream(path) << R"({"ts":0,"ev":"run_start","schema":1}
{"ts":0.1,"ev":"sector_start","sector":"a","partitions":1}
{"ts":0.2,"ev":"synth","t0":0,"t1":0.1,"seq":0,"partition":0}
{"ts":0.3,"ev":"gpu","t0":0.1,"t1":0.2,"seq":0,"partition":0,"device":"cuda:1"}
{"ts":0.4,"ev":"sector_end","sector":"a"}
{"ts":0.5,"ev":"sector_start","sector":"b"}
{"ts":0.6,"ev":"sector_end","sector":"b","status":"failed"}
{"ts":0.7,"ev":"run_end","proofs":1}
)";
  const cuzk::stats::RunData r = cuzk::stats::load_events(path.string());
  fs::remove(path);
  CHECK(r.prov.schema == 1);
  CHECK(r.sectors_ok == 1);
  CHECK(r.sectors_failed == 1);
  CHECK(r.devices == std::vector<std::string>{"cuda:1"});
  CHECK(r.spans[0].worker == 0xFFFF);
  CHECK(r.warnings.empty());
}

TEST_CASE("a field of the wrong type names the file, the line and the field") {
  const fs::path path = fs::temp_directory_path() / ("cuzk-schema-bad-" + std::to_string(::getpid()) + ".jsonl");
  std::ofstream(path) << "{\"ts\":0,\"ev\":\"sector_end\",\"sector\":\"a\",\"refused\":\"yes\"}\n";
  try {
    (void)cuzk::stats::load_events(path.string());
    FAIL("no error");
  } catch (const cuzk::Error& e) {
    CHECK(std::string(e.what()).find(":1: field 'refused' is a string, expected a boolean") != std::string::npos);
  }
  fs::remove(path);
}
