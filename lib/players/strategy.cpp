// The blind player. It reads only what a person at the table knows: the face-up
// cards (pyramid, turned card, waste tops) and which cards are gone, hence
// which are still face down, but never their order. Before each draw it looks
// at every sequence of pairs it could make now (a short search over face-up
// cards) and picks the one that leaves the best position: most cards removed,
// no card left without a possible partner, partners kept for cards that will
// need them, cards freed.
#include "strategy.hpp"

#include <algorithm>
#include <bit>
#include <unordered_map>

#include "lib/solve/pairing.hpp"

namespace pyr {

namespace {

constexpr int MaxPlanDepth = 6;

class Planner {
public:
    explicit Planner(const Game& g) : rules_(g.rules()) {
        std::array<Card, 64> tableau{};
        for (int p = 0; p < rules_.layout.size; ++p) tableau[p] = g.tableau_card(p);
        facts_ = pairing_facts(rules_, std::span<const Card>(tableau.data(), static_cast<std::size_t>(rules_.layout.size)));
    }

    // How good a position is, from what a person can know.
    int evaluate(const Game& g) const {
        const Variant& v = rules_.variant;
        const State& s = g.state();
        // Cards still in the game (known: every card not yet removed).
        std::uint64_t remaining = 0;
        for (std::uint64_t m = s.present; m; m &= m - 1) remaining |= g.tableau_card(std::countr_zero(m)).bit();
        for (int i = s.stock_pos; i < s.stock_len; ++i) remaining |= s.stock[i].bit();
        for (int k = 0; k < MaxWastePiles; ++k)
            for (int i = 0; i < s.waste_len[k]; ++i) remaining |= s.waste[k][i].bit();
        if (s.turned.valid()) remaining |= s.turned.bit();
        const std::uint64_t must_go = v.goal == Goal::Pyramid ? s.present & rules_.layout.pyramid_mask : s.present;
        int score = -100 * g.cards_left();
        for (std::uint64_t m = must_go; m; m &= m - 1) {
            const Card c = g.tableau_card(std::countr_zero(m));
            if (!(facts_.pairable & c.bit())) continue;
            const int partners = std::popcount(facts_.partners_not_before(c.code, remaining));
            // A card with no partner left can never go; one with a single partner is at risk.
            score -= partners == 0 ? 1000 : partners == 1 ? 30 : 0;
        }
        score += 5 * std::popcount(g.free_mask());
        // Cards buried in the waste come back only by digging: with every card to go, that costs.
        if (v.goal == Goal::AllCards)
            for (int k = 0; k < MaxWastePiles; ++k) score -= 10 * std::max(0, s.waste_len[k] - 1);
        return score;
    }

    // The best value reachable by pairs alone from here, and the first move to it.
    int search(Game& g, int depth, Move* first) {
        ++positions_;
        int best = evaluate(g);
        if (depth == 0 || g.status() != Status::InProgress) return best;
        MoveList moves;
        g.legal_moves(moves);
        for (const Move& m : moves) {
            if (m.kind != MoveKind::Pair && m.kind != MoveKind::Lone) continue;
            g.apply(m);
            const int value = value_after(g, depth - 1);
            g.undo();
            if (value > best) {
                best = value;
                if (first) *first = m;
            }
        }
        return best;
    }

    std::uint64_t positions() const { return positions_; }

private:
    // Pairs made in another order reach the same position, whose value is the
    // same: the cards gone fix the moves made (a King one, two cards the
    // others), so the depth left too. Each position is searched once, which
    // makes the search as long as the positions are many (sets of pairs), not
    // the orders of them (up to pairs^depth: minutes a move in a layout with
    // many free cards).
    int value_after(Game& g, int depth) {
        const State& s = g.state();
        // Within one search no card is turned: what is gone tells the position.
        const auto [it, fresh] = values_.try_emplace(Key{s.present, s.waste_len, s.turned.valid()}, 0);
        if (fresh) it->second = search(g, depth, nullptr);
        return it->second;
    }

    struct Key {
        std::uint64_t present;
        std::array<std::uint8_t, MaxWastePiles> waste_len;
        bool turned;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            std::uint64_t h = k.present * 0x9E3779B97F4A7C15ULL ^ (k.turned ? 1 : 0);
            for (const std::uint8_t len : k.waste_len) h = (h ^ len) * 0x100000001B3ULL;
            return static_cast<std::size_t>(h ^ (h >> 29));
        }
    };

    const Rules& rules_;
    PairingFacts facts_;
    std::unordered_map<Key, int, KeyHash> values_;
    std::uint64_t positions_ = 0;
};

}  // namespace

Move blind_choice(const Game& game, std::uint64_t* positions) {
    MoveList moves;
    game.legal_moves(moves);
    // A King goes at once: it needs no partner.
    for (const Move& m : moves)
        if (m.kind == MoveKind::Lone) return m;
    Planner planner(game);
    Game g = game;
    Move best;
    best.kind = MoveKind::Recycle;  // marks "no pair is better than standing pat"
    planner.search(g, MaxPlanDepth, &best);
    if (positions) *positions = planner.positions();
    if (best.kind == MoveKind::Pair) return best;
    // Nothing to pair: turn the next card (onto the emptiest waste pile), or recycle.
    const Move* draw = nullptr;
    for (const Move& m : moves)
        if (m.kind == MoveKind::Draw && (!draw || game.state().waste_len[m.pile] < game.state().waste_len[draw->pile]))
            draw = &m;
    if (draw) return *draw;
    return moves.moves[0];
}

}  // namespace pyr
