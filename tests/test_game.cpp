// Tests for lib/rules/game: docs/rules.md's worked example, legal moves,
// resolve() and its messages, apply and undo, over random playouts too.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "formats/deal_format.hpp"
#include "formats/movelog.hpp"
#include "formats/text.hpp"
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
using namespace pyr::test;

namespace {

// The fields that differ between two states, empty when they are the same.
std::string state_diff(const pyr::State& a, const pyr::State& b) {
    std::string d;
    if (a.present != b.present) d += " present";
    if (a.stock != b.stock) d += " stock";
    if (a.stock_len != b.stock_len) d += " stock_len";
    if (a.stock_pos != b.stock_pos) d += " stock_pos";
    if (a.waste != b.waste) d += " waste";
    if (a.waste_len != b.waste_len) d += " waste_len";
    if (a.turned != b.turned) d += " turned";
    if (a.pass != b.pass) d += " pass";
    if (a.cleared_pass != b.cleared_pass) d += " cleared_pass";
    if (a.removed_this_pass != b.removed_this_pass) d += " removed_this_pass";
    return d;
}

// The deal of docs/rules.md's worked example, as examples/worked-example.log lays it out.
constexpr std::string_view WorkedPyramid =
    "8D / 6D 6S / AD 6C 3D / KH AC TC 3C / QS 3S 7C 7H KC / 9D TD 7S 6H JS 5H / KS QH 7D JC 2D 5S 9C";
constexpr std::string_view WorkedStock =
    "4D TS 3H 8S AS QD JH 8C TH 4H 2C JD 5C 2H 9S AH 4S 8H KD 2S 4C 5D 9H QC";
constexpr std::string_view WorkedMoves = "KS; JC 2D; 7D 6H; draw; 9C 4D; draw; draw; TS 3H";

}  // namespace

// ---------------------------------------------------------------- the worked example

TEST_CASE("the worked example of docs/rules.md replays to the position it describes", "[game][example]") {
    const std::filesystem::path log_path =
        std::filesystem::path(PYRAMIDE_SOURCE_DIR) / "examples" / "worked-example.log";
    std::ifstream in(log_path);
    REQUIRE(in.good());
    pyr::LineReader lines(in, log_path.string());
    pyr::RulesCache cache;
    const pyr::MoveLog log = pyr::read_log(lines, cache, "");
    REQUIRE(log.deal.rules != nullptr);
    CHECK(log.deal.rules->variant.name == "traditional");
    CHECK(log.moves.size() == 8);
    Game g(*log.deal.rules, log.deal.deal);

    // The deal is the one docs/rules.md describes: bottom row KS QH 7D JC 2D 5S 9C, 6H above JC and 2D.
    std::string bottom;
    for (int pos = 21; pos < 28; ++pos) bottom += g.name(g.tableau_card(pos)) + " ";
    CHECK(bottom == "KS QH 7D JC 2D 5S 9C ");
    CHECK(g.name(g.tableau_card(18)) == "6H");

    pyr::replay(log, g);

    for (std::string_view gone : {"KS", "JC", "2D", "6H", "7D", "4D", "9C", "TS", "3H"})
        CHECK(g.describe(card(DeckKind::French, gone)) == fmt::format("{} has already been removed", gone));
    CHECK(g.cards_left() == 43);
    CHECK(g.state().waste_len[0] == 0);
    CHECK_FALSE(g.state().turned.valid());
    CHECK(g.state().stock_left() == 21);
    CHECK(g.state().pass == 1);
    // Free: QH and 5S of the bottom row, and 7S, whose two covering cards 7D and JC are gone.
    CHECK(g.free_mask() == bits({17, 22, 26}));
    CHECK(g.name(g.tableau_card(17)) == "7S");
    CHECK(g.status() == pyr::Status::InProgress);
    // QH, 5S and 7S make no pair: drawing is the only move.
    CHECK(legal(g) == std::set<std::string>{"draw w1"});
}

