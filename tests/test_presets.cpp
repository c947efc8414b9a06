// Tests for every variant preset: each one loads with the rules docs/rules.md gives
// it, and its distinguishing rule holds in a deal built so the situation arises.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "formats/variant_toml.hpp"
#include "lib/rules/game.hpp"
#include "lib/rules/shuffle.hpp"
#include "support.hpp"

using pyr::Card;
using pyr::DeckKind;
using pyr::Game;
using pyr::Move;
using pyr::MoveKind;
using pyr::Rules;
using pyr::Status;
using namespace pyr::test;

namespace {

void play_times(Game& g, std::string_view move, int times) {
    for (int i = 0; i < times; ++i) play(g, move);
}

bool is_listed(const Game& g, std::string_view move) { return legal(g).count(std::string(move)) == 1; }

std::string waste_names(const Game& g, int pile) {
    std::string s;
    for (int i = 0; i < g.state().waste_len[pile]; ++i)
        s += (s.empty() ? "" : " ") + g.name(g.state().waste[pile][i]);
    return s;
}

// A deal whose pyramid can be cleared in one pass (docs/rules.md's pairs, worked out by hand):
// the bottom row's Queens and Aces pair among themselves (the fourth Ace, AC, sits above
// the left end of the bottom row), every other pyramid card (the 2s to 6s) pairs with a
// stock card turned in the order the pyramid frees them, row by row from the bottom, left
// to right, and the four Kings come last in the stock.
constexpr std::string_view ClearablePyramid =
    "6C / 6H 6D / 5D 5C 6S / 4D 4C 5S 5H / 3H 3D 3C 4S 4H / AC 2S 2H 2D 2C 3S / QS AS QH AH QD AD QC";
constexpr std::string_view ClearableStock =
    "JS JH JD JC TS TH TD TC 9S 9H 9D 9C 8S 8H 8D 8C 7S 7H 7D 7C KS KH KD KC";
constexpr std::string_view ClearQueensAndAces = "QS AS; QH AH; QD AD; QC AC";
constexpr std::string_view ClearWithStock =
    "draw; 2S JS; draw; 2H JH; draw; 2D JD; draw; 2C JC; draw; 3S TS; "
    "draw; 3H TH; draw; 3D TD; draw; 3C TC; draw; 4S 9S; draw; 4H 9H; "
    "draw; 4D 9D; draw; 4C 9C; draw; 5S 8S; draw; 5H 8H; draw; 5D 8D; "
    "draw; 5C 8C; draw; 6S 7S; draw; 6H 7H; draw; 6D 7D; draw; 6C 7C";
constexpr std::string_view TakeKings = "draw; KS; draw; KH; draw; KD; draw; KC";

// A deal whose stock removes itself in pairs (each second card pairs with the card before it
// on the waste) while the pyramid, the 4s to 9s and Kings, has no pair in its bottom row.
constexpr std::string_view LockedPyramid =
    "-- / -- -- / -- -- -- / -- -- -- -- / -- -- -- -- -- / -- -- -- -- -- -- / 4S 4H 4D 4C 5S 5H 5D";
constexpr std::string_view PairedStock =
    "AS QS AH QH AD QD AC QC 2S JS 2H JH 2D JD 2C JC 3S TS 3H TH 3D TD 3C TC";
constexpr std::string_view PlayPairedStock =
    "draw; draw; AS QS; draw; draw; AH QH; draw; draw; AD QD; draw; draw; AC QC; "
    "draw; draw; 2S JS; draw; draw; 2H JH; draw; draw; 2D JD; draw; draw; 2C JC; "
    "draw; draw; 3S TS; draw; draw; 3H TH; draw; draw; 3D TD; draw; draw; 3C TC";

// 21 slots for rows 1 to 6 of a 7-row pyramid, the cards the test does not care about.
constexpr std::string_view UpperRows = "-- / -- -- / -- -- -- / -- -- -- -- / -- -- -- -- -- / -- -- -- -- -- --";

}  // namespace

// ---------------------------------------------------------------- the presets themselves

