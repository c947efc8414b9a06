// Which rule combinations make a playable game.
#include "variant.hpp"

#include <fmt/format.h>

namespace pyr {

std::vector<VariantProblem> check(const Variant& v) {
    std::vector<VariantProblem> out;
    auto bad = [&](std::string key, std::string msg) { out.push_back({std::move(key), std::move(msg)}); };
    const int deck = deck_size(v.deck);
    if (v.rows < 1 || v.rows > 9) bad("rows", fmt::format("rows must be 1 to 9, not {}", v.rows));
    if (v.reserve < 0 || v.reserve > 12) bad("reserve", fmt::format("reserve must be 0 to 12, not {}", v.reserve));
    if (v.piles < 0 || v.piles > 12) bad("piles", fmt::format("piles must be 0 to 12, not {}", v.piles));
    if (v.pile_depth < 0 || v.pile_depth > 6)
        bad("pile_depth", fmt::format("pile_depth must be 0 to 6, not {}", v.pile_depth));
    if ((v.piles == 0) != (v.pile_depth == 0))
        bad("piles", "piles and pile_depth must both be 0 or both be positive");
    if (out.empty() && v.tableau_size() > deck)
        bad("rows", fmt::format("the layout needs {} cards but the {} deck has only {}", v.tableau_size(),
                                v.deck == DeckKind::French ? "French" : "Spanish", deck));
    // A Spanish deck under a French target (`base = "traditional"` then
    // `deck = "spanish"`) is the deck's doing: the message points at it.
    if (const std::string why = target_problem(v.deck, v.target); !why.empty())
        bad(v.deck == DeckKind::Spanish ? "deck" : "target", why);
    if (v.passes < 0 || v.passes > 99)
        bad("passes", fmt::format("passes must be 1 to 99 or \"unlimited\", not {}", v.passes));
    if (v.draw < 1 || v.draw > 3) bad("draw", fmt::format("draw must be 1, 2 or 3, not {}", v.draw));
    if (v.waste_piles < 1 || v.waste_piles > MaxWastePiles)
        bad("waste_piles", fmt::format("waste_piles must be 1 to {}, not {}", MaxWastePiles, v.waste_piles));
    if (v.draw > 1 && v.waste_piles > 1)
        bad("waste_piles", "drawing more than one card at a time needs a single waste pile");
    if (v.scored && v.passes != UnlimitedPasses && static_cast<int>(v.pass_bonus.size()) > v.passes)
        bad("pass_bonus", fmt::format("{} pass bonuses for {} passes", v.pass_bonus.size(), v.passes));
    if (v.card_penalty < 0) bad("card_penalty", "card_penalty must not be negative");
    if (v.series < 0 || v.series > 100) bad("series", "series must be 0 to 100");
    return out;
}

std::string target_problem(DeckKind deck, std::int64_t target) {
    if (deck == DeckKind::Spanish) {
        if (target == 12) return "";
        return fmt::format("the Spanish deck's pairs make 12 (the rey goes alone): set target = 12, not {}", target);
    }
    const int top = deck_ranks(deck);
    if (target >= 3 && target <= 2 * top - 1) return "";
    return fmt::format("target must be 3 to {} for the French deck, not {}", 2 * top - 1, target);
}

}  // namespace pyr