TEST_CASE("the worked example rebuilt in code reaches the same position", "[game][example]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, WorkedPyramid, WorkedStock));
    CHECK(g.describe(card(DeckKind::French, "6H")) == "6H is not free: covered by JC and 2D");
    play(g, WorkedMoves);
    CHECK(g.moves_made() == 8);
    CHECK(g.cards_left() == 43);
    CHECK(g.state().stock_left() == 21);
    CHECK(g.free_mask() == bits({17, 22, 26}));
}

// ---------------------------------------------------------------- legal moves

TEST_CASE("legal_moves at the start of the worked example: the King, JC+2D, and draw", "[game][moves]") {
    const Rules rules(pyr::load_variant("traditional"));
    const Game g(rules, make_deal(rules.variant, WorkedPyramid, WorkedStock));
    CHECK(legal(g) == std::set<std::string>{"lone KS@p21", "pair JC@p24 2D@p25", "draw w1"});
}

TEST_CASE("legal_moves pairs a pyramid card with the turned card, and the turned card with the waste top",
          "[game][moves]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, WorkedPyramid, WorkedStock));
    play(g, "KS; JC 2D; draw");  // 4D is turned: it pairs with 9C
    // 6H is free now that JC and 2D are gone; the pair is listed in position order, 6H (p18) first.
    CHECK(legal(g) == std::set<std::string>{"pair 6H@p18 7D@p23", "pair 9C@p27 4D@turned", "draw w1"});

    play(g, "7D 6H; 9C 4D; draw; draw; TS 3H; draw; draw; draw");
    // 8S and AS went onto the waste, QD is turned: AS (waste top) pairs with QH and with QD.
    CHECK(g.state().waste_len[0] == 2);
    CHECK(g.name(g.state().waste_top(0)) == "AS");
    CHECK(g.name(g.state().turned) == "QD");
    CHECK(legal(g) == std::set<std::string>{"pair QH@p22 AS@w1", "pair QD@turned AS@w1", "draw w1"});
}

// ---------------------------------------------------------------- resolve() and its messages

TEST_CASE("resolve says exactly why a pair or a King is refused", "[game][resolve]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, WorkedPyramid, WorkedStock));
    CHECK(why_not(g, "7D 6H") == "6H is not free: covered by JC and 2D");
    play(g, WorkedMoves);

    CHECK(why_not(g, "7H 6S") == "7H is not free: covered by JS");  // 6H, its other cover, is gone
    CHECK(why_not(g, "QS AS") == "QS is not free: covered by 9D and TD");
    CHECK(why_not(g, "7S 5S") == "7S and 5S do not make 13 (7 + 5 = 12)");
    CHECK(why_not(g, "QH 5S") == "QH and 5S do not make 13 (12 + 5 = 17)");
    CHECK(why_not(g, "5S 8S") == "8S is in the stock, not turned yet");
    CHECK(why_not(g, "KS") == "KS has already been removed");
    CHECK(why_not(g, "JC 2H") == "JC has already been removed");
    CHECK(why_not(g, "QH") == "QH cannot go alone: only a King can");
    CHECK(why_not(g, "KD") == "KD is in the stock, not turned yet");
    CHECK(why_not(g, "KC") == "KC is not free: covered by JS and 5H");
    CHECK(why_not(g, "5S 5S") == "5S cannot pair with itself");

    play(g, "draw; draw; draw");  // 8S and AS onto the waste, QD turned
    CHECK(why_not(g, "5S 8S") == "8S is in the waste, under AS");
    CHECK(why_not(g, "QH AS") == "");
    CHECK(why_not(g, "QD AS") == "");
}

