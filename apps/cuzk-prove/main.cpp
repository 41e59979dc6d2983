// cuzk-prove: a thin main over lib/cuzk. Subcommands:
//   prove        one proof from a .zkey (or a standalone prepared key) and a .wtns (rapidsnark/snarkjs-like)
//   verify       check proof.json against verification_key.json and public.json
//   export-vkey  verification_key.json from a .zkey (as snarkjs zkey export verificationkey)
//   prepare-key  a .zkey parsed and checked once into the prepared-key cache (prepared_key.hpp)
//   batch        many sectors × partitions through the flow-graph pipeline (batch_cli.cpp)
// Only this file catches cuzk::Error and maps it to an exit code.
#include <CLI/CLI.hpp>
#include <cstdio>

#include <optional>
#include <string>

#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/groth16/prove_files.hpp"
#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/setup/setup.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/output_file.hpp"
#include "cuzk/util/stopwatch.hpp"
#include "cuzk/util/text_escape.hpp"
#include "backends.hpp"
#include "batch_cli.hpp"
#include "gen_chain.hpp"
#include "gen_porep.hpp"

namespace g16 = cuzk::groth16;
using cuzk::Error;

namespace {

// Exit codes. verify: 0 valid, 1 invalid, 2 bad input. Other commands: 0 ok, 2 bad
// input or usage, 3 I/O, 4 out of memory, 5 device, 70 internal error.
int exit_code_for(Error::Kind k) {
  switch (k) {
    case Error::Kind::BadInput:
    case Error::Kind::Unsatisfied: return 2;
    case Error::Kind::Io: return 3;
    case Error::Kind::OutOfMemory: return 4;
    case Error::Kind::Device: return 5;
    case Error::Kind::Internal: return 70;
  }
  return 70;
}

// prepare-key: 0 when the cache holds a valid entry afterwards (made now or already there).
int cmd_prepare_key(const std::string& zkey, const std::string& dir_arg) {
  g16::KeyCacheOptions co;
  co.dir = dir_arg.empty() ? g16::default_key_cache_dir() : dir_arg;
  if (co.dir.empty()) cuzk::fail(Error::Kind::BadInput, "", "no cache folder: set --key-cache, XDG_CACHE_HOME or HOME");
  co.min_bytes = 0;
  g16::KeyLoadReport rep;
  const auto t0 = cuzk::SteadyClock::now();
  g16::load_any_key(zkey, {}, co, rep);
  const double s = cuzk::seconds_since(t0);
  if (rep.source == "standalone") {  // already the prepared layout, checked by the load: no cache entry
    std::printf("%s: a standalone prepared key (checked in %.2f s): nothing to prepare\n", cuzk::escape_text(zkey).c_str(), s);
    return 0;
  }
  if (!rep.note.empty() && !rep.wrote && rep.source != "prepared") cuzk::fail(Error::Kind::Io, zkey, rep.note);
  if (!rep.note.empty()) std::fprintf(stderr, "cuzk-prove prepare-key: note: %s\n", cuzk::escape_text(rep.note).c_str());
  std::printf("%s: %s %s (%.1f MB) in %.2f s\n", cuzk::escape_text(zkey).c_str(),
              rep.wrote ? "prepared into" : "already prepared in", cuzk::escape_text(rep.cache_path).c_str(),
              double(rep.cache_bytes) / 1e6, s);
  return 0;
}

int cmd_verify(const std::string& vkey, const std::string& pub, const std::string& proof) {
  auto r = g16::verify_files(vkey, pub, proof);
  if (r) {
    std::printf("OK: proof is valid\n");
    return 0;
  }
  std::printf("INVALID: %s\n", cuzk::escape_text(r.reason).c_str());
  return 1;
}

int cmd_setup(const std::string& r1cs, const std::string& out, std::optional<std::uint64_t> seed,
              const std::string& backend, bool force) {
  // The key is streamed by write_zkey (AtomicFile + rename); the check here refuses an
  // existing --out before the setup's work (a file created meanwhile would be replaced).
  cuzk::check_outputs({{"--out", out, {}}}, force);
  auto engine = make_setup_engine(backend);  // BLS12-381's fixed-base products; a bn128 key's run on the CPU
  cuzk::pairing::with_curve(g16::r1cs_curve(r1cs), [&](auto e) {
    using E = decltype(e);
    auto cs = g16::read_r1cs<E>(r1cs);
    auto tw = seed ? cuzk::setup::ToxicWaste<E>::from_seed(*seed) : cuzk::setup::ToxicWaste<E>::random();
    cuzk::setup::SetupTimes t;
    auto pk = cuzk::setup::generate_key(cs, tw, &t, engine.get());
    g16::write_zkey(out, pk);
    std::printf(
        "setup: %s, %u constraints, nVars %u, nPublic %u, domain 2^%u on %s: lagrange %.3f s, qap %.3f s, G1 %.3f s, G2 "
        "%.3f s\n",
        E::snarkjs_name, cs.n_constraints, pk.header.n_vars, pk.header.n_public, pk.header.log_domain, t.engine.c_str(),
        t.lagrange, t.qap, t.g1, t.g2);
  });
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "cuzk-prove: Groth16 prover for BLS12-381 and BN254 (bn128) (snarkjs-compatible keys, witnesses and proofs; the "
      "curve comes from the files)"};
  app.require_subcommand(1);
  // Usage errors are one line like every other error (CLI11's default adds a second one).
  // An option this build does not take (a typo, or one of the lab's) is named as unknown.
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    std::string what = e.what();
    if (dynamic_cast<const CLI::ExtrasError*>(&e) && what.find(": ") != std::string::npos)
      what = "unknown option or argument: " + what.substr(what.find(": ") + 2);
    return "cuzk-prove: error: " + cuzk::escape_text(what) + " (see --help)\n";
  });
  app.set_version_flag("--version", std::string("cuzk-prove ") + CUZK_VERSION);
  int rc = 0;

  g16::ProveFiles pa;
  auto* prove = app.add_subcommand("prove", "Prove one witness: writes proof.json and public.json (snarkjs format)");
  prove->add_option("--zkey", pa.zkey, "Groth16 proving key (.zkey, snarkjs; or a standalone prepared key, told by its content)")->required()->check(CLI::ExistingFile);
  prove->add_option("--witness", pa.witness, "witness (.wtns, snarkjs)")->required()->check(CLI::ExistingFile);
  prove->add_option("--proof", pa.proof, "output proof.json")->required();
  prove->add_option("--public", pa.pub, "output public.json")->required();
  prove->add_option("--proof-bin", pa.proof_bin, "also write the 192-byte compressed proof A||B||C (Filecoin layout)");
  prove->add_option("--r1cs", pa.r1cs, "check every constraint against this .r1cs first and name the one that fails")
      ->check(CLI::ExistingFile);
  prove->add_flag("--force", pa.force, "replace existing output files (default: refuse, a finished proof is never overwritten)");
  prove->add_option("--seed", pa.seed,
                    "TEST ONLY: derive the blinding r, s from this seed (reproducible, NOT zero-knowledge)");
  prove->callback([&] { g16::prove_files(pa); });

  std::string vk, pub, proof;
  auto* verify = app.add_subcommand("verify", "Verify a proof: exit 0 valid, 1 invalid, 2 bad input");
  verify->add_option("--vkey", vk, "verification_key.json")->required();
  verify->add_option("--public", pub, "public.json")->required();
  verify->add_option("--proof", proof, "proof.json")->required();
  verify->callback([&] { rc = cmd_verify(vk, pub, proof); });

  std::string zk, out;
  bool exp_force = false, su_force = false;
  auto* exp = app.add_subcommand("export-vkey", "Write verification_key.json for a .zkey (or a standalone prepared key)");
  exp->add_option("--zkey", zk, "Groth16 proving key (.zkey, or a standalone prepared key)")->required()->check(CLI::ExistingFile);
  exp->add_option("--out", out, "output verification_key.json")->required();
  exp->add_flag("--force", exp_force, "replace an existing --out (default: refuse)");
  exp->callback([&] { g16::export_vkey_file(zk, out, exp_force); });

  std::string su_r1cs, su_out;
  std::optional<std::uint64_t> su_seed;
  auto* su = app.add_subcommand(
      "setup", "TEST/BENCHMARK ONLY: single-party Groth16 key (.zkey, snarkjs layout) for an .r1cs; whoever runs it can forge proofs");
  su->add_option("--r1cs", su_r1cs, "circuit (.r1cs)")->required()->check(CLI::ExistingFile);
  su->add_option("--out", su_out, "output .zkey")->required();
  su->add_option("--seed", su_seed, "derive the toxic waste from this seed (reproducible keys)");
  std::string su_backend = "auto";
  su->add_option("--backend", su_backend, "fixed-base products on: auto|cpu|cuda")->capture_default_str();
  su->add_flag("--force", su_force, "replace an existing --out (default: refuse)");
  su->callback([&] { rc = cmd_setup(su_r1cs, su_out, su_seed, su_backend, su_force); });

  std::string pk_zkey, pk_dir;
  auto* prep = app.add_subcommand("prepare-key",
                                  "Parse and check a .zkey once into the prepared-key cache that batch reads (any size); a standalone prepared key needs nothing (checked, exit 0)");
  prep->add_option("zkey", pk_zkey, "Groth16 proving key (.zkey)")->required();
  prep->add_option("--key-cache", pk_dir, "cache folder (default $XDG_CACHE_HOME/cuzk or ~/.cache/cuzk)");
  prep->callback([&] { rc = cmd_prepare_key(pk_zkey, pk_dir); });

  add_gen_porep_command(app, rc);
  add_gen_chain_command(app, rc);

  add_batch_command(app, rc);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const Error& e) {
    std::fprintf(stderr, "cuzk-prove: error: %s\n", cuzk::escape_text(e.what()).c_str());
    return verify->parsed() ? 2 : exit_code_for(e.kind());
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "cuzk-prove: error: out of memory\n");
    return verify->parsed() ? 2 : 4;  // verify: inputs too large to hold are bad input
  } catch (const nlohmann::json::exception& e) {
    // A JSON value of the wrong type that a reader did not catch: bad input for verify.
    std::fprintf(stderr, "cuzk-prove: %s: %s\n", verify->parsed() ? "error" : "internal error",
                 cuzk::escape_text(e.what()).c_str());
    return verify->parsed() ? 2 : 70;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cuzk-prove: internal error: %s\n", cuzk::escape_text(e.what()).c_str());
    return 70;
  }
  return rc;
}
