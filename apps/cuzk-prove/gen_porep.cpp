#include "gen_porep.hpp"

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

#include "backends.hpp"
#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/circuit/replica_file.hpp"
#include "cuzk/groth16/standalone_key.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/setup/setup.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/stopwatch.hpp"

namespace {

namespace pl = cuzk::circuit::porep_lite;
namespace fs = std::filesystem;

struct GenArgs {
  unsigned depth = 16;
  std::uint32_t challenges = 0;  // 0: as many as fit 2^log_domain
  unsigned log_domain = 16;
  unsigned sectors = 2, partitions = 10;
  std::string out;
  std::uint64_t seed = 1;
  bool random_key = false;
  bool prepared = false;         // write a standalone prepared key (.cuzkpk) instead of a .zkey
  std::string backend = "auto";  // key setup: auto|cpu|cuda
};

int run(const GenArgs& a) {
  std::uint32_t k = a.challenges ? a.challenges : pl::max_challenges(a.depth, a.log_domain);
  if (k == 0)
    cuzk::fail(cuzk::Error::Kind::BadInput, "",
               "no porep-lite challenge of depth " + std::to_string(a.depth) + " fits a 2^" + std::to_string(a.log_domain) +
                   " domain");
  const pl::Layout lay = pl::layout(a.depth, k);
  fs::create_directories(a.out);
  const std::string key_name = "porep-d" + std::to_string(a.depth) + "-k" + std::to_string(k) + (a.prepared ? ".cuzkpk" : ".zkey");
  const std::string key_path = (fs::path(a.out) / key_name).string();
  auto t0 = cuzk::SteadyClock::now();
  if (!fs::exists(key_path)) {
    auto tw = a.random_key ? cuzk::setup::ToxicWaste<cuzk::pairing::Bls12_381>::random() : cuzk::setup::ToxicWaste<cuzk::pairing::Bls12_381>::from_seed(a.seed);
    cuzk::setup::SetupTimes t;
    auto engine = make_setup_engine(a.backend);
    auto r1cs = pl::build_r1cs(a.depth, k);
    const double t_r1cs = cuzk::seconds_since(t0);
    auto pk = cuzk::setup::generate_key(r1cs, tw, &t, engine.get());
    const double t_key = cuzk::seconds_since(t0);
    if (a.prepared)
      cuzk::groth16::write_standalone_key(pk, key_path);  // from the setup's memory: no .zkey, no parse
    else
      cuzk::groth16::write_zkey(key_path, pk);
    std::printf(
        "key %s: %u constraints, domain 2^%u, setup %.2f s on %s (r1cs %.2f s, lagrange %.2f s, qap %.2f s, G1 %.2f s, "
        "G2 %.2f s, write %.2f s)\n",
        key_path.c_str(), lay.n_constraints, lay.log_domain, cuzk::seconds_since(t0), t.engine.c_str(), t_r1cs, t.lagrange, t.qap, t.g1,
        t.g2, cuzk::seconds_since(t0) - t_key);
  } else {
    std::printf("key %s exists, kept\n", key_path.c_str());
  }
  for (unsigned s = 0; s < a.sectors; ++s) {
    char id[32];
    std::snprintf(id, sizeof id, "porep-%04u", s);
    const std::string rep_name = std::string(id) + ".replica";
    pl::write_replica((fs::path(a.out) / rep_name).string(), pl::Replica::generate(a.depth, a.seed * 1000003 + s));
    nlohmann::ordered_json j;
    j["sector"] = id;
    j["zkey"] = key_name;
    j["native"] = {{"circuit", "porep-lite"}, {"depth", a.depth}, {"challenges", k}, {"replica", rep_name}};
    auto parts = nlohmann::ordered_json::array();
    for (unsigned p = 0; p < a.partitions; ++p) parts.push_back({{"challenge_seed", std::uint64_t(s) * 1000 + p}});
    j["partitions"] = parts;
    cuzk::write_file_atomic((fs::path(a.out) / (std::string(id) + ".json")).string(), j.dump(1) + "\n");
  }
  std::printf("%u sectors x %u partitions of %u challenges (%u constraints each) in %s\n", a.sectors, a.partitions, k,
              lay.n_constraints, a.out.c_str());
  return 0;
}

}  // namespace

void add_gen_porep_command(CLI::App& app, int& exit_code) {
  static GenArgs a;
  auto* c = app.add_subcommand("gen-porep",
                               "Make porep-lite sectors: replica data, a TEST-ONLY key (single-party setup) and sector files");
  c->add_option("--out", a.out, "output folder")->required();
  c->add_option("--depth", a.depth, "Merkle tree depth: replicas of 2^depth 64-byte nodes")->capture_default_str();
  c->add_option("--log-domain", a.log_domain, "partition size: as many challenges as fit a 2^N domain")
      ->capture_default_str();
  c->add_option("--challenges", a.challenges, "challenges per partition (overrides --log-domain)");
  c->add_option("--sectors", a.sectors, "number of sectors")->capture_default_str();
  c->add_option("--partitions", a.partitions, "partitions per sector")->capture_default_str();
  c->add_option("--seed", a.seed, "seed for replica data, challenges and (unless --random-key) the key")
      ->capture_default_str();
  c->add_flag("--random-key", a.random_key, "draw the key's toxic waste from the OS CSPRNG");
  c->add_flag("--prepared", a.prepared,
              "write the key as a standalone prepared key (porep-dD-kK.cuzkpk, the layout the prover maps; no .zkey: "
              "half the disk of a .zkey beside its cached copy) instead of a .zkey; the sector files name it");
  c->add_option("--backend", a.backend, "key setup's fixed-base products: auto|cpu|cuda")->capture_default_str();
  c->callback([&exit_code] { exit_code = run(a); });
}
