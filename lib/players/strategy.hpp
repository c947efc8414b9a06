// A player who does not look at face-down cards: ranks the legal moves by the
// strategy tips of the rules (kings at once, pyramid pairs first, use the
// waste top before turning, free as many cards as possible, keep scarce
// partners). Used by `play`'s hint and by the blind player of `stats`.
#pragma once
#include <cstdint>

#include "lib/rules/game.hpp"

namespace pyr {

// The move a careful player would make now, seeing only face-up cards.
// The game must not be over. `positions`, if given, gets how many positions
// its look-ahead searched (none when a King goes at once).
Move blind_choice(const Game& game, std::uint64_t* positions = nullptr);

}  // namespace pyr