TEST_CASE("every preset loads with the rules docs/rules.md gives it", "[presets]") {
    struct Expect {
        const char* name;
        DeckKind deck;
        int target;
        pyr::LayoutKind layout;
        int tableau, stock, passes, draw, waste_piles;
        bool turned_pairs_waste, overlapping;
        pyr::Goal goal;
        bool scored;
    };
    using L = pyr::LayoutKind;
    using G = pyr::Goal;
    const DeckKind F = DeckKind::French;
    const Expect table[] = {
        {"traditional", F, 13, L::Pyramid, 28, 24, 1, 1, 1, true, false, G::AllCards, false},
        {"par", F, 13, L::Pyramid, 28, 24, 3, 1, 1, true, false, G::AllCards, true},
        {"pyramid-only", F, 13, L::Pyramid, 28, 24, 1, 1, 1, true, false, G::Pyramid, false},
        {"microsoft", F, 13, L::Pyramid, 28, 24, 3, 1, 1, true, false, G::Pyramid, false},
        {"overlapping", F, 13, L::Pyramid, 28, 24, 1, 1, 1, true, true, G::AllCards, false},
        {"giza", F, 13, L::Pyramid, 52, 0, 1, 1, 1, true, false, G::AllCards, false},
        {"spanish", DeckKind::Spanish, 12, L::Pyramid, 28, 20, 1, 1, 1, true, false, G::AllCards, false},
        {"reserve", F, 13, L::Pyramid, 35, 17, 1, 1, 1, true, false, G::AllCards, false},
        {"apophis", F, 13, L::Pyramid, 28, 24, 1, 1, 3, true, false, G::AllCards, false},
        {"triangle", F, 13, L::Triangle, 28, 24, 1, 1, 1, true, false, G::AllCards, false},
        {"tut", F, 13, L::Pyramid, 28, 24, pyr::UnlimitedPasses, 3, 1, false, false, G::Pyramid, false},
    };
    std::set<std::string> names;
    for (const pyr::Preset& p : pyr::presets()) names.emplace(p.name);
    CHECK(names.size() == std::size(table));
    for (const Expect& e : table) {
        INFO("preset " << e.name);
        CHECK(names.count(e.name) == 1);
        const pyr::Variant v = pyr::load_variant(e.name);
        CHECK(v.name == e.name);
        CHECK(v.deck == e.deck);
        CHECK(v.target == e.target);
        CHECK(v.layout == e.layout);
        CHECK(v.rows == 7);
        CHECK(v.pyramid_size() == 28);
        CHECK(v.tableau_size() == e.tableau);
        CHECK(v.stock_size() == e.stock);
        CHECK(v.passes == e.passes);
        CHECK(v.draw == e.draw);
        CHECK(v.waste_piles == e.waste_piles);
        CHECK(v.turned_pairs_waste == e.turned_pairs_waste);
        CHECK(v.overlapping == e.overlapping);
        CHECK(v.goal == e.goal);
        CHECK(v.scored == e.scored);
        CHECK(v.has_lone());
        CHECK(pyr::check(v).empty());
    }
    const pyr::Variant par = pyr::load_variant("par");
    CHECK(par.pass_bonus == std::vector<int>{50, 35, 20});
    CHECK(par.card_penalty == 1);
    CHECK(par.series == 6);
}

// ---------------------------------------------------------------- traditional

TEST_CASE("traditional: won only when all 52 cards are gone, not when the pyramid is cleared", "[presets][traditional]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, ClearablePyramid, ClearableStock));
    play(g, ClearQueensAndAces);
    play(g, ClearWithStock);
    CHECK(g.pyramid_cleared());
    CHECK(g.cards_left() == 4);  // the four Kings, still in the stock
    CHECK(g.status() == Status::InProgress);
    CHECK(g.end_reason() == "");
    CHECK(legal(g) == std::set<std::string>{"draw w1"});
    play(g, "draw; KS; draw; KH; draw; KD; draw");
    CHECK(g.status() == Status::InProgress);
    play(g, "KC");
    CHECK(g.cards_left() == 0);
    CHECK(g.status() == Status::Won);
    CHECK(g.end_reason() == "all 52 cards removed");
    CHECK(legal(g).empty());
    CHECK(why_not(g, "draw") == "the game is over: it is won");
    CHECK(refusal(g, "draw") == pyr::Refusal::GameWon);
}

TEST_CASE("traditional: one pass, the waste is never turned over", "[presets][traditional]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, ClearablePyramid, ClearableStock));
    play_times(g, "draw", 25);  // all 24 cards turned, the last one drawn onto the waste
    CHECK(g.state().stock_left() == 0);
    CHECK(g.state().waste_len[0] == 24);
    CHECK_FALSE(is_listed(g, "recycle"));
    CHECK(why_not(g, "recycle") == "cannot recycle: this variant has one pass through the stock");
    CHECK(why_not(g, "draw") == "cannot draw: the stock is empty");
    CHECK(g.status() == Status::InProgress);  // the bottom row's Queens and Aces still pair
}

