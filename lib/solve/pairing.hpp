// Which cards of a deal can ever pair with which, from the layout alone: the
// facts the solver's dead-state test starts from, the lock test and the blind
// player share. Cards by code (card.hpp).
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "lib/rules/game.hpp"

namespace pyr {

// The four bits of each rank (card codes 4r to 4r + 3), rank r's moved to
// rank target - r's: reversed (by bytes, then within them), then shifted
// (targets run up to twice the top rank, less one). Bits of ranks with no
// partner rank go or land where no card is.
inline std::uint64_t mirror_rank_groups(std::uint64_t groups, int target) {
    std::uint64_t mirrored = __builtin_bswap64(groups);  // group g to 15 - g
    mirrored = (mirrored & 0x0F0F0F0F0F0F0F0FULL) << 4 | (mirrored >> 4 & 0x0F0F0F0F0F0F0F0FULL);
    return target <= 15 ? mirrored >> 4 * (15 - target) : mirrored << 4 * (target - 15);
}

struct PairingFacts {
    // The tableau cards that must go before it (Layout::before), and those it must go before.
    std::array<std::uint64_t, 64> before{}, after{};
    std::array<std::uint64_t, 64> partners{};  // the cards of its partner rank, itself left out
    std::uint64_t pairable = 0;                // cards that go in pairs
    std::uint64_t unpairable = 0;              // cards of a rank no rank pairs with
    int target = 13;                           // the variant's: two ranks pair if they sum to it

    // Of `cards`, the partners not forced to go before it: none left, and it is
    // locked (docs/rules.md: a card all of whose partners lie on top of it).
    std::uint64_t partners_not_before(int code, std::uint64_t cards) const {
        return partners[code] & cards & ~before[code];
    }
    // The cards of the ranks that pair with those of `cards`: the ranks
    // present, one bit each (bit 4r), mirrored (rank r to target - r) by
    // reversing the 16 groups of four bits and shifting, then widened back to
    // the four cards of each rank; only ranks that pair count.
    std::uint64_t partner_ranks(std::uint64_t cards) const {
        cards &= pairable;
        std::uint64_t present = cards | cards >> 1;
        present = (present | present >> 2) & 0x1111111111111111ULL;
        return mirror_rank_groups(present, target) * 0xF & pairable;
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
