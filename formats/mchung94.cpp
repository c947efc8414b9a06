// The mchung94 deck string: two characters a card, no separators.
#include "mchung94.hpp"

#include <fmt/format.h>

#include "error.hpp"
#include "lib/rules/shuffle.hpp"

namespace pyr {

namespace {

constexpr std::string_view Ranks = "A23456789TJQK";  // value 1 to 13
constexpr std::string_view Suits = "shdc";           // our suit order: S H D C

int rank_of(char c) {
    const std::size_t i = Ranks.find(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
    return i == std::string_view::npos ? -1 : static_cast<int>(i) + 1;
}

int suit_of(char c) {
    const std::size_t i = Suits.find(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    return i == std::string_view::npos ? -1 : static_cast<int>(i);
}

// The card two characters name, read in any case like every card (deal.md).
Card card_at(std::string_view two) {
    if (two.size() != 2) return NoCard;
    const int rank = rank_of(two[0]), suit = suit_of(two[1]);
    return rank > 0 && suit >= 0 ? Card::make(rank, suit) : NoCard;
}

}  // namespace

std::string mchung94_problem(const Variant& v) {
    std::string lays;
    if (v.deck != DeckKind::French) lays = fmt::format("uses the {}-card Spanish deck", deck_size(v.deck));
    else if (v.layout != LayoutKind::Pyramid) lays = "lays its pyramid upside down (a triangle)";
    else if (v.pyramid_size() != 28 || v.tableau_size() != 28)
        lays = fmt::format("lays {} cards in its pyramid{} and {} in the stock", v.pyramid_size(),
                           v.reserve ? fmt::format(", {} in a reserve", v.reserve)
                           : v.piles ? fmt::format(", {} in piles", v.piles * v.pile_depth)
                                     : "",
                           v.stock_size());
    if (lays.empty()) return "";
    return fmt::format("a mchung94 deck string holds a 28-card pyramid and a 24-card stock of the French deck, "
                       "but variant '{}' {}",
                       v.name, lays);
}

std::string format_mchung94(const Variant& v, const Deal& d) {
    std::string s;
    for (const Card c : line_order(v, d)) {
        s += Ranks[static_cast<std::size_t>(c.rank() - 1)];
        s += Suits[static_cast<std::size_t>(c.suit())];
    }
    return s;
}

bool looks_like_mchung94(std::string_view word) { return word.size() > 3 && card_at(word.substr(0, 2)).valid(); }

DeckStringRead read_mchung94(std::string_view word) {
    DeckStringRead out;
    for (std::size_t i = 0; i < word.size(); i += 2) {
        const std::string_view two = word.substr(i, 2);
        const Card c = card_at(two);
        if (!c.valid()) {
            out.bad_offset = i;
            out.why = two.size() == 1
                          ? fmt::format("bad card '{}' at the end of a deck string: its cards are two characters "
                                        "each, a rank (A 2-9 T J Q K) and a suit (c d h s)",
                                        excerpt(two))
                          : fmt::format("bad card '{}' in a deck string: expected a rank (A 2-9 T J Q K) and a suit "
                                        "(c d h s), two characters a card, nothing between",
                                        excerpt(two));
            return out;
        }
        out.cards.push_back({c, i});
    }
    return out;
}

}  // namespace pyr
