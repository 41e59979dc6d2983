// `cuzk-prove batch [options] SECTOR.json...`: options → BatchConfig, devices from the
// backend factory, then run_batch. Usage errors throw cuzk::Error(BadInput) (exit 2).
// Built with CUZK_PROVE_LAB (the lab's cuzk-prove-lab, -DCUZK_LAB=ON only, never installed), it
// also takes the switches that turn the bounded-memory design off for the seed comparison
// (docs/experiments/tools): --hold-permit, --early-free, --queue-depth unbounded. A user has
// no reason to turn them off, so the product runs with all three on and refuses them.
#include "batch_cli.hpp"

#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "backends.hpp"
#include "batch_shard.hpp"
#include "cuzk/pipeline/batch.hpp"
#include "cuzk/pipeline/config.hpp"
#include "cuzk/pipeline/sector.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/parse_text.hpp"
#include "batch_json.hpp"

namespace pl = cuzk::pipeline;
using cuzk::Error;

namespace {

struct BatchArgs {
  std::vector<std::string> sectors;
  bool json = false;  // --json
  pl::BatchConfig cfg;
  // Every value is parsed here, strictly, so a malformed one is one line and exit 2.
  std::string synth_workers = "auto", max_inflight = "auto", mem_budget = "auto", budget_fraction = "0.8",
              queue_depth = "auto", workers_per_device = "2", write_workers = "2", mem_interval = "0.1", seed;
  std::string progress = "auto";
#ifdef CUZK_PROVE_LAB
  std::string early_free = "on", hold_permit = "on";
#endif
  std::string shard, manifest;  // batch_shard.hpp
  std::string devices;
  cuzk::cuda::CudaOptionFlags cuda;  // --msm-window-g1 ... (backends.hpp)
  bool verify = false, no_verify = false, no_key_cache = false;
};

[[noreturn]] void bad_value(const char* opt, const std::string& v, const std::string& want) {
  cuzk::fail(Error::Kind::BadInput, "", std::string(opt) + ": \"" + pl::printable(v) + "\" is not " + want);
}

#ifdef CUZK_PROVE_LAB
bool on_off(const std::string& v, const char* opt) {
  if (v == "on") return true;
  if (v == "off") return false;
  bad_value(opt, v, "on or off");
}

// The lab's switches, each on (the product's design) unless given off.
void add_lab_switches(CLI::App& b, BatchArgs& a) {
  b.add_option("--early-free", a.early_free, "LAB on|off: free a/b/c as soon as the backend no longer needs them")
      ->capture_default_str();
  b.add_option("--hold-permit", a.hold_permit,
               "LAB on|off: hold the permit and byte reservation until the GPU stage is done (off: release at "
               "synthesis end)")
      ->capture_default_str();
}

void apply_lab_switches(const BatchArgs& a, pl::BatchConfig& c) {
  c.early_free = on_off(a.early_free, "--early-free");
  c.hold_permit = on_off(a.hold_permit, "--hold-permit");
  c.bounded_queue = a.queue_depth != "unbounded";
}
constexpr const char* kQueueDepthValues = "N|auto|unbounded (LAB: unbounded removes the bound)";
#else
constexpr const char* kQueueDepthValues = "N|auto";
#endif

// Decimal digits only (no sign, space or suffix), in [lo, hi].
std::uint64_t integer(const std::string& v, const char* opt, std::uint64_t lo, std::uint64_t hi) {
  const auto n = cuzk::parse_decimal(v);
  if (!n || *n < lo || *n > hi) bad_value(opt, v, "an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
  return *n;
}

unsigned count_or_auto(const std::string& v, const char* opt) {
  if (v == "auto") return 0;
  const std::uint64_t n = std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }) && !v.empty()
                              ? integer(v, opt, 0, ~std::uint64_t(0))
                              : 0;
  if (n < 1 || n >= (1u << 20)) bad_value(opt, v, "a positive integer below 1048576 or auto");
  return unsigned(n);
}

