// The subcommand table: each subcommand file registers its options on a
// CLI11 sub-app and returns the function that runs it.
#pragma once
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace pyr::cmd {

struct Subcommand {
    CLI::App* app;
    std::function<int()> run;  // returns the exit code
};

Subcommand setup_deal(CLI::App& parent);
Subcommand setup_play(CLI::App& parent);
Subcommand setup_solve(CLI::App& parent);
Subcommand setup_stats(CLI::App& parent);
Subcommand setup_validate(CLI::App& parent);
Subcommand setup_replay(CLI::App& parent);
Subcommand setup_variants(CLI::App& parent);
Subcommand setup_rate(CLI::App& parent);
Subcommand setup_round(CLI::App& parent);
Subcommand setup_help(CLI::App& parent);

}  // namespace pyr::cmd
