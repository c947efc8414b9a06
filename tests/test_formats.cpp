// Tests for formats/: card tokens, the deal format's three forms, deal streams,
// the move log (read, replay, write back), CRLF/BOM input and parse_move.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "formats/cards.hpp"
#include "formats/deal_format.hpp"
#include "deal_text.hpp"
#include "formats/error.hpp"
#include "formats/movelog.hpp"
#include "formats/play_commands.hpp"
#include "formats/series.hpp"
#include "formats/text.hpp"
#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"

using pyr::test::read_deals;
using pyr::test::deal_error;
using pyr::Card;
using pyr::DealFormat;
using pyr::DeckKind;

namespace {

const std::vector<std::string>& preset_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const pyr::Preset& p : pyr::presets()) out.emplace_back(p.name);
        return out;
    }();
    return names;
}

Card french(int rank, int suit) { return Card::make(rank, suit); }

// The card a token names, or NoCard; `why` gets the message.
Card card_of(DeckKind deck, std::string_view token, std::string* why = nullptr) {
    std::string w;
    const Card c = pyr::parse_card(deck, token, w);
    if (why) *why = w;
    return c;
}

pyr::MoveLog read_log_text(const std::string& text, pyr::RulesCache& cache, const std::string& name = "t.log") {
    std::istringstream in(text);
    pyr::LineReader lines(in, name);
    return pyr::read_log(lines, cache, "");
}

// "file:line:col: message" of the error reading and replaying `text` as a log, or "no error".
std::string log_error(const std::string& text, pyr::Severity* severity = nullptr) {
    pyr::RulesCache cache;
    try {
        const pyr::MoveLog log = read_log_text(text, cache);
        pyr::Game game(*log.deal.rules, log.deal.deal);
        pyr::replay(log, game);
    } catch (const pyr::InputError& e) {
        if (severity) *severity = e.severity;
        return e.format();
    }
    return "no error";
}

std::string crlf(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\n') out += '\r';
        out += c;
    }
    return out;
}

const std::string Bom = "\xEF\xBB\xBF";

// The worked example of docs/rules.md, as examples/worked-example.log has it (less comments).
const std::string WorkedExample = R"(pyramide-log 1
variant traditional
pyramid
              8D
            6D  6S
          AD  6C  3D
        KH  AC  TC  3C
      QS  3S  7C  7H  KC
    9D  TD  7S  6H  JS  5H
  KS  QH  7D  JC  2D  5S  9C
stock
  4D TS 3H 8S AS QD JH 8C
  TH 4H 2C JD 5C 2H 9S AH
  4S 8H KD 2S 4C 5D 9H QC
moves
KS
JC 2D
7D 6H
draw
9C 4D
draw
draw
TS 3H
)";

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

// ---------------------------------------------------------------- cards

TEST_CASE("cards: French letters, any case, 10 for T") {
    CHECK(card_of(DeckKind::French, "QH") == french(12, 1));
    CHECK(card_of(DeckKind::French, "qh") == french(12, 1));
    CHECK(card_of(DeckKind::French, "qH") == french(12, 1));
    CHECK(card_of(DeckKind::French, "AS") == french(1, 0));
    CHECK(card_of(DeckKind::French, "as") == french(1, 0));
    CHECK(card_of(DeckKind::French, "TD") == french(10, 2));
    CHECK(card_of(DeckKind::French, "10d") == french(10, 2));
    CHECK(card_of(DeckKind::French, "10D") == french(10, 2));
    CHECK(card_of(DeckKind::French, "kc") == french(13, 3));
    CHECK(card_of(DeckKind::French, "2c") == french(2, 3));
    CHECK(card_of(DeckKind::French, "9s") == french(9, 0));
}

TEST_CASE("cards: suit symbols, white forms, emoji selector, suit first") {
    CHECK(card_of(DeckKind::French, "Q♥") == french(12, 1));
    CHECK(card_of(DeckKind::French, "q♥") == french(12, 1));
    CHECK(card_of(DeckKind::French, "A♠") == french(1, 0));
    CHECK(card_of(DeckKind::French, "K♦") == french(13, 2));
    CHECK(card_of(DeckKind::French, "10♣") == french(10, 3));
    CHECK(card_of(DeckKind::French, "Q♡") == french(12, 1));
    CHECK(card_of(DeckKind::French, "J♤") == french(11, 0));
    CHECK(card_of(DeckKind::French, "3♢") == french(3, 2));
    CHECK(card_of(DeckKind::French, "4♧") == french(4, 3));
    // U+FE0F after the symbol, as emoji keyboards send it.
    CHECK(card_of(DeckKind::French, "Q\u2665\uFE0F") == french(12, 1));
    CHECK(card_of(DeckKind::French, "K\u2660\uFE0F") == french(13, 0));
    // Suit first.
    CHECK(card_of(DeckKind::French, "♥Q") == french(12, 1));
    CHECK(card_of(DeckKind::French, "♠10") == french(10, 0));
    CHECK(card_of(DeckKind::French, "\u2660\uFE0FK") == french(13, 0));
    CHECK(card_of(DeckKind::French, "♦a") == french(1, 2));
}

