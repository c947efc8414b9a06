// Hall's condition on the pairs left: the table of 4 x 4 graphs, the search
// within one rank, and the test over every pair of ranks.
#include "hall.hpp"

#include <bit>

#include "lib/rules/card.hpp"

namespace pyr {

namespace {

// Bit `need` set if the rows in `need` can all be matched.
std::uint16_t matchable(const std::array<unsigned, 4>& adj) {
    std::array<unsigned, 16> neighbours{};
    unsigned bad = 0;
    for (unsigned sub = 1; sub < 16; ++sub) {
        neighbours[sub] = neighbours[sub & (sub - 1)] | adj[std::countr_zero(sub)];
        if (std::popcount(neighbours[sub]) < std::popcount(sub)) bad |= 1u << sub;
    }
    // A set is bad if any subset is: spread upwards, one card at a time.
    bad |= (bad << 1) & 0xAAAA;
    bad |= (bad << 2) & 0xCCCC;
    bad |= (bad << 4) & 0xF0F0;
    bad |= (bad << 8) & 0xFF00;
    return static_cast<std::uint16_t>(~bad);
}

}  // namespace

std::uint16_t HallTable::known(Entries& entries, CardGraph graph, bool columns) {
    std::uint16_t answer = entries[graph].load(std::memory_order_relaxed);
    if (answer) return answer;
    std::array<unsigned, 4> adj{};  // rows' neighbours, or columns'
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
            if (graph >> (4 * a + b) & 1) adj[columns ? b : a] |= 1u << (columns ? a : b);
    answer = matchable(adj);
    entries[graph].store(answer, std::memory_order_relaxed);  // another thread may store the same
    return answer;
}

const HallTable& hall_table() {
    static const HallTable table;
    return table;
}

bool pairs_within(const std::array<unsigned, 4>& adj, unsigned free, unsigned need) {
    need &= free;
    if (!need) return true;
    const int v = std::countr_zero(need);
    free &= ~(1u << v);
    for (unsigned m = adj[v] & free; m; m &= m - 1) {
        const int u = std::countr_zero(m);
        if (pairs_within(adj, free & ~(1u << u), need & ~(1u << u))) return true;
    }
    return false;
}

bool hall_fails(const Variant& v, const std::array<std::uint64_t, 64>& partners, std::uint64_t pairing,
                std::uint64_t required, std::uint64_t changed) {
    const int top = deck_ranks(v.deck);
    const HallTable& hall = hall_table();
    for (int r = 1; r <= top; ++r) {
        const int want = v.target - r;
        if (want < r || want > top) continue;  // (want, r) seen already, or no partner rank
        if (!(changed & (rank_bits(r) | rank_bits(want)))) continue;
        std::array<unsigned, 4> adj{};
        const unsigned left = static_cast<unsigned>(pairing >> (4 * r)) & 0xF;
        for (unsigned m = left; m; m &= m - 1) {
            const int suit = std::countr_zero(m);
            adj[suit] = static_cast<unsigned>(partners[4 * r + suit] >> (4 * want)) & 0xF;
        }
        const unsigned need_left = static_cast<unsigned>(required >> (4 * r)) & 0xF;
        if (want == r) {
            if (!pairs_within(adj, left, need_left)) return true;
            continue;
        }
        const unsigned need_right = static_cast<unsigned>(required >> (4 * want)) & 0xF;
        // A matching covering both sides' needs exists if one covers
        // each side's (Mendelsohn and Dulmage).
        const CardGraph graph = static_cast<CardGraph>(adj[0] | adj[1] << 4 | adj[2] << 8 | adj[3] << 12);
        if (!(hall.rows(graph) >> need_left & 1) || !(hall.columns(graph) >> need_right & 1)) return true;
    }
    return false;
}

}  // namespace pyr
