// The best-score search: the value of a position is the highest score of a
// game played on from it to its end (won, or no move left). Depth-first with
// a bound (lib/solve/best_score.hpp: the bonus still open minus the cards that must
// stay) that cuts a branch unable to beat the best line found, and a table of
// values (exact, or an upper bound where a cut made the search stop short).
#include "best_score.hpp"

#include <algorithm>
#include <bit>
#include <deque>
#include <stdexcept>

#include "lost_table.hpp"
#include "normal_form.hpp"
#include "order_facts.hpp"
#include "pairing.hpp"
#include "solver_position.hpp"

namespace pyr {

namespace {

int bonus_of(const Variant& v, int cleared_pass) {
    if (cleared_pass <= 0 || cleared_pass > static_cast<int>(v.pass_bonus.size())) return 0;
    return v.pass_bonus[static_cast<std::size_t>(cleared_pass) - 1];
}

// Of `cards`, those that can never go: a card none of whose partners left it
// can ever meet (they lie on top of it, or under it), and every card it
// covers; to a fixed point. `stuck`: cards known to be among them (those of
// the position before, which stay so with fewer cards); `look`: the cards
// whose partners may have changed since (all, with none known).
std::uint64_t stuck_cards(const Variant& v, const PairingFacts& f, std::uint64_t cards, std::uint64_t stuck = 0,
                          std::uint64_t look = ~std::uint64_t{0}) {
    stuck &= cards;
    for (look &= cards & ~stuck; look;) {
        std::uint64_t grown = 0;
        for (std::uint64_t m = look; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            if (Card{static_cast<std::uint8_t>(c)}.rank() == v.target) continue;
            if (!f.possible_partners(c, cards & ~stuck)) grown |= m & -m;
        }
        for (std::uint64_t m = grown; m; m &= m - 1)  // and the cards they cover
            grown |= f.after[static_cast<std::size_t>(std::countr_zero(m))] & cards & ~stuck;
        stuck |= grown;
        look = f.partner_ranks(grown) & cards & ~stuck;  // their partners lost one
    }
    return stuck;
}

// Of `cards`, how many can never be removed: the `stuck` ones, and of the
// rest, as pairs take one card of rank r and one of the partner rank, the
// surplus of either. Counted in the four bits of each rank at once (a search
// asks at every position).
class CardsThatStay {
public:
    explicit CardsThatStay(const Variant& v) : target_(v.target) {
        const int ranks = deck_ranks(v.deck);
        for (int r = 1; r <= ranks; ++r) {
            const int partner = v.target - r;
            if (r == v.target) continue;  // goes alone
            if (partner < 1 || partner > ranks) alone_ |= rank_bits(r);  // no rank pairs with it
            else if (partner == r) self_ |= std::uint64_t{1} << 4 * r;
            else paired_ |= rank_bits(r);
        }
    }

