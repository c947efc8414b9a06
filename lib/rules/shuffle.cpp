// Seeded dealing and the line-format card order.
#include "shuffle.hpp"

#include <utility>

namespace pyr {

std::vector<Card> shuffled_deck(DeckKind deck, std::uint64_t seed) {
    std::vector<Card> cards = deck_cards(deck);
    SplitMix64 rng(seed);
    for (std::size_t i = cards.size() - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(i + 1)]);
    return cards;
}

Deal deal_from_line_order(const Variant& v, const std::vector<Card>& cards) {
    Deal d;
    d.variant = v.name;
    const auto pyr = static_cast<std::ptrdiff_t>(v.pyramid_size());
    const auto stock = static_cast<std::ptrdiff_t>(v.stock_size());
    d.tableau.assign(cards.begin(), cards.begin() + pyr);
    d.stock.assign(cards.begin() + pyr, cards.begin() + pyr + stock);
    d.tableau.insert(d.tableau.end(), cards.begin() + pyr + stock, cards.end());
    return d;
}

std::vector<Card> line_order(const Variant& v, const Deal& d) {
    const auto pyr = static_cast<std::ptrdiff_t>(v.pyramid_size());
    std::vector<Card> out(d.tableau.begin(), d.tableau.begin() + pyr);
    out.insert(out.end(), d.stock.begin(), d.stock.end());
    out.insert(out.end(), d.tableau.begin() + pyr, d.tableau.end());
    return out;
}

Deal deal_from_seed(const Variant& v, std::uint64_t seed) {
    Deal d = deal_from_line_order(v, shuffled_deck(v.deck, seed));
    d.has_seed = true;
    d.seed = seed;
    return d;
}

}  // namespace pyr
