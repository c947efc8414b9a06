// play --daily [DATE]: the deal of the day (lib/players/daily.hpp) as play's seed.
#pragma once
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace pyr::cmd::play {

CLI::Option* add_daily_option(CLI::App& app, std::string& date);
// The seed of the deal of the day `date` (YYYY-MM-DD; empty: today, UTC) for
// `variant` ("" is traditional). `other_source` names an option that gives
// the deal some other way ("--seed"), or is empty: a UsageError when not.
// Throws InputError for a date that is not one, and when the day has no deal.
std::uint64_t daily_seed(const std::string& variant, const std::string& date, const std::string& other_source);

}  // namespace pyr::cmd::play
