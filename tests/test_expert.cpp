// The expert player (lib/players/expert.hpp): it never reads a face-down card, it
// plays only legal moves (so never wins a deal the solver proves lost), and
// it follows its counts: a move that lost in every stock order it tried is
// not chosen over one that won in some; on a hand-made deal where one move
// loses in every stock order, it avoids that move.
#include <catch2/catch.hpp>

#include <algorithm>

#include "formats/variant_toml.hpp"
#include "lib/players/expert.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"
#include "lib/players/strategy.hpp"
#include "support.hpp"

using namespace pyr;

namespace {
// Plays the blind player's moves for `n` moves (or to the end): a position
// from the middle of a real game.
void advance(Game& g, int n) {
    for (int i = 0; i < n && g.status() == Status::InProgress; ++i) g.apply(blind_choice(g));
}

// The same position with the cards still face down in another order.
Game with_stock_reversed(const Game& g) {
    Game other = g;
    std::vector<Card> order(g.unseen_stock().begin(), g.unseen_stock().end());
    std::reverse(order.begin(), order.end());
    other.reorder_unseen_stock(order);
    return other;
}
}  // namespace

TEST_CASE("expert: unseen_stock is what is face down, and reordering keeps everything else") {
    const Rules rules(load_variant("traditional"));
    Game g(rules, deal_from_seed(rules.variant, 7));
    CHECK(g.unseen_stock().size() == 24);
    g.apply(Move{});  // a draw
    CHECK(g.unseen_stock().size() == 23);
    CHECK(g.unseen_stock().front() == g.state().stock[1]);
    const Game other = with_stock_reversed(g);
    CHECK(other.state().turned == g.state().turned);
    CHECK(other.state().present == g.state().present);
    CHECK(other.unseen_stock().front() == g.unseen_stock().back());
    const std::vector<Card> wrong(23, g.state().turned);
    Game bad = g;
    CHECK_THROWS_AS(bad.reorder_unseen_stock(wrong), std::logic_error);
}

TEST_CASE("expert: its choice does not depend on the order of the cards it cannot see") {
    int weighed = 0;  // positions where the counts decided
    for (const char* preset : {"traditional", "par", "tut", "reserve"}) {
        const Rules rules(load_variant(preset));
        ExpertOptions eo;
        eo.samples = 8;
        Expert expert(eo);
        for (std::uint64_t seed = 0; seed < 6; ++seed) {
            Game g(rules, deal_from_seed(rules.variant, seed));
            advance(g, static_cast<int>(seed) * 3);
            if (g.status() != Status::InProgress || g.unseen_stock().size() < 2) continue;
            const ExpertChoice a = expert.choose(g);
            const ExpertChoice b = expert.choose(with_stock_reversed(g));
            INFO(preset << " seed " << seed);
            CHECK(a.move == b.move);
            REQUIRE(a.candidates.size() == b.candidates.size());
            weighed += a.candidates.size() > 1;
            for (std::size_t i = 0; i < a.candidates.size(); ++i) {
                CHECK(a.candidates[i].wins == b.candidates[i].wins);
                CHECK(a.candidates[i].score_total == b.candidates[i].score_total);
            }
        }
    }
    CHECK(weighed >= 10);
}

TEST_CASE("expert: legal moves only, so no win where the solver proves none") {
    const Rules rules(load_variant("traditional"));
    ExpertOptions eo;
    eo.samples = 4;
    Expert expert(eo);
    Solver solver;
    int lost_deals = 0;
    for (std::uint64_t seed = 0; seed < 40 && lost_deals < 12; ++seed) {
        const Deal d = deal_from_seed(rules.variant, seed);
        if (solver.solve(rules, d).outcome != SolveOutcome::NoSolution) continue;
        ++lost_deals;
        Game g(rules, d);
        while (g.status() == Status::InProgress) {
            const Move m = expert.choose(g).move;
            MoveList legal;
            g.legal_moves(legal);
            REQUIRE(std::find(legal.begin(), legal.end(), m) != legal.end());
            g.apply(m);
        }
        CHECK(g.status() == Status::Lost);
    }
    CHECK(lost_deals == 12);
}

TEST_CASE("expert: a move that lost in every order tried is not chosen over one that won") {
    // Positions from real games where the candidates' counts differ: the
    // choice must be a move with the most wins, and none with fewer.
    const Rules rules(load_variant("pyramid-only"));
    ExpertOptions eo;
    eo.samples = 16;
    Expert expert(eo);
    int telling = 0;
    for (std::uint64_t seed = 0; seed < 30 && telling < 5; ++seed) {
        Game g(rules, deal_from_seed(rules.variant, seed));
        while (g.status() == Status::InProgress && telling < 5) {
            const ExpertChoice c = expert.choose(g);
            if (c.candidates.size() > 1) {
                const auto [lo, hi] = std::minmax_element(
                    c.candidates.begin(), c.candidates.end(),
                    [](const CandidateCount& x, const CandidateCount& y) { return x.wins < y.wins; });
                if (lo->wins == 0 && hi->wins > 0) {
                    ++telling;
                    const auto chosen = std::find_if(c.candidates.begin(), c.candidates.end(),
                                                     [&](const CandidateCount& k) { return k.move == c.move; });
                    REQUIRE(chosen != c.candidates.end());
                    CHECK(chosen->wins == hi->wins);
                    CHECK(c.candidates.front().move == c.move);
                }
            }
            g.apply(c.move);
        }
    }
    CHECK(telling == 5);
}

