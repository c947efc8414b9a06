// Tests for lib/rules/layout: which position covers which in each layout
// (pyramid, triangle, reserve, Giza's piles), and the free positions.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "formats/variant_toml.hpp"
#include "lib/rules/game.hpp"
#include "lib/rules/layout.hpp"
#include "lib/rules/shuffle.hpp"
#include "support.hpp"

using pyr::Game;
using pyr::Rules;
using namespace pyr::test;

namespace {

// Position of row r, column c in a 7-row pyramid (apex row 0), by the formula of layout.hpp.
int pyramid_pos(int r, int c) { return r * (r + 1) / 2 + c; }

}  // namespace

TEST_CASE("pyramid layout: every card is covered by the two cards directly below it", "[layout]") {
    const pyr::Layout l = pyr::make_layout(pyr::load_variant("traditional"));
    REQUIRE(l.size == 28);
    REQUIRE(l.pyramid_rows.size() == 7);
    CHECK(l.pyramid_rows[0] == std::vector<int>{0});
    CHECK(l.pyramid_rows[6] == std::vector<int>{21, 22, 23, 24, 25, 26, 27});
    CHECK(l.pyramid_mask == (std::uint64_t{1} << 28) - 1);
    CHECK(l.all_mask == l.pyramid_mask);
    CHECK(l.reserve.empty());
    CHECK(l.pile_layers.empty());

    CHECK(l.covers[0] == bits({1, 2}));      // the apex lies under the two cards of row 2
    CHECK(l.covers[15] == bits({21, 22}));   // row 6 left edge
    CHECK(l.covers[20] == bits({26, 27}));   // row 6 right edge
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c <= r; ++c) {
            INFO("row " << r << " column " << c);
            CHECK(l.covers[pyramid_pos(r, c)] == (bit(pyramid_pos(r + 1, c)) | bit(pyramid_pos(r + 1, c + 1))));
        }
    for (int pos = 21; pos < 28; ++pos) CHECK(l.covers[pos] == 0);  // the bottom row: nothing on top
}

TEST_CASE("pyramid layout: edge cards of a row cover one card, inner cards two", "[layout]") {
    const pyr::Layout l = pyr::make_layout(pyr::load_variant("traditional"));
    // For each position, the positions it covers (lies on top of).
    auto covered_by = [&](int top) {
        std::vector<int> out;
        for (int pos = 0; pos < l.size; ++pos)
            if (l.covers[pos] & bit(top)) out.push_back(pos);
        return out;
    };
    CHECK(covered_by(21) == std::vector<int>{15});
    CHECK(covered_by(22) == std::vector<int>{15, 16});
    CHECK(covered_by(24) == std::vector<int>{17, 18});
    CHECK(covered_by(27) == std::vector<int>{20});
    CHECK(covered_by(1) == std::vector<int>{0});
    CHECK(covered_by(2) == std::vector<int>{0});
    CHECK(covered_by(0).empty());
    for (int r = 1; r < 7; ++r)
        for (int c = 0; c <= r; ++c) {
            const bool edge = c == 0 || c == r;
            INFO("row " << r << " column " << c);
            CHECK(covered_by(pyramid_pos(r, c)).size() == (edge ? 1u : 2u));
        }
}

TEST_CASE("pyramid: only the 7 bottom cards are free at the start", "[layout]") {
    const Rules rules(pyr::load_variant("traditional"));
    const Game g(rules, pyr::deal_from_seed(rules.variant, 7));
    CHECK(g.free_mask() == bits({21, 22, 23, 24, 25, 26, 27}));
    CHECK_FALSE(g.is_free(0));
    CHECK_FALSE(g.is_free(20));
    CHECK(g.is_free(21));
}

