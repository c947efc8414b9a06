// The blind player's look-ahead (lib/players/strategy.hpp): pairs made in another
// order reach the same position, and it searches each position once. Before,
// it searched every order of the pairs, pairs^6 a move: minutes a game in a
// layout with many free cards (a reserve of 12 and 9 piles of one).
#include <catch2/catch.hpp>

#include <set>
#include <tuple>

#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/players/strategy.hpp"

using namespace pyr;

namespace {
constexpr int Depth = 6;  // the look-ahead's, in moves

// The positions reachable from `g` by at most Depth pairs or Kings, counted
// one by one by a plain breadth-first search.
std::size_t positions_within_reach(const Game& g) {
    using Key = std::tuple<std::uint64_t, std::array<std::uint8_t, MaxWastePiles>, bool>;
    auto key = [](const Game& x) { return Key{x.state().present, x.state().waste_len, x.state().turned.valid()}; };
    std::set<Key> seen{key(g)};
    std::vector<Game> level{g};
    for (int d = 0; d < Depth; ++d) {
        std::vector<Game> next;
        for (const Game& x : level) {
            if (x.status() != Status::InProgress) continue;
            MoveList moves;
            x.legal_moves(moves);
            for (const Move& m : moves) {
                if (m.kind != MoveKind::Pair && m.kind != MoveKind::Lone) continue;
                Game y = x;
                y.apply(m);
                if (seen.insert(key(y)).second) next.push_back(std::move(y));
            }
        }
        level = std::move(next);
    }
    return seen.size();
}

// A legal user variant where many cards are free at once.
Variant many_free_cards() {
    return parse_variant("base = \"traditional\"\nname = \"many-free\"\nrows = 6\nreserve = 12\npiles = 9\n"
                         "pile_depth = 1\npasses = 99\ndraw = 3\n",
                         "many-free.toml");
}
}  // namespace

TEST_CASE("blind player: its look-ahead searches each position within reach once") {
    const Rules many(many_free_cards());
    const Rules traditional(load_variant("traditional"));
    const Rules overlapping(load_variant("overlapping"));
    int checked = 0;
    std::size_t most = 0;
    for (const Rules* rules : {&many, &traditional, &overlapping}) {
        for (std::uint64_t seed = 0; seed < 6; ++seed) {
            Game g(*rules, deal_from_seed(rules->variant, seed));
            for (int move = 0; move < 60 && g.status() == Status::InProgress; ++move) {
                std::uint64_t searched = 0;
                const Move m = blind_choice(g, &searched);
                if (searched) {  // 0: a King went at once, with no look-ahead
                    CHECK(searched == positions_within_reach(g));
                    most = std::max<std::size_t>(most, searched);
                    ++checked;
                }
                g.apply(m);
            }
        }
    }
    CHECK(checked > 100);
    CHECK(most > 1000);  // the layouts with many free cards were reached
}
