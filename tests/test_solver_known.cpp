// Hand-made deals whose answers are known by reasoning: a lock, a deal won
// only by digging the waste, a deal won only with a recycle.
#include <catch2/catch.hpp>

#include <algorithm>

#include "formats/cards.hpp"
#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"

namespace {

using namespace pyr;

Card card(const char* name) {
    std::string why;
    const Card c = parse_card(DeckKind::French, name, why);
    REQUIRE(c.valid());
    return c;
}

// The named cards first, in order, then the rest of the deck in its usual order.
std::vector<Card> deck_starting(const std::vector<const char*>& names) {
    std::vector<Card> out;
    for (const char* n : names) out.push_back(card(n));
    for (Card c : deck_cards(DeckKind::French))
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    return out;
}

// A pyramid of two rows (9S on top of 8D and JC) and 49 stock cards.
Variant small(const char* extra) {
    return parse_variant(std::string("name = \"small\"\nrows = 2\ngoal = \"pyramid\"\n") + extra, "small.toml");
}

// Does the line pair card c from the top of the waste?
bool from_waste(const std::vector<Move>& line, Card c) {
    for (const Move& m : line)
        if (m.kind == MoveKind::Pair && ((m.ca == c && m.a >= LocWaste) || (m.cb == c && m.b >= LocWaste))) return true;
    return false;
}

}  // namespace

TEST_CASE("a 10 under all four 3s is a lock: no solution", "[solver][known]") {
    const Rules rules(load_variant("traditional"));
    // The apex is 10S; the four 3s lie in the pyramid below it, so over it.
    const Deal deal = deal_from_line_order(rules.variant, deck_starting({"TS", "3S", "3H", "3D", "3C"}));
    CHECK(has_lock(rules, deal));
    CHECK(solve(rules, deal).outcome == SolveOutcome::NoSolution);
}

TEST_CASE("a deal won only by digging the waste", "[solver][known]") {
    // 4C 4D 4S 4H are turned while 9S is covered and nothing pairs them, so
    // they go onto the waste; 7C pairs nothing either and buries them. 5S and
    // 2D clear 8D and JC, freeing 9S, whose only partners are the 4s: every
    // win must dig 7C off the waste (6D is turned next) to reach a 4.
    const Rules rules(small(""));
    const Deal deal = deal_from_line_order(
        rules.variant, deck_starting({"9S", "8D", "JC", "4C", "4D", "4S", "4H", "7C", "5S", "2D", "6D"}));
    const SolveResult r = solve(rules, deal);
    REQUIRE(r.outcome == SolveOutcome::Won);
    CHECK((from_waste(r.line, card("4H")) || from_waste(r.line, card("4S")) || from_waste(r.line, card("4D")) ||
           from_waste(r.line, card("4C"))));
    // Without the 6s that could dig 7C out, there is no win.
    const Deal no_six = deal_from_line_order(
        rules.variant, deck_starting({"9S", "8D", "JC", "6D", "6S", "6H", "6C", "4C", "4D", "4S", "4H", "7C", "5S", "2D"}));
    // Here the four 6s come first and go onto the waste under the 4s and 7C: none can reach 7C.
    CHECK(solve(rules, no_six).outcome == SolveOutcome::NoSolution);
}

TEST_CASE("a deal won only with a recycle", "[solver][known]") {
    // The four 6s, then the four 4s, then 7C are turned while 9S is covered
    // and nothing pairs them: they go onto the waste, 7C on top. 5S and 2D
    // free 9S, whose partners, the 4s, lie under 7C, whose partners, the 6s,
    // lie under the 4s. With one pass 9S can never go; with a second pass the
    // waste is turned over and the 4s come round again.
    const std::vector<const char*> order = {"9S", "8D", "JC", "6D", "6S", "6H", "6C", "4C",
                                            "4D", "4S", "4H", "7C", "5S", "2D"};
    const Rules one_pass(small("passes = 1\n"));
    const Rules two_passes(small("passes = 2\n"));
    CHECK(solve(one_pass, deal_from_line_order(one_pass.variant, deck_starting(order))).outcome ==
          SolveOutcome::NoSolution);
    const Deal deal = deal_from_line_order(two_passes.variant, deck_starting(order));
    const SolveResult r = solve(two_passes, deal);
    REQUIRE(r.outcome == SolveOutcome::Won);
    CHECK(std::any_of(r.line.begin(), r.line.end(), [](const Move& m) { return m.kind == MoveKind::Recycle; }));
}

TEST_CASE("a start position that drew through its stock, removing nothing, may still recycle", "[solver][known]") {
    // The deal won only with a recycle (above), with three passes, taken up
    // once every stock card has been drawn in the first pass and none
    // removed: a recycle brings back the deal's cards with one pass fewer.
    // From the deal itself the solver never needs that (whatever wins after
    // it wins sooner without it), but from here it is the only way on. (KC
    // comes early, so the waste's top card is QC, which pairs nothing.)
    const std::vector<const char*> order = {"9S", "8D", "JC", "6D", "6S", "6H", "6C", "4C",
                                            "4D", "4S", "4H", "7C", "5S", "2D", "KC"};
    const Rules three_passes(small("passes = 3\n"));
    Game game(three_passes, deal_from_line_order(three_passes.variant, deck_starting(order)));
    while (game.state().stock_left() > 0 || game.state().turned.valid()) {
        MoveList moves;
        game.legal_moves(moves);
        const auto draw = std::find_if(moves.begin(), moves.end(), [](const Move& m) { return m.kind == MoveKind::Draw; });
        REQUIRE(draw != moves.end());
        game.apply(*draw);
    }
    REQUIRE_FALSE(game.state().removed_this_pass);
    REQUIRE(game.state().pass == 1);
    Solver solver;
    const SolveResult r = solver.solve(game);
    REQUIRE(r.outcome == SolveOutcome::Won);
    CHECK(r.line.front().kind == MoveKind::Recycle);
}
