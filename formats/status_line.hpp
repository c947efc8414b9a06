// The line play shows under every position: how many moves were made and
// which game this is ("move 12   traditional, seed 7"), always one line within
// the window, so a player never loses track of either.
#pragma once
#include <cstddef>
#include <string>

namespace pyr {

// Which game is on the table, in parts a narrow window may drop.
struct GameName {
    std::string variant;  // "traditional"
    std::string deal;     // "seed 7", "PySolFC game 617", "deal 3 of deals.txt"
    std::string series;   // "game 2/6" in a series of games, else ""
};

// "  move 12   game 2/6   par, seed 7" within `width` columns (40 or more):
// where it does not fit, the series goes first, then the variant, and last
// the middle of the deal's name gives way to "...".
std::string status_line(int moves, const GameName& name, std::size_t width);

// What that line says, for play's `help status`, wrapped to `width`.
std::string status_line_legend(std::size_t width);

}  // namespace pyr