TEST_CASE("traditional: lost when the stock is exhausted and nothing can be removed", "[presets][traditional]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, LockedPyramid, PairedStock));
    play(g, PlayPairedStock);
    CHECK(g.state().stock_left() == 0);
    CHECK(g.state().waste_len[0] == 0);
    CHECK(g.cards_left() == 28);
    CHECK(legal(g).empty());
    CHECK(g.status() == Status::Lost);
    CHECK(g.end_reason() == "no more moves: stock empty");
}

// ---------------------------------------------------------------- par

TEST_CASE("par: recycling turns the waste over unshuffled, its bottom card turned first", "[presets][par]") {
    const Rules rules(pyr::load_variant("par"));
    Game g(rules, make_deal(rules.variant, ClearablePyramid, ClearableStock));
    play_times(g, "draw", 24);
    CHECK(why_not(g, "recycle") == "cannot recycle: draw first, so the turned card KC goes onto the waste");
    play(g, "draw");
    CHECK(waste_names(g, 0) == std::string(ClearableStock));
    CHECK(why_not(g, "draw") == "cannot draw: the stock is empty (recycle to start a new pass)");
    CHECK(is_listed(g, "recycle"));
    play(g, "recycle");
    CHECK(g.state().pass == 2);
    CHECK(g.state().waste_len[0] == 0);
    CHECK(g.state().stock_left() == 24);
    play(g, "draw");
    CHECK(g.name(g.state().turned) == "JS");  // the first card that went onto the waste
    play(g, "draw");
    CHECK(g.name(g.state().turned) == "JH");
    CHECK(waste_names(g, 0) == "JS");
}

namespace {
// The clearable deal drawn through three passes (no card removed): the third
// recycle is refused. Par and microsoft share these rules.
void draw_through_three_passes(Game& g) {
    play_times(g, "draw", 25);
    play(g, "recycle");
    play_times(g, "draw", 25);
    play(g, "recycle");
    CHECK(g.state().pass == 3);
    play_times(g, "draw", 25);
    CHECK_FALSE(is_listed(g, "recycle"));
    CHECK(why_not(g, "recycle") == "cannot recycle: all 3 passes are used");
}
}  // namespace

TEST_CASE("par: three passes in all, a third recycle is refused", "[presets][par]") {
    const Rules rules(pyr::load_variant("par"));
    Game g(rules, make_deal(rules.variant, ClearablePyramid, ClearableStock));
    draw_through_three_passes(g);
    CHECK(why_not(g, "draw") == "cannot draw: the stock is empty");
    // Left to play: the bottom row's Queens and Aces, and the Kings on top of the waste.
    play(g, ClearQueensAndAces);
    play(g, "KC; KD; KH; KS");
    CHECK(g.name(g.state().waste_top(0)) == "7C");  // 7C pairs with no free card
    CHECK(g.status() == Status::Lost);
    CHECK(g.end_reason() == "no more moves: stock empty after 3 passes");
    CHECK(g.score() == 0 - 40);  // pyramid never cleared: no bonus, 40 cards left
}

TEST_CASE("par: score is the pass bonus 50, 35 or 20, minus 1 per card left", "[presets][par]") {
    const Rules rules(pyr::load_variant("par"));
    struct Case {
        int pass, bonus;
    };
    for (const Case c : {Case{1, 50}, Case{2, 35}, Case{3, 20}}) {
        INFO("pyramid cleared during pass " << c.pass);
        Game g(rules, make_deal(rules.variant, ClearablePyramid, ClearableStock));
        CHECK(g.score() == -52);
        for (int p = 1; p < c.pass; ++p) {
            play_times(g, "draw", 25);
            play(g, "recycle");
        }
        CHECK(g.score() == -52);
        play(g, ClearQueensAndAces);
        CHECK(g.score() == -44);  // not cleared yet: no bonus
        play(g, ClearWithStock);
        CHECK(g.pyramid_cleared());
        CHECK(g.state().cleared_pass == c.pass);
        CHECK(g.score() == c.bonus - 4);  // the four Kings are still in the stock
        CHECK(g.status() == Status::InProgress);
        play(g, TakeKings);
        CHECK(g.status() == Status::Won);
        CHECK(g.score() == c.bonus);
    }
}

TEST_CASE("par: a game lost in the first pass with the waste empty does not claim 3 passes", "[presets][par]") {
    // Before the fix, end_reason() named the variant's pass limit, not the passes played.
    const Rules rules(pyr::load_variant("par"));
    Game g(rules, make_deal(rules.variant, LockedPyramid, PairedStock));
    play(g, PlayPairedStock);
    CHECK(g.state().pass == 1);
    CHECK(why_not(g, "recycle") == "cannot recycle: the waste is empty");
    CHECK(g.status() == Status::Lost);
    CHECK(g.end_reason() == "no more moves: stock empty");
    CHECK(g.score() == -28);
}