TEST_CASE("cards: Spanish notation") {
    const DeckKind es = DeckKind::Spanish;
    // Ranks A/1-9, S/10 sota, C/11 caballo, R/12 rey; suits O C E B.
    CHECK(card_of(es, "AO") == Card::make(1, 0));
    CHECK(card_of(es, "1O") == Card::make(1, 0));
    CHECK(card_of(es, "ao") == Card::make(1, 0));
    CHECK(card_of(es, "7C") == Card::make(7, 1));
    CHECK(card_of(es, "9e") == Card::make(9, 2));
    CHECK(card_of(es, "SO") == Card::make(10, 0));
    CHECK(card_of(es, "so") == Card::make(10, 0));
    CHECK(card_of(es, "10O") == Card::make(10, 0));
    CHECK(card_of(es, "CC") == Card::make(11, 1));
    CHECK(card_of(es, "11C") == Card::make(11, 1));
    CHECK(card_of(es, "cc") == Card::make(11, 1));
    CHECK(card_of(es, "RE") == Card::make(12, 2));
    CHECK(card_of(es, "12E") == Card::make(12, 2));
    CHECK(card_of(es, "rb") == Card::make(12, 3));
    CHECK(card_of(es, "SB") == Card::make(10, 3));
    // French-only spellings are not Spanish cards, and the other way round.
    CHECK_FALSE(card_of(es, "QH").valid());
    CHECK_FALSE(card_of(es, "TO").valid());
    CHECK_FALSE(card_of(es, "13O").valid());
    CHECK_FALSE(card_of(es, "O♥").valid());
    CHECK_FALSE(card_of(DeckKind::French, "RO").valid());
    CHECK_FALSE(card_of(DeckKind::French, "1H").valid());
    CHECK_FALSE(card_of(DeckKind::French, "11H").valid());
    CHECK_FALSE(card_of(DeckKind::French, "12S").valid());
}

TEST_CASE("cards: every canonical name reads back, in either case") {
    for (DeckKind deck : {DeckKind::French, DeckKind::Spanish}) {
        for (Card c : pyr::deck_cards(deck)) {
            const std::string name = pyr::card_name(deck, c);
            CAPTURE(name);
            CHECK(card_of(deck, name) == c);
            std::string lower = name;
            for (char& ch : lower)
                if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
            CHECK(card_of(deck, lower) == c);
        }
    }
}

TEST_CASE("cards: error messages") {
    std::string why;
    const std::string french_expected = "expected a rank (A 2-9 T J Q K) and a suit (S H D C)";
    const std::string spanish_expected = "expected a rank (A 2-9 S C R, or 1-12) and a suit (O C E B)";
    CHECK_FALSE(card_of(DeckKind::French, "4X", &why).valid());
    CHECK(why == "bad card '4X': " + french_expected);
    CHECK_FALSE(card_of(DeckKind::French, "Q", &why).valid());
    CHECK(why == "bad card 'Q': " + french_expected);
    CHECK_FALSE(card_of(DeckKind::French, "QHH", &why).valid());
    CHECK(why == "bad card 'QHH': " + french_expected);
    CHECK_FALSE(card_of(DeckKind::French, "", &why).valid());
    CHECK(why == "bad card '': " + french_expected);
    // Control characters in input never reach the terminal raw.
    CHECK_FALSE(card_of(DeckKind::French, "Q\x1b[31m", &why).valid());
    CHECK(why == "bad card 'Q\\x1b[31m': " + french_expected);
    CHECK_FALSE(card_of(DeckKind::Spanish, "ZZ", &why).valid());
    CHECK(why == "bad card 'ZZ': " + spanish_expected);
    // A card of the other deck says so: the likely mistake is the variant.
    CHECK_FALSE(card_of(DeckKind::Spanish, "KS", &why).valid());
    CHECK(why == "bad card 'KS': a card of the French deck, but this game uses the Spanish deck: " + spanish_expected);
    CHECK_FALSE(card_of(DeckKind::Spanish, "Q♥", &why).valid());
    CHECK(why == "bad card 'Q♥': a card of the French deck, but this game uses the Spanish deck: " + spanish_expected);
    CHECK_FALSE(card_of(DeckKind::French, "RO", &why).valid());
    CHECK(why == "bad card 'RO': a card of the Spanish deck, but this game uses the French deck: " + french_expected);
}

