#pragma once
// The outputs of one command (cuzk-prove prove, export-vkey, setup), written whole or not at
// all. check_outputs runs before any work: no two options name the same file (compared after
// resolving ./, .. and symlinks), none is a folder or another non-regular file, none exists
// unless `force`, and each one's folder exists. write_all_or_none then creates and writes every
// temp file, and only then commits them; a failed commit removes the outputs this call already
// committed (they are its own: without `force` they were created with no-overwrite).
#include <string>
#include <vector>

namespace cuzk {

struct OutputFile {
  const char* option;   // the option that named it, for messages: "--proof"
  std::string path;
  std::string content;  // filled once the work is done
};

// Error(BadInput) or Error(Io) naming the path and the problem.
void check_outputs(const std::vector<OutputFile>& outs, bool force);
void write_all_or_none(const std::vector<OutputFile>& outs, bool force);

}  // namespace cuzk
