// PySolFC's game numbers: the cards PySolFC deals for game N (lib/rules/pysolfc.hpp).
//
// The vectors were made with PySolFC's own generators, shlomif/pysol_cards
// 0.12.0 (code/pysol_cards, commit 74074d7), mirroring pysollib/pysolrandom.py
// construct_random() and Game.shuffle() of PySolFC (commit 7a3d146):
//
//   from pysol_cards.random import LCRandom31, MTRandom
//   from pysol_cards.cards import createCards, ms_rearrange, CardRenderer
//   def talon(n):
//       cards = createCards(1)
//       if n < 32000: r = LCRandom31(n); cards = ms_rearrange(cards)
//       else: r = MTRandom(n)
//       r.reset(); cards = r.shuffle(cards)
//       return list(reversed(cards))   # the talon's top card, dealt first, is the list's end
//   print(' '.join(CardRenderer(True).to_s(c) for c in talon(n)))
//
// and Python's own random.Random(n) for the generator's outputs.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "formats/variant_toml.hpp"
#include "lib/rules/pysolfc.hpp"
#include "support.hpp"

namespace {

using pyr::PysolfcNumber;
using pyr::test::card;
using pyr::test::words;

PysolfcNumber number(std::string_view digits) {
    const std::optional<PysolfcNumber> n = PysolfcNumber::parse(digits);
    REQUIRE(n.has_value());
    return *n;
}

std::string talon_names(std::string_view digits) {
    std::string out;
    for (const pyr::Card c : pyr::pysolfc_talon(number(digits))) {
        if (!out.empty()) out += ' ';
        out += pyr::card_name(pyr::DeckKind::French, c);
    }
    return out;
}

struct Vector {
    const char* number;
    const char* talon;  // from the talon's top card
};

// Both sides of 32000 (Microsoft's generator below, Python's Mersenne Twister
// from 32000 on), across 2^32 and 2^64 (one, two and three seed words), and the top of the range.
const Vector vectors[] = {
    {"1", "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C TS QH 4H AC 4D 7S 3S TD 4S "
          "TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H"},
    {"617", "7D AD 5C 3S 5S 8C 2D AH TD 7S QD AC 6D 8H AS KH TH QC 3H 9D 6S 8D 3D TC KD 5H 9S 3C 8S 7H 4D JS 4C QS "
            "9C 9H 7C 6H 2C 2S 4S TS 2H 5D JC 6C JH QH JD KS KC 4H"},
    {"31999", "JD JH AD QH KH 6S 6D JC AC TH AS 8H 9D 2H 8D 6H AH 7H 7C 5D 7S 6C QC JS 9C 3D 5C 4C 2S 8S 3C 7D 5H 8C "
              "4H TD TS 3H 4S KC TC 4D 9S 2C KD 9H KS 5S QS 2D QD 3S"},
    {"32000", "7S 4D JS 8D 6D 3H 3D TH JC 3C 2C 5S 9D AC 9C 2S 4H 6S 8S 9S TS 9H KD QD 6H 7D 5H QS AD QH TC 4C AH JD "
              "4S JH TD 3S 7H 8C 6C 2H 2D 5D KS QC KH 5C 7C 8H KC AS"},
    {"32001", "4C AC JD 8H 5S 6S 6D KH JC 4S 7H TC JH 2D 3D JS 7S 2H TD 8S 9C AS 3C 4H QD TS QC 2C TH 8D 2S AH 9D KD "
              "9S 5C QH 5D 5H QS 6C 7D AD 6H 3H KS 4D KC 3S 8C 9H 7C"},
    {"4294967295", "8H JC 5H 2S 4S 5S 6H AD KC KH 8D 9C 4D 6C JD 4H AS AH JS QD 5D TH 9S 3S 9D JH TD 6S 5C 6D 2D 9H "
                   "QS TC QC 7C 2C 7H 2H 3D QH KS 4C 7D 3C 8C TS 3H KD AC 7S 8S"},
    {"4294967296", "6C 9S AC 4H KH 3S KS 8S 7C TH 2D 6D AS 2S 4D KD 7H 5C 5H JS 5S JC 3H 6H QS 2H 7D 9D JD 4S 8C AH "
                   "JH 4C 5D QD 3C 2C 6S AD 9H TC 8D TS TD QC 9C 8H 7S QH 3D KC"},
    {"18446744073709551615", "2C 5S JC 5H 6D QD 8H 7D 7H 6H 7S JH 4C KC TC 9S QC JD 3D 8S TH 5C 3S 7C 9D 3H 3C QS "
                             "TD AC 8D 4H 9C AS JS 2D 6S 4S KD AH 4D AD 2S KH KS TS 2H 9H 5D QH 6C 8C"},
    {"18446744073709551616", "QD 6S QS 5H 4H 5C 8S 2H 7S 3D JC 3S QH JD KS 6C 3H 6D 3C TH AS AH 4D 9C 4S 9S 7H 5D "
                             "7D 8C TC 9H KC 6H TS JH 2S AC 9D 4C QC 8H KH TD AD 5S 2C 7C KD 8D 2D JS"},
    {"99999999999999999999", "KS JC TD 5C 2S 2C 3S 9D 4H 7S 4D 2H 8D 4C 3D QH 5S 5H 8H 9S 8C 9H 7C AC 6D KD KC QC "
                             "4S 3H 6H TC JS AD QS AH 7D QD 8S 5D TH AS 9C 7H 3C JH JD 6S 2D 6C KH TS"},
    {"100000000000000000000", "AC 2H 4H 9H QH 8H JH KH TD 9C QC 7H 4S JS QS 7C 5C KS 9S AS JC 8D 5D 7D KD AH 3D 9D "
                              "4C AD JD 3H 3S 7S 3C 5S 2C TC 2D 2S TH 6D 6S 6C 5H KC 8S 6H QD TS 4D 8C"},
};

}  // namespace

