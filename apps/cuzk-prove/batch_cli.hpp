#pragma once
// `cuzk-prove batch`: registers the subcommand on the app; the callback runs the batch
// pipeline (lib/cuzk/pipeline/batch.hpp) and stores the exit code in `exit_code`
// (0 all proofs succeeded, 1 some sector failed; usage errors throw → 2 in main).
#include <CLI/CLI.hpp>

void add_batch_command(CLI::App& app, int& exit_code);
