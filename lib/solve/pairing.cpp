// The order facts of the layout, turned from positions into cards, and the
// partners each card's rank allows.
#include "pairing.hpp"

#include <bit>

namespace pyr {

PairingFacts pairing_facts(const Rules& rules, std::span<const Card> tableau) {
    const Variant& v = rules.variant;
    const Layout& l = rules.layout;
    PairingFacts f;
    for (int p = 0; p < l.size; ++p) {
        const Card card = tableau[static_cast<std::size_t>(p)];
        std::uint64_t first = l.before[p];
        // With overlapping pairs a card may go with the one card still
        // covering it, so the layout leaves its covers out of `before`; but a
        // cover that does not pair with it must go first all the same. (The
        // cards on top of its covers are in l.before already, so the facts
        // stay closed.)
        if (v.overlapping)
            for (std::uint64_t m = l.covers[p]; m; m &= m - 1)
                if (tableau[static_cast<std::size_t>(std::countr_zero(m))].rank() + card.rank() != v.target)
                    first |= m & -m;
        for (std::uint64_t m = first; m; m &= m - 1) {
            const Card over = tableau[static_cast<std::size_t>(std::countr_zero(m))];
            f.before[card.code] |= over.bit();
            f.after[over.code] |= card.bit();
        }
    }
    const int top = deck_ranks(v.deck);
    f.target = v.target;
    for (int r = 1; r <= top; ++r) {
        if (r == v.target) continue;
        const int want = v.target - r;
        for (int suit = 0; suit < 4; ++suit) {
            const Card c = Card::make(r, suit);
            if (want < 1 || want > top) {
                f.unpairable |= c.bit();
                continue;
            }
            f.pairable |= c.bit();
            f.partners[c.code] = rank_bits(want) & ~c.bit();
        }
    }
    return f;
}

bool has_lock(const Rules& rules, const Deal& deal) {
    const Layout& l = rules.layout;
    const PairingFacts f = pairing_facts(rules, deal.tableau);
    std::uint64_t cards = 0;
    for (Card c : deal.tableau) cards |= c.bit();
    for (Card c : deal.stock) cards |= c.bit();
    const std::uint64_t must_go = rules.variant.goal == Goal::Pyramid ? l.pyramid_mask : l.all_mask;
    for (std::uint64_t m = must_go; m; m &= m - 1) {
        const Card c = deal.tableau[static_cast<std::size_t>(std::countr_zero(m))];
        if (f.unpairable & c.bit()) return true;
        if ((f.pairable & c.bit()) && !f.partners_not_before(c.code, cards)) return true;
    }
    return false;
}

PairingFacts pairing_facts(const Game& g) {
    std::array<Card, 64> tableau{};
    const int size = g.rules().layout.size;
    for (int p = 0; p < size; ++p) tableau[p] = g.tableau_card(p);
    return pairing_facts(g.rules(), std::span<const Card>(tableau.data(), static_cast<std::size_t>(size)));
}

std::uint64_t pyramid_codes(const Game& g) {
    std::uint64_t codes = 0;
    for (std::uint64_t m = g.rules().layout.pyramid_mask; m; m &= m - 1) codes |= g.tableau_card(std::countr_zero(m)).bit();
    return codes;
}

}  // namespace pyr