TEST_CASE("cards: looks_like_card") {
    CHECK(pyr::looks_like_card(DeckKind::French, "QH"));
    CHECK(pyr::looks_like_card(DeckKind::French, "♥Q"));
    CHECK_FALSE(pyr::looks_like_card(DeckKind::French, "stock"));
    CHECK_FALSE(pyr::looks_like_card(DeckKind::French, "pyramid"));
    CHECK_FALSE(pyr::looks_like_card(DeckKind::Spanish, "seed"));
    CHECK(pyr::looks_like_card(DeckKind::Spanish, "SO"));
}

// ---------------------------------------------------------------- deals

TEST_CASE("deals: every preset round-trips in text, line and JSON forms") {
    pyr::RulesCache cache;
    std::vector<std::uint64_t> seeds;
    for (std::uint64_t s = 0; s < 40; ++s) seeds.push_back(s);
    seeds.push_back(UINT64_MAX);
    seeds.push_back(std::uint64_t{1} << 53);
    for (const std::string& name : preset_names()) {
        const pyr::Rules& rules = cache.get(name);
        for (DealFormat form : {DealFormat::Text, DealFormat::Line, DealFormat::Json}) {
            for (std::uint64_t seed : seeds) {
                CAPTURE(name, static_cast<int>(form), seed);
                const pyr::Deal deal = pyr::deal_from_seed(rules.variant, seed);
                const std::string text = pyr::format_deal(rules, deal, form);
                // Every form names its variant (the line form with variant=,
                // except for traditional): it reads back without --variant.
                const std::vector<pyr::ReadDeal> back = read_deals(text, cache);
                CHECK(read_deals(text, cache, name).size() == 1);
                REQUIRE(back.size() == 1);
                CHECK(back[0].rules->variant.name == name);
                CHECK(back[0].line == 1);
                CHECK(back[0].deal.tableau == deal.tableau);
                CHECK(back[0].deal.stock == deal.stock);
                CHECK(back[0].deal.has_seed == (form != DealFormat::Line));
                if (form != DealFormat::Line) CHECK(back[0].deal.seed == seed);
                CHECK(pyr::format_deal(*back[0].rules, back[0].deal, form) == text);
            }
        }
    }
}

TEST_CASE("deals: a note (deal --winnable) is written in every form that has room for it and reads back") {
    pyr::RulesCache cache;
    for (const std::string& name : {std::string("traditional"), std::string("microsoft"), std::string("giza")}) {
        const pyr::Rules& rules = cache.get(name);
        const pyr::Deal deal = pyr::deal_from_seed(rules.variant, 18);
        for (const bool winnable : {true, false}) {
            const pyr::DealNote note{winnable, std::nullopt};
            for (DealFormat form : {DealFormat::Text, DealFormat::Line, DealFormat::Json}) {
                CAPTURE(name, winnable, static_cast<int>(form));
                const std::string text = pyr::format_deal(rules, deal, form, note);
                const std::vector<pyr::ReadDeal> back = read_deals(text, cache);
                REQUIRE(back.size() == 1);
                CHECK(back[0].deal.tableau == deal.tableau);
                CHECK(back[0].deal.stock == deal.stock);
                // A deal picked out of a run of seeds names its seed in the line form too.
                CHECK(back[0].deal.has_seed);
                CHECK(back[0].deal.seed == 18);
                // The note is not kept: written out again, the deal has none.
                CHECK(pyr::format_deal(*back[0].rules, back[0].deal, form) != text);
            }
            const std::string json = pyr::format_deal(rules, deal, DealFormat::Json, note);
            CHECK(json.find(winnable ? "\"seed\":18,\"winnable\":true," : "\"seed\":18,\"winnable\":false,") !=
                  std::string::npos);
            const std::string text = pyr::format_deal(rules, deal, DealFormat::Text, note);
            CHECK(text.starts_with(winnable ? "pyramide-deal 1\n# winnable: yes\nvariant " : "pyramide-deal 1\n# winnable: no\nvariant "));
            const std::string line = pyr::format_deal(rules, deal, DealFormat::Line, note);
            CHECK(line.starts_with(name == "traditional" ? "seed=18 " : "variant=" + name + " seed=18 "));
        }
    }
    CHECK(deal_error(R"({"format":"pyramide-deal","version":1,"winnable":null})") ==
          "t.txt:1:50: \"winnable\" must be true or false");
}

TEST_CASE("deals: the seed 1 text form is the documented one") {
    pyr::RulesCache cache;
    const pyr::Rules& rules = cache.get("traditional");
    CHECK(pyr::format_deal(rules, pyr::deal_from_seed(rules.variant, 1), DealFormat::Text) == R"(pyramide-deal 1
variant traditional
seed 1
pyramid
              7H
            9S  4H
          8D  8H  5C
        JH  6H  9C  JS
      5H  KH  3S  2H  JD
    5D  7D  4D  2S  AH  6C
  KS  KD  TD  TC  JC  TH  8C
stock
  QS 4C 6S 7S AC 5S AD KC
  6D QC QD QH 9H 3H 3C AS
  4S 2D 8S TS 3D 2C 9D 7C
)");
    CHECK(pyr::format_deal(rules, pyr::deal_from_seed(rules.variant, 0), DealFormat::Line) ==
          "8C JD 9S 2C 2H QH 6C TS 3H AS JS 7S 9D 8S QC KD 5D 2S 3D 5S AD 6S 4C TH 5H 8D 8H AH QD TC QS JH 3C 4H "
          "2D 9H 3S KH AC 7C 9C 7H JC 6D KC 4S 7D 5C 6H 4D KS TD\n");
}