TEST_CASE("expert: nothing unseen, it plays the solver's line") {
    const Rules rules(load_variant("giza"));  // no stock: every card face up
    Expert expert;
    Solver solver;
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
        const Deal d = deal_from_seed(rules.variant, seed);
        const bool winnable = solver.solve(rules, d).outcome == SolveOutcome::Won;
        Game g(rules, d);
        while (g.status() == Status::InProgress) g.apply(expert.choose(g).move);
        INFO("giza seed " << seed);
        CHECK((g.status() == Status::Won) == winnable);
    }
}

TEST_CASE("expert: on a hand-made deal it avoids the move that loses in every stock order") {
    // 5H lies second from the top: every pyramid card below it on its left
    // covers it, and 8H, 8D, 8C are among those, so only 8S (the bottom right
    // corner, free) can ever take it; no 8 is in the stock. 8S 5C, free now,
    // leaves 5H without a partner whatever order the stock is in.
    const Rules rules(load_variant("traditional"));
    const Deal d = test::make_deal(rules.variant,
                                   "KH / 5H KS / 5D 8D 3H / 9D JD 4S 7S / 3D 3C TC 8C 4C / 9C 4H 8H AH TH 6S /"
                                   " 5C JS 9S QH AC 2C 8S",
                                   "3S TD QS AS KD 6C 5S 9H 7H QD AD 6D 4D 6H 2D TS 7C 2H JH 2S JC KC QC 7D");
    const Game start(rules, d);
    Reason<Refusal> why;
    const Move bad = start.resolve(test::request(rules.variant.deck, "8S 5C"), why);
    REQUIRE_FALSE(why);
    // The claim, beyond the expert's own draws: lost after it in other orders too.
    Solver solver;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Game g = start;
        std::vector<Card> order(g.unseen_stock().begin(), g.unseen_stock().end());
        SplitMix64 rng(seed);
        for (std::size_t j = order.size(); j > 1; --j) std::swap(order[j - 1], order[rng.below(j)]);
        g.reorder_unseen_stock(order);
        g.apply(bad);
        INFO("stock order " << seed);
        CHECK(solver.solve(g).outcome == SolveOutcome::NoSolution);
    }
    // Wins are rare on this deal (5H must wait for its one partner): of a
    // few seeds of draws, some must have counts that decided.
    int decided = 0;
    for (std::uint64_t seed = 0; seed < 5; ++seed) {
        ExpertOptions eo;
        eo.samples = 64;
        eo.seed = seed;
        Expert expert(eo);
        const ExpertChoice c = expert.choose(start);
        INFO("expert seed " << seed);
        REQUIRE(c.candidates.size() > 1);
        decided += c.candidates.front().wins > 0;
        CHECK_FALSE(c.move == bad);
        for (const CandidateCount& k : c.candidates)
            if (k.move == bad) CHECK(k.wins == 0);
    }
    CHECK(decided >= 2);
}

// Scored variants (Par): the candidates are ranked by their best scores over
// the K orders, and with nothing unseen the expert plays the line to the best score.
TEST_CASE("expert: in a scored variant it plays for the highest mean best score") {
    const Rules rules(load_variant("par"));
    ExpertOptions eo;
    eo.samples = 4;
    Expert expert(eo);
    int weighed = 0, apart = 0;
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
        Game g(rules, deal_from_seed(rules.variant, seed));
        advance(g, 4);
        if (g.status() != Status::InProgress || g.unseen_stock().size() < 2) continue;
        const ExpertChoice c = expert.choose(g);
        if (c.candidates.empty()) continue;
        INFO("seed " << seed);
        CHECK(c.scored);
        CHECK(c.move == c.candidates.front().move);
        ++weighed;
        // No sample scores above 50 (the first pass's bonus, all cards gone)
        // or below minus every card: a sum of real scores, best first.
        for (std::size_t i = 0; i < c.candidates.size(); ++i) {
            CHECK(c.candidates[i].score_total <= 50 * c.samples);
            CHECK(c.candidates[i].score_total >= -52 * c.samples);
            if (i > 0) CHECK(c.candidates[i - 1].score_total >= c.candidates[i].score_total);
        }
        apart += c.candidates.size() > 1 && c.candidates[0].score_total > c.candidates.back().score_total;
        // Told to play for a win (a rating), it counts wins only, as in any variant.
        ExpertOptions for_win = eo;
        for_win.for_score = false;
        const ExpertChoice w = Expert(for_win).choose(g);
        CHECK_FALSE(w.scored);
        for (const CandidateCount& k : w.candidates) CHECK(k.score_total == 0);
    }
    CHECK(weighed >= 4);
    CHECK(apart >= 1);  // the scores do tell moves apart
}

