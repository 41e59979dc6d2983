#pragma once
// Content digests for the batch manifest (what a proof was made from). SHA-256 in tree
// mode so multi-GiB witnesses and replicas hash on all cores: the input is cut into
// 1 MiB leaves, each leaf is hashed with SHA-256, and the digest is
//   SHA-256( "cuzk-sha256t-1MiB" || u64le(total length) || H(leaf 0) || H(leaf 1) || ... )
// Test vectors: tests/batch/test_pipeline_units.cpp (checked against Python's hashlib).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>

namespace cuzk {

using Digest = std::array<std::uint8_t, 32>;

inline constexpr std::size_t kDigestLeafBytes = std::size_t(1) << 20;

// Tree digest of `data` (leaves hashed in parallel in the caller's TBB arena).
Digest digest_tree(std::span<const std::uint8_t> data);
// Content checksum of `data` for corruption checks (prepared keys): the same 1 MiB leaves,
// each checked with CRC-32C (crc32c.hpp) in parallel, and
//   SHA-256( "cuzk-crc32c-1MiB" || u64le(total length) || u32le(CRC-32C(leaf 0)) || ... ).
// Any byte changed within a leaf changes that leaf's CRC (bursts up to 32 bits are always
// caught), hence the checksum. About 5x the speed of digest_tree a core; not a digest against
// an adversary (the cache folder is the user's own; see prepared_key.hpp). Vectors: tests.
// Once `stop` is requested the leaves not yet started are skipped (groth16/key_check.hpp
// stops a key's check this way): the result is then meaningless and the caller drops it.
Digest checksum_tree(std::span<const std::uint8_t> data, std::stop_token stop = {});
// Tree digest of a regular file's content (mapped; throws Error(Io) naming the file).
Digest digest_file(const std::string& path);
// Plain SHA-256 (SHA-NI when the CPU has it, else the portable util/sha256.hpp).
Digest sha256_of(std::string_view s);

std::string to_hex(const Digest& d);

}  // namespace cuzk