TEST_CASE("deals: a stream of several deals of mixed forms") {
    pyr::RulesCache cache;
    const pyr::Rules& trad = cache.get("traditional");
    const pyr::Rules& giza = cache.get("giza");
    auto deal = [&](const pyr::Rules& r, std::uint64_t seed, DealFormat form) {
        return pyr::format_deal(r, pyr::deal_from_seed(r.variant, seed), form);
    };
    // A JSON deal spread over several lines.
    std::string json_lines = deal(giza, 4, DealFormat::Json);
    for (std::size_t p = 0; (p = json_lines.find(",\"", p)) != std::string::npos; p += 3) json_lines.insert(p + 1, "\n  ");
    const std::string stream = "# a comment before the first deal\n" + deal(trad, 1, DealFormat::Text) +
                               deal(trad, 2, DealFormat::Line) + deal(trad, 3, DealFormat::Json) + "\n" +
                               deal(giza, 5, DealFormat::Text) + json_lines + deal(trad, 6, DealFormat::Text) +
                               deal(trad, 7, DealFormat::Line) + deal(trad, 8, DealFormat::Line);
    const std::vector<pyr::ReadDeal> deals = read_deals(stream, cache);
    REQUIRE(deals.size() == 8);
    const std::uint64_t seeds[] = {1, 2, 3, 5, 4, 6, 7, 8};
    const char* variants[] = {"traditional", "traditional", "traditional", "giza",
                              "giza",        "traditional", "traditional", "traditional"};
    const int lines[] = {2, 17, 18, 20, 35, 84, 99, 100};
    for (std::size_t i = 0; i < deals.size(); ++i) {
        CAPTURE(i);
        const pyr::Rules& r = *deals[i].rules;
        CHECK(r.variant.name == variants[i]);
        CHECK(deals[i].line == lines[i]);
        const pyr::Deal expected = pyr::deal_from_seed(r.variant, seeds[i]);
        CHECK(deals[i].deal.tableau == expected.tableau);
        CHECK(deals[i].deal.stock == expected.stock);
    }
}

TEST_CASE("deals: CRLF endings and a UTF-8 BOM are accepted in every form") {
    pyr::RulesCache cache;
    const pyr::Rules& rules = cache.get("reserve");
    const pyr::Deal deal = pyr::deal_from_seed(rules.variant, 9);
    for (DealFormat form : {DealFormat::Text, DealFormat::Line, DealFormat::Json}) {
        CAPTURE(static_cast<int>(form));
        const std::string text = pyr::format_deal(rules, deal, form);
        for (const std::string& input : {crlf(text), Bom + text, Bom + crlf(text)}) {
            const std::vector<pyr::ReadDeal> back = read_deals(input, cache, "reserve");
            REQUIRE(back.size() == 1);
            CHECK(pyr::format_deal(*back[0].rules, back[0].deal, form) == text);
        }
    }
    // A BOM only counts at the start of the file.
    CHECK(deal_error("\n" + Bom + "pyramide-deal 1\n") ==
          "t.txt:2:1: expected a deal ('pyramide-deal 1', a line of cards, a deck string, or JSON), got '\xEF\xBB\xBFpyramide-deal'");
}

TEST_CASE("deals: free layout: indentation, comments, cards after the keyword") {
    pyr::RulesCache cache;
    const std::string text = "pyramide-deal 1   # header\n"
                             "variant traditional\n"
                             "pyramid 7H\n9S 4H\n8d 8h 5c\nJH 6H 9C JS\n5H KH 3S 2H JD\n5D 7D 4D 2S AH 6C\n"
                             "KS KD 10D 10C JC TH 8C\n"
                             "\n"
                             "stock QS 4C 6S 7S AC 5S AD KC 6D QC QD QH 9H 3H 3C AS\n"
                             "   # a comment line\n"
                             "4S 2D 8S TS 3D 2C 9D 7C\n";
    const std::vector<pyr::ReadDeal> deals = read_deals(text, cache);
    REQUIRE(deals.size() == 1);
    const pyr::Rules& r = cache.get("traditional");
    pyr::Deal expected = pyr::deal_from_seed(r.variant, 1);
    CHECK(deals[0].deal.tableau == expected.tableau);
    CHECK(deals[0].deal.stock == expected.stock);
    CHECK_FALSE(deals[0].deal.has_seed);
}