    int operator()(std::uint64_t cards, std::uint64_t stuck) const {
        const std::uint64_t x = cards & ~stuck;
        // Each rank's cards, counted in its four bits (0 to 4).
        std::uint64_t n = x - (x >> 1 & 0x5555555555555555ULL);
        n = (n & 0x3333333333333333ULL) + (n >> 2 & 0x3333333333333333ULL);
        // 8 + the count - the partner rank's: 4 to 12 a rank, never a borrow.
        const std::uint64_t eights = paired_ & 0x8888888888888888ULL;
        const std::uint64_t d = ((n & paired_) | eights) - (mirror_rank_groups(n, target_) & paired_);
        const std::uint64_t more = (d >> 3 & 0x1111111111111111ULL) * 0xF;  // no fewer than the partner rank
        const std::uint64_t less = paired_ & ~more;
        const std::uint64_t surplus = (d & more & 0x7777777777777777ULL) + ((eights - (d & less)) & less);
        // Each pair of ranks counted twice, once at either rank.
        const std::uint64_t bytes = (surplus & 0x0F0F0F0F0F0F0F0FULL) + (surplus >> 4 & 0x0F0F0F0F0F0F0F0FULL);
        const int pairs = static_cast<int>(bytes * 0x0101010101010101ULL >> 56) / 2;
        return std::popcount(stuck) + pairs + std::popcount(x & alone_) + std::popcount(n & self_);
    }

private:
    int target_;
    std::uint64_t paired_ = 0;  // the cards of the ranks that pair with another rank
    std::uint64_t alone_ = 0;   // the cards of ranks no rank pairs with (the target's, alone, left out)
    std::uint64_t self_ = 0;    // bit 4r of the rank r that pairs with itself (an even target)
};

// The best bonus still open (as score_upper_bound), less the cards that stay.
int upper_bound(const Variant& v, const CardsThatStay& stay, std::uint64_t cards, std::uint64_t stuck, int pass,
                int cleared_pass);

// Values in the table: an int that is never negative, with one bit for "exact".
constexpr int Dominated = -100000;  // below every score: a position the normal form skips
int encode(int value, bool exact) { return (value + 200000) * 2 + (exact ? 1 : 0); }
int decoded_value(int entry) { return entry / 2 - 200000; }
bool decoded_exact(int entry) { return entry & 1; }

// The passes in which clearing the pyramid can still beat `known` (a score
// already reached): up to the last whose bonus is above it; NoPass for none.
// With no score known, the variant's passes (UnlimitedPasses: no limit).
constexpr int NoPass = -1;
int useful_passes(const Variant& v, const BestScore* known) {
    if (!known) return v.passes;
    int last = NoPass;
    for (int p = 1; p <= static_cast<int>(v.pass_bonus.size()); ++p)
        if (v.pass_bonus[static_cast<std::size_t>(p) - 1] > known->score) last = p;
    return last;
}

// The rules with the pyramid as the goal, to be reached within `passes`:
// where they are lost, no bonus worth having is left to win.
Rules pyramid_goal(const Rules& rules, int passes) {
    Variant v = rules.variant;
    v.goal = Goal::Pyramid;
    if (passes > 0) v.passes = passes;
    return Rules(v);
}

// Reordering moves is safe for the score only if clearing the pyramid
// earlier never scores less: bonuses that never grow and are never negative,
// and a game that does not end there (with the pyramid as the goal, clearing
// it early would end the game before pairs that remove more cards).
bool earlier_never_worse(const Variant& v) {
    if (v.goal != Goal::AllCards) return false;
    for (std::size_t i = 0; i < v.pass_bonus.size(); ++i)
        if (v.pass_bonus[i] < 0 || (i > 0 && v.pass_bonus[i] > v.pass_bonus[i - 1])) return false;
    return true;
}

template <class Position>
class BestScoreSearch {
public:
    // Values below `known`'s score come out as bounds that may be too low:
    // only lines scoring more are looked for (see useful_passes).
    BestScoreSearch(const Game& start, const SolveOptions& o, LostTable& table, const BestScore* known, int first_clear)
        : first_clear_(first_clear), v_(start.variant()), pyramid_(start.rules().layout.pyramid_mask), o_(o), pos_(start), table_(table),
          reorder_(earlier_never_worse(v_)), clear_passes_(useful_passes(v_, known)),
          pyramid_rules_(pyramid_goal(start.rules(), clear_passes_)), facts_(pairing_facts(start)), stay_(v_),
          clear_test_(pyramid_rules_, facts_, pyramid_codes(start)) {
        table_.next_search();
        cleared_ = start.state().cleared_pass;
    }

