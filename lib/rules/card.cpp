// Deck construction in the documented order (formats/deal.md relies on it).
#include "card.hpp"

namespace pyr {

std::vector<Card> deck_cards(DeckKind d) {
    std::vector<Card> cards;
    cards.reserve(static_cast<std::size_t>(deck_size(d)));
    for (int suit = 0; suit < 4; ++suit)
        for (int rank = 1; rank <= deck_ranks(d); ++rank) cards.push_back(Card::make(rank, suit));
    return cards;
}

}  // namespace pyr

namespace pyr {

std::string card_name(DeckKind d, Card c) {
    if (!c.valid()) return "--";
    static constexpr char french_ranks[] = "?A23456789TJQK";
    static constexpr char spanish_ranks[] = "?A23456789SCR";
    static constexpr char french_suits[] = "SHDC";
    static constexpr char spanish_suits[] = "OCEB";
    const bool fr = d == DeckKind::French;
    std::string s;
    s += (fr ? french_ranks : spanish_ranks)[c.rank()];
    s += (fr ? french_suits : spanish_suits)[c.suit()];
    return s;
}

const char* lone_name(DeckKind d) { return d == DeckKind::French ? "King" : "rey"; }

}  // namespace pyr