TEST_CASE("deals: errors name file, line and column") {
    pyr::RulesCache cache;
    const pyr::Rules& trad = cache.get("traditional");
    const std::string text = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 1), DealFormat::Text);
    const std::string line = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 1), DealFormat::Line);
    auto replace = [](std::string s, const std::string& from, const std::string& to) {
        const std::size_t p = s.find(from);
        REQUIRE(p != std::string::npos);
        return s.replace(p, from.size(), to);
    };
    pyr::Severity sev = pyr::Severity::Unreadable;

    CHECK(deal_error(replace(text, "QS 4C", "QS QS"), "", &sev) == "t.txt:13:6: duplicate card QS (first seen at 13:3)");
    CHECK(sev == pyr::Severity::Invalid);
    CHECK(deal_error(replace(text, "4C", "4X"), "", &sev) ==
          "t.txt:13:6: bad card '4X': expected a rank (A 2-9 T J Q K) and a suit (S H D C)");
    CHECK(sev == pyr::Severity::Unreadable);
    CHECK(deal_error(replace(line, " 7C\n", "\n"), "", &sev) == "t.txt:1: 51 cards, but the French deck has 52; missing: 7C");
    CHECK(sev == pyr::Severity::Invalid);
    CHECK(deal_error(replace(line, "\n", " 7H\n"), "", &sev) == "t.txt:1:157: duplicate card 7H (first seen at 1:1)");
    CHECK(deal_error(replace(text, "variant traditional", "variant nosuch"), "", &sev) ==
          "t.txt:2:9: unknown variant 'nosuch' (presets: traditional, par, pyramid-only, microsoft, overlapping, giza, "
          "spanish, reserve, apophis, triangle, tut)");
    CHECK(deal_error(replace(text, "variant traditional", "variant giza")) ==
          "t.txt:12: the stock has 24 cards, but variant 'giza' has 0");
    CHECK(deal_error(replace(text, "seed 1", "seed -1")) ==
          "t.txt:3:6: expected 'seed N' with N a whole number from 0 to 18446744073709551615");
    CHECK(deal_error(replace(text, "pyramide-deal 1", "pyramide-deal 2")) ==
          "t.txt:1:15: unsupported deal format version (this program reads 'pyramide-deal 1')");
    CHECK(deal_error(replace(text, "stock", "stack")) ==
          "t.txt:12:1: unknown keyword 'stack' (expected variant, seed, pyramid, reserve, piles or stock)");
    CHECK(deal_error(replace(text, "  KS  KD  TD  TC  JC  TH  8C\n", "")) ==
          "t.txt:4: the pyramid has 21 cards, but variant 'traditional' has 28");
    CHECK(deal_error(text, "giza", &sev) == "t.txt:2:9: the deal is for variant 'traditional', but --variant gives 'giza'");
    CHECK(sev == pyr::Severity::Invalid);
    CHECK(deal_error("hello world\n") ==
          "t.txt:1:1: expected a deal ('pyramide-deal 1', a line of cards, a deck string, or JSON), got 'hello'");
    CHECK(deal_error(std::string("pyramide-deal 1\nvariant traditional\n\xff\xfe\x00\x01\n", 40)) ==
          "t.txt:3:3: binary data (a NUL byte): not a text file");
    CHECK(deal_error(pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 1), DealFormat::Json).substr(0, 40) + "\n") ==
          "t.txt:1:39: unterminated string");
}

TEST_CASE("deals: a French card in a Spanish deal is a card error, not a keyword error") {
    pyr::RulesCache cache;
    const pyr::Rules& es = cache.get("spanish");
    const std::string text = pyr::format_deal(es, pyr::deal_from_seed(es.variant, 1), DealFormat::Text);
    // The bottom row starts with 6O; a French card first on a line used to read as an unknown keyword.
    std::string bad = text;
    bad.replace(bad.find("6O  RC"), 2, "KS");
    pyr::Severity sev = pyr::Severity::Invalid;
    CHECK(deal_error(bad, "", &sev) ==
          "t.txt:11:3: bad card 'KS': a card of the French deck, but this game uses the Spanish deck: expected a rank "
          "(A 2-9 S C R, or 1-12) and a suit (O C E B)");
    CHECK(sev == pyr::Severity::Unreadable);
}

TEST_CASE("deals: a Spanish line of cards read without --variant says how to read it") {
    pyr::RulesCache cache;
    const pyr::Rules& es = cache.get("spanish");
    // A bare line of cards, as written before variant= (or by another program).
    std::string line = pyr::format_deal(es, pyr::deal_from_seed(es.variant, 11), DealFormat::Line);
    REQUIRE(line.starts_with("variant=spanish 2B 3O"));
    line.erase(0, std::string("variant=spanish ").size());
    CHECK(deal_error(line) ==
          "t.txt:1:1: bad card '2B': a card of the Spanish deck, but this game uses the French deck: expected a rank "
          "(A 2-9 T J Q K) and a suit (S H D C); a line of cards that names no variant (variant=NAME) is read as "
          "'traditional' unless --variant names its variant");
    CHECK(deal_error(line, "spanish") == "no error");
    // With a --variant given, the hint would be wrong: only the card error.
    CHECK(deal_error(line, "traditional") ==
          "t.txt:1:1: bad card '2B': a card of the Spanish deck, but this game uses the French deck: expected a rank "
          "(A 2-9 T J Q K) and a suit (S H D C)");
}

