#pragma once
#include <CLI/CLI.hpp>

// `cuzk-prove gen-porep`: replica data, a (test-only) key and sector files for the native
// porep-lite circuit at a chosen partition size.
void add_gen_porep_command(CLI::App& app, int& exit_code);
