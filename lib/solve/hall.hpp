// Hall's condition for the solver's dead-state test: can the cards that must
// go all be given distinct partners? Cards of a rank number at most four, so
// a pair of ranks is a bipartite graph of at most 4 x 4 cards, and each graph's
// answer is worked out once, in a table.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>

#include "lib/rules/variant.hpp"

namespace pyr {

// A graph between four cards (rows) and four (columns), 16 bits: row a's
// neighbours in bits 4a..4a+3.
using CardGraph = std::uint16_t;

// For every graph: bit `need` of rows(graph) is set when the rows in `need`
// can all be matched (no subset of them has fewer neighbours than members);
// columns(graph) the same for sets of columns. Each is worked out the first
// time it is asked for (a deal meets few of the 65,536 graphs; working them
// all out took 9 ms, as much as 30 traditional deals), and kept; threads
// share the table.
class HallTable {
public:
    std::uint16_t rows(CardGraph graph) const { return known(rows_, graph, false); }
    std::uint16_t columns(CardGraph graph) const { return known(columns_, graph, true); }

private:
    // 0: not worked out yet (a worked-out entry has bit 0 set: no rows need nothing).
    using Entries = std::array<std::atomic<std::uint16_t>, 1 << 16>;
    static std::uint16_t known(Entries& entries, CardGraph graph, bool columns);
    mutable Entries rows_{}, columns_{};
};
const HallTable& hall_table();

// Cards of one rank pairing among themselves (6 + 6 = 12): `adj[a]` the cards
// card a may pair with. Is there a matching of the cards in `free` that covers
// every card of `need`?
bool pairs_within(const std::array<unsigned, 4>& adj, unsigned free, unsigned need);

// Hall's condition fails for some pair of ranks that make the target: the
// cards of `required` cannot all be given distinct partners among `pairing`
// (cards by code, `partners[c]` those c may still pair with). Only pairs of
// ranks with a card in `changed` are looked at.
bool hall_fails(const Variant& v, const std::array<std::uint64_t, 64>& partners, std::uint64_t pairing,
                std::uint64_t required, std::uint64_t changed = ~std::uint64_t{0});

}  // namespace pyr