TEST_CASE("deals: the line form names its variant with variant=, and may name its seed with seed=") {
    pyr::RulesCache cache;
    const pyr::Rules& giza = cache.get("giza");
    const pyr::Rules& trad = cache.get("traditional");
    const std::string giza_line = pyr::format_deal(giza, pyr::deal_from_seed(giza.variant, 1), DealFormat::Line);
    const std::string trad_line = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 1), DealFormat::Line);
    // Traditional lines stay bare cards, readable by readers that predate variant=.
    CHECK(trad_line.starts_with("7H 9S "));
    REQUIRE(giza_line.starts_with("variant=giza 7H 9S "));
    const std::vector<pyr::ReadDeal> back = read_deals(giza_line + trad_line, cache);
    REQUIRE(back.size() == 2);
    CHECK(back[0].rules->variant.name == "giza");
    CHECK(back[1].rules->variant.name == "traditional");
    CHECK_FALSE(back[0].deal.has_seed);
    // A line naming one variant read with --variant of another is refused, as in the text form.
    CHECK(deal_error(giza_line, "par") == "t.txt:1:9: the deal is for variant 'giza', but --variant gives 'par'");
    // seed= after variant=; the seed is checked against the cards.
    const std::string cards = trad_line.substr(0, trad_line.size() - 1);
    const std::vector<pyr::ReadDeal> seeded = read_deals("variant=traditional seed=1 " + cards + "\n", cache);
    REQUIRE(seeded.size() == 1);
    CHECK(seeded[0].deal.has_seed);
    CHECK(seeded[0].deal.seed == 1);
    CHECK(seeded[0].seed_line == 1);
    CHECK(seeded[0].seed_col == 26);
    pyr::Severity sev{};
    CHECK(deal_error("seed=2 " + cards + "\n", "", &sev) ==
          "t.txt:1:8: seed 2 deals QD here, not 7H: the cards are not those of seed 2");
    CHECK(sev == pyr::Severity::Invalid);
    CHECK(deal_error("seed=1 variant=giza " + cards + "\n") ==
          "t.txt:1:8: expected 'variant=NAME' then 'seed=N' before the cards, got 'variant=giza'");
    CHECK(deal_error("colour=red " + cards + "\n") ==
          "t.txt:1:1: expected 'variant=NAME' then 'seed=N' before the cards, got 'colour=red'");
    CHECK(deal_error("seed=0x1 " + cards + "\n") ==
          "t.txt:1:1: expected 'seed=N' with N a whole number from 0 to 18446744073709551615");
    CHECK(deal_error("variant=klondike " + cards + "\n").starts_with("t.txt:1:9: unknown variant 'klondike'"));
    // After a complete text deal, an unindented variant= line is the next deal.
    const std::string text = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 1), DealFormat::Text);
    CHECK(read_deals(text + giza_line, cache).size() == 2);
}

TEST_CASE("deals: a seed that does not deal the cards is invalid, at the first card that differs") {
    pyr::RulesCache cache;
    for (const std::string& name : preset_names()) {
        const pyr::Rules& rules = cache.get(name);
        CAPTURE(name);
        // Deal 18's cards under the claim of seed 7, in the text and JSON forms.
        for (DealFormat form : {DealFormat::Text, DealFormat::Json}) {
            pyr::Deal deal = pyr::deal_from_seed(rules.variant, 18);
            deal.seed = 7;
            const std::string text = pyr::format_deal(rules, deal, form);
            pyr::Severity sev{};
            const std::string error = deal_error(text, "", &sev);
            CHECK(error.find(": the cards are not those of seed 7") != std::string::npos);
            CHECK(sev == pyr::Severity::Invalid);
            // It names the first card that differs, where it was written.
            const std::vector<Card> mine = pyr::line_order(rules.variant, deal);
            const std::vector<Card> dealt = pyr::shuffled_deck(rules.variant.deck, 7);
            std::size_t i = 0;
            while (mine[i] == dealt[i]) ++i;
            const std::string expected = fmt::format("seed 7 deals {} here, not {}:", card_name(rules.variant.deck, dealt[i]),
                                                     card_name(rules.variant.deck, mine[i]));
            CHECK(error.find(expected) != std::string::npos);
            // The honest claim reads.
            deal.seed = 18;
            CHECK(deal_error(pyr::format_deal(rules, deal, form)) == "no error");
        }
    }
    // Where: line and column of that card (text form of traditional seed 18 claimed as 7).
    const pyr::Rules& trad = cache.get("traditional");
    pyr::Deal deal = pyr::deal_from_seed(trad.variant, 18);
    deal.seed = 7;
    const std::string error = deal_error(pyr::format_deal(trad, deal, DealFormat::Text));
    CHECK(error.starts_with("t.txt:5:15: seed 7 deals 4H here, not AH"));
}

