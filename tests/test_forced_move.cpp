// Forced moves (lib/solve/forced_move.hpp): each is legal and forced for the
// reason it gives, none depends on the order of the face-down stock, and,
// proved with the solver, making them never turns a winnable position lost.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/forced_move.hpp"
#include "lib/solve/solver.hpp"

namespace {

using namespace pyr;

bool is_legal(const Game& g, const Move& m) {
    MoveList moves;
    g.legal_moves(moves);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Checks the forced move of `g`, if any, against its reason; true if there is one.
bool check_forced(const Game& g, const PairingFacts& facts) {
    const std::optional<ForcedMove> f = forced_move(g, facts);
    if (!f) return false;
    CHECK(is_legal(g, f->move));
    if (f->kind == ForcedKind::Lone) {
        CHECK(f->move.kind == MoveKind::Lone);
        return true;
    }
    REQUIRE(f->move.kind == MoveKind::Pair);
    CHECK_FALSE(g.variant().scored);
    const Card other = f->alone == f->move.ca ? f->move.cb : f->move.ca;
    CHECK((f->alone == f->move.ca || f->alone == f->move.cb));
    // Its only partner among the cards left, every other one of its partner rank gone or kept apart by the layout.
    CHECK(facts.possible_partners(f->alone.code, cards_left(g)) == other.bit());
    if (g.variant().goal == Goal::Pyramid) CHECK((pyramid_codes(g) & f->alone.bit()) != 0);
    return true;
}

// A random game, with the unseen stock cards in another order at every step:
// the forced move must be the same.
void check_blind(const Rules& rules, std::uint64_t seed, int& forced_seen) {
    const Deal deal = deal_from_seed(rules.variant, seed);
    Game g(rules, deal);
    const PairingFacts facts = pairing_facts(g);
    SplitMix64 rng(seed * 7 + 1);
    while (g.status() == Status::InProgress) {
        INFO(rules.variant.name << " seed " << seed << ", after " << g.moves_made() << " moves");
        forced_seen += check_forced(g, facts);
        std::vector<Card> order(g.unseen_stock().begin(), g.unseen_stock().end());
        for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
        Game other = g.position();
        other.reorder_unseen_stock(order);
        const std::optional<ForcedMove> a = forced_move(g, facts), b = forced_move(other, facts);
        REQUIRE(a.has_value() == b.has_value());
        if (a) CHECK(a->move == b->move);
        MoveList moves;
        g.legal_moves(moves);
        g.apply(moves.moves[rng.below(static_cast<std::uint64_t>(moves.size))]);
    }
}

}  // namespace

TEST_CASE("forced moves are legal, forced for their reason, and blind to the stock's order: every preset",
          "[forced_move]") {
    for (const Preset& p : presets()) {
        const Rules rules(load_variant(std::string(p.name)));
        int forced = 0;
        for (std::uint64_t seed = 0; seed < 60; ++seed) check_blind(rules, seed, forced);
        INFO(p.name);
        CHECK(forced > 0);
    }
}

TEST_CASE("forced pairs: a card whose partners are all gone but one in play goes with it", "[forced_move]") {
    const Rules rules(load_variant("traditional"));
    // Play seeds along random lines until a forced pair shows: there is one
    // whenever three cards of a rank are gone and the fourth, and one of its
    // partners, are in play with no other partner left.
    int pairs = 0;
    for (std::uint64_t seed = 0; seed < 200 && pairs < 5; ++seed) {
        Game g(rules, deal_from_seed(rules.variant, seed));
        const PairingFacts facts = pairing_facts(g);
        SplitMix64 rng(seed);
        while (g.status() == Status::InProgress) {
            if (const std::optional<ForcedMove> f = forced_move(g, facts); f && f->kind == ForcedKind::OnlyPartner)
                ++pairs;
            MoveList moves;
            g.legal_moves(moves);
            g.apply(moves.moves[rng.below(static_cast<std::uint64_t>(moves.size))]);
        }
    }
    CHECK(pairs >= 5);
}

TEST_CASE("forced moves never turn a winnable position lost (solved before and after)", "[forced_move][solver]") {
    SolveOptions quick;
    quick.node_limit = 2'000'000;
    Solver limited(quick);
    for (const char* name : {"traditional", "giza", "triangle", "overlapping", "microsoft", "tut", "spanish", "par"}) {
        const Rules rules(load_variant(name));
        int checked = 0;
        for (std::uint64_t seed = 0; seed < 100; ++seed) {
            const Deal deal = deal_from_seed(rules.variant, seed);
            const SolveResult won = limited.solve(rules, deal);
            if (won.outcome != SolveOutcome::Won) continue;
            // Along the winning line: wherever a move is forced, the position
            // after every forced move is made must still be won.
            Game g(rules, deal);
            for (const Move& m : won.line) {
                Game after = g.position();
                const std::vector<ForcedMove> made = make_forced_moves(after);
                if (!made.empty() && after.status() != Status::Won) {
                    INFO(name << " seed " << seed << ", after " << g.moves_made() << " moves, " << made.size()
                              << " forced");
                    const SolveResult r = limited.solve(after);
                    if (r.outcome != SolveOutcome::GaveUp) {
                        CHECK(r.outcome == SolveOutcome::Won);
                        ++checked;
                    }
                }
                if (!made.empty()) CHECK(after.status() != Status::Lost);
                g.apply(m);
            }
        }
        INFO(name << ": " << checked << " positions with forced moves solved");
        CHECK(checked > 0);
    }
}
