// Tests for the mchung94 deal form (formats/mchung94.hpp, formats/deal.md):
// the deck strings of mchung94/pyramid-solver and its web solver, written and
// read back for every preset laid as 28 pyramid cards and 24 in the stock.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "formats/deal_format.hpp"
#include "deal_text.hpp"
#include "formats/error.hpp"
#include "formats/mchung94.hpp"
#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"

using pyr::test::read_deals;
using pyr::test::deal_error;
using pyr::DealFormat;

namespace {

// The deck string of mchung94/pyramid-solver's README, the deck it took 44 s
// to prove unsolvable, with "8s is at the top of the deck and Jh is at the bottom".
const std::string ReadmeDeck =
    "Th2h4d3hQd8h9h5dJcTd7c4cTsAc9c8d5s2s7h6s7s2c9dQs3d5c5hAd"
    "8sJs6c9s4hKhJd4s2d6dKsQc3s3cKc7dTcAh6hQhKd8cAsJh";

}  // namespace

TEST_CASE("mchung94: the presets it can write are those of 28 pyramid cards and a 24-card French stock") {
    std::set<std::string> fit, refused;
    for (const pyr::Preset& p : pyr::presets()) {
        const std::string why = pyr::mchung94_problem(pyr::load_variant(std::string(p.name)));
        (why.empty() ? fit : refused).emplace(p.name);
        if (!why.empty()) CHECK(why.find("variant '" + std::string(p.name) + "'") != std::string::npos);
    }
    CHECK(fit == std::set<std::string>{"traditional", "par", "pyramid-only", "microsoft", "overlapping", "apophis",
                                       "tut"});
    CHECK(refused == std::set<std::string>{"giza", "spanish", "reserve", "triangle"});
    CHECK(pyr::mchung94_problem(pyr::load_variant("reserve")) ==
          "a mchung94 deck string holds a 28-card pyramid and a 24-card stock of the French deck, but variant "
          "'reserve' lays 28 cards in its pyramid, 7 in a reserve and 17 in the stock");
}

TEST_CASE("mchung94: every preset that fits round-trips, read with --variant and, as microsoft, without") {
    pyr::RulesCache cache;
    std::vector<std::uint64_t> seeds;
    for (std::uint64_t s = 0; s < 30; ++s) seeds.push_back(s);
    seeds.push_back(UINT64_MAX);
    for (const pyr::Preset& p : pyr::presets()) {
        const pyr::Rules& rules = cache.get(std::string(p.name));
        if (!pyr::mchung94_problem(rules.variant).empty()) continue;
        for (const std::uint64_t seed : seeds) {
            CAPTURE(p.name, seed);
            const pyr::Deal deal = pyr::deal_from_seed(rules.variant, seed);
            const std::string text = pyr::format_deal(rules, deal, DealFormat::Mchung94);
            REQUIRE(text.size() == 105);  // 52 cards of two characters, and a newline
            const std::vector<pyr::ReadDeal> back = read_deals(text, cache, std::string(p.name));
            REQUIRE(back.size() == 1);
            CHECK(back[0].rules->variant.name == p.name);
            CHECK(back[0].deal.tableau == deal.tableau);
            CHECK(back[0].deal.stock == deal.stock);
            CHECK_FALSE(back[0].deal.has_seed);
            CHECK(pyr::format_deal(*back[0].rules, back[0].deal, DealFormat::Mchung94) == text);
            const std::vector<pyr::ReadDeal> plain = read_deals(text, cache);
            REQUIRE(plain.size() == 1);
            CHECK(plain[0].rules->variant.name == "microsoft");
            CHECK(plain[0].deal.tableau == deal.tableau);
            CHECK(plain[0].deal.stock == deal.stock);
        }
    }
}

TEST_CASE("mchung94: the cards in the line form's order, rank letter and lowercase suit") {
    pyr::RulesCache cache;
    const pyr::Rules& trad = cache.get("traditional");
    const pyr::Deal deal = pyr::deal_from_seed(trad.variant, 1);
    // formats/deal.md's seed 1 line form, spelled as mchung94's solvers spell cards.
    CHECK(pyr::format_deal(trad, deal, DealFormat::Mchung94) ==
          "7h9s4h8d8h5cJh6h9cJs5hKh3s2hJd5d7d4d2sAh6cKsKdTdTcJcTh8c"
          "Qs4c6s7sAc5sAdKc6dQcQdQh9h3h3cAs4s2d8sTs3d2c9d7c\n");
}

