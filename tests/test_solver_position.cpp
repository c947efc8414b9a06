// The solver's positions in step with the rules engine: at every node of many
// random walks (forward, with undos, as a search goes) over every preset and
// over randomly drawn legal variants, FastPosition and GamePosition
// (lib/solve/solver_position.hpp) offer exactly pyr::Game's legal moves, agree on
// won / lost / in progress, report the same cards where Game has them, and
// give two positions the same key only when Game's states are the same;
// made afresh from a game in its middle, they say the same.
// Fast enough for every `make test` and the sanitizer build (a few seconds).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver_position.hpp"

namespace {

using namespace pyr;

// What a solver position must say of a Game's position, worked out plainly from Game.
struct Expected {
    std::vector<Move> moves;  // sorted
    Status status = Status::InProgress;
    std::uint64_t free = 0, tableau = 0, talon = 0, in_play = 0;
    int pass = 1;
    std::vector<std::pair<int, int>> waste_top_down;  // (pile, card code)
    std::vector<std::pair<int, int>> stock;            // (time: 0 the turned card, card code)
};

auto move_order(const Move& m) { return std::make_tuple(m.kind, m.a, m.b, m.ca.code, m.cb.code, m.pile); }

std::vector<Move> sorted(const MoveList& list) {
    std::vector<Move> out(list.begin(), list.end());
    std::sort(out.begin(), out.end(), [](const Move& x, const Move& y) { return move_order(x) < move_order(y); });
    return out;
}

Expected expected_from(const Game& g) {
    Expected e;
    const State& s = g.state();
    MoveList list;
    g.legal_moves(list);
    e.moves = sorted(list);
    e.status = g.status();
    e.free = g.free_mask();
    for (int p = 0; p < g.rules().layout.size; ++p)
        if (s.present >> p & 1) e.tableau |= g.tableau_card(p).bit();
    for (std::uint64_t f = e.free; f; f &= f - 1) e.in_play |= g.tableau_card(std::countr_zero(f)).bit();
    if (s.turned.valid()) {
        e.talon |= s.turned.bit();
        e.in_play |= s.turned.bit();
        e.stock.emplace_back(0, s.turned.code);
    }
    for (int i = s.stock_pos; i < s.stock_len; ++i) {
        e.talon |= s.stock[i].bit();
        e.stock.emplace_back(i - s.stock_pos + 1, s.stock[i].code);
    }
    for (int k = 0; k < MaxWastePiles; ++k) {
        if (s.waste_len[k]) e.in_play |= s.waste_top(k).bit();
        for (int i = s.waste_len[k] - 1; i >= 0; --i) {
            e.talon |= s.waste[k][i].bit();
            e.waste_top_down.emplace_back(k, s.waste[k][i].code);
        }
    }
    e.pass = s.pass;
    return e;
}

// What a position with a Game's state is: the bytes that decide its future (the
// pass number only where the passes are counted, else whether this one removed a card).
std::string identity(const Game& g) {
    const State& s = g.state();
    std::string id(reinterpret_cast<const char*>(&s.present), sizeof s.present);
    id += std::string(reinterpret_cast<const char*>(&s.stock[s.stock_pos]), static_cast<std::size_t>(s.stock_left()));
    id += '|';
    id += static_cast<char>(s.turned.code);
    for (int k = 0; k < MaxWastePiles; ++k) {
        id += '|';
        id += std::string(reinterpret_cast<const char*>(s.waste[k].data()), s.waste_len[k]);
    }
    id += '|';
    id += static_cast<char>(g.variant().passes == UnlimitedPasses ? s.removed_this_pass : s.pass);
    return id;
}

// Keys seen on one deal: the same key must mean the same position (the lost
// table trusts it). `exact`: and the same position the same key (GamePosition
// hashes the whole state; FastPosition's waste boundary may sit anywhere
// between the waste top and the turned card, so it need not).
struct KeyBook {
    bool exact = false;
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::string> by_key;
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> by_identity;
    // "" when in step, else what differs.
    std::string check(const Key& k, const std::string& id) {
        const auto key = std::make_pair(k.a, k.b);
        if (by_key.emplace(key, id).first->second != id) return "one key for two positions; ";
        if (exact && by_identity.emplace(id, key).first->second != key) return "two keys for one position; ";
        return "";
    }
};

// "" when the position says what Game says, else the names of what differs.
template <class Position>
std::string differences(const Position& pos, const Expected& e) {
    std::string out;
    auto differ = [&](bool same, const char* what) {
        if (!same) out += std::string(what) + "; ";
    };
    const bool won = pos.won();
    differ(won == (e.status == Status::Won), "won");
    if (won || e.status == Status::Won) return out;
    MoveList list;
    pos.legal_moves(list, pos.free_mask());
    const std::vector<Move> moves = sorted(list);
    differ(moves == e.moves, "legal moves");
    differ((moves.empty() ? Status::Lost : Status::InProgress) == e.status, "status");
    differ(pos.free_mask() == e.free, "free positions");
    differ(pos.tableau_codes() == e.tableau, "tableau cards");
    differ(pos.talon_codes() == e.talon, "talon cards");
    differ(pos.in_play_codes(pos.free_mask()) == e.in_play, "cards in play");
    differ(pos.pass() == e.pass, "pass");
    std::vector<std::pair<int, int>> waste, stock;
    pos.for_waste_top_down([&](int pile, int code) { waste.emplace_back(pile, code); });
    pos.for_stock([&](int time, int code) { stock.emplace_back(time, code); });
    differ(waste == e.waste_top_down, "waste");
    differ(stock == e.stock, "stock times");
    return out;
}

// What the walks reached, so a test can say they reached what matters.
struct Coverage {
    long nodes = 0, won = 0, lost = 0, later_pass = 0, recycles = 0, overlapping_pairs = 0, draws_of_several = 0;
    void count(const Rules& rules, const Expected& e) {
        ++nodes;
        won += e.status == Status::Won;
        lost += e.status == Status::Lost;
        later_pass += e.pass > 1;
        for (const Move& m : e.moves) {
            recycles += m.kind == MoveKind::Recycle;
            overlapping_pairs += m.kind == MoveKind::Pair && m.b < 64 && (rules.layout.covers[m.b] >> m.a & 1);
            draws_of_several += m.kind == MoveKind::Draw && rules.variant.draw > 1;
        }
    }
};

// A random walk from the deal's start: at each node every position is checked
// against Game, then a move is made (removals preferred, so walks reach later
// passes) or, now and then, undone.
void walk(const Rules& rules, std::uint64_t seed, int steps, KeyBook& fast_keys, KeyBook& game_keys, Coverage& seen) {
    const Deal deal = deal_from_seed(rules.variant, seed);
    Game game(rules, deal);
    const bool one_pile = rules.variant.waste_piles == 1;
    FastPosition fast(game);
    GamePosition slow(game);
    SplitMix64 rng(seed * 7919 + 17);
    int depth = 0;
    for (int step = 0; step < steps; ++step) {
        const Expected e = expected_from(game);
        seen.count(rules, e);
        INFO("variant " << rules.variant.name << " seed " << seed << " step " << step << " depth " << depth);
        const std::string id = identity(game);
        if (one_pile) {
            const std::string fast_differs = differences(fast, e) + fast_keys.check(fast.key(), id);
            CHECK(fast_differs == "");
        }
        const std::string game_differs = differences(slow, e) + game_keys.check(slow.key(), id);
        CHECK(game_differs == "");
        if (step % 7 == 3) {
            // Made afresh from the game where it stands, as `solve GAME.log` does.
            if (one_pile) CHECK(differences(FastPosition(game), e) == "");
            CHECK(differences(GamePosition(game), e) == "");
        }
        const bool undo = depth > 0 && (e.moves.empty() || rng.below(5) == 0);
        if (undo) {
            game.undo();
            if (one_pile) fast.undo();
            slow.undo();
            --depth;
            continue;
        }
        if (e.moves.empty()) break;
        std::vector<Move> removals;
        for (const Move& m : e.moves)
            if (m.kind == MoveKind::Pair || m.kind == MoveKind::Lone) removals.push_back(m);
        const std::vector<Move>& from = !removals.empty() && rng.below(4) != 0 ? removals : e.moves;
        const Move m = from[rng.below(from.size())];
        game.apply(m);
        if (one_pile) fast.apply(m);
        slow.apply(m);
        ++depth;
    }
}

void walk_variant(const Rules& rules, int deals, int steps, Coverage& seen) {
    for (int seed = 0; seed < deals; ++seed) {
        KeyBook fast_keys, game_keys;
        game_keys.exact = true;
        walk(rules, static_cast<std::uint64_t>(seed), steps, fast_keys, game_keys, seen);
    }
}

// A legal variant drawn at random: every field of Variant, kept when check() accepts it.
Variant random_variant(SplitMix64& rng) {
    for (;;) {
        Variant v;
        v.name = "random";
        v.deck = rng.below(3) == 0 ? DeckKind::Spanish : DeckKind::French;
        const int top = deck_ranks(v.deck);
        v.target = 3 + static_cast<int>(rng.below(static_cast<std::uint64_t>(2 * top - 3)));
        v.layout = rng.below(3) == 0 ? LayoutKind::Triangle : LayoutKind::Pyramid;
        v.rows = 1 + static_cast<int>(rng.below(9));
        v.reserve = rng.below(3) == 0 ? static_cast<int>(rng.below(13)) : 0;
        if (rng.below(4) == 0) {
            v.piles = 1 + static_cast<int>(rng.below(12));
            v.pile_depth = 1 + static_cast<int>(rng.below(6));
        }
        v.passes = static_cast<int>(rng.below(5));  // 0: unlimited
        v.draw = 1 + static_cast<int>(rng.below(3));
        v.waste_piles = v.draw == 1 && rng.below(3) == 0 ? 2 + static_cast<int>(rng.below(3)) : 1;
        v.turned_pairs_waste = rng.below(3) != 0;
        v.overlapping = rng.below(2) == 0;
        v.goal = rng.below(2) == 0 ? Goal::Pyramid : Goal::AllCards;
        if (rng.below(3) == 0) {
            v.scored = true;
            const int bonuses = v.passes == UnlimitedPasses ? 3 : static_cast<int>(rng.below(static_cast<std::uint64_t>(v.passes) + 1));
            for (int i = 0; i < bonuses; ++i) v.pass_bonus.push_back(50 - 15 * i);
            v.card_penalty = static_cast<int>(rng.below(3));
        }
        if (check(v).empty()) return v;
    }
}

}  // namespace

