#pragma once
// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78; RFC 3720 §B.4, the iSCSI checksum):
// the per-leaf check of a prepared key's arrays (digest.hpp checksum_tree). It detects every
// error burst of up to 32 bits in a leaf, so any byte flipped or overwritten in it, with
// certainty; wider damage slips through with probability 2^-32 per leaf. On x86-64 with
// SSE4.2 it runs on the crc32 instruction (~9.5 GB/s a core on the development VM, against
// ~1.75 GB/s for SHA-256 with SHA-NI), elsewhere on a 256-entry table derived below from the
// polynomial; the two are checked against each other and the RFC's vectors in the tests.
#include <cstdint>
#include <span>

namespace cuzk {

// CRC-32C of `data`, continuing from `crc` (0 to start; pass a previous result to extend it).
std::uint32_t crc32c(std::span<const std::uint8_t> data, std::uint32_t crc = 0);
// The table-driven form only (what crc32c uses without SSE4.2); for the tests.
std::uint32_t crc32c_portable(std::span<const std::uint8_t> data, std::uint32_t crc = 0);
// Whether crc32c runs on the CPU's crc32 instruction.
bool crc32c_hardware();

}  // namespace cuzk