// A finite decimal number in [lo, hi] ("inf", "nan", "1e300", "0.1s" are refused).
double real(const std::string& v, const char* opt, double lo, double hi, const char* unit) {
  double d = 0;
  auto r = std::from_chars(v.data(), v.data() + v.size(), d, std::chars_format::general);
  const bool ok = !v.empty() && (std::isdigit(static_cast<unsigned char>(v[0])) || v[0] == '.') &&
                  r.ec == std::errc() && r.ptr == v.data() + v.size() && std::isfinite(d) && d >= lo && d <= hi;
  if (!ok) {
    std::ostringstream want;
    want << "a number from " << lo << " to " << hi << unit;
    bad_value(opt, v, want.str());
  }
  return d;
}

std::vector<int> parse_devices(const std::string& s) {
  std::vector<int> out;
  if (s.empty() || s == "all") return out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = s.find(',', start);
    const std::string item = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto index = cuzk::parse_decimal(item, 4);
    if (!index) bad_value("--devices", s, "a comma-separated list of device indices (e.g. 0,1) or all");
    const int i = int(*index);
    if (std::find(out.begin(), out.end(), i) != out.end()) bad_value("--devices", s, "a list without repeats");
    out.push_back(i);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// The command line as the kernel has it (CLI11 does not keep argv).
std::vector<std::string> self_argv() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> out;
  std::string a;
  while (std::getline(in, a, '\0')) out.push_back(a);
  return out;
}

// git revision of the checkout the binary was built in (build folders live inside it),
// "" when unknown: no git, or a binary installed elsewhere.
std::string git_revision() {
#ifdef CUZK_GIT_REV
  return CUZK_GIT_REV;
#else
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  std::string cmd = "git -C '" + exe.parent_path().string() + "' describe --always --dirty 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  if (!p) return "";
  char buf[128] = {};
  if (!std::fgets(buf, sizeof buf, p.get())) return "";
  std::string s(buf);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
#endif
}

