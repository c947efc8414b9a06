// Which game is on the table, for play's status line: its variant, its deal
// (seed, PySolFC game, or the deal file and which deal of it) and, in a
// series, which game of how many.
#pragma once
#include "deal_source.hpp"
#include "formats/status_line.hpp"
#include "table.hpp"

namespace pyr::cmd::play {

// Game `k` of `games` (0: no series), dealt by `deals`.
GameName game_name(const Table& t, const DealSource& deals, int k, int games);

}  // namespace pyr::cmd::play