TEST_CASE("triangle layout: the wide row is on top and each card is covered by the next, shorter row", "[layout]") {
    const pyr::Layout l = pyr::make_layout(pyr::load_variant("triangle"));
    REQUIRE(l.size == 28);
    REQUIRE(l.pyramid_rows.size() == 7);
    CHECK(l.pyramid_rows[0] == std::vector<int>{0, 1, 2, 3, 4, 5, 6});
    CHECK(l.pyramid_rows[1] == std::vector<int>{7, 8, 9, 10, 11, 12});
    CHECK(l.pyramid_rows[5] == std::vector<int>{25, 26});
    CHECK(l.pyramid_rows[6] == std::vector<int>{27});
    // Row 1 lies between the cards of row 0: the edge cards of the wide row have one card on them.
    CHECK(l.covers[0] == bit(7));
    CHECK(l.covers[1] == bits({7, 8}));
    CHECK(l.covers[3] == bits({9, 10}));
    CHECK(l.covers[6] == bit(12));
    CHECK(l.covers[22] == bit(25));
    CHECK(l.covers[23] == bits({25, 26}));
    CHECK(l.covers[24] == bit(26));
    CHECK(l.covers[25] == bit(27));
    CHECK(l.covers[26] == bit(27));
    CHECK(l.covers[27] == 0);

    const Rules rules(pyr::load_variant("triangle"));
    const Game g(rules, pyr::deal_from_seed(rules.variant, 7));
    CHECK(g.free_mask() == bit(27));  // only the single bottom card
}

TEST_CASE("reserve layout: the reserve row follows the pyramid and nothing covers it", "[layout]") {
    const Rules rules(pyr::load_variant("reserve"));
    const pyr::Layout& l = rules.layout;
    REQUIRE(l.size == 35);
    CHECK(l.reserve == std::vector<int>{28, 29, 30, 31, 32, 33, 34});
    CHECK(l.pyramid_mask == (std::uint64_t{1} << 28) - 1);
    CHECK(l.all_mask == (std::uint64_t{1} << 35) - 1);
    for (int pos : l.reserve) CHECK(l.covers[pos] == 0);
    // A reserve card covers nothing either: the pyramid's bottom row stays uncovered.
    for (int pos = 0; pos < 35; ++pos) CHECK((l.covers[pos] & bits({28, 29, 30, 31, 32, 33, 34})) == 0);

    const Game g(rules, pyr::deal_from_seed(rules.variant, 7));
    CHECK(g.free_mask() == bits({21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34}));
}

TEST_CASE("Giza layout: 8 piles of 3, each card covered by the one above it in its pile", "[layout]") {
    const Rules rules(pyr::load_variant("giza"));
    const pyr::Layout& l = rules.layout;
    REQUIRE(l.size == 52);
    REQUIRE(l.pile_layers.size() == 3);
    CHECK(l.pile_layers[0] == std::vector<int>{28, 29, 30, 31, 32, 33, 34, 35});
    CHECK(l.pile_layers[1] == std::vector<int>{36, 37, 38, 39, 40, 41, 42, 43});
    CHECK(l.pile_layers[2] == std::vector<int>{44, 45, 46, 47, 48, 49, 50, 51});
    for (int p = 0; p < 8; ++p) {
        CHECK(l.covers[28 + p] == bit(36 + p));
        CHECK(l.covers[36 + p] == bit(44 + p));
        CHECK(l.covers[44 + p] == 0);
    }
    CHECK(l.pyramid_mask == (std::uint64_t{1} << 28) - 1);
    CHECK(l.all_mask == (std::uint64_t{1} << 52) - 1);

    const Game g(rules, pyr::deal_from_seed(rules.variant, 7));
    std::uint64_t expected = bits({21, 22, 23, 24, 25, 26, 27});
    for (int p = 44; p < 52; ++p) expected |= bit(p);
    CHECK(g.free_mask() == expected);
}

TEST_CASE("free positions by cover shifts are those no present card covers: every preset, random sets", "[layout]") {
    pyr::SplitMix64 rng(11);
    for (const pyr::Preset& p : pyr::presets()) {
        const pyr::Rules rules(pyr::load_variant(std::string(p.name)));
        const pyr::Layout& l = rules.layout;
        INFO(p.name);
        CHECK(l.cover_shift_count >= 0);  // the presets' layouts all take the fast way
        for (int k = 0; k < 5000; ++k) {
            const std::uint64_t present = rng.next() & rng.next() & l.all_mask;
            std::uint64_t free = 0;  // by the definition
            for (int pos = 0; pos < l.size; ++pos)
                if ((present >> pos & 1) && (l.covers[pos] & present) == 0) free |= std::uint64_t{1} << pos;
            REQUIRE(pyr::free_positions(l, present) == free);
        }
    }
}
