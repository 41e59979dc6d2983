// `cuzk-prove batch --manifest FILE --shard I/N|slurm`: which sector files this process
// proves (lib/cuzk/pipeline/shard.hpp, docs/slurm.md).
#include "batch_shard.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <iostream>

#include "cuzk/pipeline/shard.hpp"
#include "cuzk/util/error.hpp"

namespace pl = cuzk::pipeline;
using cuzk::Error;

std::vector<std::string> batch_sector_files(const std::vector<std::string>& args, const std::string& manifest,
                                            const std::string& shard) {
  std::optional<pl::Shard> sh;
  if (!shard.empty()) sh = shard == "slurm" ? pl::shard_from_slurm(std::getenv) : pl::parse_shard(shard);
  const bool stdin_arg = std::find(args.begin(), args.end(), "-") != args.end();
  if (manifest == "-" && stdin_arg)
    cuzk::fail(Error::Kind::BadInput, "", "--manifest - and the sector argument '-' both read stdin: choose one");
  std::vector<std::string> files;
  for (const auto& a : args) {
    if (a != "-") {
      files.push_back(a);
      continue;
    }
    for (auto& f : pl::parse_manifest(std::cin, "-")) files.push_back(std::move(f));
  }
  if (!manifest.empty()) {
    try {
      for (auto& f : pl::read_manifest(manifest)) files.push_back(std::move(f));
    } catch (const Error& e) {  // a missing or unreadable list is a usage error (exit 2, not requeued)
      throw Error(Error::Kind::BadInput, std::string("--manifest: ") + e.what());
    }
  }
  if (files.empty()) cuzk::fail(Error::Kind::BadInput, "", "batch: no sector files given");
  return sh ? pl::select_shard(files, *sh) : files;
}