int run_checked(BatchArgs& a, const CLI::App& cmd) {
  pl::BatchConfig& c = a.cfg;
  if (c.out_dir.empty()) bad_value("--out", c.out_dir, "a folder path");
  if (cmd.count("--events") && c.events_path.empty()) bad_value("--events", c.events_path, "a file path");
  c.synth_workers = a.synth_workers == "auto" ? 0 : unsigned(integer(a.synth_workers, "--synth-workers", 1, 1024));
  c.max_inflight = count_or_auto(a.max_inflight, "--max-inflight");
  c.mem_budget_fraction = real(a.budget_fraction, "--budget-fraction", 0.01, 1.0, "");
  if (a.mem_budget != "auto") {
    c.mem_budget = pl::parse_bytes(a.mem_budget, "--mem-budget");
    if (c.mem_budget == 0) bad_value("--mem-budget", a.mem_budget, "a byte count > 0 or auto");
  }
#ifdef CUZK_PROVE_LAB
  apply_lab_switches(a, c);
#endif
  if (c.bounded_queue) c.queue_depth = count_or_auto(a.queue_depth, "--queue-depth");
  if (a.progress == "bar" || a.progress == "on") c.progress = pl::Progress::Bar;  // "on": the old name of bar
  else if (a.progress == "lines") c.progress = pl::Progress::Lines;
  else if (a.progress == "off") c.progress = pl::Progress::Off;
  else if (a.progress == "auto") c.progress = pl::Progress::Auto;
  else bad_value("--progress", a.progress, "auto, bar, lines or off");
  c.workers_per_device = unsigned(integer(a.workers_per_device, "--workers-per-device", 1, 64));
  c.write_workers = unsigned(integer(a.write_workers, "--write-workers", 1, 64));
  c.mem_interval = real(a.mem_interval, "--mem-interval", 0.001, 3600, " (seconds)");
  if (cmd.count("--seed")) c.seed = integer(a.seed, "--seed", 0, ~std::uint64_t(0));
  if (a.verify && a.no_verify) cuzk::fail(Error::Kind::BadInput, "", "--verify and --no-verify: choose one");
  c.verify = !a.no_verify;
  if (cmd.count("--key-cache") && c.key_cache_dir.empty()) bad_value("--key-cache", c.key_cache_dir, "a folder path");
  if (a.no_key_cache && cmd.count("--key-cache")) cuzk::fail(Error::Kind::BadInput, "", "--key-cache and --no-key-cache: choose one");
  c.key_cache = !a.no_key_cache;
  if (c.backend != "auto" && c.backend != "cpu" && c.backend != "cuda") bad_value("--backend", c.backend, "auto, cpu or cuda");
  if (cmd.count("--shard") && a.shard.empty()) bad_value("--shard", a.shard, "I/N or slurm");
  const auto cuda_opts = cuda_options(a.cuda);  // validated whatever the backend
  auto files = batch_sector_files(a.sectors, a.manifest, a.shard);  // before any folder is created
  auto devices = make_devices(c.backend, parse_devices(a.devices), cuda_opts);
#if defined(__GLIBC__)
  // A fixed mmap threshold: every large buffer (a/b/c, witnesses, key sections) gets its own
  // mapping and goes back to the OS when freed, so RSS follows the early free. (glibc's
  // dynamic threshold would otherwise grow and keep freed vectors in the heap.)
  mallopt(M_MMAP_THRESHOLD, 256 << 10);
#endif
  pl::RunInfo info{self_argv(), git_revision()};
  pl::BatchResult r = pl::run_batch(c, files, std::move(devices), info);
  // With --json, stdout holds only the JSON summary and the human line goes to stderr.
  FILE* human = a.json ? stderr : stdout;
  // Partitions, then sectors as the --json totals count them: a refused entry (its sector file,
  // key header or outputs refused, nothing attempted) is not counted as a failed sector.
  unsigned refused = 0;
  for (const auto& s : r.sectors) refused += s.status == "refused";
  std::fprintf(human,
               "batch: %u proven, %u resumed, %u failed partition(s); sectors: %u ok, %u failed, %u refused, %u skipped; "
               "in %.3f s",
               r.proofs, r.skipped, r.failures, r.sectors_ok, r.sectors_failed - refused, refused, r.sectors_skipped,
               r.wall);
  if (r.proofs) std::fprintf(human, ", %.3f s/proof", r.wall / r.proofs);
  std::fprintf(human, ", peak RSS %.1f MiB; events %s (run %s)\n", double(r.peak_rss) / (1 << 20),
               pl::one_line(c.events_file()).c_str(), r.run.c_str());
  if (a.json) std::fputs(batch_summary_json(r, c).c_str(), stdout);
  std::fflush(stdout);
  if (!r.events_error.empty())
    std::fprintf(stderr, "cuzk-prove batch: error: %s (proving was not affected; exit 3)\n", pl::one_line(r.events_error).c_str());
  return r.exit_code();
}

// Every run-level error is one line, whatever the paths and values it names hold.
int run(BatchArgs& a, const CLI::App& cmd) {
  try {
    return run_checked(a, cmd);
  } catch (const Error& e) {
    throw Error(e.kind(), pl::one_line(e.what()));
  }
}

}  // namespace

