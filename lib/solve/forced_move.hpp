// Forced moves: the moves a player can make at once without ever regretting
// them, found from what a person sees (the cards in play, the layout, and
// which cards are left; never the order of the face-down stock). Play's
// `--auto` makes them as they come.
//
// - A card that goes alone (a King) is removed: it pairs with nothing, and
//   removing it only frees what lies under it.
// - A card that must go (every card, or a pyramid card where the goal is the
//   pyramid) whose only possible partner left is a card in play now goes with
//   it: every winning line pairs the two, so pairing them now costs no win.
//   A card's possible partners are the cards of its partner rank not removed
//   yet that the layout does not force to go before or after it
//   (PairingFacts::possible_partners).
//
// Neither is forced where a talon card is in it and the stock is turned
// several cards at a time with another pass to come: removing it would change
// which cards later draws show. In scored variants forced pairs are left to
// the player (where the game can no longer be won, pairing the partner with
// another card may score more); Kings are still removed.
#pragma once
#include <optional>
#include <vector>

#include "lib/rules/game.hpp"
#include "pairing.hpp"

namespace pyr {

enum class ForcedKind : std::uint8_t {
    Lone,         // a card that goes alone
    OnlyPartner,  // a pair: `alone` has no other possible partner left
};

struct ForcedMove {
    Move move;
    ForcedKind kind = ForcedKind::Lone;
    Card alone;  // OnlyPartner: the card whose only partner the other is
};

// The cards not removed yet, by code: the tableau's, the stock's, the turned
// card and the waste (which cards are left a player knows; where they lie in
// the stock, not).
std::uint64_t cards_left(const Game& game);

// The first forced move of the position, if any (Kings first). `facts`: the
// deal's (pairing_facts(game)).
std::optional<ForcedMove> forced_move(const Game& game, const PairingFacts& facts);

// Makes forced moves in `game` until none is left or the game is over; the
// moves made, in order.
std::vector<ForcedMove> make_forced_moves(Game& game);

}  // namespace pyr
