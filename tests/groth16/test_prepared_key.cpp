// Prepared keys (prepared_key.hpp): the same key as the parsed .zkey, proofs bit-identical,
// and every kind of bad cache entry (a byte flipped anywhere, truncated, stale, wrong kind
// of file, unwritable folder) refused and rebuilt, never used.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "cuzk/groth16/prepared_key.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/witness.hpp"
#include "file_bytes.hpp"
#include "fixture_paths.hpp"
#include "temp_dir.hpp"

#include "bls12_381_types.hpp"  // E, Fr, G1, ... of BLS12-381

using namespace cuzk::groth16;
using cuzk::test::fixture;
using cuzk::test::TempDir;
using cuzk::test::same_bytes;
using cuzk::test::slurp;
using cuzk::test::spit;
namespace fs = std::filesystem;

namespace {

void check_same(const ProvingKey<E>& x, const ProvingKey<E>& y) {
  CHECK(x.header.n_vars == y.header.n_vars);
  CHECK(x.header.n_public == y.header.n_public);
  CHECK(x.header.domain_size == y.header.domain_size);
  CHECK(x.header.log_domain == y.header.log_domain);
  CHECK(x.header.delta1 == y.header.delta1);
  CHECK(x.header.delta2 == y.header.delta2);
  CHECK(same_bytes(x.ic, y.ic));
  CHECK(same_bytes(x.coefs, y.coefs));
  CHECK(same_bytes(x.row_begin[0], y.row_begin[0]));
  CHECK(same_bytes(x.row_begin[1], y.row_begin[1]));
  CHECK(same_bytes(x.a, y.a));
  CHECK(same_bytes(x.b1, y.b1));
  CHECK(same_bytes(x.b2, y.b2));
  CHECK(same_bytes(x.c, y.c));
  CHECK(same_bytes(x.h, y.h));
}

// A private copy of the fixture key, so touching it changes nothing shared.
std::string copy_key(const TempDir& d) {
  const std::string k = (d.p / "k.zkey").string();
  fs::copy_file(fixture("main", "circuit.zkey"), k, fs::copy_options::overwrite_existing);
  return k;
}

}  // namespace

TEST_CASE("prepared key: same key, same proofs, mapped not copied") {
  TempDir d("cuzk-pk-");
  const std::string zk = copy_key(d), entry = (d.p / "e.cuzkpk").string();
  const ProvingKey<E> parsed = read_zkey<E>(zk);
  write_prepared_key(parsed, zk, entry);
  std::string why;
  auto pk = read_prepared_key<E>(entry, zk, why);
  REQUIRE_MESSAGE(pk.has_value(), why);
  check_same(parsed, *pk);
  CHECK(pk->path == zk);
  CHECK(pk->a.is_view());
  CHECK(pk->b2.is_view());
  CHECK_FALSE(parsed.a.is_view());

  const Witness w = read_wtns(fixture("main", "w0.wtns"), parsed.header.n_vars);
  CpuBackend cpu;
  const Proof<E> p1 = prove(parsed, w.values, Blinding<E>::from_seed(5, "t"), cpu);
  const Proof<E> p2 = prove(*pk, w.values, Blinding<E>::from_seed(5, "t"), cpu);
  CHECK(p1 == p2);
}

TEST_CASE("prepared key: the file never holds a point's padding bytes (the same bytes whatever they were)") {
  TempDir d("cuzk-pk-pad-");
  const std::string zk = copy_key(d), clean = (d.p / "clean.cuzkpk").string(), dirty = (d.p / "dirty.cuzkpk").string();
  ProvingKey<E> k = read_zkey<E>(zk);
  write_prepared_key(k, zk, clean);
  // The bytes after `inf` up to the struct's end: old stack or heap contents in a copy.
  auto poison = [](auto& p) {
    using P = std::remove_cvref_t<decltype(p)>;
    auto* b = reinterpret_cast<unsigned char*>(&p);
    const std::size_t from = std::size_t(reinterpret_cast<unsigned char*>(&p.inf) - b) + sizeof p.inf;
    REQUIRE(from < sizeof(P));  // both point types have padding here: the test means something
    std::memset(b + from, 0xAB, sizeof(P) - from);
  };
  poison(k.header.alpha1);
  poison(k.header.beta1);
  poison(k.header.delta1);
  poison(k.header.beta2);
  poison(k.header.gamma2);
  poison(k.header.delta2);
  write_prepared_key(k, zk, dirty);
  CHECK(slurp(clean) == slurp(dirty));
  std::string why;
  auto pk = read_prepared_key<E>(dirty, zk, why);
  REQUIRE_MESSAGE(pk.has_value(), why);
  check_same(k, *pk);
}