TEST_CASE("deals: check_dealt_by names the first card another seed deals differently") {
    pyr::RulesCache cache;
    const pyr::Rules& trad = cache.get("traditional");
    const std::string text = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 18), DealFormat::Text);
    const std::vector<pyr::ReadDeal> back = read_deals(text, cache);
    REQUIRE(back.size() == 1);
    CHECK_NOTHROW(pyr::check_dealt_by("t.txt", back[0], 18, "not deal 18"));
    try {
        pyr::check_dealt_by("t.txt", back[0], 19, "not the deal --seed 19 requires");
        FAIL("deal 18 passed for deal 19");
    } catch (const pyr::InputError& e) {
        CHECK(e.format() == "t.txt:5:15: seed 19 deals AC here, not AH: not the deal --seed 19 requires");
        CHECK(e.severity == pyr::Severity::Invalid);
    }
}

TEST_CASE("deals and logs: keywords and preset names are read in any case, like cards") {
    pyr::RulesCache cache;
    const pyr::Rules& trad = cache.get("traditional");
    const pyr::Deal deal = pyr::deal_from_seed(trad.variant, 18);
    std::string text = pyr::format_deal(trad, deal, DealFormat::Text);
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"pyramide-deal 1", "Pyramide-Deal 1"}, {"variant traditional", "VARIANT Traditional"},
             {"seed 18", "Seed 18"}, {"pyramid\n", "PYRAMID\n"}, {"stock\n", "Stock\n"}})
        text.replace(text.find(from), from.size(), to);
    const std::vector<pyr::ReadDeal> back = read_deals(text, cache);
    REQUIRE(back.size() == 1);
    CHECK(back[0].rules->variant.name == "traditional");
    CHECK(back[0].deal.tableau == deal.tableau);
    CHECK(deal_error(text, "traditional") == "no error");
    // The log's own keywords.
    std::string log = pyr::format_log_header(trad, deal) + "draw\nresult unfinished\n";
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"pyramide-log 1", "Pyramide-Log 1"}, {"\nmoves\n", "\nMoves\n"}, {"result unfinished", "RESULT UNFINISHED"}})
        log.replace(log.find(from), from.size(), to);
    CHECK(log_error(log) == "no error");
    std::istringstream in(log);
    pyr::LineReader lines(in, "t.log");
    CHECK(pyr::sniff_kind(lines) == pyr::InputKind::Log);
}

TEST_CASE("deals: a mistyped card at the start of a line is a bad card, not an unknown keyword") {
    pyr::RulesCache cache;
    const pyr::Rules& trad = cache.get("traditional");
    std::string text = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 18), DealFormat::Text);
    std::string typo = text;
    typo.replace(typo.find("  TS 3C"), 4, "  QX");
    CHECK(deal_error(typo) == "t.txt:13:3: bad card 'QX': expected a rank (A 2-9 T J Q K) and a suit (S H D C)");
    // A word of four letters or more is still a keyword, unknown.
    std::string word = text;
    word.replace(word.find("  TS 3C"), 4, "stak");
    CHECK(deal_error(word) ==
          "t.txt:13:1: unknown keyword 'stak' (expected variant, seed, pyramid, reserve, piles or stock)");
}

TEST_CASE("inputs: sniff_kind tells logs from deals and leaves the line unread") {
    for (const auto& [text, kind] : std::vector<std::pair<std::string, pyr::InputKind>>{
             {"# a comment\n\npyramide-log 1\n", pyr::InputKind::Log},
             {"\xEF\xBB\xBFpyramide-log 1\n", pyr::InputKind::Log},
             {"7H 9S\n", pyr::InputKind::Deals},
             {"variant=giza 7H\n", pyr::InputKind::Deals},
             {"  # only a comment\n\n", pyr::InputKind::Empty},
             {"", pyr::InputKind::Empty}}) {
        CAPTURE(text);
        std::istringstream in(text);
        pyr::LineReader lines(in, "t");
        CHECK(pyr::sniff_kind(lines) == kind);
        std::string line;
        if (kind != pyr::InputKind::Empty) {
            REQUIRE(lines.next(line));
            CHECK(pyr::strip_comment(line).find_first_not_of(' ') != std::string::npos);
        }
    }
}

