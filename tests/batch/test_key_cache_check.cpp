// The pipeline's key cache (pipeline/key_cache.hpp) with deferred point checks
// (groth16/prepared_key.hpp): a key whose deferred check failed is loaded again by the next
// get(), every check at load; a corrupt cache entry is so rebuilt from its .zkey for the
// partitions still to come, and a corrupt standalone key fails that load, naming the array.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/groth16/standalone_key.hpp"
#include "cuzk/pipeline/key_cache.hpp"
#include "cuzk/pipeline/memory_limiter.hpp"
#include "cuzk/util/error.hpp"
#include "error_of.hpp"
#include "file_bytes.hpp"
#include "temp_dir.hpp"

using namespace cuzk;
using Bls = pairing::Bls12_381;
namespace fs = std::filesystem;

namespace {

const groth16::ProvingKey<Bls>& bls(const pipeline::KeyCache::KeyPtr& k) { return std::get<0>(*k); }

// The message of the Error f throws ("" when none).
template <class F>
std::string error_of(F&& f) {
  return test::error_of(std::forward<F>(f)).first;
}

// Flips a byte in the middle of H, the last array of a prepared key (before its padding).
void flip_h(const std::string& path, const groth16::ProvingKey<Bls>& pk) {
  std::string b = test::slurp(path);
  const std::size_t h_bytes = pk.h.size() * sizeof(Bls::G1Affine);
  const std::size_t h_at = (b.size() - h_bytes) / 4096 * 4096;  // H starts at the last aligned offset before it
  b[h_at + h_bytes / 2] ^= 0x20;
  test::spit(path, b);
}

}  // namespace

TEST_CASE("key cache: a key cache entry whose deferred check fails is rebuilt for later partitions") {
  test::TempDir d("cuzk-kcc-");
  const std::string zk = (d.p / "k.zkey").string();
  fs::copy_file(std::string(std::getenv("CUZK_SOURCE_DIR")) + "/data/fixtures/main/circuit.zkey", zk);
  groth16::KeyCacheOptions co;
  co.dir = (d.p / "cache").string();
  groth16::KeyLoadReport rep;
  const auto parsed = groth16::load_key<Bls>(zk, {}, co, rep);  // prepares the entry
  REQUIRE(rep.wrote);
  const std::string entry = rep.cache_path;
  flip_h(entry, parsed);

  co.defer_point_checks = true;
  pipeline::MemoryLimiter lim(std::uint64_t(1) << 30, 4);
  std::vector<std::string> sources;
  pipeline::KeyCache keys(lim, {}, co,
                          [&](const std::string&, auto, auto, const groth16::KeyLoadReport& r, const std::string&) {
                            sources.push_back(r.source);
                          });
  keys.expect(zk, 1 << 20, 3);
  keys.admit(zk);
  const auto first = keys.get(zk);
  REQUIRE(bls(first).deferred_check != nullptr);
  // Nothing failed yet as far as get() could see: the same key. The check runs on its own thread
  // and may fail at any moment (it did before get() under a loaded ctest run): failed() read after
  // get() returned false was false during it too.
  const auto again = keys.get(zk);
  const bool failed_by_then = bls(first).deferred_check->failed();
  if (!failed_by_then) CHECK(again == first);
  const std::string msg = error_of([&] { bls(first).wait_all_checked(); });
  CHECK(msg.rfind(entry + ": H: content checksum mismatch", 0) == 0);
  CHECK(msg.find("removed") != std::string::npos);
  if (again == first) CHECK_FALSE(fs::exists(entry));  // removed, and no get() has rebuilt it yet
  // The next partition: loaded again, from the .zkey, the entry rebuilt; then the same key.
  keys.admit(zk);
  const auto second = keys.get(zk);
  CHECK(second != first);
  CHECK(bls(second).deferred_check == nullptr);
  CHECK_FALSE(bls(second).a.is_view());
  CHECK(keys.get(zk) == second);
  CHECK(keys.loads() == 2);
  CHECK(sources == std::vector<std::string>{"prepared", "zkey"});
  CHECK(fs::exists(entry));
  std::string why;
  CHECK(groth16::read_prepared_key<Bls>(entry, zk, why).has_value());
  keys.release(zk);
  keys.release(zk);
}

TEST_CASE("key cache: a standalone key whose deferred check fails fails the reload, naming the array") {
  test::TempDir d("cuzk-kcc-");
  const std::string zk = std::string(std::getenv("CUZK_SOURCE_DIR")) + "/data/fixtures/main/circuit.zkey";
  const std::string sk = (d.p / "s.cuzkpk").string();
  const auto parsed = groth16::read_zkey<Bls>(zk);
  groth16::write_standalone_key(parsed, sk);
  flip_h(sk, parsed);
  groth16::KeyCacheOptions co;
  co.enabled = false;
  co.defer_point_checks = true;
  pipeline::MemoryLimiter lim(std::uint64_t(1) << 30, 4);
  pipeline::KeyCache keys(lim, {}, co);
  keys.expect(sk, 1 << 20, 3);
  keys.admit(sk);
  const auto first = keys.get(sk);
  const std::string want = sk + ": H: content checksum mismatch";
  CHECK(error_of([&] { bls(first).wait_checked(groth16::KeyCheck::Array::H); }) == want);
  CHECK(fs::exists(sk));  // the user's key: never removed
  keys.admit(sk);
  CHECK(error_of([&] { keys.get(sk); }) == want);  // the eager reload refuses it
  CHECK(error_of([&] { keys.get(sk); }) == want);  // and stays refused: loaded twice in all
  CHECK(keys.loads() == 2);
  keys.release(sk);
  keys.release(sk);
}