TEST_CASE("prepared key: a byte flipped anywhere, truncation, staleness are refused") {
  TempDir d("cuzk-pk-");
  const std::string zk = copy_key(d), entry = (d.p / "e.cuzkpk").string();
  write_prepared_key(read_zkey<E>(zk), zk, entry);
  const std::string good = slurp(entry);
  REQUIRE(good.size() > 8192);
  std::string why;
  REQUIRE(read_prepared_key<E>(entry, zk, why).has_value());

  // Flip one bit at offsets spread over the whole file: header fields, header padding,
  // every array and the alignment padding between them, the last byte.
  std::mt19937_64 rng(1);
  std::vector<std::size_t> at = {0, 8, 40, 200, 1500, 4000, 4095, 4096, good.size() / 2, good.size() - 1};
  for (int i = 0; i < 40; ++i) at.push_back(std::size_t(rng() % good.size()));
  for (std::size_t off : at) {
    std::string bad = good;
    bad[off] = char(bad[off] ^ (1 << (off % 8)));
    spit(entry, bad);
    why.clear();
    CAPTURE(off);
    CHECK_FALSE(read_prepared_key<E>(entry, zk, why).has_value());
    CHECK(why.find(entry) != std::string::npos);
  }
  // An entry of another layout version (an older build's layout 1, a newer one's): refused by
  // name before anything else is read, so it is rebuilt.
  for (std::uint32_t layout : {1u, kPreparedLayout + 1}) {
    std::string other = good;
    std::memcpy(other.data() + 8, &layout, 4);  // after the 8-byte magic
    spit(entry, other);
    why.clear();
    CAPTURE(layout);
    CHECK_FALSE(read_prepared_key<E>(entry, zk, why).has_value());
    CHECK(why.find("layout version " + std::to_string(layout)) != std::string::npos);
  }
  spit(entry, good.substr(0, good.size() - 4096));
  CHECK_FALSE(read_prepared_key<E>(entry, zk, why).has_value());
  CHECK(why.find("size") != std::string::npos);
  spit(entry, good.substr(0, 100));
  CHECK_FALSE(read_prepared_key<E>(entry, zk, why).has_value());
  CHECK(why.find("truncated") != std::string::npos);
  spit(entry, "");
  CHECK_FALSE(read_prepared_key<E>(entry, zk, why).has_value());

  spit(entry, good);
  REQUIRE(read_prepared_key<E>(entry, zk, why).has_value());
  // The .zkey rewritten (same bytes, new mtime): stale.
  struct timespec ts[2] = {{1, 0}, {1, 0}};
  REQUIRE(::utimensat(AT_FDCWD, zk.c_str(), ts, 0) == 0);
  CHECK_FALSE(read_prepared_key<E>(entry, zk, why).has_value());
  CHECK(why.find("stale") != std::string::npos);

  // Not a regular file: refused without blocking.
  fs::remove(entry);
  REQUIRE(::mkfifo(entry.c_str(), 0600) == 0);
  CHECK_FALSE(read_prepared_key<E>(entry, zk, why).has_value());
}

TEST_CASE("load_key: prepares once, reads the entry after, rebuilds a bad one, survives an unwritable cache") {
  TempDir d("cuzk-pk-");
  const std::string zk = copy_key(d), dir = (d.p / "cache").string();
  KeyCacheOptions co;
  co.dir = dir;
  KeyLoadReport rep;
  const ProvingKey<E> k1 = load_key<E>(zk, {}, co, rep);
  CHECK(rep.source == "zkey");
  CHECK(rep.wrote);
  CHECK(rep.note.empty());
  REQUIRE(fs::is_regular_file(rep.cache_path));
  CHECK(rep.cache_path == prepared_key_path(dir, zk));
  const std::string entry = rep.cache_path;

  const ProvingKey<E> k2 = load_key<E>(zk, {}, co, rep);
  CHECK(rep.source == "prepared");
  CHECK_FALSE(rep.wrote);
  check_same(k1, k2);

  std::string bytes = slurp(entry);
  bytes[bytes.size() / 3] ^= 0x10;
  spit(entry, bytes);
  const ProvingKey<E> k3 = load_key<E>(zk, {}, co, rep);
  CHECK(rep.source == "zkey");
  CHECK(rep.wrote);
  CHECK(rep.note.find("checksum") != std::string::npos);
  check_same(k1, k3);
  CHECK(load_key<E>(zk, {}, co, rep).a.is_view());
  CHECK(rep.source == "prepared");

  // A key parsed without every check is never stored.
  fs::remove(entry);
  ZkeyOptions loose;
  loose.check_subgroups = false;
  load_key<E>(zk, loose, co, rep);
  CHECK_FALSE(rep.wrote);
  CHECK_FALSE(fs::exists(entry));

  // A cache folder that cannot be made: the key still loads, the note says why.
  spit((d.p / "file").string(), "x");
  co.dir = (d.p / "file" / "sub").string();
  const ProvingKey<E> k4 = load_key<E>(zk, {}, co, rep);
  CHECK(rep.source == "zkey");
  CHECK_FALSE(rep.wrote);
  CHECK(rep.note.find("not written") != std::string::npos);
  check_same(k1, k4);

  // Default folder ($XDG_CACHE_HOME/cuzk here): a key below min_bytes is parsed, never stored;
  // at or above it, it is stored there; off means off.
  const fs::path xdg = d.p / "xdg";
  REQUIRE(::setenv("XDG_CACHE_HOME", xdg.c_str(), 1) == 0);
  CHECK(default_key_cache_dir() == (xdg / "cuzk").string());
  co.dir.clear();
  co.min_bytes = fs::file_size(zk) + 1;
  load_key<E>(zk, {}, co, rep);
  CHECK(rep.source == "zkey");
  CHECK(rep.cache_path.empty());
  CHECK_FALSE(fs::exists(xdg));
  co.min_bytes = fs::file_size(zk);
  load_key<E>(zk, {}, co, rep);
  CHECK(rep.wrote);
  CHECK(rep.cache_path == prepared_key_path((xdg / "cuzk").string(), zk));
  fs::remove_all(xdg);
  co.enabled = false;
  load_key<E>(zk, {}, co, rep);
  CHECK(rep.cache_path.empty());
  CHECK_FALSE(fs::exists(xdg));
  ::unsetenv("XDG_CACHE_HOME");
}
