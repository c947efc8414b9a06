// Tests for formats/deal_format: the deal format's three forms, deal streams
// of mixed forms, seeds checked against the cards, errors with file, line and
// column, and sniff_kind.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "deal_text.hpp"
#include "formats/deal_format.hpp"
#include "formats/error.hpp"
#include "formats/movelog.hpp"
#include "formats/text.hpp"
#include "lib/rules/shuffle.hpp"
#include "log_text.hpp"
#include "support.hpp"

using pyr::test::Bom;
using pyr::test::crlf;
using pyr::test::deal_error;
using pyr::test::log_error;
using pyr::test::preset_names;
using pyr::test::read_deals;
using pyr::test::WorkedExample;
using pyr::Card;
using pyr::DealFormat;

namespace {
// The deal as a program other than `deal` writes it: no seed.
pyr::Deal unseeded(pyr::Deal d) {
    d.has_seed = false;
    return d;
}
}  // namespace
using pyr::DeckKind;

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
                // except for traditional) and its seed: it reads back without --variant.
                const std::vector<pyr::ReadDeal> back = read_deals(text, cache);
                CHECK(read_deals(text, cache, name).size() == 1);
                REQUIRE(back.size() == 1);
                CHECK(back[0].rules->variant.name == name);
                CHECK(back[0].line == 1);
                CHECK(back[0].deal.tableau == deal.tableau);
                CHECK(back[0].deal.stock == deal.stock);
                CHECK(back[0].deal.has_seed);
                CHECK(back[0].deal.seed == seed);
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
                // The note is not kept: written out again, the deal has none (the line
                // form has room for the seed only, which every seeded deal writes).
                CHECK((pyr::format_deal(*back[0].rules, back[0].deal, form) == text) == (form == DealFormat::Line));
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
          "seed=0 8C JD 9S 2C 2H QH 6C TS 3H AS JS 7S 9D 8S QC KD 5D 2S 3D 5S AD 6S 4C TH 5H 8D 8H AH QD TC QS JH 3C 4H "
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
    const std::string line = pyr::format_deal(trad, unseeded(pyr::deal_from_seed(trad.variant, 1)), DealFormat::Line);
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
    std::string line = pyr::format_deal(es, unseeded(pyr::deal_from_seed(es.variant, 11)), DealFormat::Line);
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
    const std::string giza_line = pyr::format_deal(giza, unseeded(pyr::deal_from_seed(giza.variant, 1)), DealFormat::Line);
    const std::string trad_line = pyr::format_deal(trad, unseeded(pyr::deal_from_seed(trad.variant, 1)), DealFormat::Line);
    // Traditional lines with no seed stay bare cards, readable by readers that predate variant=.
    CHECK(trad_line.starts_with("7H 9S "));
    // A seeded deal names its seed on its own line, whatever came before it.
    const std::string seeded_lines = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 1), DealFormat::Line) +
                                     pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 2), DealFormat::Line) +
                                     pyr::format_deal(giza, pyr::deal_from_seed(giza.variant, 3), DealFormat::Line);
    CHECK(seeded_lines.starts_with("seed=1 7H 9S "));
    CHECK(seeded_lines.find("\nseed=2 ") != std::string::npos);
    CHECK(seeded_lines.find("\nvariant=giza seed=3 ") != std::string::npos);
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
    const std::string line = pyr::format_deal(trad, unseeded(pyr::deal_from_seed(trad.variant, 2)), DealFormat::Line);
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
