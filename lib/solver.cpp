// The exact solver's search: depth-first over a solver position
// (lib/solver_position.hpp: bit sets over the stock order with one waste pile,
// pyr::Game with several), with Kings and forced pairs made at once, a normal
// form for the order of moves, the dead-state test (lib/order_facts.hpp) and
// the lost-position table (lib/lost_table.hpp). Every line found is replayed
// through pyr::Game before it is returned.
#include "solver.hpp"

#include <algorithm>
#include <bit>
#include <deque>

#include "lost_table.hpp"
#include "order_facts.hpp"
#include "solver_position.hpp"

namespace pyr {

namespace {

constexpr int MaxDepth = 4000;

// Normal form: a pair whose two cards were both in play before the previous
// move m could have been made before m, reaching the same position after both
// (m does not touch its cards: a draw only moves the turned card onto the
// waste, where it still pairs the same; a pair or a recycle leaves them be).
// So such a pair is tried right away, never later: after m it is skipped,
// unless m was itself such a pair that comes before it in a fixed order (pairs
// open at the same moment go in that order). Every winning line can be
// reordered into this form without growing, so nothing winnable is lost and
// the shortest line stays. Kings made at once are not moves a pair can be
// moved before: after one, the context of the move before it still holds.
struct Context {
    std::uint64_t in_play_before = 0;  // card codes in play before the previous move
    int last_pair = -1;                // normal_form_index of the previous move if it was a pair
};

// The fixed order of pairs open at the same moment.
int normal_form_index(const Move& m) {
    const int lo = std::min(m.ca.code, m.cb.code), hi = std::max(m.ca.code, m.cb.code);
    return lo * 64 + hi;
}

bool outside_normal_form(const Move& m, const Context& c) {
    if (m.kind != MoveKind::Pair) return false;
    const std::uint64_t both = m.ca.bit() | m.cb.bit();
    if ((c.in_play_before & both) != both) return false;
    return !(c.last_pair >= 0 && normal_form_index(m) > c.last_pair);
}

// The moves of one position to try, best first.
struct Choice {
    std::array<int, 160> index;  // into the position's MoveList
    int size = 0;
    bool at_once = false;  // a King or a forced pair, the only move tried
};

template <class Position>
class Search {
public:
    Search(const Game& start, const SolveOptions& o, LostTable& table)
        : rules_(start.rules()), o_(o), pos_(start), table_(table),
          facts_(start_facts(start)), pyramid_codes_(pyramid_codes(start)),
          dead_end_(rules_, facts_, pyramid_codes_) {
        const Layout& l = rules_.layout;
        goal_tableau_ = rules_.variant.goal == Goal::Pyramid ? l.pyramid_mask : l.all_mask;
        table_.next_search();
    }

    SolveResult run() {
        SolveResult r;
        if (o_.shortest) {
            for (int depth = 0; depth <= MaxDepth && !gave_up_; ++depth) {
                table_.next_search();
                depth_limited_ = false;
                if (dfs(depth, Context{}, 0, nullptr)) {
                    r.outcome = SolveOutcome::Won;
                    break;
                }
                if (!depth_limited_) break;  // searched to the end: no line at any depth
            }
        } else if (dfs(MaxDepth, Context{}, 0, nullptr)) {
            r.outcome = SolveOutcome::Won;
        }
        if (r.outcome != SolveOutcome::Won) r.outcome = gave_up_ ? SolveOutcome::GaveUp : SolveOutcome::NoSolution;
        std::reverse(line_.begin(), line_.end());
        r.line = std::move(line_);
        r.nodes = nodes_;
        return r;
    }

private:
    static PairingFacts start_facts(const Game& g) {
        std::array<Card, 64> tableau{};
        for (int p = 0; p < g.rules().layout.size; ++p) tableau[p] = g.tableau_card(p);
        return pairing_facts(g.rules(), std::span<const Card>(tableau.data(), static_cast<std::size_t>(g.rules().layout.size)));
    }
    static std::uint64_t pyramid_codes(const Game& g) {
        std::uint64_t codes = 0;
        for (std::uint64_t m = g.rules().layout.pyramid_mask; m; m &= m - 1) codes |= g.tableau_card(std::countr_zero(m)).bit();
        return codes;
    }

    // Kings alone, then pairs of pyramid cards, pairs that free the most
    // cards, pairs that dig the waste; then draws; a recycle last.
    int move_priority(const Move& m, std::uint64_t free) const {
        const Layout& l = rules_.layout;
        switch (m.kind) {
        case MoveKind::Lone: return 100000;
        case MoveKind::Pair: {
            std::uint64_t gone = 0;
            if (m.a < 64) gone |= std::uint64_t{1} << m.a;
            if (m.b < 64) gone |= std::uint64_t{1} << m.b;
            const std::uint64_t present = pos_.present() & ~gone;
            int freed = 0;
            for (std::uint64_t c = present & ~free; c; c &= c - 1)
                if ((l.covers[std::countr_zero(c)] & present) == 0) ++freed;
            return 1000 * std::popcount(gone) + 100 * freed + ((m.a >= LocWaste || m.b >= LocWaste) ? 10 : 0);
        }
        case MoveKind::Draw: return 5 - m.pile;
        case MoveKind::Recycle: return 0;
        }
        return 0;
    }

