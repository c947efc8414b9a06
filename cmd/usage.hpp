// Usage errors in the project's words (issue 11): an unknown subcommand or
// option named, with the nearest known one ("did you mean 'deal'?").
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace pyr::cmd {

// Levenshtein distance between two words.
std::size_t edit_distance(std::string_view a, std::string_view b);
// "; did you mean 'deal'?" for the candidate nearest `word` when it is near
// enough to be a typo, else "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

// What the first argument asks before CLI11 parses: `version` prints
// the version (exit 0), as -V and --version do; a word that is no subcommand is a usage error (exit
// 2). Empty when CLI11 should parse as usual.
std::optional<int> first_word(int argc, char** argv, const CLI::App& app);

// The message for arguments `app` did not expect: the first unknown option,
// with the nearest of app's options, or "" when there is no option among them.
std::string unknown_option_message(const CLI::App& app, const std::vector<std::string>& extras);

}  // namespace pyr::cmd
