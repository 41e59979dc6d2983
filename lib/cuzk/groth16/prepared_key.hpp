#pragma once
// Prepared proving keys: a .zkey parsed, converted and checked once (every point on its
// curve and in its subgroup, coefficients indexed), then stored in the layout the prover
// uses, so later runs map it instead of parsing and checking the .zkey again.
//
// File (layout version kPreparedLayout, little-endian, native struct layouts whose sizes are
// recorded and checked):
//   header (4096 bytes): magic "CUZKPK\x01\n", layout version, element sizes, the curve
//     (pairing::CurveId: an entry of one curve is never read as the other's), the .zkey's
//     fingerprint (size, mtime, inode, device, SHA-256 of its protocol/header/IC sections,
//     its section table and the first and last 64 KiB of every other section; a standalone
//     key, standalone_key.hpp, has size 0 and a fixed tag there instead), the Groth16
//     header values, and for each array its count, offset and content checksum (the CRC-32C
//     tree of digest.hpp; layout 1 had the tree SHA-256 there),
//     the file's size, then the SHA-256 of all header bytes before it;
//   arrays, each at a 4096-byte-aligned offset: IC, coefficients, row_begin[0], row_begin[1],
//     A, B1, B2, C, H.
// A reader refuses an entry (and the caller rebuilds it from the .zkey) when anything
// disagrees: size, magic, layout version, element sizes, header digest, the .zkey's current
// fingerprint (stale), counts against the header, offsets, or any array's checksum (a byte
// flipped anywhere). Arrays are views of the mapping (file-backed, reclaimable memory).
// Trust: the cache folder is the user's own; an entry is never trusted beyond its digests,
// and every proof is verified before it is written anyway.
//
// What is checked when. Before a reader returns: everything above (size, magic, layout,
// element sizes, header digest, fingerprint, counts, offsets, padding) and the content
// checksums of IC, the coefficients and row_begin (synthesis reads them at once). The content
// checksums of the five point arrays (A, B1, B2, C, H: most of a key, 9.7 GB at 2^24) too,
// unless the caller defers them (KeyCacheOptions::defer_point_checks; the batch pipeline and
// `prove` do): then the key's KeyCheck (key_check.hpp, ProvingKey::deferred_check) checks them
// after the return on a thread of its own, in the CUDA upload's order B2, A, B1, C, H, and
// every reader of an array's bytes waits for that array's check first (the CPU prover before
// its first MSM, CudaBackend::upload_key before each section, the key writers for all). So
// no byte of an array reaches a proof, a device or a written key before its check passed.
// A deferred check that fails fails whoever waits with one line, "<file>: B2: content checksum
// mismatch", an Error(BadInput) like any corrupt key (`prove`: exit 2, no output written;
// `batch`: the key's partitions fail, no proof written, exit 1). For a key cache entry the
// line adds that the entry was removed: the next load (the pipeline's key cache reloads a key
// whose check failed, eagerly, for its later partitions; a later run) parses the .zkey again
// and rebuilds the entry. The partitions that already failed are not retried in that run.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "cuzk/groth16/zkey.hpp"

