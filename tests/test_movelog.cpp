// Tests for formats/movelog: parse_move and format_move, and move logs read,
// replayed and written back, CRLF and a BOM included.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "deal_text.hpp"
#include "formats/deal_format.hpp"
#include "formats/error.hpp"
#include "formats/movelog.hpp"
#include "lib/rules/shuffle.hpp"
#include "log_text.hpp"
#include "support.hpp"

using pyr::test::Bom;
using pyr::test::crlf;
using pyr::test::french;
using pyr::test::log_error;
using pyr::test::preset_names;
using pyr::test::read_log_text;
using pyr::test::WorkedExample;
using pyr::Card;
using pyr::DeckKind;

namespace {

// What a position is, compared field by field (State has padding, so no memcmp).
void check_same_position(const pyr::Game& a, const pyr::Game& b) {
    const pyr::State& s = a.state();
    const pyr::State& t = b.state();
    CHECK(s.present == t.present);
    CHECK(s.stock_len == t.stock_len);
    CHECK(s.stock_pos == t.stock_pos);
    CHECK(s.turned == t.turned);
    CHECK(s.pass == t.pass);
    CHECK(s.cleared_pass == t.cleared_pass);
    CHECK(s.removed_this_pass == t.removed_this_pass);
    for (int k = 0; k < pyr::MaxWastePiles; ++k) {
        REQUIRE(s.waste_len[k] == t.waste_len[k]);
        for (int i = 0; i < s.waste_len[k]; ++i) CHECK(s.waste[k][i] == t.waste[k][i]);
    }
    for (int i = 0; i < s.stock_len; ++i) CHECK(s.stock[i] == t.stock[i]);
    CHECK(a.status() == b.status());
    CHECK(a.cards_left() == b.cards_left());
    CHECK(a.score() == b.score());
}

}  // namespace

// ---------------------------------------------------------------- moves

TEST_CASE("moves: parse_move reads every form") {
    pyr::MoveRequest req;
    pyr::Reason<pyr::MoveSyntax> why;
    int col = 0;
    auto parse = [&](std::string_view text, DeckKind deck = DeckKind::French) {
        return pyr::parse_move(deck, text, req, why, col);
    };
    REQUIRE(parse("QH AS"));
    CHECK(req.kind == pyr::MoveKind::Pair);
    CHECK(req.a == french(12, 1));
    CHECK(req.b == french(1, 0));
    REQUIRE(parse("qh as"));
    CHECK(req.kind == pyr::MoveKind::Pair);
    CHECK(req.a == french(12, 1));
    CHECK(req.b == french(1, 0));
    REQUIRE(parse("  10h\t3s"));
    CHECK(req.kind == pyr::MoveKind::Pair);
    CHECK(req.a == french(10, 1));
    CHECK(req.b == french(3, 0));
    REQUIRE(parse("Q♥ A♠"));
    CHECK(req.a == french(12, 1));
    CHECK(req.b == french(1, 0));
    REQUIRE(parse("KD"));
    CHECK(req.kind == pyr::MoveKind::Lone);
    CHECK(req.a == french(13, 2));
    CHECK_FALSE(req.b.valid());
    REQUIRE(parse("k♦"));
    CHECK(req.kind == pyr::MoveKind::Lone);
    for (std::string_view draw : {"d", "draw", "DRAW", "D"}) {
        REQUIRE(parse(draw));
        CHECK(req.kind == pyr::MoveKind::Draw);
        CHECK_FALSE(req.pile);
    }
    REQUIRE(parse("draw 2"));
    CHECK(req.kind == pyr::MoveKind::Draw);
    CHECK(req.pile == 2);
    REQUIRE(parse("d 1"));
    CHECK(req.pile == 1);
    // Which piles there are is the variant's: the reader takes any number.
    REQUIRE(parse("draw 0"));
    CHECK(req.pile == 0);
    REQUIRE(parse("draw 10"));
    CHECK(req.pile == 10);
    for (std::string_view recycle : {"r", "recycle", "Recycle"}) {
        REQUIRE(parse(recycle));
        CHECK(req.kind == pyr::MoveKind::Recycle);
    }
    REQUIRE(parse("SO 2C", DeckKind::Spanish));
    CHECK(req.kind == pyr::MoveKind::Pair);
    CHECK(req.a == Card::make(10, 0));
    CHECK(req.b == Card::make(2, 1));
    REQUIRE(parse("12o", DeckKind::Spanish));
    CHECK(req.kind == pyr::MoveKind::Lone);
    CHECK(req.a == Card::make(12, 0));
}