// ---------------------------------------------------------------- pyramid-only

TEST_CASE("pyramid-only: won as soon as the 28 pyramid cards are gone, with cards left in the stock",
          "[presets][pyramid-only]") {
    const Rules rules(pyr::load_variant("pyramid-only"));
    Game g(rules, make_deal(rules.variant, ClearablePyramid, ClearableStock));
    play(g, ClearQueensAndAces);
    play(g, ClearWithStock.substr(0, ClearWithStock.rfind("; draw; 6C 7C")));
    CHECK_FALSE(g.pyramid_cleared());
    CHECK(g.status() == Status::InProgress);
    play(g, "draw; 6C 7C");
    CHECK(g.pyramid_cleared());
    CHECK(g.state().stock_left() == 4);
    CHECK(g.status() == Status::Won);
    CHECK(g.end_reason() == "the pyramid is cleared");
    CHECK(legal(g).empty());
    CHECK(why_not(g, "draw") == "the game is over: it is won");
}

// ---------------------------------------------------------------- microsoft

TEST_CASE("microsoft: par's play with the pyramid goal and no score, and says it is Microsoft's", "[presets][microsoft]") {
    const pyr::Variant ms = pyr::load_variant("microsoft");
    CHECK(ms.summary.find("Microsoft Solitaire Collection") != std::string::npos);
    pyr::Variant par = pyr::load_variant("par");
    par.name = ms.name;
    par.summary = ms.summary;
    par.goal = pyr::Goal::Pyramid;
    par.scored = false;
    par.pass_bonus.clear();
    par.card_penalty = 0;
    par.series = 0;
    CHECK(ms == par);
}

namespace {
// ClearableStock with its four Kings first, so they lie on the waste while the pyramid goes.
constexpr std::string_view KingsFirstStock =
    "KS KH KD KC JS JH JD JC TS TH TD TC 9S 9H 9D 9C 8S 8H 8D 8C 7S 7H 7D 7C";
}  // namespace

TEST_CASE("microsoft: won when the pyramid is cleared in the third pass, with cards left on the waste",
          "[presets][microsoft]") {
    for (const char* name : {"microsoft", "par"}) {
        INFO("variant " << name);
        const Rules rules(pyr::load_variant(name));
        Game g(rules, make_deal(rules.variant, ClearablePyramid, KingsFirstStock));
        for (int pass = 1; pass <= 2; ++pass) {
            play_times(g, "draw", 25);
            play(g, "recycle");
        }
        CHECK(g.state().pass == 3);
        play(g, ClearQueensAndAces);
        play_times(g, "draw", 5);  // the Kings onto the waste, JS turned
        play(g, ClearWithStock.substr(std::string_view("draw; ").size()));
        CHECK(g.pyramid_cleared());
        CHECK(g.state().stock_left() == 0);
        CHECK(waste_names(g, 0) == "KS KH KD KC");
        if (std::string_view(name) == "microsoft") {
            CHECK(g.status() == Status::Won);
            CHECK(g.end_reason() == "the pyramid is cleared");
            CHECK(legal(g).empty());
        } else {  // par wants all 52: the Kings are still to go
            CHECK(g.status() == Status::InProgress);
            CHECK(is_listed(g, "lone KC@w1"));
        }
    }
}

TEST_CASE("microsoft: three passes in all, a third recycle is refused", "[presets][microsoft]") {
    const Rules rules(pyr::load_variant("microsoft"));
    Game g(rules, make_deal(rules.variant, ClearablePyramid, ClearableStock));
    draw_through_three_passes(g);
    play(g, ClearQueensAndAces);
    play(g, "KC; KD; KH; KS");
    CHECK(g.status() == Status::Lost);
    CHECK(g.end_reason() == "no more moves: stock empty after 3 passes");
}

TEST_CASE("microsoft: the turned card and the waste top pair with each other", "[presets][microsoft]") {
    const Rules rules(pyr::load_variant("microsoft"));
    Game g(rules, make_deal(rules.variant, LockedPyramid, PairedStock));
    play(g, "draw; draw");  // AS onto the waste, QS turned
    CHECK(legal(g) == std::set<std::string>{"pair QS@turned AS@w1", "draw w1"});
    play(g, PlayPairedStock.substr(std::string_view("draw; draw; ").size()));
    CHECK(g.state().stock_left() == 0);
    CHECK(g.state().waste_len[0] == 0);
    CHECK(g.status() == Status::Lost);  // the pyramid's 4s to 9s have no partner left
}

// ---------------------------------------------------------------- overlapping

