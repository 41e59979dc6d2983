#pragma once
// "did you mean X?" for a mistyped subcommand, option, column or field.
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::stats {

// Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The closest candidate when it is close enough: distance <= max(1, |word| / 3), or `word` is a
// prefix of exactly one candidate (of at least 3 characters). Empty when none is.
std::string closest(std::string_view word, const std::vector<std::string>& candidates);

// " (did you mean 'X'?)" or "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace cuzk::stats