    BestScore run(const BestScore* known) {
        int alpha = Dominated - 1;
        if (known) {
            found_ = true;
            best_found_ = alpha = known->score;
            best_line_ = known->line;
        }
        BestScore r;
        // No clear left that earns a bonus: the pyramid is no longer tested.
        const int last = static_cast<int>(v_.pass_bonus.size());
        const bool clearable = first_clear_ <= last && (clear_passes_ == UnlimitedPasses || first_clear_ <= clear_passes_);
        const int v = dfs(alpha, NormalForm{}, 0, nullptr, clearable);
        r.score = v > alpha ? v : alpha;  // not above the known line's score: that line is the best
        r.decided = !gave_up_;
        r.found = found_;
        if (gave_up_) r.score = best_found_;  // what was reached before the limit
        r.line = std::move(best_line_);
        r.nodes = nodes_;
        return r;
    }

private:
    std::uint64_t cards() const { return pos_.tableau_codes() | pos_.talon_codes(); }

    // The end of a game: its score, and the line to it if no line found scores as much.
    int game_over() {
        const int score = final_score(v_, cards(), cleared_);
        if (!found_ || score > best_found_) {
            found_ = true;
            best_found_ = score;
            best_line_ = path_;
        }
        return score;
    }

    Key position_key(const NormalForm& ctx, std::uint64_t in_play) const {
        Key k = pos_.key();
        // The bonus still open depends on the pass, even where the key leaves it out (unlimited passes).
        const int pass = std::min(pos_.pass(), static_cast<int>(v_.pass_bonus.size()) + 1);
        k.a = mix(k.a ^ mix(static_cast<std::uint64_t>(cleared_) << 8 | static_cast<std::uint64_t>(pass)));
        return reorder_ ? ctx.identify(k, in_play, facts_) : k;  // the normal form is used only where reorder_
    }

    // Kings first, then pairs taking the most pyramid cards, then draws; a recycle last.
    int move_priority(const Move& m) const {
        switch (m.kind) {
        case MoveKind::Lone: return 1000;
        case MoveKind::Pair: return 100 + 10 * ((m.a < 64) + (m.b < 64));
        case MoveKind::Draw: return 5 - m.pile;
        case MoveKind::Recycle: return 0;
        }
        return 0;
    }

    // A King in play goes at once when that can never score less: it is one
    // card fewer and the pyramid no later (not with draws of several cards
    // still to come, whose cards it would shift).
    bool king_at_once(const Move& m) const {
        if (!reorder_ || m.kind != MoveKind::Lone) return false;
        const bool talon = m.a >= 64;
        return !(talon && v_.draw > 1 && passes_left(v_, pos_.pass()));
    }

    // The moves to try, best first (indices into `moves`).
    int choose_moves(const MoveList& moves, const NormalForm& ctx, std::array<int, 160>& order) const {
        int n = 0;
        std::array<int, 160> priority;
        for (int i = 0; i < moves.size; ++i) {
            const Move& m = moves.moves[i];
            if (king_at_once(m)) {
                order[0] = i;
                return 1;
            }
            if (reorder_ && ctx.skips(m)) continue;
            priority[i] = move_priority(m);
            order[n++] = i;
        }
        // Insertion sort, stable: a few moves, no allocation.
        for (int i = 1; i < n; ++i) {
            const int x = order[i];
            int j = i;
            for (; j > 0 && priority[order[j - 1]] < priority[x]; --j) order[j] = order[j - 1];
            order[j] = x;
        }
        return n;
    }

    MoveList& move_list(int ply) {
        if (move_lists_.size() <= static_cast<std::size_t>(ply)) move_lists_.resize(static_cast<std::size_t>(ply) + 64);
        return move_lists_[static_cast<std::size_t>(ply)];
    }

