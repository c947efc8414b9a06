// Which cards of a deal can ever pair with which, from the layout alone: the
// facts the solver's dead-state test starts from, the lock test and the blind
// player share. Cards by code (card.hpp).
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "game.hpp"

namespace pyr {

struct PairingFacts {
    // The tableau cards that must go before it (Layout::before), and those it must go before.
    std::array<std::uint64_t, 64> before{}, after{};
    std::array<std::uint64_t, 64> partners{};  // the cards of its partner rank, itself left out
    std::uint64_t pairable = 0;                // cards that go in pairs
    std::uint64_t unpairable = 0;              // cards of a rank no rank pairs with

    // Of `cards`, the partners not forced to go before it: none left, and it is
    // locked (RULES.md: a card all of whose partners lie on top of it).
    std::uint64_t partners_not_before(int code, std::uint64_t cards) const {
        return partners[code] & cards & ~before[code];
    }
    // The cards of the ranks that pair with those of `cards`.
    std::uint64_t partner_ranks(std::uint64_t cards) const {
        std::uint64_t out = 0;
        for (int r = 1; r <= 13; ++r)
            if (cards & rank_bits(r)) out |= partners[4 * r] | partners[4 * r + 1];
        return out;
    }
    // Of `cards`, those it could ever pair with: two cards pair only if neither must go first.
    std::uint64_t possible_partners(int code, std::uint64_t cards) const {
        return partners[code] & cards & ~(before[code] | after[code]);
    }
};

// `tableau`: the card dealt at each tableau position.
PairingFacts pairing_facts(const Rules& rules, std::span<const Card> tableau);

// The same for a game's deal, and the codes of the cards dealt to its pyramid.
PairingFacts pairing_facts(const Game& game);
std::uint64_t pyramid_codes(const Game& game);

// A lock in the starting deal: a tableau card that must go (for the variant's
// goal) and can pair with no card, as every card of its partner rank must go
// before it; the deal is lost from the start.
bool has_lock(const Rules& rules, const Deal& deal);

}  // namespace pyr
