// Forced moves from what a player sees (forced_move.hpp).
#include "forced_move.hpp"

#include <bit>

namespace pyr {

namespace {

// A talon card removed now would change which cards the later draws of
// several cards show (the solver's rule for its Kings and pairs made at once).
bool shifts_later_draws(const Game& g, const Move& m) {
    const bool talon = m.a >= 64 || (m.kind == MoveKind::Pair && m.b >= 64);
    return talon && g.variant().draw > 1 && passes_left(g.variant(), g.state().pass);
}

std::uint64_t must_go(const Game& g, std::uint64_t left) {
    return g.variant().goal == Goal::AllCards ? left : left & pyramid_codes(g);
}

}  // namespace

std::uint64_t cards_left(const Game& g) {
    const State& s = g.state();
    std::uint64_t left = 0;
    for (std::uint64_t p = s.present; p; p &= p - 1) left |= g.tableau_card(std::countr_zero(p)).bit();
    for (int i = s.stock_pos; i < s.stock_len; ++i) left |= s.stock[static_cast<std::size_t>(i)].bit();
    if (s.turned.valid()) left |= s.turned.bit();
    for (int k = 0; k < g.variant().waste_piles; ++k)
        for (int i = 0; i < s.waste_len[static_cast<std::size_t>(k)]; ++i)
            left |= s.waste[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)].bit();
    return left;
}

std::optional<ForcedMove> forced_move(const Game& g, const PairingFacts& facts) {
    if (g.status() != Status::InProgress) return std::nullopt;
    MoveList moves;
    g.legal_moves(moves);
    for (const Move& m : moves)
        if (m.kind == MoveKind::Lone && !shifts_later_draws(g, m)) return ForcedMove{m, ForcedKind::Lone, NoCard};
    if (g.variant().scored) return std::nullopt;
    const std::uint64_t left = cards_left(g);
    const std::uint64_t required = must_go(g, left);
    for (const Move& m : moves) {
        if (m.kind != MoveKind::Pair || shifts_later_draws(g, m)) continue;
        auto only = [&](Card c, Card partner) {
            return (required & c.bit()) && (facts.pairable & c.bit()) &&
                   facts.possible_partners(c.code, left) == partner.bit();
        };
        if (only(m.ca, m.cb)) return ForcedMove{m, ForcedKind::OnlyPartner, m.ca};
        if (only(m.cb, m.ca)) return ForcedMove{m, ForcedKind::OnlyPartner, m.cb};
    }
    return std::nullopt;
}

std::vector<ForcedMove> make_forced_moves(Game& g) {
    const PairingFacts facts = pairing_facts(g);
    std::vector<ForcedMove> made;
    while (const std::optional<ForcedMove> f = forced_move(g, facts)) {
        g.apply(f->move);
        made.push_back(*f);
    }
    return made;
}

}  // namespace pyr