TEST_CASE("deals: an unindented line of cards after a complete text deal is the next deal") {
    pyr::RulesCache cache;
    const pyr::Rules& trad = cache.get("traditional");
    const std::string text = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 1), DealFormat::Text);
    const std::string line = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 2), DealFormat::Line);
    CHECK(read_deals(text + line, cache).size() == 2);
    // Indented, it still continues the stock, as indentation means nothing inside a section.
    CHECK(deal_error(text + "  " + line) == "t.txt:12: the stock has 76 cards, but variant 'traditional' has 24");
    // An incomplete deal keeps reading its stock from an unindented line.
    std::string short_stock = text;
    short_stock.erase(short_stock.find("  4S 2D"));
    CHECK(read_deals(short_stock + "4S 2D 8S TS 3D 2C 9D 7C\n", cache).size() == 1);
    // In a log, the moves cannot start before the "moves" line.
    std::string log = WorkedExample;
    log.erase(log.find("moves\n"), 6);
    CHECK(log_error(log) == "t.log:15:1: expected 'moves', got 'KS'");
}

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

TEST_CASE("play commands: one unknown word is an unknown command, other bad moves keep their reason") {
    pyr::PlayCommand cmd;
    std::string why;
    CHECK_FALSE(pyr::parse_command(DeckKind::French, "xyz", cmd, why));
    CHECK(why == "unknown command 'xyz': type help for the list");
    CHECK_FALSE(pyr::parse_command(DeckKind::French, "RO", cmd, why));
    CHECK(why.starts_with("bad card 'RO'"));
    CHECK_FALSE(pyr::parse_command(DeckKind::French, "xyz QH", cmd, why));
    CHECK(why.starts_with("bad card 'xyz'"));
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

namespace {
pyr::Series series_of(const std::string& text) {
    std::istringstream in(text);
    pyr::LineReader lines(in, "s.series");
    return pyr::read_series(lines);
}
std::string series_error(const std::string& text) {
    try {
        series_of(text);
    } catch (const pyr::InputError& e) {
        return e.format();
    }
    return "no error";
}
}  // namespace

TEST_CASE("series: the file play writes reads back") {
    const std::string text = pyr::format_series_header(6, "/deals/my deals#1.txt") +
                             pyr::format_series_entry("g.log") + pyr::format_series_entry("g #2.log");
    const pyr::Series s = series_of(text);
    CHECK(s.games == 6);
    CHECK(s.deals == "/deals/my deals#1.txt");  // a name may hold '#' and blanks
    REQUIRE(s.logs.size() == 2);
    CHECK(s.logs[0].name == "g.log");
    CHECK(s.logs[1].name == "g #2.log");
    CHECK(s.logs[1].line == s.logs[0].line + 1);
    CHECK(series_of("PYRAMIDE-SERIES 1\n# open\nGAME a.log   \n").logs[0].name == "a.log");
    CHECK(pyr::format_series_entry(" a.log").empty());
    CHECK(pyr::format_series_entry("a\nb.log").empty());
    CHECK(pyr::series_path_for("dir/g.log") == "dir/g.series");
    CHECK(pyr::series_path_for("g") == "g.series");
    CHECK(pyr::series_log_path("dir/g.series", "g-2.log") == "dir/g-2.log");
    CHECK(pyr::series_log_path("g.series", "g-2.log") == "g-2.log");
    CHECK(pyr::series_log_path("dir/g.series", "/abs/g.log") == "/abs/g.log");
}

TEST_CASE("series: a torn last line is held back") {
    const pyr::Series s = series_of("pyramide-series 1\ngame a.log\ngame b.l");
    CHECK(s.logs.size() == 1);
    CHECK(s.torn_line == 3);
    CHECK(s.torn_text == "game b.l");
}

TEST_CASE("series: errors name the line and column") {
    CHECK(series_error("") == "s.series: empty file: expected a series of games");
    CHECK(series_error("pyramide-log 1\n") == "s.series:1:1: expected 'pyramide-series 1'");
    CHECK(series_error("pyramide-series 2\n") ==
          "s.series:1:17: unsupported series version (this program reads 'pyramide-series 1')");
    CHECK(series_error("pyramide-series 1\ngames 0\n") == "s.series:2:7: games: '0' is not a number from 1 to 1000");
    CHECK(series_error("pyramide-series 1\ngames 2\ngames 2\n") == "s.series:3:1: 'games' is given twice");
    CHECK(series_error("pyramide-series 1\ngame a.log\ngames 2\n") ==
          "s.series:3:1: 'games' must come before the first 'game'");
    CHECK(series_error("pyramide-series 1\ngames 1\ngame a.log\n  game b.log\n") ==
          "s.series:4:3: more games than the series has ('games 1')");
    CHECK(series_error("pyramide-series 1\ngame a.log\ngame a.log\n") ==
          "s.series:3:1: 'a.log' is listed twice (line 2 too)");
    CHECK(series_error("pyramide-series 1\ngame\n") == "s.series:2:1: 'game' needs the name of a move log");
    CHECK(series_error("pyramide-series 1\nplay a.log\n") ==
          "s.series:2:1: expected 'game', 'games' or 'deals', got 'play'");
}