TEST_CASE("resolve's refusals are typed: each says what kind of move is refused", "[game][resolve]") {
    using pyr::Refusal;
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, WorkedPyramid, WorkedStock));
    CHECK(refusal(g, "7D 6H") == Refusal::NotInPlay);
    play(g, WorkedMoves);
    CHECK(refusal(g, "QS AS") == Refusal::NotInPlay);    // covered
    CHECK(refusal(g, "5S 8S") == Refusal::NotInPlay);    // in the stock
    CHECK(refusal(g, "7S 5S") == Refusal::WrongSum);
    CHECK(refusal(g, "KS") == Refusal::Removed);
    CHECK(refusal(g, "JC 2H") == Refusal::Removed);     // removed comes before "not in play"
    CHECK(refusal(g, "JC 5S") == Refusal::Removed);     // and before the sum
    CHECK(refusal(g, "QH") == Refusal::NotLone);
    CHECK(refusal(g, "KD") == Refusal::NotInPlay);
    CHECK(refusal(g, "5S 5S") == Refusal::SameCard);
    CHECK(refusal(g, "recycle") == Refusal::CannotRecycle);
    CHECK(refusal(g, "draw 2") == Refusal::NoSuchPile);
    CHECK(refusal(g, "draw") == Refusal::None);
    CHECK(g.place(card(DeckKind::French, "KS")) == pyr::Place::Removed);
    CHECK(g.place(card(DeckKind::French, "QS")) == pyr::Place::Covered);
    CHECK(g.place(card(DeckKind::French, "QH")) == pyr::Place::InPlay);
    CHECK(g.place(card(DeckKind::French, "8S")) == pyr::Place::InStock);
    play(g, "draw; draw; draw");  // 8S and AS onto the waste, QD turned
    CHECK(g.place(card(DeckKind::French, "8S")) == pyr::Place::InWaste);
    CHECK(g.place(card(DeckKind::French, "AS")) == pyr::Place::InPlay);
    CHECK(refusal(g, "5S 8S") == Refusal::NotInPlay);
    CHECK(refusal(g, "QH AS") == Refusal::None);
    for (int i = 0; i < 19; ++i) play(g, "draw");
    CHECK(refusal(g, "draw") == Refusal::StockEmpty);
}

TEST_CASE("resolve names the waste piles a variant has for a pile it has not", "[game][resolve]") {
    const Rules rules(pyr::load_variant("apophis"));
    Game g(rules, pyr::deal_from_seed(rules.variant, 7));
    // 0 and 4 alike, with a turned card to place or not.
    for (const char* draw : {"draw 0", "draw 4", "draw 10"}) {
        CAPTURE(draw);
        CHECK(why_not(g, draw) ==
              fmt::format("there is no waste pile {}: apophis has 3 waste piles (say draw 1 to draw 3)",
                          std::string_view(draw).substr(5)));
    }
    play(g, "draw");
    CHECK(why_not(g, "draw 0") == "there is no waste pile 0: apophis has 3 waste piles (say draw 1 to draw 3)");
    CHECK(why_not(g, "draw 3") == "");
}

TEST_CASE("resolve refuses draw and recycle with the reason, and the game is then lost", "[game][resolve]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, WorkedPyramid, WorkedStock));
    play(g, WorkedMoves);
    CHECK(why_not(g, "recycle") == "cannot recycle: the stock still has 21 cards");
    CHECK(why_not(g, "draw 2") == "there is no waste pile 2: traditional has one waste pile (say draw)");
    CHECK(why_not(g, "draw 0") == "there is no waste pile 0: traditional has one waste pile (say draw)");
    for (int i = 0; i < 20; ++i) play(g, "draw");
    CHECK(why_not(g, "recycle") == "cannot recycle: the stock still has 1 card");
    play(g, "draw");  // QC, the last stock card, is turned
    CHECK(g.state().stock_left() == 0);
    CHECK(g.name(g.state().turned) == "QC");
    CHECK(why_not(g, "recycle") == "cannot recycle: draw first, so the turned card QC goes onto the waste");
    // Drawing with the stock empty only moves the turned card onto the waste.
    CHECK(legal(g) == std::set<std::string>{"draw w1"});
    CHECK(g.status() == pyr::Status::InProgress);
    CHECK(g.end_reason() == "");
    play(g, "draw");
    CHECK_FALSE(g.state().turned.valid());
    CHECK(g.state().waste_len[0] == 21);
    CHECK(g.name(g.state().waste_top(0)) == "QC");
    CHECK(why_not(g, "draw") == "cannot draw: the stock is empty");
    CHECK(why_not(g, "recycle") == "cannot recycle: this variant has one pass through the stock");
    // QH, 5S, 7S and QC make no pair: lost.
    CHECK(legal(g).empty());
    CHECK(g.status() == pyr::Status::Lost);
    CHECK(g.end_reason() == "no more moves: stock empty");
    CHECK(g.score() == 0);  // traditional is not scored
}