namespace {
// Bottom row (p21-p27): 9S KS KH QC 7C 6C 2H. Above it (p15-p20): 5S KD 3D AC 8C 4H, and 8S at p10.
// AC (p18) lies under QC and 7C; 5S (p15) under 9S and KS; 8S (p10) under 5S and KD.
constexpr std::string_view OverlapPyramid =
    "7S / 6H 6D / 5D 5C 6S / 4S 4D 4C 5H / 8S 2D 2C 3S 3H / 5S KD 3D AC 8C 4H / 9S KS KH QC 7C 6C 2H";
}  // namespace

TEST_CASE("overlapping: no pair with a covering card while two cards cover", "[presets][overlapping]") {
    const Rules rules(pyr::load_variant("overlapping"));
    const Game g(rules, make_deal(rules.variant, OverlapPyramid));
    CHECK(legal(g) == std::set<std::string>{"lone KS@p22", "lone KH@p23", "pair 7C@p25 6C@p26", "draw w1"});
    CHECK(why_not(g, "QC AC") == "AC is not free: covered by QC and 7C");
}

TEST_CASE("overlapping: a card pairs with the one free card still covering it", "[presets][overlapping]") {
    const Rules rules(pyr::load_variant("overlapping"));
    Game g(rules, make_deal(rules.variant, OverlapPyramid));
    play(g, "7C 6C");  // AC is now covered by QC alone, and QC is free
    CHECK(legal(g) == std::set<std::string>{"lone KS@p22", "lone KH@p23", "pair QC@p24 AC@p18", "draw w1"});
    pyr::Reason<pyr::Refusal> why;
    const Move a = g.resolve(request(DeckKind::French, "AC QC"), why);
    CHECK_FALSE(why);
    const Move b = g.resolve(request(DeckKind::French, "QC AC"), why);
    CHECK_FALSE(why);
    CHECK(a == b);
    CHECK(show(g, a) == "pair QC@p24 AC@p18");
    g.apply(a);
    CHECK((g.state().present & bits({18, 24})) == 0);
    CHECK(g.cards_left() == 48);

    // The same position in traditional: AC is not free, the pair is refused.
    const Rules traditional(pyr::load_variant("traditional"));
    Game t(traditional, make_deal(traditional.variant, OverlapPyramid));
    play(t, "7C 6C");
    CHECK_FALSE(is_listed(t, "pair QC@p24 AC@p18"));
    CHECK(why_not(t, "QC AC") == "AC is not free: covered by QC");
}

TEST_CASE("overlapping: no pair with the one covering card when that card is itself covered",
          "[presets][overlapping]") {
    const Rules rules(pyr::load_variant("overlapping"));
    Game g(rules, make_deal(rules.variant, OverlapPyramid));
    play(g, "KS; KH; KD");  // 8S (p10) is now covered by 5S alone, and 5S by 9S
    CHECK(g.describe(card(DeckKind::French, "8S")) == "8S is not free: covered by 5S");
    CHECK_FALSE(is_listed(g, "pair 5S@p15 8S@p10"));
    // The pair fails because 5S is covered, so that is what the message names.
    CHECK(why_not(g, "8S 5S") == "5S is not free: covered by 9S");
    CHECK(why_not(g, "5S 8S") == "5S is not free: covered by 9S");
    // 5S is covered by 9S alone, but 9S + 5S make 14: no pair there either.
    CHECK_FALSE(is_listed(g, "pair 9S@p21 5S@p15"));
}

// ---------------------------------------------------------------- giza

namespace {
// Bottom row KS 2D 3D 4D 5D 6D 6C; pile tops (p44-p51) QH 8H AH 2H 3H 2C 3C 6H;
// under QH lies KH (p36), under AH lies 9C (p38).
constexpr std::string_view GizaTableau =
    "-- / -- -- / -- -- -- / -- -- -- -- / -- -- -- -- -- / -- -- -- -- -- -- / KS 2D 3D 4D 5D 6D 6C / "
    "-- -- -- -- -- -- -- -- / KH -- 9C -- -- -- -- -- / QH 8H AH 2H 3H 2C 3C 6H";
}  // namespace

TEST_CASE("giza: no stock and no draw; the top card of each pile is in play", "[presets][giza]") {
    const Rules rules(pyr::load_variant("giza"));
    const Game g(rules, make_deal(rules.variant, GizaTableau));
    CHECK(g.state().stock_left() == 0);
    CHECK(g.cards_left() == 52);
    // A pile top pairs with a pyramid card (5D 8H) and with another pile top (QH AH); no draw.
    CHECK(legal(g) == std::set<std::string>{"lone KS@p21", "pair 5D@p25 8H@p45", "pair QH@p44 AH@p46"});
    CHECK(why_not(g, "draw") == "cannot draw: the stock is empty");
    CHECK(why_not(g, "recycle") == "cannot recycle: the waste is empty");
    CHECK(why_not(g, "4D 9C") == "9C is not free: covered by AH");
    CHECK(why_not(g, "KH") == "KH is not free: covered by QH");
}