TEST_CASE("mchung94: its README's deck reads with the apex first and the top of the stock turned first") {
    pyr::RulesCache cache;
    const std::vector<pyr::ReadDeal> back = read_deals(ReadmeDeck + "\n", cache);
    REQUIRE(back.size() == 1);
    const pyr::Variant& v = back[0].rules->variant;
    const pyr::Deal& d = back[0].deal;
    const std::vector<pyr::Card> order = pyr::line_order(v, d);
    CHECK(pyr::card_name(v.deck, order.front()) == "TH");  // the apex
    CHECK(pyr::card_name(v.deck, order[21]) == "2C");      // the bottom row's left end
    CHECK(pyr::card_name(v.deck, d.stock.front()) == "8S");
    CHECK(pyr::card_name(v.deck, d.stock.back()) == "JH");
    // The same cards in any case, as every card is read (deal.md).
    std::string upper = ReadmeDeck;
    for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    const std::vector<pyr::ReadDeal> again = read_deals(upper + "\n", cache);
    REQUIRE(again.size() == 1);
    CHECK(again[0].deal.tableau == d.tableau);
    CHECK(again[0].deal.stock == d.stock);
}

TEST_CASE("mchung94: deck strings mix with the other forms in a stream") {
    pyr::RulesCache cache;
    const pyr::Rules& trad = cache.get("traditional");
    const pyr::Rules& ms = cache.get("microsoft");
    const std::string stream = pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 1), DealFormat::Text) +
                               pyr::format_deal(ms, pyr::deal_from_seed(ms.variant, 2), DealFormat::Mchung94) +
                               pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 3), DealFormat::Line) +
                               pyr::format_deal(ms, pyr::deal_from_seed(ms.variant, 4), DealFormat::Mchung94) +
                               pyr::format_deal(trad, pyr::deal_from_seed(trad.variant, 5), DealFormat::Json);
    const std::vector<pyr::ReadDeal> back = read_deals(stream, cache);
    REQUIRE(back.size() == 5);
    const char* variants[] = {"traditional", "microsoft", "traditional", "microsoft", "traditional"};
    for (int i = 0; i < 5; ++i) {
        CAPTURE(i);
        CHECK(back[i].rules->variant.name == variants[i]);
        CHECK(back[i].deal.tableau == pyr::deal_from_seed(back[i].rules->variant, i + 1).tableau);
    }
    CHECK(back[1].line == 16);  // right after the text form's last stock line
}

TEST_CASE("mchung94: a bad deck string is reported at the card, line and column") {
    const std::string good = ReadmeDeck;
    pyr::Severity sev{};
    CHECK(deal_error(good.substr(0, 10) + "1x" + good.substr(12) + "\n", "", &sev) ==
          "t.txt:1:11: bad card '1x' in a deck string: expected a rank (A 2-9 T J Q K) and a suit (c d h s), two "
          "characters a card, nothing between");
    CHECK(sev == pyr::Severity::Unreadable);
    CHECK(deal_error("\n" + good.substr(0, 103) + "\n") ==
          "t.txt:2:103: bad card 'J' at the end of a deck string: its cards are two characters each, a rank (A 2-9 T "
          "J Q K) and a suit (c d h s)");
    CHECK(deal_error(good.substr(0, 102) + "\n", "", &sev) ==
          "t.txt:1: 51 cards, but the French deck has 52; missing: JH");
    CHECK(sev == pyr::Severity::Invalid);
    CHECK(deal_error(good.substr(0, 102) + "Th\n") == "t.txt:1:103: duplicate card TH (first seen at 1:1)");
    CHECK(deal_error(good + " 7c\n") ==
          "t.txt:1:106: a deck string is one word of 52 cards, with nothing after it: got '7c'");
    // Columns count characters: the bad card after a two-byte character is at column 3.
    CHECK(deal_error("Th\xc3\xa9" + good.substr(4) + "\n") ==
          "t.txt:1:3: bad card '\xc3\xa9' in a deck string: expected a rank (A 2-9 T J Q K) and a suit (c d h s), two "
          "characters a card, nothing between");
    CHECK(deal_error(good + "\n", "giza", &sev) ==
          "t.txt:1:1: a mchung94 deck string holds a 28-card pyramid and a 24-card stock of the French deck, but "
          "variant 'giza' lays 28 cards in its pyramid, 24 in piles and 0 in the stock");
    CHECK(sev == pyr::Severity::Invalid);
    CHECK(deal_error(good + "\n", "spanish") ==
          "t.txt:1:1: a mchung94 deck string holds a 28-card pyramid and a 24-card stock of the French deck, but "
          "variant 'spanish' uses the 48-card Spanish deck");
}

TEST_CASE("mchung94: writing a deal of a variant that does not fit is a programming error") {
    pyr::RulesCache cache;
    const pyr::Rules& giza = cache.get("giza");
    CHECK_THROWS_AS(pyr::format_deal(giza, pyr::deal_from_seed(giza.variant, 1), DealFormat::Mchung94),
                    std::logic_error);
}