void check_coverage(const Coverage& seen) {
    INFO(seen.nodes << " nodes: " << seen.won << " won, " << seen.lost << " lost, " << seen.later_pass
                    << " in a later pass, " << seen.recycles << " recycles, " << seen.overlapping_pairs
                    << " overlapping pairs, " << seen.draws_of_several << " draws of several cards");
    CHECK(seen.won > 0);
    CHECK(seen.lost > 0);
    CHECK(seen.later_pass > 0);
    CHECK(seen.recycles > 0);
    CHECK(seen.overlapping_pairs > 0);
    CHECK(seen.draws_of_several > 0);
}

TEST_CASE("solver positions agree with Game at every node: presets", "[solver][position]") {
    Coverage seen;
    for (const char* preset :
         {"traditional", "pyramid-only", "par", "microsoft", "overlapping", "giza", "spanish", "reserve", "apophis", "triangle",
          "tut"}) {
        const Rules rules(load_variant(preset));
        walk_variant(rules, 40, 300, seen);
    }
    check_coverage(seen);
}

TEST_CASE("solver positions agree with Game at every node: random legal variants", "[solver][position]") {
    Coverage seen;
    SplitMix64 rng(2024);
    for (int i = 0; i < 150; ++i) {
        const Variant v = random_variant(rng);
        INFO("random variant " << i << ": rows " << v.rows << " reserve " << v.reserve << " piles " << v.piles << "x"
                               << v.pile_depth << " target " << v.target << " passes " << v.passes << " draw " << v.draw
                               << " waste piles " << v.waste_piles << " overlapping " << v.overlapping);
        const Rules rules(v);
        walk_variant(rules, 4, 200, seen);
    }
    check_coverage(seen);
}
