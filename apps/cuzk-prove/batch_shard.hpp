#pragma once
#include <string>
#include <vector>

// The sector files of this batch: the arguments ('-' = paths from stdin), then the
// --manifest's, then only those of --shard (I/N or slurm; "" = all). Throws Error(BadInput)
// for a bad --shard, an unreadable or malformed manifest, or no sector file at all (an
// empty shard of a non-empty list is fine: that process has nothing to do).
std::vector<std::string> batch_sector_files(const std::vector<std::string>& args, const std::string& manifest,
                                            const std::string& shard);
