// Did-you-mean for every name a user types: subcommands, options, variants,
// TOML keys, --measure words, play's commands. One helper, so every
// suggestion is made by the same rule.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

// Levenshtein distance between two words.
std::size_t edit_distance(std::string_view a, std::string_view b);
// The candidate nearest `word` when it is near enough to be a typo (a few
// edits, fewer for a short word; an option's dashes are not letters), else "".
std::string near_name(std::string_view word, const std::vector<std::string>& candidates);
// "; did you mean 'deal'?" for near_name(), else "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace pyr