TEST_CASE("giza: removing a pile's top card brings the card under it into play", "[presets][giza]") {
    const Rules rules(pyr::load_variant("giza"));
    Game g(rules, make_deal(rules.variant, GizaTableau));
    play(g, "QH AH");
    CHECK(g.is_free(36));
    CHECK(g.is_free(38));
    CHECK_FALSE(g.is_free(28));
    CHECK(legal(g) ==
          std::set<std::string>{"lone KS@p21", "lone KH@p36", "pair 4D@p24 9C@p38", "pair 5D@p25 8H@p45"});
    play(g, "KH");
    CHECK(g.is_free(28));  // the bottom card of the first pile
}

TEST_CASE("giza: lost at once when nothing in play pairs, with no stock to draw from", "[presets][giza]") {
    const Rules rules(pyr::load_variant("giza"));
    const Game g(rules, make_deal(rules.variant,
                                  std::string(UpperRows) + " / 2S 2H 2D 2C 3S 3H 3D / -- -- -- -- -- -- -- -- / "
                                                           "-- -- -- -- -- -- -- -- / 4S 4H 4D 4C 5S 5H 5D 6S"));
    CHECK(legal(g).empty());
    CHECK(g.status() == Status::Lost);
    CHECK(g.end_reason() == "no more moves");
}

// ---------------------------------------------------------------- spanish

TEST_CASE("spanish: a 48-card deck, 28 in the pyramid and 20 in the stock", "[presets][spanish]") {
    const Rules rules(pyr::load_variant("spanish"));
    const pyr::Deal d = pyr::deal_from_seed(rules.variant, 3);
    CHECK(d.tableau.size() == 28);
    CHECK(d.stock.size() == 20);
    std::set<std::uint8_t> codes;
    for (const std::vector<Card>* part : {&d.tableau, &d.stock})
        for (Card c : *part) {
            CHECK(c.rank() >= 1);
            CHECK(c.rank() <= 12);
            codes.insert(c.code);
        }
    CHECK(codes.size() == 48);
    const Game g(rules, d);
    CHECK(g.cards_left() == 48);
}

TEST_CASE("spanish: pairs make 12 and the rey goes alone", "[presets][spanish]") {
    const Rules rules(pyr::load_variant("spanish"));
    // Bottom row: rey de oros, 5 de copas, 7 de espadas, 6 de bastos, 7 de oros, sota de bastos, as de espadas.
    Game g(rules, make_deal(rules.variant, std::string(UpperRows) + " / RO 5C 7E 6B 7O SB AE"));
    CHECK(legal(g) == std::set<std::string>{"lone RO@p21", "pair 5C@p22 7E@p23", "pair 5C@p22 7O@p25", "draw w1"});
    CHECK(why_not(g, "6B 7E") == "6B and 7E do not make 12 (6 + 7 = 13)");
    CHECK(why_not(g, "SB") == "SB cannot go alone: only a rey can");
    play(g, "RO; 7O 5C");
    CHECK(g.cards_left() == 45);
}

// ---------------------------------------------------------------- reserve

namespace {
// Bottom row AS 2S 3S 4S 5S 6S 6H; reserve (p28-p34) QS 5H 8H KH 2C 2H 3C; JD turned first.
constexpr std::string_view ReserveTableau =
    "-- / -- -- / -- -- -- / -- -- -- -- / -- -- -- -- -- / -- -- -- -- -- -- / AS 2S 3S 4S 5S 6S 6H / "
    "QS 5H 8H KH 2C 2H 3C";
}  // namespace

TEST_CASE("reserve: the reserve cards are in play with the pyramid, the turned card and each other",
          "[presets][reserve]") {
    const Rules rules(pyr::load_variant("reserve"));
    Game g(rules, make_deal(rules.variant, ReserveTableau, "JD"));
    CHECK(g.state().stock_left() == 17);
    CHECK(legal(g) == std::set<std::string>{"lone KH@p31", "pair AS@p21 QS@p28", "pair 5S@p25 8H@p30",
                                            "pair 5H@p29 8H@p30", "draw w1"});
    play(g, "draw");
    CHECK(legal(g) == std::set<std::string>{"lone KH@p31", "pair AS@p21 QS@p28", "pair 5S@p25 8H@p30",
                                            "pair 5H@p29 8H@p30", "pair 2S@p22 JD@turned",
                                            "pair 2C@p32 JD@turned", "pair 2H@p33 JD@turned", "draw w1"});
    play(g, "2C JD; 5H 8H; KH");
    CHECK((g.state().present & bits({29, 30, 31, 32})) == 0);
    CHECK((g.free_mask() & bits({28, 33, 34})) == bits({28, 33, 34}));
}