TEST_CASE("a move resolved by the covering card first or second is the same move", "[game][resolve]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, WorkedPyramid, WorkedStock));
    pyr::Reason<pyr::Refusal> why;
    const Move a = g.resolve(request(DeckKind::French, "JC 2D"), why);
    CHECK_FALSE(why);
    const Move b = g.resolve(request(DeckKind::French, "2D JC"), why);
    CHECK_FALSE(why);
    CHECK(a == b);
    CHECK(a.kind == MoveKind::Pair);
    CHECK(a.a == 24);
    CHECK(a.b == 25);
}

TEST_CASE("undo steps back one move at a time and refuses at the start", "[game][undo]") {
    const Rules rules(pyr::load_variant("traditional"));
    Game g(rules, make_deal(rules.variant, WorkedPyramid, WorkedStock));
    const pyr::State start = g.state();
    CHECK_FALSE(g.undo());
    play(g, WorkedMoves);
    CHECK(g.moves_made() == 8);
    for (int i = 0; i < 8; ++i) CHECK(g.undo());
    CHECK(g.moves_made() == 0);
    CHECK_FALSE(g.undo());
    CHECK(state_diff(g.state(), start) == "");
}

// ---------------------------------------------------------------- random playouts

namespace {

// Plays seeded random games of `preset` and calls `check(game)` before every move.
template <class Check>
void random_playouts(const std::string& preset, int games, Check&& check) {
    const Rules rules(pyr::load_variant(preset));
    pyr::SplitMix64 choice(0xC0FFEE);
    for (int seed = 0; seed < games; ++seed) {
        Game g(rules, pyr::deal_from_seed(rules.variant, static_cast<std::uint64_t>(seed)));
        pyr::MoveList moves;
        for (int step = 0; step < 2000; ++step) {
            g.legal_moves(moves);
            if (moves.size == 0) break;
            check(g);
            g.apply(moves.moves[choice.below(static_cast<std::uint64_t>(moves.size))]);
        }
        g.legal_moves(moves);
        INFO(preset << " seed " << seed);
        REQUIRE(moves.size == 0);  // every game ends
        CHECK(g.status() != pyr::Status::InProgress);
    }
}

}  // namespace

TEST_CASE("apply then undo restores every field of the state, over random playouts of every preset",
          "[game][undo]") {
    for (const std::string& name : preset_names()) {
        int checked = 0;
        random_playouts(name, 300, [&](const Game& position) {
            Game g = position;
            const pyr::State before = g.state();
            const int made = g.moves_made();
            pyr::MoveList moves;
            g.legal_moves(moves);
            for (const Move& m : moves) {
                g.apply(m);
                CHECK(g.moves_made() == made + 1);
                REQUIRE(g.undo());
                const std::string diff = state_diff(g.state(), before);
                if (!diff.empty()) FAIL_CHECK(name << ": " << show(g, m) << " then undo changed" << diff);
                ++checked;
            }
        });
        INFO(name);
        CHECK(checked > 1000);
    }
}

