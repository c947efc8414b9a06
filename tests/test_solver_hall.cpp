// Hall's test of the solver (lib/solve/hall.hpp) against brute force: every
// bipartite graph between four cards and four, every graph among four cards of
// one rank, and the test over pairs of ranks on graphs drawn at random.
#include <catch2/catch.hpp>

#include <array>
#include <bit>

#include "lib/solve/hall.hpp"
#include "lib/rules/shuffle.hpp"

namespace {

using namespace pyr;

std::array<unsigned, 4> rows_of(unsigned graph) {
    std::array<unsigned, 4> adj{};
    for (int a = 0; a < 4; ++a) adj[a] = graph >> (4 * a) & 0xF;
    return adj;
}

unsigned transposed(unsigned graph) {
    unsigned t = 0;
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
            if (graph >> (4 * a + b) & 1) t |= 1u << (4 * b + a);
    return t;
}

// Every matching of the graph, by the rows and the columns it covers:
// covered[rows | columns << 4] set for each.
void matchings(const std::array<unsigned, 4>& adj, int row, unsigned rows, unsigned cols, std::array<bool, 256>& covered) {
    if (row == 4) {
        covered[rows | cols << 4] = true;
        return;
    }
    matchings(adj, row + 1, rows, cols, covered);
    for (unsigned m = adj[row] & ~cols; m; m &= m - 1)
        matchings(adj, row + 1, rows | 1u << row, cols | (m & -m), covered);
}

// A matching covers at least these rows and columns: closed downwards.
std::array<bool, 256> coverable(unsigned graph) {
    std::array<bool, 256> covered{};
    matchings(rows_of(graph), 0, 0, 0, covered);
    for (int set = 255; set >= 0; --set)
        if (covered[set])
            for (int b = 0; b < 8; ++b) covered[set & ~(1 << b)] = true;
    return covered;
}

// A matching among the cards of `free` that covers `need`, by trying every one.
bool brute_pairs_within(const std::array<unsigned, 4>& adj, unsigned free, unsigned need) {
    if ((need & free) != need) need &= free;
    if (!need) return true;
    const int v = std::countr_zero(need);
    for (unsigned m = adj[v] & free & ~(1u << v); m; m &= m - 1) {
        const unsigned u = m & -m;
        if (brute_pairs_within(adj, free & ~(1u << v) & ~u, need & ~(1u << v) & ~u)) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("Hall's table: which rows and which columns can be matched, every 4 x 4 graph", "[solver][hall]") {
    const HallTable& table = hall_table();
    int mismatches = 0;
    for (unsigned graph = 0; graph < (1u << 16); ++graph) {
        const std::array<bool, 256> covered = coverable(graph);
        for (unsigned need = 0; need < 16; ++need) {
            mismatches += (table.rows(static_cast<CardGraph>(graph)) >> need & 1) != covered[need];
            mismatches += (table.columns(static_cast<CardGraph>(graph)) >> need & 1) != covered[need << 4];
            // Each side's need met by some matching: both at once by one (Mendelsohn and Dulmage).
            for (unsigned right = 0; right < 16; ++right)
                mismatches += covered[need | right << 4] != (covered[need] && covered[right << 4]);
        }
        mismatches += table.columns(static_cast<CardGraph>(graph)) != table.rows(static_cast<CardGraph>(transposed(graph)));
    }
    CHECK(mismatches == 0);
}

TEST_CASE("Hall's test within one rank: every graph among four cards", "[solver][hall]") {
    const int edges[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    int checked = 0, matched = 0;
    for (unsigned g = 0; g < 64; ++g) {
        std::array<unsigned, 4> adj{};
        for (int e = 0; e < 6; ++e)
            if (g >> e & 1) {
                adj[edges[e][0]] |= 1u << edges[e][1];
                adj[edges[e][1]] |= 1u << edges[e][0];
            }
        for (unsigned free = 0; free < 16; ++free)
            for (unsigned need = 0; need < 16; ++need) {
                if ((need & free) != need) continue;
                INFO("graph " << g << " free " << free << " need " << need);
                const bool expected = brute_pairs_within(adj, free, need);
                CHECK(pairs_within(adj, free, need) == expected);
                ++checked;
                matched += expected;
            }
    }
    CHECK(checked == 64 * 81);
    CHECK(matched > 0);
    CHECK(matched < checked);
}

TEST_CASE("Hall's test over pairs of ranks: random graphs between 3s and 10s, and 4s and 9s", "[solver][hall]") {
    Variant v;  // traditional: target 13
    SplitMix64 rng(13);
    int failing = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        std::array<std::uint64_t, 64> partners{};
        std::uint64_t pairing = 0, required = 0;
        bool expected_fails = false;
        for (int low : {3, 4}) {
            const int high = 13 - low;
            const unsigned graph = static_cast<unsigned>(rng.below(1u << 16));
            const unsigned need_low = static_cast<unsigned>(rng.below(16)), need_high = static_cast<unsigned>(rng.below(16));
            for (int a = 0; a < 4; ++a)
                for (int b = 0; b < 4; ++b)
                    if (graph >> (4 * a + b) & 1) {
                        partners[4 * low + a] |= Card::make(high, b).bit();
                        partners[4 * high + b] |= Card::make(low, a).bit();
                    }
            pairing |= rank_bits(low) | rank_bits(high);
            required |= std::uint64_t{need_low} << (4 * low) | std::uint64_t{need_high} << (4 * high);
            expected_fails = expected_fails || !coverable(graph)[need_low | need_high << 4];
        }
        INFO("trial " << trial);
        CHECK(hall_fails(v, partners, pairing, required) == expected_fails);
        failing += expected_fails;
    }
    CHECK(failing > 0);
    CHECK(failing < 20000);
}
