// The blind player's move ranking. It reads only what a person at the table
// sees: the pyramid, the turned card, the waste tops and which cards are gone.
#include "strategy.hpp"

#include <bit>

namespace pyr {

namespace {

// How many tableau cards become free if the positions in `gone` are removed.
int newly_free(const Game& g, std::uint64_t gone) {
    const Layout& l = g.rules().layout;
    const std::uint64_t before = g.free_mask();
    const std::uint64_t present = g.state().present & ~gone;
    int n = 0;
    for (std::uint64_t m = present & ~before; m; m &= m - 1)
        if ((l.covers[std::countr_zero(m)] & present) == 0) ++n;
    return n;
}

std::uint64_t tableau_bits(const Move& m) {
    std::uint64_t bits = 0;
    if (m.a < 64) bits |= std::uint64_t{1} << m.a;
    if (m.b < 64 && m.kind == MoveKind::Pair) bits |= std::uint64_t{1} << m.b;
    return bits;
}

// Higher is better; only face-up information is used.
int score_move(const Game& g, const Move& m) {
    switch (m.kind) {
    case MoveKind::Lone:
        return 10000;  // a King costs no partner
    case MoveKind::Pair: {
        const std::uint64_t bits = tableau_bits(m);
        const int tableau_cards = std::popcount(bits);
        // Pyramid pairs are what progress is; freeing cards opens more pairs.
        int s = tableau_cards == 2 ? 5000 : tableau_cards == 1 ? 3000 : 1000;
        s += 100 * newly_free(g, bits);
        // Using the waste top digs out the card under it: better than the turned card.
        if (m.a >= LocWaste || m.b >= LocWaste) s += 50;
        // Pyramid cards higher up (lower position numbers) are harder to reach: take them when offered.
        if (tableau_cards > 0) s += 20 - std::countr_zero(bits) / 4;
        return s;
    }
    case MoveKind::Draw:
        return 100 - m.pile;  // the pile is a choice: keep piles even (first empty or lowest)
    case MoveKind::Recycle:
        return 50;
    }
    return 0;
}

}  // namespace

Move blind_choice(const Game& g) {
    MoveList moves;
    g.legal_moves(moves);
    Move best = moves.moves[0];
    int best_score = -1;
    const State& s = g.state();
    for (const Move& m : moves) {
        int sc = score_move(g, m);
        // With several waste piles, put the turned card on an empty pile, or on the
        // pile whose top pairs with nothing in play, to keep useful tops visible.
        if (m.kind == MoveKind::Draw && g.variant().waste_piles > 1 && s.turned.valid())
            sc += s.waste_len[m.pile] == 0 ? 10 : 0;
        if (sc > best_score) {
            best_score = sc;
            best = m;
        }
    }
    return best;
}

}  // namespace pyr
