// play's `hint` in words: the expert's answer (lib/players/expert.hpp) for a
// position, and the blind player's move for `hint quick`. Pure: the same
// position and answer give the same text, so tests can pin it.
#pragma once
#include <cstddef>
#include <string>

#include "lib/players/expert.hpp"
#include "lib/rules/game.hpp"

namespace pyr {

// "hint: 8D 5C (wins 7 of 64 stock orders; QH AH: 7 of 64)", the mean best
// score instead in scored variants, or why there was nothing to weigh (a King
// alone, the only move, the solver's line). `all`: every move weighed, as a
// list. Laid out for `width` columns, broken between words and never inside
// a move ("8D 5C"), the next lines indented. `choice` is the expert's answer for `game`.
std::string hint_text(const Game& game, const ExpertChoice& choice, bool all, std::size_t width);

// "hint: 8D 5C (rule of thumb)": `move` is the blind player's for `game`; laid out as hint_text().
std::string quick_hint_text(const Game& game, const Move& move, std::size_t width);

}  // namespace pyr
