#pragma once
// Splitting one batch over many processes (Slurm job arrays, one process per GPU):
//   --shard I/N     this process proves the sectors whose shard_of(id, N) == I
//   --shard slurm   I and N from SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT
//   --manifest FILE sector file paths, one a line ("-" = stdin)
// The assignment depends on the sector id only (not on the order of the files), so a
// requeued task, given the same list, redoes exactly its own sectors. docs/slurm.md.
#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace cuzk::pipeline {

struct Shard {
  std::uint32_t index = 0;  // 0 <= index < count
  std::uint32_t count = 1;  // 1 .. kMaxShards
};
inline constexpr std::uint32_t kMaxShards = 1u << 20;

// The shard of a sector id among `count`: FNV-1a 64 of the id's bytes, mod count. Fixed
// forever (changing it would reassign sectors between the tasks of a running array).
std::uint32_t shard_of(const std::string& sector_id, std::uint32_t count);

// "I/N" (decimal, 0 <= I < N <= kMaxShards). Throws Error(BadInput) "--shard: ..." (one line).
Shard parse_shard(const std::string& text);

// From the Slurm array variables, read through `getenv` (std::getenv in the CLI; tests pass
// their own). Throws Error(BadInput) naming the missing or inconsistent variable.
Shard shard_from_slurm(const std::function<const char*(const char*)>& getenv);

// Manifest limits: a line longer than kMaxManifestLine, or a manifest of more than
// kMaxManifestLines entries, is refused (a manifest is a list of paths, not data).
inline constexpr std::size_t kMaxManifestLine = 4096;
inline constexpr std::size_t kMaxManifestLines = 4'000'000;

// Parses manifest text read from `name` (a path or "-" for stdin): one sector file path a
// line; leading/trailing blanks and a trailing \r are dropped; blank lines and lines whose
// first non-blank character is '#' are skipped; paths are used as written (a relative one
// is relative to the working directory, as on the command line). A NUL byte, an over-long
// line or too many lines throws Error(BadInput) "NAME:LINE: ..." (NAME "-" is "stdin").
std::vector<std::string> parse_manifest(std::istream& in, const std::string& name);
// Reads a manifest file (InputFile: a FIFO, device or folder is refused at once) or stdin.
std::vector<std::string> read_manifest(const std::string& path);

}  // namespace cuzk::pipeline

namespace cuzk::pipeline {

// The files of `files` in shard `s`, in their order: a file's sector id decides (its
// "sector" field, read with read_sector_file); a file that cannot be read or parsed goes by
// its path as given (so exactly one shard reports its error).
std::vector<std::string> select_shard(const std::vector<std::string>& files, Shard s);

}  // namespace cuzk::pipeline