namespace cuzk::groth16 {

inline constexpr std::uint32_t kPreparedLayout = 3;  // 3: the curve in the header

struct KeyCacheOptions {
  bool enabled = true;
  // "" = the default folder ($XDG_CACHE_HOME/cuzk, else $HOME/.cache/cuzk). With the default
  // folder only keys of at least min_bytes are prepared (a small key parses in milliseconds);
  // an explicit folder prepares every key.
  std::string dir;
  std::uint64_t min_bytes = std::uint64_t(16) << 20;
  // Prepared keys (cache entries and standalone keys) only: the five point arrays' content
  // checks run after the load returns (see the top of this file); false: before it returns.
  // Whoever sets it waits (ProvingKey::wait_checked) before reading those arrays' bytes.
  bool defer_point_checks = false;
};

// What load_key did, for the key_load event and the person watching.
struct KeyLoadReport {
  std::string source;      // "zkey" (parsed from the .zkey), "prepared" (mapped from the cache) or
                           // "standalone" (a standalone prepared key, mapped; standalone_key.hpp)
  std::string cache_path;  // the cache entry used or written; "" without a cache
  std::uint64_t bytes = 0; // bytes read: the .zkey's size, or the prepared file's (less its point
                           // arrays when their checks run after the load: the key_check span reads them)
  std::uint64_t cache_bytes = 0;  // the cache entry's size (read or written)
  bool wrote = false;      // a new cache entry was written
  std::string note;        // "" or one line: why an entry was rebuilt, or could not be written
  std::string curve;       // snarkjs's name of the key's curve ("bls12381", "bn128")
};

// The default cache folder ("" when neither XDG_CACHE_HOME nor HOME is set).
std::string default_key_cache_dir();
// The cache entry for `zkey` in `dir`: <dir>/<SHA-256 of the .zkey's absolute path>.cuzkpk.
std::string prepared_key_path(const std::string& dir, const std::string& zkey);

// Writes pk (read from `zkey` with every check on) as a prepared key at `out`, atomically
// (temp file + rename; a failure such as a full disk leaves nothing behind). Throws Error(Io).
template <class E>
void write_prepared_key(const ProvingKey<E>& pk, const std::string& zkey, const std::string& out);
// Maps and checks the prepared key `file` made from `zkey`. nullopt with `why` set (one line)
// when it is missing, stale, truncated or corrupt; the caller then parses the .zkey.
// defer_point_checks: as KeyCacheOptions's (a failed deferred check removes `file`).
template <class E>
std::optional<ProvingKey<E>> read_prepared_key(const std::string& file, const std::string& zkey, std::string& why,
                                               bool defer_point_checks = false);

// The layer under standalone_key.hpp (call that, not these): a prepared key whose fingerprint
// field says "standalone" (size 0, a fixed tag) instead of naming a .zkey. write: as
// write_prepared_key. read: every check of read_prepared_key; header_only checks the header,
// counts, offsets, padding and IC's checksum only and returns the header and IC (as
// read_zkey_header does). A cache entry is refused here by name, and a standalone key is
// never taken for a .zkey's cache entry (their fingerprints differ).
template <class E>
void write_prepared_standalone(const ProvingKey<E>& pk, const std::string& out);
template <class E>
std::optional<ProvingKey<E>> read_prepared_standalone(const std::string& file, bool header_only, std::string& why,
                                                      bool defer_point_checks = false);
// Every prepared key's first 8 bytes, and where the layout version and the curve (u32 each) sit
// in its header.
inline constexpr char kPreparedMagic[8] = {'C', 'U', 'Z', 'K', 'P', 'K', '\x01', '\n'};
inline constexpr std::size_t kPreparedLayoutOffset = 8, kPreparedCurveOffset = 28;

// The key for `zkey`: from the cache when a valid entry exists, else parsed from the .zkey
// (read_zkey with `zo`) and, when the cache is on and zo has every check on, prepared into
// the cache for the next run. A cache that cannot be written is noted, never fatal.
// E is the key's curve (key_curve(zkey) tells it; a key of the other curve is an error).
// `zkey` may be a standalone prepared key instead (recognised by its magic bytes, never its
// name): it is mapped and checked (read_standalone_key), no cache entry is read or written,
// and rep.source is "standalone". co.defer_point_checks applies to both kinds of prepared key.
template <class E>
ProvingKey<E> load_key(const std::string& zkey, const ZkeyOptions& zo, const KeyCacheOptions& co, KeyLoadReport& rep);
// The same for a key of whichever curve the .zkey is.
std::variant<ProvingKey<pairing::Bls12_381>, ProvingKey<pairing::Bn254>> load_any_key(const std::string& zkey,
                                                                                       const ZkeyOptions& zo,
                                                                                       const KeyCacheOptions& co,
                                                                                       KeyLoadReport& rep);

}  // namespace cuzk::groth16
