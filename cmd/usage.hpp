// Usage errors in the project's words: every error the option
// parser can raise, and those a subcommand finds after it (UsageError), said
// one way, for the subcommand in use, with a pointer to its --help.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "formats/near_name.hpp"

namespace pyr::cmd {

// did_you_mean(): formats/near_name.hpp.
using pyr::did_you_mean;

// `word` names no subcommand of `app`: "'dael' is not a pyramide command; did
// you mean 'deal'?", "'zz' is not a subcommand of 'pyramide stats' (it has merge)".
std::string unknown_subcommand_text(const CLI::App& app, std::string_view word);

// What the first argument asks before CLI11 parses: `version` prints
// the version (exit 0), as -V and --version do; a word that is no subcommand is a usage error (exit
// 2). Empty when CLI11 should parse as usual.
std::optional<int> first_word(int argc, char** argv, const CLI::App& app);

// Marks a positional argument required, with what to say when it is missing
// ("no file given: name one or more deal files or move logs, or - for stdin").
CLI::Option* required_argument(CLI::Option* opt, std::string when_missing);

// Flags take no value anywhere (`--json=1` is refused, not read as true or as
// a count): call on the top app once every subcommand is set up.
void refuse_flag_values(CLI::App& app);

// "pyramide deal", "pyramide stats merge": the deepest subcommand the parser reached.
std::string subcommand_in_use(const CLI::App& top);

// What a parse error of `top` means, in our words: "--format: 'xml' is not
// one of text, line, json", "--seed needs a value", "no file given: ...".
std::string parse_error_text(const CLI::App& top, const CLI::Error& e);

// The whole message for a usage error of the subcommand in use:
// "pyramide deal: WHAT\nRun 'pyramide deal --help' for more information.\n".
std::string usage_message(const CLI::App& top, const std::string& what);

}  // namespace pyr::cmd