TEST_CASE("moves: parse_move errors and their columns") {
    pyr::MoveRequest req;
    auto error = [&](std::string_view text, DeckKind deck = DeckKind::French) {
        pyr::Reason<pyr::MoveSyntax> why;
        int col = 0;
        if (pyr::parse_move(deck, text, req, why, col)) return std::string("no error");
        return std::to_string(col) + ": " + why.text;
    };
    CHECK(error("") == "1: empty move");
    CHECK(error("   ") == "1: empty move");
    CHECK(error("xyz") == "1: unknown move 'xyz': expected a pair (QH AS), a King (KD), draw or recycle");
    CHECK(error("xyz", DeckKind::Spanish) ==
          "1: unknown move 'xyz': expected a pair (SO 2C), a rey (RO), draw or recycle");
    CHECK(error("QH ZZ") == "4: bad card 'ZZ': expected a rank (A 2-9 T J Q K) and a suit (S H D C)");
    CHECK(error("ZZ QH") == "1: bad card 'ZZ': expected a rank (A 2-9 T J Q K) and a suit (S H D C)");
    CHECK(error("QH AS 2C") == "7: a move removes a pair or one King; '2C' is a third card");
    CHECK(error("draw x") == "6: bad waste pile 'x': draw N takes the number of a waste pile");
    CHECK(error("draw -1") == "6: bad waste pile '-1': draw N takes the number of a waste pile");
    CHECK(error("draw 1 2") == "8: expected 'draw' or 'draw N' (N: the waste pile)");
    CHECK(error("recycle now") == "9: 'recycle' takes nothing after it");
    CHECK(error("  r x") == "5: 'recycle' takes nothing after it");
}

TEST_CASE("moves: parse_move says what kind of text is no move") {
    pyr::MoveRequest req;
    auto kind = [&](std::string_view text, DeckKind deck = DeckKind::French) {
        pyr::Reason<pyr::MoveSyntax> why;
        int col = 0;
        const bool ok = pyr::parse_move(deck, text, req, why, col);
        CHECK(ok == (why.kind == pyr::MoveSyntax::Ok));
        return why.kind;
    };
    using pyr::MoveSyntax;
    CHECK(kind("QH AS") == MoveSyntax::Ok);
    CHECK(kind("draw 2") == MoveSyntax::Ok);
    CHECK(kind("") == MoveSyntax::Empty);
    CHECK(kind("xyz") == MoveSyntax::UnknownWord);
    CHECK(kind("xyz", DeckKind::Spanish) == MoveSyntax::UnknownWord);
    // One word that is a card of the other deck, or two words, are bad cards, not unknown words.
    CHECK(kind("RO") == MoveSyntax::BadCard);
    CHECK(kind("QH", DeckKind::Spanish) == MoveSyntax::BadCard);
    CHECK(kind("xyz QH") == MoveSyntax::BadCard);
    CHECK(kind("QH ZZ") == MoveSyntax::BadCard);
    CHECK(kind("QH AS 2C") == MoveSyntax::ThirdCard);
    CHECK(kind("draw x") == MoveSyntax::BadPile);
    CHECK(kind("draw 0") == MoveSyntax::Ok);  // no such pile: the variant says so (Game::resolve)
    CHECK(kind("draw 1 2") == MoveSyntax::DrawArguments);
    CHECK(kind("recycle now") == MoveSyntax::RecycleArguments);
}

