// Tests for formats/cards: card tokens of either deck, in letters or suit
// symbols, and the messages for what is no card.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "formats/cards.hpp"
#include "support.hpp"

using pyr::Card;
using pyr::DeckKind;
using pyr::test::french;

namespace {

// The card a token names, or NoCard; `why` gets the message.
Card card_of(DeckKind deck, std::string_view token, std::string* why = nullptr) {
    std::string w;
    const Card c = pyr::parse_card(deck, token, w);
    if (why) *why = w;
    return c;
}

}  // namespace

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