    // The pyramid can no longer be cleared from the position at `ply`, reached
    // by `last`; if it can, the facts of order are left in orders_[ply] for the moves from it.
    // `held`: tableau cards the normal form keeps from pairing with each other (NormalForm::held).
    bool pyramid_stays(int ply, const Move* last, std::uint64_t held) {
        if (orders_.size() <= static_cast<std::size_t>(ply)) orders_.resize(static_cast<std::size_t>(ply) + 64);
        if (clear_test_.unpairable_left(pos_.tableau_codes(), pos_.talon_codes())) return true;
        OrderInput in;
        fill_order_input(pos_, clear_test_, in);
        if (reorder_) in.held = held & in.tableau;
        const OrderFacts* parent = ply > 0 && last ? &orders_[static_cast<std::size_t>(ply) - 1] : nullptr;
        return clear_test_.dead(in, parent, last, orders_[static_cast<std::size_t>(ply)]);
    }

    // The cards that can never go at `ply` (stuck_cards), from those at the
    // ply before where `last` led from there; kept in stuck_[ply].
    std::uint64_t stuck_at(int ply, const Move* last) {
        if (stuck_.size() <= static_cast<std::size_t>(ply)) stuck_.resize(static_cast<std::size_t>(ply) + 64);
        Stuck& here = stuck_[static_cast<std::size_t>(ply)];
        here.cards = cards();
        if (ply > 0 && last) {
            const Stuck& before = stuck_[static_cast<std::size_t>(ply) - 1];
            here.stuck = stuck_cards(v_, facts_, here.cards, before.stuck, facts_.partner_ranks(before.cards & ~here.cards));
        } else {
            here.stuck = stuck_cards(v_, facts_, here.cards);
        }
        return here.stuck;
    }

    // The value of the position if it is above `alpha`; otherwise an upper
    // bound of it at most `alpha`. `clearable`: the pyramid, not cleared yet,
    // was not proved to stay at the position before (reached by `last`).
    int dfs(int alpha, const NormalForm& ctx, int ply, const Move* last, bool clearable) {
        if (pos_.won()) return game_over();
        if (o_.node_limit && nodes_ >= o_.node_limit) {
            gave_up_ = true;
            return alpha;
        }
        ++nodes_;
        const std::uint64_t free = pos_.free_mask();
        const std::uint64_t in_play = pos_.in_play_codes(free);
        clearable = cleared_ == 0 && clearable && (clear_passes_ == UnlimitedPasses || pos_.pass() <= clear_passes_) &&
                    !pyramid_stays(ply, last, ctx.held(in_play));
        const int bound = upper_bound(v_, stay_, cards(), stuck_at(ply, last),
                                      clearable || cleared_ ? std::max(pos_.pass(), first_clear_) : NeverCleared, cleared_);
        if (bound <= alpha) return bound;
        MoveList& moves = move_list(ply);
        pos_.legal_moves(moves, free);
        if (moves.size == 0) return game_over();
        std::array<int, 160> order;
        const int n = choose_moves(moves, ctx, order);
        // One move to try: the position is worth what the one after it is,
        // and stays out of the table. Most positions of a late pass are such
        // (a draw, nothing to pair), and each probe is a wait on memory: the
        // table keeps the positions with a choice, half as many. Not under a
        // node limit, where a position revisited would count again and the
        // limit would mean fewer positions than it does.
        if (n == 1 && !o_.node_limit) return try_moves(alpha, bound, ctx, in_play, ply, clearable, order, n);
        const Key k = position_key(ctx, in_play);
        if (const int e = table_.find(k); e >= 0 && (decoded_exact(e) || decoded_value(e) <= alpha))
            return decoded_value(e);
        const int best = try_moves(alpha, bound, ctx, in_play, ply, clearable, order, n);
        if (gave_up_) return alpha;
        table_.store(k, encode(best, best > alpha));
        return best;
    }