TEST_CASE("moves: format_move writes the canonical spelling") {
    pyr::RulesCache cache;
    const pyr::MoveLog log = read_log_text(WorkedExample, cache);
    pyr::Game game(*log.deal.rules, log.deal.deal);
    pyr::Game before = game;
    std::vector<std::string> written;
    pyr::replay(log, game, [&](const pyr::Game&, const pyr::Move& m) {
        written.push_back(pyr::format_move(before, m));
        before.apply(m);
    });
    CHECK(written == std::vector<std::string>{"KS", "JC 2D", "7D 6H", "draw", "9C 4D", "draw", "draw", "TS 3H"});
    // Higher rank first, whatever order the log used.
    pyr::Game g2(*log.deal.rules, log.deal.deal);
    pyr::Reason<pyr::Refusal> why;
    g2.apply(g2.resolve({pyr::MoveKind::Lone, french(13, 0), pyr::NoCard, -1}, why));
    const pyr::Move m = g2.resolve({pyr::MoveKind::Pair, french(2, 2), french(11, 3), -1}, why);
    REQUIRE_FALSE(why);
    CHECK(pyr::format_move(g2, m) == "JC 2D");
}

// ---------------------------------------------------------------- move logs

TEST_CASE("logs: random playouts of every preset round-trip byte for byte") {
    pyr::RulesCache cache;
    std::mt19937 rng(12345);
    for (const std::string& name : preset_names()) {
        const pyr::Rules& rules = cache.get(name);
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            CAPTURE(name, seed);
            const pyr::Deal deal = pyr::deal_from_seed(rules.variant, seed);
            pyr::Game game(rules, deal);
            std::string text = pyr::format_log_header(rules, deal);
            std::vector<pyr::Move> played;
            pyr::MoveList moves;
            while (game.status() == pyr::Status::InProgress && played.size() < 3000) {
                game.legal_moves(moves);
                REQUIRE(moves.size > 0);
                const pyr::Move m = moves.moves[std::uniform_int_distribution<int>(0, moves.size - 1)(rng)];
                text += pyr::format_move(game, m) + "\n";
                game.apply(m);
                played.push_back(m);
            }
            text += pyr::format_result(game);

            const pyr::MoveLog log = read_log_text(text, cache);
            REQUIRE(log.moves.size() == played.size());
            pyr::Game again(*log.deal.rules, log.deal.deal);
            pyr::Game before = again;
            std::string rewritten = pyr::format_log_header(*log.deal.rules, log.deal.deal);
            std::size_t i = 0;
            pyr::replay(log, again, [&](const pyr::Game&, const pyr::Move& m) {
                REQUIRE(i < played.size());
                CHECK(m == played[i]);
                ++i;
                rewritten += pyr::format_move(before, m) + "\n";
                before.apply(m);
            });
            CHECK(i == played.size());
            check_same_position(game, again);
            rewritten += pyr::format_result(again);
            CHECK(rewritten == text);

            // CRLF and a BOM read the same.
            const pyr::MoveLog dos = read_log_text(Bom + crlf(text), cache);
            CHECK(dos.moves.size() == log.moves.size());
            pyr::Game third(*dos.deal.rules, dos.deal.deal);
            pyr::replay(dos, third);
            check_same_position(game, third);
        }
    }
}

TEST_CASE("logs: the worked example replays, with CRLF and a BOM too") {
    for (const std::string& text : {WorkedExample, crlf(WorkedExample), Bom + WorkedExample, Bom + crlf(WorkedExample)}) {
        pyr::RulesCache cache;
        const pyr::MoveLog log = read_log_text(text, cache);
        CHECK(log.moves.size() == 8);
        CHECK(log.result == pyr::LogResult::None);
        pyr::Game game(*log.deal.rules, log.deal.deal);
        pyr::replay(log, game);
        CHECK(game.status() == pyr::Status::InProgress);
        CHECK(game.cards_left() == 43);
    }
}