TEST_CASE("expert: in a scored variant with nothing unseen it reaches the solver's best score") {
    const Rules rules(load_variant("par"));
    Expert expert;  // its solves stop at 1,000,000 positions: so do these
    SolveOptions so;
    so.best_score = true;
    so.node_limit = expert.options().node_limit;
    Solver solver(so);
    int lost = 0;
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
        Game g(rules, deal_from_seed(rules.variant, seed));
        // Turn the whole stock: in the second pass every card has been seen.
        while (g.status() == Status::InProgress && g.state().pass == 1) {
            MoveList moves;
            g.legal_moves(moves);
            const auto draw = std::find_if(moves.moves.begin(), moves.moves.begin() + moves.size,
                                           [](const Move& m) { return m.kind == MoveKind::Draw || m.kind == MoveKind::Recycle; });
            if (draw == moves.moves.begin() + moves.size) break;
            g.apply(*draw);
        }
        if (g.status() != Status::InProgress || !g.unseen_stock().empty()) continue;
        const SolveResult best = solver.solve(g);
        if (!best.best_score) continue;
        lost += best.outcome == SolveOutcome::NoSolution;
        INFO("seed " << seed);
        while (g.status() == Status::InProgress) {
            const ExpertChoice c = expert.choose(g);
            CHECK((c.exact || c.candidates.empty()));
            g.apply(c.move);
        }
        CHECK(g.score() == *best.best_score);
    }
    CHECK(lost >= 1);  // deals no longer winnable, where it still plays for the most cards
}

TEST_CASE("expert: each candidate's wins are those of solving it in each of the K orders") {
    // weigh() solves the position before the move once an order and reads
    // every candidate off it where it can; here every candidate is solved
    // on its own, in the same orders, by a solver of the same limits.
    int positions = 0, won_somewhere = 0;
    for (const char* preset : {"traditional", "pyramid-only", "tut"}) {
        const Rules rules(load_variant(preset));
        ExpertOptions eo;
        eo.samples = 12;
        Expert expert(eo);
        SolveOptions so;
        so.node_limit = eo.node_limit;
        Solver solver(so);
        for (std::uint64_t seed = 0; seed < 8; ++seed) {
            Game g(rules, deal_from_seed(rules.variant, seed));
            advance(g, static_cast<int>(seed % 4) * 4);
            if (g.status() != Status::InProgress || g.unseen_stock().size() < 2) continue;
            const std::vector<CandidateCount> weighed = expert.weigh(g);
            const std::vector<std::vector<Card>> orders = expert_orders(g, eo);
            REQUIRE(orders.size() == 12);
            ++positions;
            for (const CandidateCount& c : weighed) {
                int wins = 0;
                for (const std::vector<Card>& order : orders) {
                    Game after = g;
                    after.reorder_unseen_stock(order);
                    after.apply(c.move);
                    wins += after.status() == Status::Won ||
                            (after.status() == Status::InProgress && solver.solve(after).outcome == SolveOutcome::Won);
                }
                INFO(preset << " seed " << seed);
                CHECK(c.wins == wins);
                won_somewhere += wins > 0;
            }
        }
    }
    CHECK(positions >= 15);
    CHECK(won_somewhere >= 3);
}

TEST_CASE("expert: play() makes choose()'s move, stopping once the other orders cannot change it") {
    int decisions = 0, stopped_early = 0;
    for (const char* preset : {"traditional", "pyramid-only", "overlapping"}) {
        const Rules rules(load_variant(preset));
        ExpertOptions eo;
        eo.samples = 16;
        Expert expert(eo);
        for (std::uint64_t seed = 0; seed < 6; ++seed) {
            Game g(rules, deal_from_seed(rules.variant, seed));
            while (g.status() == Status::InProgress) {
                const ExpertChoice full = expert.choose(g);
                const ExpertChoice quick = expert.play(g);
                INFO(preset << " seed " << seed << " move " << g.moves_made());
                REQUIRE(quick.move == full.move);
                if (!full.candidates.empty()) {
                    ++decisions;
                    CHECK(quick.samples <= full.samples);
                    stopped_early += quick.samples < full.samples;
                }
                g.apply(full.move);
            }
        }
    }
    CHECK(decisions >= 50);
    CHECK(stopped_early >= 5);
}