    // A later draw of several cards would show other cards if this talon card
    // went now: removing it shifts which cards the draws after a recycle show.
    bool shifts_later_draws(const Move& m) const {
        const bool talon = m.a >= 64 || (m.kind == MoveKind::Pair && m.b >= 64);
        return talon && rules_.variant.draw > 1 && passes_left(rules_.variant, pos_.pass());
    }

    // A King is made at once when doing so can never cost anything: always
    // when looking for any win; for the shortest line only if it must go anyway.
    bool king_at_once(const Move& m) const {
        if (m.kind != MoveKind::Lone || shifts_later_draws(m)) return false;
        if (!o_.shortest || rules_.variant.goal == Goal::AllCards) return true;
        return m.a < 64 && (goal_tableau_ >> m.a & 1);
    }

    // A card that must go and has one partner left goes with it: if both are
    // in play, pairing them now costs nothing (neither is any other card's
    // partner in a winning line), like a King.
    bool pair_at_once(const OrderFacts& o, const Move& m) const {
        if (m.kind != MoveKind::Pair || shifts_later_draws(m)) return false;
        auto alone = [&](Card c) { return (o.required >> c.code & 1) && std::popcount(o.partners[c.code]) == 1; };
        return alone(m.ca) || alone(m.cb);
    }

    // The moves to try from here: one made at once, or every move the normal
    // form and the facts of order allow, by move_priority (stable).
    Choice choose_moves(const MoveList& moves, const OrderFacts& facts, const Context& ctx, std::uint64_t free) const {
        Choice c;
        std::array<int, 160> priority;
        for (int i = 0; i < moves.size; ++i) {
            const Move& m = moves.moves[i];
            if (king_at_once(m)) {
                // The King goes now or never: if it breaks an order, the position is lost.
                c.size = 0;
                if (!facts.broken_by(m)) c.index[c.size++] = i;
                c.at_once = true;
                return c;
            }
            if (outside_normal_form(m, ctx) || facts.broken_by(m)) continue;
            if (pair_at_once(facts, m)) {
                c.size = 1;
                c.index[0] = i;
                c.at_once = true;
                return c;
            }
            priority[i] = move_priority(m, free);
            c.index[c.size++] = i;
        }
        // Insertion sort, stable: a few moves, no allocation.
        for (int i = 1; i < c.size; ++i) {
            const int x = c.index[i];
            int j = i;
            for (; j > 0 && priority[c.index[j - 1]] < priority[x]; --j) c.index[j] = c.index[j - 1];
            c.index[j] = x;
        }
        return c;
    }

    // The position's key in the lost table, with what the normal form forbids
    // here, which is part of its identity.
    Key position_key(const Context& ctx, std::uint64_t in_play) const {
        // The pyramid goal, last pass: a waste card under every card that
        // pairs with a pyramid card can never matter.
        std::uint64_t useful = ~std::uint64_t{0};
        if (rules_.variant.goal == Goal::Pyramid && !passes_left(rules_.variant, pos_.pass()))
            useful = facts_.partner_ranks(pos_.tableau_codes() & pyramid_codes_);
        Key k = pos_.key(useful);
        const std::uint64_t live = ctx.in_play_before & in_play;
        if (std::popcount(live) >= 2) {
            k.a = mix(k.a ^ mix(live + 0x51ED27ULL));
            k.b = mix(k.b + mix(static_cast<std::uint64_t>(ctx.last_pair + 2) * 0x9E3779B97F4A7C15ULL + live));
        }
        return k;
    }

    // The dead-state test on the position at `ply`, whose facts it leaves in orders_[ply].
    bool dead(int ply, const Move* last) {
        if (orders_.size() <= static_cast<std::size_t>(ply)) orders_.resize(static_cast<std::size_t>(ply) + 64);
        OrderInput in;
        in.tableau = pos_.tableau_codes();
        in.talon = pos_.talon_codes();
        in.pass = pos_.pass();
        if (dead_end_.unpairable_left(in.tableau, in.talon)) return true;
        int n = 0;
        if (dead_end_.reads_waste(in.pass))
            pos_.for_waste_top_down([&](int pile, int code) {
                in.waste[n] = static_cast<std::uint8_t>(code);
                in.pile[n++] = static_cast<std::uint8_t>(pile);
            });
        in.waste_count = n;
        n = 0;
        if (dead_end_.reads_stock(in.pass))
            pos_.for_stock([&](int time, int code) {
                in.stock[n] = static_cast<std::uint8_t>(code);
                in.stock_time[n++] = static_cast<std::uint8_t>(time);
            });
        in.stock_count = n;
        const OrderFacts* parent = ply > 0 ? &orders_[static_cast<std::size_t>(ply) - 1] : nullptr;
        return dead_end_.dead(in, parent, last, orders_[static_cast<std::size_t>(ply)]);
    }