TEST_CASE("logs: errors name file, line and column") {
    pyr::Severity sev = pyr::Severity::Unreadable;
    // An illegal move mid-log, with the card that covers it.
    std::string illegal = WorkedExample;
    illegal.replace(illegal.find("JC 2D\n"), 6, "  JS 2D\n");
    CHECK(log_error(illegal, &sev) == "t.log:17:3: JS is not free: covered by 2D and 5S");
    CHECK(sev == pyr::Severity::Invalid);
    CHECK(log_error(WorkedExample + "QH AS\n") == "t.log:24:1: AS is in the stock, not turned yet");
    CHECK(log_error(WorkedExample + "7S 5S\n") == "t.log:24:1: 7S and 5S do not make 13 (7 + 5 = 12)");
    CHECK(log_error(WorkedExample + "QH\n") == "t.log:24:1: QH cannot go alone: only a King can");
    CHECK(log_error(WorkedExample + "recycle\n") == "t.log:24:1: cannot recycle: the stock still has 21 cards");
    CHECK(log_error(WorkedExample + "draw\n\tJC\n") == "t.log:25:2: JC has already been removed");
    CHECK(log_error(WorkedExample + "jump\n", &sev) ==
          "t.log:24:1: unknown move 'jump': expected a pair (QH AS), a King (KD), draw, recycle or result");
    CHECK(sev == pyr::Severity::Unreadable);
    // A result line that lies points at its word.
    CHECK(log_error(WorkedExample + "result won\n", &sev) ==
          "t.log:24:8: the result line says won, but after the last move the game is unfinished");
    CHECK(sev == pyr::Severity::Invalid);
    CHECK(log_error(WorkedExample + "result unfinished\n") == "no error");
    CHECK(log_error(WorkedExample + "result unfinished\n# fine\n\n") == "no error");
    CHECK(log_error(WorkedExample + "result unfinished\ndraw\n") == "t.log:25:1: nothing may follow the result line");
    CHECK(log_error(WorkedExample + "result maybe\n") ==
          "t.log:24:8: expected 'result won', 'result lost' or 'result unfinished'");
    CHECK(log_error(WorkedExample + "result lost 3\n") == "t.log:24:13: expected 'score N' after the result");
    // Headers.
    CHECK(log_error("") == "t.log: empty file: expected a move log");
    CHECK(log_error("pyramide-log 2\n") ==
          "t.log:1:14: unsupported move log version (this program reads 'pyramide-log 1')");
    CHECK(log_error("pyramide-deal 1\n") == "t.log:1:1: expected 'pyramide-log 1'");
}

TEST_CASE("logs: a log cut short inside its deal says so") {
    pyr::Severity sev = pyr::Severity::Invalid;
    // Cut in the pyramid: the count of pyramid cards is not the problem, the end of the file is.
    const std::size_t cut = WorkedExample.find("      QS");
    CHECK(log_error(WorkedExample.substr(0, cut), &sev) == "t.log:7: the log ends inside its deal, before the 'moves' line");
    CHECK(sev == pyr::Severity::Unreadable);
    CHECK(log_error(WorkedExample.substr(0, WorkedExample.find("moves")), &sev) ==
          "t.log:14: the log ends inside its deal, before the 'moves' line");
    CHECK(sev == pyr::Severity::Unreadable);
    CHECK(log_error("pyramide-log 1\n") == "t.log:1: the log ends inside its deal, before the 'moves' line");
    // A log cut after "moves" is a valid, unfinished game.
    CHECK(log_error(WorkedExample.substr(0, WorkedExample.find("KS\n"))) == "no error");
}

TEST_CASE("logs: a scored variant writes and checks the score") {
    pyr::RulesCache cache;
    const pyr::Rules& par = cache.get("par");
    const pyr::Deal deal = pyr::deal_from_seed(par.variant, 1);
    const std::string text = pyr::format_log_header(par, deal) + "draw\n";
    pyr::Game game(par, deal);
    pyr::Reason<pyr::Refusal> why;
    game.apply(game.resolve({pyr::MoveKind::Draw, pyr::NoCard, pyr::NoCard, -1}, why));
    CHECK(pyr::format_result(game) == "result unfinished score -52\n");
    CHECK(log_error(text + "result unfinished score -52\n") == "no error");
    CHECK(log_error(text + "result unfinished score -51\n") ==
          "t.log:18:25: the result line says score -51, but the score is -52");
    CHECK(log_error(text + "result unfinished score x\n") == "t.log:18:25: expected a whole number after 'score'");
}