void add_batch_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<BatchArgs>();
  auto* b = app.add_subcommand(
      "batch",
      "Prove many sectors x partitions through the flow-graph pipeline (docs/batch.md).\n"
      "Sector file: {\"sector\": ID, \"zkey\": PATH, \"partitions\": [{\"witness\": PATH}, ...]} (paths relative "
      "to the file).\nOutputs DIR/<sector>/p<i>.proof.json, p<i>.public.json, p<i>.inputs.json, and DIR/<sector>.proof "
      "(192-byte proofs concatenated) when every partition succeeded. Every proof is verified before it is written.\n"
      "Exit codes: 0 every partition proven (or kept by --resume); 1 some sector or partition failed (the others are "
      "proven; one line each on stderr); 2 bad usage or option value; 3 I/O that stops the batch (output folder, "
      "events file) or event lines lost; 4 out of memory outside a partition; 5 device unusable; 70 internal error.");
  b->add_option("sectors", a->sectors, "sector files (JSON); '-' reads sector file paths from stdin, one a line");
  b->add_option("--manifest", a->manifest, "file of sector file paths, one a line ('-' = stdin; '#' comments; docs/slurm.md)");
  b->add_option("--shard", a->shard,
                "I/N: prove only the sectors whose id hashes to shard I of N (0 <= I < N); slurm: I and N from the "
                "job array (SLURM_ARRAY_TASK_ID/_MIN/_COUNT; docs/slurm.md)");
  b->add_option("--out", a->cfg.out_dir, "output folder DIR")->capture_default_str();
  b->add_option("--events", a->cfg.events_path,
                "JSON-lines event log, appended to (default DIR/events.jsonl; docs/events.md)");
  b->add_option("--synth-workers", a->synth_workers, "partitions synthesised at once: 1..1024 or auto (from the CPUs and the budget, docs/batch.md)")->capture_default_str();
  b->add_option("--max-inflight", a->max_inflight,
                "partition permits N|auto: admitted and not yet past the GPU stage (auto: synth + GPU workers + 1, "
                "capped by what the budget holds)")
      ->capture_default_str();
  b->add_option("--mem-budget", a->mem_budget,
                "bytes reservable for keys + partitions: BYTES (K/M/G/T suffixes) or auto (= --budget-fraction x "
                "min(MemAvailable, cgroup limit - usage) - pinned staging)")
      ->capture_default_str();
  b->add_option("--budget-fraction", a->budget_fraction, "fraction of min(MemAvailable, cgroup headroom) used by --mem-budget auto (0.01..1)")
      ->capture_default_str();
  b->add_option("--queue-depth", a->queue_depth,
                std::string("synthesis -> GPU hand-off capacity ") + kQueueDepthValues +
                    " (auto: max(GPU workers, min(budget fit, 32)))")
      ->capture_default_str();
#ifdef CUZK_PROVE_LAB
  add_lab_switches(*b, *a);
#endif
  b->add_option("--backend", a->cfg.backend, "auto|cpu|cuda")->capture_default_str();
  b->add_option("--devices", a->devices, "device indices, e.g. 0,1 (default: all visible GPUs; cpu: one stand-in)");
  b->add_option("--workers-per-device", a->workers_per_device,
                "GPU-node workers per device, 1..64 (a mutex around device work only)")
      ->capture_default_str();
  b->add_option("--write-workers", a->write_workers, "assemble/verify/write concurrency (1..64)")->capture_default_str();
  b->add_flag("--verify", a->verify, "accepted for compatibility: every proof is verified by default");
  b->add_flag("--no-verify", a->no_verify,
              "do not verify proofs before writing them (an invalid witness or key then gives an invalid proof)");
  b->add_flag("--resume", a->cfg.resume,
              "keep partitions whose proof exists, verifies and was made from the current key and witness "
              "(p<i>.inputs.json); redo the others");
  b->add_option("--key-cache", a->cfg.key_cache_dir,
                "folder of prepared keys (default $XDG_CACHE_HOME/cuzk or ~/.cache/cuzk, keys >= 16 MiB; "
                "a folder given here prepares every key)");
  b->add_flag("--no-key-cache", a->no_key_cache, "parse and check the .zkey every run; neither read nor write the cache");
  b->add_option("--seed", a->seed, "TEST ONLY: reproducible blinding from this seed (NOT zero-knowledge)");
  b->add_option("--progress", a->progress,
                "auto|bar|lines|off: progress on stderr, never in the events (auto: bar on a terminal, lines otherwise)")
      ->capture_default_str();
  b->add_flag("--json", a->json,
              "print a JSON summary on stdout at the end (per sector: status, proofs, error; totals; exit code)");
  b->add_option("--mem-interval", a->mem_interval, "seconds between mem samples in the events (0.001..3600)")
      ->capture_default_str();
  add_cuda_flags(*b, a->cuda);
  b->callback([a, b, &exit_code] { exit_code = run(*a, *b); });
}