TEST_CASE("every listed move is what resolve gives for its own cards, over random playouts of every preset",
          "[game][resolve]") {
    for (const std::string& name : preset_names()) {
        random_playouts(name, 200, [&](const Game& g) {
            pyr::MoveList moves;
            g.legal_moves(moves);
            for (const Move& m : moves) {
                pyr::MoveRequest req;
                req.kind = m.kind;
                req.a = m.ca;
                req.b = m.cb;
                if (m.kind == MoveKind::Draw && g.variant().waste_piles > 1 && g.state().turned.valid())
                    req.pile = m.pile + 1;
                pyr::Reason<pyr::Refusal> why;
                const Move r = g.resolve(req, why);
                if (why || !(r == m)) FAIL_CHECK(name << ": " << show(g, m) << " resolved to " << show(g, r) << " why '" << why.text << "'");
                if (m.kind == MoveKind::Pair) {
                    std::swap(req.a, req.b);
                    const Move s = g.resolve(req, why);
                    if (why || !(s == m)) FAIL_CHECK(name << ": " << show(g, m) << " (cards swapped) resolved to " << show(g, s) << " why '" << why.text << "'");
                }
            }
        });
    }
}

TEST_CASE("resolve accepts a pair or a lone card exactly when legal_moves lists it", "[game][resolve]") {
    for (const std::string& name : preset_names()) {
        random_playouts(name, 15, [&](const Game& g) {
            const pyr::Variant& v = g.variant();
            pyr::MoveList moves;
            g.legal_moves(moves);
            const std::vector<Card> deck = pyr::deck_cards(v.deck);
            auto listed = [&](const Move& m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); };
            for (Card a : deck) {
                pyr::MoveRequest req;
                pyr::Reason<pyr::Refusal> why;
                if (a.rank() == v.target) {
                    req.kind = MoveKind::Lone;
                    req.a = a;
                    const Move m = g.resolve(req, why);
                    if (!why != listed(m)) FAIL_CHECK(name << ": lone " << g.name(a) << " why '" << why.text << "'");
                }
                for (Card b : deck) {
                    if (a.rank() + b.rank() != v.target || a == b) continue;
                    req.kind = MoveKind::Pair;
                    req.a = a;
                    req.b = b;
                    const Move m = g.resolve(req, why);
                    if (!why != listed(m))
                        FAIL_CHECK(name << ": pair " << g.name(a) << " " << g.name(b) << " why '" << why.text << "'");
                }
            }
        });
    }
}

TEST_CASE("cards_left counts every card not removed, wherever it lies", "[game]") {
    for (const std::string& name : preset_names()) {
        random_playouts(name, 20, [&](const Game& g) {
            const pyr::State& s = g.state();
            int waste = 0;
            for (int k = 0; k < pyr::MaxWastePiles; ++k) waste += s.waste_len[k];
            int removed = 0;
            for (Card c : pyr::deck_cards(g.variant().deck))
                if (g.place(c) == pyr::Place::Removed) ++removed;
            INFO(name);
            CHECK(g.cards_left() == pyr::deck_size(g.variant().deck) - removed);
            CHECK(g.cards_left() == std::popcount(s.present) + s.stock_left() + waste + (s.turned.valid() ? 1 : 0));
        });
    }
}

TEST_CASE("under: the same position, played by other rules of the same layout", "[game]") {
    const Rules par(pyr::load_variant("par"));
    pyr::Variant v = par.variant;
    v.goal = pyr::Goal::Pyramid;
    v.passes = 1;
    const Rules one_pass(v);
    Game g(par, pyr::deal_from_seed(par.variant, 5));
    // Turn the whole stock over: Par may recycle it, the one-pass rules may not.
    const auto recycles = [](const Game& game) {
        pyr::MoveList l;
        game.legal_moves(l);
        return std::count_if(l.begin(), l.end(), [](const Move& m) { return m.kind == MoveKind::Recycle; });
    };
    for (int i = 0; i < 30 && recycles(g) == 0; ++i) g.apply(Move{});  // a draw
    const Game other = g.under(one_pass);
    CHECK(state_diff(other.state(), g.state()).empty());
    CHECK(&other.rules() == &one_pass);
    CHECK(recycles(g) == 1);
    CHECK(recycles(other) == 0);
    CHECK(other.moves_made() == 0);
}