    // The best of the moves chosen here (`order`, the first n), stopping once one reaches `bound`.
    int try_moves(int alpha, int bound, const NormalForm& ctx, std::uint64_t in_play, int ply, bool clearable,
                  const std::array<int, 160>& order, int n) {
        const MoveList& moves = move_list(ply);
        const bool at_once = n == 1 && king_at_once(moves.moves[order[0]]);
        const OrderFacts* facts = clearable ? &orders_[static_cast<std::size_t>(ply)] : nullptr;
        int best = Dominated;
        for (int i = 0; i < n && best < bound; ++i) {
            const Move m = moves.moves[order[i]];
            const NormalForm next = at_once ? ctx.at_once(in_play) : ctx.after(v_, m, in_play, in_play & pos_.talon_codes());
            const int cleared_before = cleared_;
            pos_.apply(m);
            if (cleared_ == 0 && (pos_.present() & pyramid_) == 0) cleared_ = pos_.pass();
            path_.push_back(m);
            // A move that breaks a fact of clear_test_ leaves a pyramid that can never be cleared.
            const bool still = facts && !facts->broken_by(m);
            best = std::max(best, dfs(std::max(alpha, best), next, ply + 1, &m, still));
            path_.pop_back();
            pos_.undo();
            cleared_ = cleared_before;
            if (gave_up_) break;
        }
        return best;
    }

    const int first_clear_;  // no clear before this pass (search_best_score)
    const Variant& v_;
    const std::uint64_t pyramid_;
    const SolveOptions& o_;
    Position pos_;
    LostTable& table_;
    const bool reorder_;  // kings at once and the normal form (see earlier_never_worse)
    const int clear_passes_;  // the passes a clear can be worth something in
    const Rules pyramid_rules_;
    const PairingFacts facts_;
    const CardsThatStay stay_;
    const DeadEndTest clear_test_;  // the pyramid can no longer be cleared
    std::deque<OrderFacts> orders_;  // by ply, along the line: the facts of clear_test_
    struct Stuck {
        std::uint64_t cards = 0, stuck = 0;  // the cards left, and those that can never go
    };
    std::vector<Stuck> stuck_;  // by ply, along the line
    int cleared_ = 0;     // the pass during which the pyramid was cleared, 0 = not yet
    std::deque<MoveList> move_lists_;
    std::vector<Move> path_, best_line_;
    bool found_ = false;
    int best_found_ = 0;
    std::uint64_t nodes_ = 0;
    bool gave_up_ = false;
};

}  // namespace

int final_score(const Variant& v, std::uint64_t cards, int cleared_pass) {
    return bonus_of(v, cleared_pass) - v.card_penalty * std::popcount(cards);
}

namespace {
int upper_bound(const Variant& v, const CardsThatStay& stay, std::uint64_t cards, std::uint64_t stuck, int pass,
                int cleared_pass) {
    int bonus = bonus_of(v, cleared_pass);
    if (cleared_pass == 0 && pass != NeverCleared) {
        bonus = 0;  // never cleared
        for (int p = pass; p <= static_cast<int>(v.pass_bonus.size()); ++p) bonus = std::max(bonus, bonus_of(v, p));
    }
    return bonus - v.card_penalty * stay(cards, stuck);
}
}  // namespace

int score_upper_bound(const Variant& v, const PairingFacts& f, std::uint64_t cards, int pass, int cleared_pass) {
    return upper_bound(v, CardsThatStay(v), cards, stuck_cards(v, f, cards), pass, cleared_pass);
}

BestScore search_best_score(const Game& from, const SolveOptions& options, LostTable& table, const BestScore* known,
                            int first_clear) {
    if (from.variant().waste_piles == 1)
        return BestScoreSearch<FastPosition>(from, options, table, known, first_clear).run(known);
    return BestScoreSearch<GamePosition>(from, options, table, known, first_clear).run(known);
}

int last_bonus_pass(const Variant& v, const BestScore* known) {
    const int beat = known ? known->score : 0;
    int last = 0;
    for (int p = 1; p <= static_cast<int>(v.pass_bonus.size()); ++p)
        if (bonus_of(v, p) > beat && (v.passes == UnlimitedPasses || p <= v.passes)) last = p;
    return last;
}

}  // namespace pyr
