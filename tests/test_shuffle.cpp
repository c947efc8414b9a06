// Tests for lib/rules/shuffle: SplitMix64, the documented shuffle, deals from
// seeds, and the line order of a deal's cards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"
#include "support.hpp"

using pyr::Card;
using pyr::DeckKind;
using namespace pyr::test;

TEST_CASE("SplitMix64 from seed 0 gives the published reference outputs", "[shuffle]") {
    // Checked independently against the reference algorithm (python, 64-bit arithmetic).
    pyr::SplitMix64 rng(0);
    CHECK(rng.next() == 0xe220a8397b1dcdafULL);
    CHECK(rng.next() == 0x6e789e6aa1b965f4ULL);
    CHECK(rng.next() == 0x06c45d188009454fULL);
}

TEST_CASE("SplitMix64::below stays under its bound and hits every value", "[shuffle]") {
    pyr::SplitMix64 rng(12345);
    std::vector<int> seen(7, 0);
    for (int i = 0; i < 7000; ++i) {
        const std::uint64_t r = rng.below(7);
        REQUIRE(r < 7);
        ++seen[r];
    }
    for (int n : seen) CHECK(n > 800);  // 1000 expected each; a broken reduction would skew badly
    CHECK(rng.below(1) == 0);
}

TEST_CASE("shuffled_deck matches an independent run of the documented Fisher-Yates shuffle", "[shuffle]") {
    // Computed with a separate python implementation of formats' algorithm: deck suit by suit
    // (S H D C, A..K), for i from n-1 down to 1 swap card i with card below(i+1).
    auto names = [](DeckKind deck, const std::vector<Card>& cards) {
        std::string s;
        for (Card c : cards) s += (s.empty() ? "" : " ") + pyr::card_name(deck, c);
        return s;
    };
    CHECK(names(DeckKind::French, pyr::shuffled_deck(DeckKind::French, 0)) ==
          "8C JD 9S 2C 2H QH 6C TS 3H AS JS 7S 9D 8S QC KD 5D 2S 3D 5S AD 6S 4C TH 5H 8D 8H AH QD TC QS "
          "JH 3C 4H 2D 9H 3S KH AC 7C 9C 7H JC 6D KC 4S 7D 5C 6H 4D KS TD");
    CHECK(names(DeckKind::Spanish, pyr::shuffled_deck(DeckKind::Spanish, 1)) ==
          "SO 4B 5O RE 3E CO RB AC 8O 7E SE 6B 7O AE 5E 2C 3O 5C 9O 5B CE 6O RC 2B 2E CB 7B 8B 8C 3C 7C "
          "4O 9E SB 4E 9B 2O 4C 8E AO RO SC 3B 6E 9C CC AB 6C");
}

TEST_CASE("shuffled_deck is a permutation of the deck", "[shuffle]") {
    for (DeckKind deck : {DeckKind::French, DeckKind::Spanish}) {
        std::vector<Card> sorted_deck = pyr::deck_cards(deck);
        REQUIRE(static_cast<int>(sorted_deck.size()) == pyr::deck_size(deck));
        auto by_code = [](Card a, Card b) { return a.code < b.code; };
        std::sort(sorted_deck.begin(), sorted_deck.end(), by_code);
        for (std::uint64_t seed : {0ULL, 1ULL, 2ULL, 99ULL, 0xFFFFFFFFFFFFFFFFULL}) {
            std::vector<Card> s = pyr::shuffled_deck(deck, seed);
            std::sort(s.begin(), s.end(), by_code);
            INFO("seed " << seed);
            CHECK(s == sorted_deck);
        }
    }
}

TEST_CASE("deal_from_seed is deterministic and different seeds give different deals", "[shuffle]") {
    const pyr::Variant v = pyr::load_variant("traditional");
    const pyr::Deal a = pyr::deal_from_seed(v, 42);
    const pyr::Deal b = pyr::deal_from_seed(v, 42);
    const pyr::Deal c = pyr::deal_from_seed(v, 43);
    CHECK(a.has_seed);
    CHECK(a.seed == 42);
    CHECK(a.variant == "traditional");
    CHECK(a.tableau == b.tableau);
    CHECK(a.stock == b.stock);
    CHECK(a.tableau.size() == 28);
    CHECK(a.stock.size() == 24);
    CHECK((a.tableau != c.tableau || a.stock != c.stock));
    // Deal N is the shuffled deck in line order: pyramid first, then the stock.
    std::vector<Card> line = pyr::shuffled_deck(DeckKind::French, 42);
    CHECK(std::vector<Card>(line.begin(), line.begin() + 28) == a.tableau);
    CHECK(std::vector<Card>(line.begin() + 28, line.end()) == a.stock);
}

TEST_CASE("line_order and deal_from_line_order are inverses for every preset", "[shuffle]") {
    for (const std::string& name : preset_names()) {
        INFO("preset " << name);
        const pyr::Variant v = pyr::load_variant(name);
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
            const std::vector<Card> cards = pyr::shuffled_deck(v.deck, seed);
            const pyr::Deal d = pyr::deal_from_line_order(v, cards);
            CHECK(static_cast<int>(d.tableau.size()) == v.tableau_size());
            CHECK(static_cast<int>(d.stock.size()) == v.stock_size());
            CHECK(pyr::line_order(v, d) == cards);
            const pyr::Deal again = pyr::deal_from_line_order(v, pyr::line_order(v, d));
            CHECK(again.tableau == d.tableau);
            CHECK(again.stock == d.stock);
        }
    }
}

TEST_CASE("line order puts the reserve and Giza's piles after the stock", "[shuffle]") {
    const pyr::Variant reserve = pyr::load_variant("reserve");
    const std::vector<Card> cards = pyr::shuffled_deck(DeckKind::French, 5);
    const pyr::Deal d = pyr::deal_from_line_order(reserve, cards);
    CHECK(d.stock == std::vector<Card>(cards.begin() + 28, cards.begin() + 45));
    CHECK(std::vector<Card>(d.tableau.begin() + 28, d.tableau.end()) ==
          std::vector<Card>(cards.begin() + 45, cards.end()));

    const pyr::Variant giza = pyr::load_variant("giza");
    const pyr::Deal g = pyr::deal_from_line_order(giza, cards);
    CHECK(g.stock.empty());
    CHECK(g.tableau == cards);
}