TEST_CASE("reserve: every reserve card still in place is free, over random playouts", "[presets][reserve]") {
    const Rules rules(pyr::load_variant("reserve"));
    const std::uint64_t reserve = bits({28, 29, 30, 31, 32, 33, 34});
    pyr::SplitMix64 choice(17);
    int positions = 0;
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        Game g(rules, pyr::deal_from_seed(rules.variant, seed));
        pyr::MoveList moves;
        for (g.legal_moves(moves); moves.size > 0; g.legal_moves(moves)) {
            const std::uint64_t in_place = g.state().present & reserve;
            if ((g.free_mask() & reserve) != in_place) FAIL_CHECK("seed " << seed << ": a reserve card is covered");
            ++positions;
            g.apply(moves.moves[choice.below(static_cast<std::uint64_t>(moves.size))]);
        }
    }
    CHECK(positions > 1000);
}

// ---------------------------------------------------------------- apophis

TEST_CASE("apophis: the player chooses the waste pile, and every pile's top is in play", "[presets][apophis]") {
    const Rules rules(pyr::load_variant("apophis"));
    Game g(rules, make_deal(rules.variant, std::string(UpperRows) + " / 2S 2H 2D 2C 3S 3H 3D", "4D 9C 5S 8C 6D"));
    // No card is turned yet: a draw just turns one, no pile to choose.
    CHECK(legal(g) == std::set<std::string>{"draw w1"});
    play(g, "draw");
    CHECK(g.name(g.state().turned) == "4D");
    CHECK(legal(g) == std::set<std::string>{"draw w1", "draw w2", "draw w3"});
    CHECK(why_not(g, "draw") == "draw onto which waste pile? say draw 1 to draw 3 for the turned card 4D");
    CHECK(refusal(g, "draw") == pyr::Refusal::PileNotGiven);
    CHECK(why_not(g, "draw 4") == "there is no waste pile 4: apophis has 3 waste piles (say draw 1 to draw 3)");

    play(g, "draw 1");
    CHECK(waste_names(g, 0) == "4D");
    CHECK(legal(g) == std::set<std::string>{"pair 9C@turned 4D@w1", "draw w1", "draw w2", "draw w3"});
    play(g, "draw 2");
    CHECK(waste_names(g, 1) == "9C");
    CHECK(legal(g) == std::set<std::string>{"pair 4D@w1 9C@w2", "draw w1", "draw w2", "draw w3"});
    play(g, "draw 3");
    CHECK(waste_names(g, 2) == "5S");
    CHECK(legal(g) ==
          std::set<std::string>{"pair 8C@turned 5S@w3", "pair 4D@w1 9C@w2", "draw w1", "draw w2", "draw w3"});
    play(g, "draw 1");  // 8C onto 4D
    CHECK(waste_names(g, 0) == "4D 8C");
    CHECK(g.name(g.state().turned) == "6D");
    CHECK(why_not(g, "4D 9C") == "4D is in the waste pile 1, under 8C");
    CHECK(legal(g) == std::set<std::string>{"pair 8C@w1 5S@w3", "draw w1", "draw w2", "draw w3"});
    play(g, "8C 5S; 4D 9C");
    CHECK(g.state().waste_len == std::array<std::uint8_t, pyr::MaxWastePiles>{0, 0, 0, 0});
    CHECK(g.cards_left() == 48);
}

// ---------------------------------------------------------------- triangle

TEST_CASE("triangle: only the single bottom card is free at the start, then the row above it",
          "[presets][triangle]") {
    const Rules rules(pyr::load_variant("triangle"));
    // Rows from the wide top row (7 cards) down to the single bottom card KS; QH and AH above it.
    Game g(rules, make_deal(rules.variant,
                            "-- -- -- -- -- -- -- / -- -- -- -- -- -- / -- -- -- -- -- / -- -- -- -- / -- -- -- / "
                            "QH AH / KS"));
    CHECK(g.free_mask() == bit(27));
    CHECK(legal(g) == std::set<std::string>{"lone KS@p27", "draw w1"});
    CHECK(why_not(g, "QH AH") == "QH is not free: covered by KS");
    play(g, "KS");
    CHECK(g.free_mask() == bits({25, 26}));
    CHECK(legal(g) == std::set<std::string>{"pair QH@p25 AH@p26", "draw w1"});
    play(g, "QH AH");
    CHECK(g.free_mask() == bits({22, 23, 24}));
}

