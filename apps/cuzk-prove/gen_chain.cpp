#include "gen_chain.hpp"

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cuzk/circuit/chain.hpp"
#include "cuzk/groth16/randomness.hpp"
#include "cuzk/groth16/standalone_key.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/setup/setup.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/stopwatch.hpp"

namespace {

namespace fs = std::filesystem;

struct ChainArgs {
  std::string curve = "bn128";
  unsigned log_domain = 16;
  unsigned witnesses = 10;
  std::string out;
  std::uint64_t seed = 1;
  bool prepared = false;  // write a standalone prepared key (.cuzkpk) instead of a .zkey
};

template <class E>
int run(const ChainArgs& a) {
  namespace chain = cuzk::circuit::chain;
  fs::create_directories(a.out);
  const std::string stem = std::string("chain-") + E::snarkjs_name + "-" + std::to_string(a.log_domain);
  const std::string key_name = stem + (a.prepared ? ".cuzkpk" : ".zkey");
  const std::string key_path = (fs::path(a.out) / key_name).string();
  const auto t0 = cuzk::SteadyClock::now();
  if (!fs::exists(key_path)) {
    cuzk::setup::SetupTimes t;
    const auto cs = chain::build_r1cs<E>(a.log_domain);
    auto pk = cuzk::setup::generate_key(cs, cuzk::setup::ToxicWaste<E>::from_seed(a.seed), &t);
    if (a.prepared)
      cuzk::groth16::write_standalone_key(pk, key_path);  // from the setup's memory: no .zkey, no parse
    else
      cuzk::groth16::write_zkey(key_path, pk);
    std::printf("key %s: %s, %u constraints, domain 2^%u, setup and write %.2f s (lagrange %.2f s, qap %.2f s, G1 %.2f s, "
                "G2 %.2f s)\n",
                key_path.c_str(), E::snarkjs_name, cs.n_constraints, pk.header.log_domain, cuzk::seconds_since(t0),
                t.lagrange, t.qap, t.g1, t.g2);
  } else {
    std::printf("key %s exists, kept\n", key_path.c_str());
  }
  auto src = cuzk::groth16::FrSource::seeded(a.seed, "chain-inputs");
  nlohmann::ordered_json j;
  j["sector"] = stem;
  j["zkey"] = key_name;
  auto parts = nlohmann::ordered_json::array();
  for (unsigned i = 0; i < a.witnesses; ++i) {
    const auto x = src.next<typename E::Fr>(), y = src.next<typename E::Fr>();
    const std::string wn = stem + "-w" + std::to_string(i) + ".wtns";
    cuzk::groth16::write_wtns((fs::path(a.out) / wn).string(), chain::witness<E>(a.log_domain, x, y), E::id);
    parts.push_back({{"witness", wn}});
  }
  j["partitions"] = parts;
  cuzk::write_file_atomic((fs::path(a.out) / (stem + ".json")).string(), j.dump(1) + "\n");
  std::printf("%u witnesses and the sector file %s.json in %s (%.2f s in all)\n", a.witnesses, stem.c_str(),
              a.out.c_str(), cuzk::seconds_since(t0));
  return 0;
}

}  // namespace

void add_gen_chain_command(CLI::App& app, int& exit_code) {
  static ChainArgs a;
  auto* c = app.add_subcommand(
      "gen-chain",
      "Make a TEST-ONLY key (single-party setup) of the squaring-chain circuit filling a 2^N domain, its witnesses "
      "and a sector file, over bn128 or bls12381 (benchmarks and interop at any size)");
  c->add_option("--out", a.out, "output folder")->required();
  c->add_option("--curve", a.curve, "the key's curve (snarkjs's name)")
      ->check(CLI::IsMember({"bn128", "bls12381"}))
      ->capture_default_str();
  c->add_option("--log-domain", a.log_domain, "the domain 2^N the circuit fills (3..27)")
      ->check(CLI::Range(3u, 27u))
      ->capture_default_str();
  c->add_option("--witnesses", a.witnesses, "witnesses (partitions of the sector) to make")
      ->check(CLI::Range(1u, 100000u))
      ->capture_default_str();
  c->add_option("--seed", a.seed, "seed for the key's toxic waste and the witnesses' inputs")->capture_default_str();
  c->add_flag("--prepared", a.prepared,
              "write the key as a standalone prepared key (chain-CURVE-N.cuzkpk, the layout the prover maps; no .zkey) "
              "instead of a .zkey; the sector file names it");
  c->callback([&exit_code] {
    cuzk::pairing::CurveId id{};
    cuzk::pairing::curve_from_snarkjs_name(a.curve, id);
    exit_code = cuzk::pairing::with_curve(id, [](auto e) { return run<decltype(e)>(a); });
  });
}