TEST_CASE("PySolFC numbers: 1 to 10^20, read as PySolFC shows them", "[pysolfc]") {
    CHECK(number("617").decimal() == "617");
    CHECK(number("00617").decimal() == "617");  // PySolFC writes "#00617"
    CHECK(number("#00617").decimal() == "617");
    // PySolFC shows its games below 32000 as "#ms617": the same generator, the same game.
    CHECK(number("ms617").decimal() == "617");
    CHECK(number("#ms617").decimal() == "617");
    CHECK(number("MS31999").decimal() == "31999");
    for (const char* bad : {"ms", "#ms", "ms0", "ms32000", "ms100000", "ms#617", "msms1", "m617", "ms 617"}) {
        INFO("'" << bad << "'");
        CHECK_FALSE(PysolfcNumber::parse(bad).has_value());
    }
    CHECK(number("100000000000000000000").decimal() == "100000000000000000000");
    CHECK(number("4294967296").words() == std::vector<std::uint32_t>{0, 1});
    CHECK(number("100000000000000000000").words() == std::vector<std::uint32_t>{0x63100000U, 0x6bc75e2dU, 5});
    for (const char* bad : {"", "0", "000", "100000000000000000001", "999999999999999999999", "-1", "+5", "1e3",
                            " 7", "#", "##617", "#-1", "617#", "0x10"}) {
        INFO("'" << bad << "'");
        CHECK_FALSE(PysolfcNumber::parse(bad).has_value());
    }
    CHECK(number("31999").microsoft());
    CHECK_FALSE(number("32000").microsoft());
    CHECK_FALSE(number("4294967296").microsoft());
    CHECK(number("99").next()->decimal() == "100");
    CHECK(number("99999999999999999999").next()->decimal() == "100000000000000000000");
    CHECK_FALSE(number("100000000000000000000").next().has_value());
    CHECK(number("100000000000000000000").has_after(0));
    CHECK_FALSE(number("100000000000000000000").has_after(1));
    CHECK(number("99999999999999999990").has_after(10));
    CHECK_FALSE(number("99999999999999999990").has_after(11));
    CHECK(number("1").has_after(UINT64_MAX));
    CHECK(number("81553255926290448386").has_after(UINT64_MAX - 1));  // 10^20 - (2^64 - 2)
    CHECK_FALSE(number("81553255926290448386").has_after(UINT64_MAX));
}

