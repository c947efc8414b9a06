// A game's analysis (lib/players/analysis.hpp): its verdicts and its "loses the win"
// mark agree with solving each position directly, on games that throw a win
// away on purpose; the expert's counts are those of Expert::weigh.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>

#include "formats/variant_toml.hpp"
#include "lib/players/analysis.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"
#include "lib/players/strategy.hpp"

using namespace pyr;

namespace {
// The solver's winning line up to its first move that has a losing
// alternative, that alternative instead, then the blind player to the end.
std::vector<Move> game_that_throws_the_win(const Game& start, Solver& solver) {
    const SolveResult r = solver.solve(start);
    REQUIRE(r.outcome == SolveOutcome::Won);
    Game g = start;
    std::vector<Move> played;
    for (const Move& good : r.line) {
        MoveList legal;
        g.legal_moves(legal);
        for (const Move& m : legal) {
            if (m == good) continue;
            Game after = g;
            after.apply(m);
            if (after.status() == Status::Lost ||
                (after.status() == Status::InProgress && solver.solve(after).outcome == SolveOutcome::NoSolution)) {
                played.push_back(m);
                g = after;
                while (g.status() == Status::InProgress) {
                    played.push_back(blind_choice(g));
                    g.apply(played.back());
                }
                return played;
            }
        }
        played.push_back(good);
        g.apply(good);
    }
    return played;  // no move of the line had a losing alternative
}

Verdict solved(Solver& solver, const Game& g) {
    if (g.status() != Status::InProgress) return g.status() == Status::Won ? Verdict::Won : Verdict::Lost;
    return solver.solve(g).outcome == SolveOutcome::Won ? Verdict::Winnable : Verdict::Lost;
}
}  // namespace

TEST_CASE("analysis: the verdicts and the loses-the-win mark are the solver's, position by position") {
    const Rules rules(load_variant("traditional"));
    Solver solver;
    ExpertOptions eo;
    eo.samples = 2;
    int thrown = 0, games = 0;
    for (std::uint64_t seed = 0; seed < 40 && games < 3; ++seed) {
        const Game start(rules, deal_from_seed(rules.variant, seed));
        if (solver.solve(start).outcome != SolveOutcome::Won) continue;
        ++games;
        const std::vector<Move> moves = game_that_throws_the_win(start, solver);
        GameAnalyser analyser(start, SolveOptions{}, eo);
        Game direct = start;
        for (const Move& m : moves) {
            const Verdict before = solved(solver, direct);
            direct.apply(m);
            const Verdict after = solved(solver, direct);
            const MoveAnalysis a = analyser.next(m);
            INFO("seed " << seed << ", move " << direct.moves_made());
            CHECK(a.before == before);
            CHECK(a.after == after);
            CHECK(a.throws_win() == (before == Verdict::Winnable && after == Verdict::Lost));
            thrown += a.throws_win();
            CHECK(a.played_wins <= a.expert_before.wins);
        }
        CHECK(analyser.game().state().present == direct.state().present);
    }
    CHECK(games == 3);
    CHECK(thrown == 3);  // each game throws its win away once
}

TEST_CASE("analysis: a solve that gives up says unknown, and marks nothing") {
    const Rules rules(load_variant("traditional"));
    const Game start(rules, deal_from_seed(rules.variant, 1));
    SolveOptions tiny;
    tiny.node_limit = 1;
    ExpertOptions eo;
    eo.samples = 1;
    GameAnalyser analyser(start, tiny, eo);
    const MoveAnalysis a = analyser.next(blind_choice(start));
    CHECK(a.before == Verdict::Unknown);
    CHECK(a.after == Verdict::Unknown);
    CHECK_FALSE(a.throws_win());
}

TEST_CASE("analysis: with nothing unseen the expert is exact, and differs only where the win is lost") {
    const Rules rules(load_variant("giza"));
    Solver solver;
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
        const Game start(rules, deal_from_seed(rules.variant, seed));
        if (solver.solve(start).outcome != SolveOutcome::Won) continue;
        const std::vector<Move> moves = game_that_throws_the_win(start, solver);
        GameAnalyser analyser(start, SolveOptions{}, ExpertOptions{});
        for (const Move& m : moves) {
            const MoveAnalysis a = analyser.next(m);
            CHECK(a.exact);
            CHECK(a.expert_differs() == (a.throws_win() && !(a.expert_move == m)));
        }
        return;
    }
    FAIL("no winnable Giza deal among seeds 0 to 9");
}

TEST_CASE("analysis: Expert::weigh counts as choose() does where choose() weighs, and every move where not") {
    const Rules rules(load_variant("traditional"));
    ExpertOptions eo;
    eo.samples = 4;
    Expert expert(eo);
    int weighed = 0, plain = 0;
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        Game g(rules, deal_from_seed(rules.variant, seed));
        for (int i = 0; i < 30 && g.status() == Status::InProgress; ++i) {
            const ExpertChoice c = expert.choose(g);
            const std::vector<CandidateCount> counts = expert.weigh(g);
            MoveList legal;
            g.legal_moves(legal);
            CHECK(static_cast<int>(counts.size()) == legal.size);
            if (!c.candidates.empty()) {
                ++weighed;
                REQUIRE(counts.size() == c.candidates.size());
                for (std::size_t k = 0; k < counts.size(); ++k) {
                    CHECK(counts[k].move == c.candidates[k].move);
                    CHECK(counts[k].wins == c.candidates[k].wins);
                }
            } else {
                plain += !c.exact;
            }
            g.apply(c.move);
        }
    }
    CHECK(weighed > 10);
    CHECK(plain > 0);  // a free King or a single move, counted by weigh all the same
}

TEST_CASE("analysis: a position has one expert value, whichever move's row asks") {
    const Rules rules(load_variant("traditional"));
    ExpertOptions eo;
    eo.samples = 8;
    for (std::uint64_t seed : {1u, 18u}) {
        Game g(rules, deal_from_seed(rules.variant, seed));
        GameAnalyser analyser(g, SolveOptions{}, eo);
        std::optional<MoveAnalysis> last;
        for (int i = 0; i < 12 && g.status() == Status::InProgress; ++i) {
            const Move m = blind_choice(g);
            const MoveAnalysis a = analyser.next(m);
            g.apply(m);
            INFO("seed " << seed << ", move " << i + 1);
            // The position after the last move is the position before this one.
            if (last) CHECK(a.expert_before == last->expert_after);
            last = a;
        }
        // A fresh analyser at the position reached gives the same value the last row ended on.
        if (g.status() == Status::InProgress) {
            GameAnalyser again(g, SolveOptions{}, eo);
            MoveList legal;
            g.legal_moves(legal);
            CHECK(again.next(*legal.begin()).expert_before == last->expert_after);
        }
    }
}
