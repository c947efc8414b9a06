// play's hint in words (formats/hint_text.hpp): the expert's answers built by
// hand, so each form of the text is pinned without running the expert.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "formats/hint_text.hpp"
#include "formats/movelog.hpp"
#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"

using namespace pyr;

namespace {

// The legal move written `text` in `game`.
Move legal(const Game& game, const std::string& text) {
    MoveList list;
    game.legal_moves(list);
    for (const Move& m : list)
        if (format_move(game, m) == text) return m;
    FAIL("no legal move " << text);
    return {};
}

// An answer weighing `moves` (best first) with these wins and score totals.
ExpertChoice weighed(const Game& game, const std::vector<std::string>& moves, const std::vector<int>& wins,
                     const std::vector<std::int64_t>& scores = {}) {
    ExpertChoice c;
    c.samples = 64;
    c.scored = !scores.empty();
    for (std::size_t i = 0; i < moves.size(); ++i)
        c.candidates.push_back({legal(game, moves[i]), wins[i], c.scored ? scores[i] : 0});
    c.move = c.candidates.front().move;
    return c;
}

}  // namespace

// Seed 2 of the traditional game starts with three moves: 8D 5C, QH AH and draw
// (tests/golden/play-hint).
TEST_CASE("hint text: wins of the stock orders, the best move and the next", "[hint]") {
    const Rules rules(load_variant("traditional"));
    const Game game(rules, deal_from_seed(rules.variant, 2));
    CHECK(hint_text(game, weighed(game, {"8D 5C", "QH AH", "draw"}, {9, 7, 2}), false, 80) ==
          "hint: 8D 5C (wins 9 of 64 stock orders; QH AH: 7 of 64)");
    CHECK(hint_text(game, weighed(game, {"draw"}, {3}), false, 80) == "hint: draw (wins 3 of 64 stock orders)");
    CHECK(hint_text(game, weighed(game, {"QH AH", "8D 5C"}, {0, 0}), false, 100) ==
          "hint: QH AH (no move wins in any of 64 stock orders tried: the rule of thumb's move)");
}

// At 40 columns a line breaks between words, never between the two cards of a move.
TEST_CASE("hint text: a narrow window breaks between words, never inside a move", "[hint]") {
    const Rules rules(load_variant("traditional"));
    const Game game(rules, deal_from_seed(rules.variant, 2));
    CHECK(hint_text(game, weighed(game, {"QH AH", "8D 5C"}, {0, 0}), false, 80) ==
          "hint: QH AH (no move wins in any of 64 stock orders tried: the rule of thumb's\n  move)");
    CHECK(hint_text(game, weighed(game, {"draw", "8D 5C"}, {9, 7}), false, 36) ==
          "hint: draw (wins 9 of 64 stock\n  orders; 8D 5C: 7 of 64)");
    CHECK(hint_text(game, weighed(game, {"draw", "8D 5C"}, {9, 7}), false, 40) ==
          "hint: draw (wins 9 of 64 stock orders;\n  8D 5C: 7 of 64)");
    // The head leaves no room for the first move: it goes to the next line whole.
    const ExpertChoice c = weighed(game, {"8D 5C", "QH AH", "draw"}, {7, 7, 0});
    CHECK(hint_text(game, c, true, 40) == "hint all (wins of 64 stock orders):\n  8D 5C 7, QH AH 7, draw 0");
    CHECK(quick_hint_text(game, legal(game, "8D 5C"), 14) == "hint: 8D 5C\n  (rule of\n  thumb)");
    CHECK(quick_hint_text(game, legal(game, "8D 5C"), 8) == "hint:\n  8D 5C\n  (rule\n  of\n  thumb)");
}

TEST_CASE("hint text: hint all lists every move weighed, wrapped between moves", "[hint]") {
    const Rules rules(load_variant("traditional"));
    const Game game(rules, deal_from_seed(rules.variant, 2));
    const ExpertChoice c = weighed(game, {"8D 5C", "QH AH", "draw"}, {7, 7, 0});
    CHECK(hint_text(game, c, true, 80) == "hint all (wins of 64 stock orders): 8D 5C 7, QH AH 7, draw 0");
    CHECK(hint_text(game, c, true, 50) == "hint all (wins of 64 stock orders): 8D 5C 7,\n  QH AH 7, draw 0");
}

TEST_CASE("hint text: scored variants give the mean best score first", "[hint]") {
    const Rules rules(load_variant("traditional"));
    const Game game(rules, deal_from_seed(rules.variant, 2));
    const ExpertChoice c = weighed(game, {"8D 5C", "QH AH"}, {3, 1}, {800, -256});
    CHECK(hint_text(game, c, false, 80) ==
          "hint: 8D 5C (mean best score 12.5 in 64 stock orders; wins 3; QH AH: -4.0)");
    CHECK(hint_text(game, c, true, 100) ==
          "hint all (mean best score in 64 stock orders): 8D 5C 12.5 (3 wins), QH AH -4.0 (1 win)");
    CHECK(hint_text(game, c, true, 80) ==
          "hint all (mean best score in 64 stock orders): 8D 5C 12.5 (3 wins),\n  QH AH -4.0 (1 win)");
    CHECK(hint_text(game, weighed(game, {"draw"}, {0}, {0}), false, 80) ==
          "hint: draw (mean best score 0.0 in 64 stock orders; wins 0)");
}

TEST_CASE("hint text: a move nothing was weighed for says why", "[hint]") {
    const Rules rules(load_variant("traditional"));
    const Game game(rules, deal_from_seed(rules.variant, 2));
    ExpertChoice c;
    c.move = legal(game, "QH AH");
    CHECK(hint_text(game, c, false, 80) == "hint: QH AH (the only move)");
    CHECK(hint_text(game, c, true, 80) == "hint: QH AH (the only move)");  // nothing to list
    c.exact = true;
    CHECK(hint_text(game, c, false, 80) == "hint: QH AH (the solver's line: no stock card is unseen)");

    const Game kings(rules, deal_from_seed(rules.variant, 18));  // a King free at the start
    ExpertChoice king;
    king.move = legal(kings, "KS");
    CHECK(hint_text(kings, king, false, 80) == "hint: KS (alone at once: it needs no partner)");
}

TEST_CASE("hint text: hint quick names the rule of thumb", "[hint]") {
    const Rules rules(load_variant("traditional"));
    const Game game(rules, deal_from_seed(rules.variant, 2));
    CHECK(quick_hint_text(game, legal(game, "8D 5C"), 80) == "hint: 8D 5C (rule of thumb)");
}