TEST_CASE("PySolFC numbers: Python's random.Random(n), seeded by init_by_array", "[pysolfc]") {
    struct Outputs {
        const char* number;
        std::uint32_t first[3];
        double then;  // random() after the three
    };
    const Outputs cases[] = {
        {"32000", {0x5f46af4cU, 0xb7dba117U, 0xd7618668U}, 0.033533353175578595},
        {"18446744073709551616", {0xfa4706a3U, 0xbc476fb5U, 0x5f011aabU}, 0.09199702366932405},
        {"100000000000000000000", {0x04a86df0U, 0x73a01e97U, 0x8aafd50eU}, 0.648197990565644},
    };
    for (const Outputs& c : cases) {
        INFO("random.Random(" << c.number << ")");
        pyr::PythonRandom rng(number(c.number).words());
        for (const std::uint32_t want : c.first) CHECK(rng.next32() == want);
        CHECK(rng.random() == c.then);
    }
}

TEST_CASE("PySolFC numbers: the talon of game N, as PySolFC deals it", "[pysolfc]") {
    for (const Vector& v : vectors) {
        INFO("game " << v.number);
        CHECK(talon_names(v.number) == v.talon);
    }
}

TEST_CASE("PySolFC numbers: Pyramid, Triangle and Giza lay the talon as PySolFC does", "[pysolfc]") {
    const std::vector<std::string> talon = words(vectors[1].talon);  // game 617
    const auto at = [&talon](std::size_t i) { return card(pyr::DeckKind::French, talon[i]); };
    SECTION("Pyramid: the rows from the apex, then the stock from the card PySolFC puts on the waste") {
        for (const char* name : {"par", "traditional", "pyramid-only", "tut", "overlapping"}) {
            INFO(name);
            const pyr::Variant v = pyr::load_variant(name);
            const pyr::PysolfcMatch m = pyr::pysolfc_layout(v);
            REQUIRE(m.layout == pyr::PysolfcLayout::Pyramid);
            const pyr::Deal d = pyr::deal_from_pysolfc(v, *m.layout, number("617"));
            CHECK_FALSE(d.has_seed);
            REQUIRE(d.tableau.size() == 28);
            REQUIRE(d.stock.size() == 24);
            for (std::size_t i = 0; i < 28; ++i) CHECK(d.tableau[i] == at(i));
            for (std::size_t i = 0; i < 24; ++i) CHECK(d.stock[i] == at(28 + i));
        }
    }
    SECTION("Triangle: the wide row first, in the same order") {
        const pyr::Variant v = pyr::load_variant("triangle");
        REQUIRE(pyr::pysolfc_layout(v).layout == pyr::PysolfcLayout::Triangle);
        const pyr::Deal d = pyr::deal_from_pysolfc(v, pyr::PysolfcLayout::Triangle, number("617"));
        for (std::size_t i = 0; i < 28; ++i) CHECK(d.tableau[i] == at(i));
        for (std::size_t i = 0; i < 24; ++i) CHECK(d.stock[i] == at(28 + i));
    }
    SECTION("Giza: three rounds of eight onto the piles, then the pyramid") {
        const pyr::Variant v = pyr::load_variant("giza");
        REQUIRE(pyr::pysolfc_layout(v).layout == pyr::PysolfcLayout::Giza);
        const pyr::Deal d = pyr::deal_from_pysolfc(v, pyr::PysolfcLayout::Giza, number("617"));
        REQUIRE(d.tableau.size() == 52);
        CHECK(d.stock.empty());
        for (std::size_t i = 0; i < 28; ++i) CHECK(d.tableau[i] == at(24 + i));
        // Our piles come layer by layer from the one dealt first, as PySolFC's rounds.
        for (std::size_t i = 0; i < 24; ++i) CHECK(d.tableau[28 + i] == at(i));
    }
}

TEST_CASE("PySolFC numbers: variants no PySolFC game lays out are refused, saying why", "[pysolfc]") {
    const std::pair<const char*, const char*> refused[] = {
        {"spanish", "48-card Spanish deck"},
        {"reserve", "7 in a reserve"},
        {"apophis", "PySolFC's Apophis (658) deals a card onto each of its 3 piles"},
    };
    for (const auto& [name, why] : refused) {
        INFO(name);
        const pyr::PysolfcMatch m = pyr::pysolfc_layout(pyr::load_variant(name));
        CHECK_FALSE(m.layout.has_value());
        CHECK_THAT(m.why, Catch::Contains(why));
    }
}