// ---------------------------------------------------------------- tut

namespace {
// Kings on the even columns of the bottom row, so removing them frees nothing above.
constexpr std::string_view TutTableau =
    "-- / -- -- / -- -- -- / -- -- -- -- / -- -- -- -- -- / -- -- -- -- -- -- / KS 2S KH 3S KD 4S KC";
}  // namespace

TEST_CASE("tut: three cards go straight to the waste and only its top is in play", "[presets][tut]") {
    const Rules rules(pyr::load_variant("tut"));
    Game g(rules, make_deal(rules.variant, TutTableau, "5H JH 6H"));
    play(g, "draw");
    CHECK_FALSE(g.state().turned.valid());
    CHECK(waste_names(g, 0) == "5H JH 6H");
    CHECK(g.state().stock_left() == 21);
    // JH would pair with 2S, but it lies under 6H.
    CHECK(legal(g) == std::set<std::string>{"lone KS@p21", "lone KH@p23", "lone KD@p25", "lone KC@p27", "draw w1"});
    CHECK(why_not(g, "JH 2S") == "JH is in the waste, under 6H");
    CHECK(why_not(g, "5H") == "5H cannot go alone: only a King can");
}

TEST_CASE("tut: unlimited passes while each pass removes a card, the waste turned over in order",
          "[presets][tut]") {
    const Rules rules(pyr::load_variant("tut"));
    Game g(rules, make_deal(rules.variant, TutTableau, "5H JH 6H"));
    const std::string_view kings[] = {"KS", "KH", "KD", "KC"};
    for (std::string_view king : kings) {
        play(g, king);  // one card removed during this pass
        play_times(g, "draw", 8);
        CHECK(g.state().stock_left() == 0);
        CHECK(g.state().waste_len[0] == 24);
        CHECK(why_not(g, "draw") == "cannot draw: the stock is empty (recycle to start a new pass)");
        CHECK(is_listed(g, "recycle"));
        play(g, "recycle");
        CHECK(g.state().stock_left() == 24);
        CHECK(g.state().waste_len[0] == 0);
    }
    CHECK(g.state().pass == 5);  // more than par's three
    play(g, "draw");             // the same three cards come up first again, 6H on top
    CHECK(waste_names(g, 0) == "5H JH 6H");
}

TEST_CASE("tut: a recycle is refused after a pass that removed no card, and the game is lost",
          "[presets][tut]") {
    const Rules rules(pyr::load_variant("tut"));
    Game g(rules, make_deal(rules.variant, TutTableau, "5H JH 6H"));
    play(g, "KS");
    play_times(g, "draw", 8);
    play(g, "recycle");
    play_times(g, "draw", 8);
    CHECK(why_not(g, "recycle") == "cannot recycle: no card was removed during this pass, so the next would repeat it");
    // The Kings left still go: the pass is not over for them.
    CHECK(g.status() == Status::InProgress);
    play(g, "KH; KD; KC");
    CHECK(why_not(g, "recycle") == "");
    play(g, "recycle");
    play_times(g, "draw", 8);
    CHECK(g.name(g.state().waste_top(0)) == "QC");  // the last stock card pairs with nothing free
    CHECK(legal(g).empty());
    CHECK(g.status() == Status::Lost);
    CHECK(g.end_reason() == "no more moves: a whole pass removed no card");
}

TEST_CASE("tut's rule that the turned card may not pair with the waste top, when drawing one card",
          "[presets][tut]") {
    pyr::Variant v = pyr::load_variant("tut");
    v.draw = 1;  // with draw 3 there is never a separate turned card
    REQUIRE(pyr::check(v).empty());
    const Rules rules(v);
    Game g(rules, make_deal(rules.variant, std::string(UpperRows) + " / 2S 2H 2D 2C 3S 3H 3D", "4D 9C"));
    play(g, "draw; draw");  // 4D onto the waste, 9C turned
    CHECK(legal(g) == std::set<std::string>{"draw w1"});
    CHECK(why_not(g, "9C 4D") == "the turned card may not pair with the waste top in this variant");
    CHECK(refusal(g, "9C 4D") == pyr::Refusal::TurnedWithWaste);

    const Rules traditional(pyr::load_variant("traditional"));
    Game t(traditional, make_deal(traditional.variant, std::string(UpperRows) + " / 2S 2H 2D 2C 3S 3H 3D", "4D 9C"));
    play(t, "draw; draw");
    CHECK(legal(t) == std::set<std::string>{"pair 9C@turned 4D@w1", "draw w1"});
}