    // One move list per ply, made once: a MoveList is large.
    MoveList& move_list(int ply) {
        if (move_lists_.size() <= static_cast<std::size_t>(ply)) move_lists_.resize(static_cast<std::size_t>(ply) + 64);
        return move_lists_[static_cast<std::size_t>(ply)];
    }

    // True if the position wins within `depth` moves; the line is collected backwards.
    // `last` is the move that led here (none at the start), `ply` the moves made so far.
    bool dfs(int depth, const Context& ctx, int ply, const Move* last) {
        if (pos_.won()) return true;
        if (depth == 0) {
            depth_limited_ = true;
            return false;
        }
        ++nodes_;
        if (o_.node_limit && nodes_ > o_.node_limit) {
            gave_up_ = true;
            return false;
        }
        const std::uint64_t free = pos_.free_mask();
        const std::uint64_t in_play = pos_.in_play_codes(free);
        const Key k = position_key(ctx, in_play);
        const int seen = table_.find(k);
        if (seen >= depth) {
            if (seen < MaxDepth) depth_limited_ = true;
            return false;
        }
        if (dead(ply, last)) {
            table_.store(k, MaxDepth);
            return false;
        }
        MoveList& moves = move_list(ply);
        pos_.legal_moves(moves, free);
        const Choice choice = choose_moves(moves, orders_[static_cast<std::size_t>(ply)], ctx, free);
        const bool limited_before = depth_limited_;
        depth_limited_ = false;
        for (int i = 0; i < choice.size; ++i) {
            const Move& m = moves.moves[choice.index[i]];
            Context next = ctx;
            if (!choice.at_once) {
                next.in_play_before = in_play;
                next.last_pair = m.kind == MoveKind::Pair ? normal_form_index(m) : -1;
            }
            pos_.apply(m);
            const bool win = dfs(depth - 1, next, ply + 1, &m);
            pos_.undo();
            if (win) {
                line_.push_back(m);
                return true;
            }
            if (gave_up_) return false;
        }
        // Without a depth cut below, the position is lost whatever the depth.
        table_.store(k, depth_limited_ ? depth : MaxDepth);
        depth_limited_ = depth_limited_ || limited_before;
        return false;
    }

    const Rules& rules_;
    const SolveOptions& o_;
    Position pos_;
    LostTable& table_;
    const PairingFacts facts_;  // what the layout alone says of which card pairs with which
    const std::uint64_t pyramid_codes_;
    const DeadEndTest dead_end_;
    // By ply, along the current line: the facts of order, and the moves.
    // Deques: growing them leaves the elements in place.
    std::deque<OrderFacts> orders_;
    std::deque<MoveList> move_lists_;
    std::uint64_t goal_tableau_ = 0;
    std::uint64_t nodes_ = 0;
    bool gave_up_ = false;
    bool depth_limited_ = false;
    std::vector<Move> line_;
};

}  // namespace

Solver::Solver(SolveOptions options) : options_(options), table_(std::make_unique<LostTable>(options.table_bytes)) {}
Solver::~Solver() = default;

SolveResult Solver::solve(const Rules& rules, const Deal& deal) { return solve(Game(rules, deal)); }

SolveResult Solver::solve(const Game& start) {
    const Rules& rules = start.rules();
    SolveResult r;
    if (rules.variant.waste_piles == 1) {
        Search<FastPosition> search(start, options_, *table_);
        r = search.run();
    } else {
        Search<GamePosition> search(start, options_, *table_);
        r = search.run();
    }
    // The line is the engine's own moves: replay it through pyr::Game, so
    // only a line the rules accept is ever reported as a win.
    if (r.outcome == SolveOutcome::Won) {
        Game game = start;
        Reason<Refusal> why;
        for (Move& m : r.line) {
            const std::optional<int> pile =
                rules.variant.waste_piles > 1 ? std::optional<int>(m.pile + 1) : std::nullopt;
            m = game.resolve(m.kind == MoveKind::Pair   ? MoveRequest{m.kind, m.ca, m.cb, std::nullopt}
                             : m.kind == MoveKind::Lone ? MoveRequest{m.kind, m.ca, NoCard, std::nullopt}
                             : MoveRequest{m.kind, NoCard, NoCard, pile},
                             why);
            if (why) throw std::logic_error("solver produced an illegal move: " + why.text);
            game.apply(m);
        }
        if (game.status() != Status::Won) throw std::logic_error("solver line does not win");
    }
    return r;
}

SolveResult solve(const Rules& rules, const Deal& deal, const SolveOptions& options) {
    Solver solver(options);
    return solver.solve(rules, deal);
}

}  // namespace pyr
