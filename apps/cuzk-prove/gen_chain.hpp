#pragma once
#include <CLI/CLI.hpp>

// `cuzk-prove gen-chain`: a (test-only) key of either curve for the squaring-chain circuit of
// a chosen size (lib/cuzk/circuit/chain.hpp), its witnesses and a sector file.
void add_gen_chain_command(CLI::App& app, int& exit_code);
