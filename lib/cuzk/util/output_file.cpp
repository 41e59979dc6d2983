#include "cuzk/util/output_file.hpp"

#include <unistd.h>

#include <filesystem>
#include <memory>

#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk {

void check_outputs(const std::vector<OutputFile>& outs, bool force) {
  namespace fs = std::filesystem;
  std::vector<fs::path> resolved;
  for (const OutputFile& o : outs) {
    std::error_code ec;
    fs::file_status st = fs::status(o.path, ec);  // follows symlinks
    if (fs::is_directory(st)) fail(Error::Kind::BadInput, o.path, std::string(o.option) + " names a folder, not a file");
    if (fs::exists(st) && !fs::is_regular_file(st))
      fail(Error::Kind::BadInput, o.path, std::string(o.option) + " names a special file, not a regular file");
    if (fs::exists(st) && !force) fail(Error::Kind::BadInput, o.path, "exists already, not overwritten (--force replaces it)");
    auto dir = fs::path(o.path).parent_path();
    if (!dir.empty() && !fs::is_directory(dir, ec)) fail(Error::Kind::Io, o.path, "output folder does not exist");
    fs::path r = fs::weakly_canonical(fs::absolute(o.path), ec);
    if (ec) r = fs::absolute(o.path).lexically_normal();
    for (std::size_t i = 0; i < resolved.size(); ++i)
      if (resolved[i] == r)
        fail(Error::Kind::BadInput, o.path,
             std::string("given as both ") + outs[i].option + " and " + o.option + "; each output needs its own file");
    resolved.push_back(std::move(r));
  }
}

void write_all_or_none(const std::vector<OutputFile>& outs, bool force) {
  std::vector<std::unique_ptr<AtomicFile>> files;
  for (const OutputFile& o : outs) {
    files.push_back(std::make_unique<AtomicFile>(o.path));
    files.back()->write(o.content);
  }
  std::size_t done = 0;
  try {
    for (; done < files.size(); ++done) files[done]->commit(/*no_overwrite=*/!force);
  } catch (...) {
    for (std::size_t i = 0; i < done; ++i) ::unlink(outs[i].path.c_str());
    throw;
  }
}

}  // namespace cuzk
