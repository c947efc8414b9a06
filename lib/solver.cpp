// Solver implementation. Positions are keyed exactly in 128 bits when there is
// one waste pile (the talon then keeps the deal's stock order, so "which stock
// cards are gone" plus the waste boundary says everything); with several waste
// piles the key is a 128-bit hash of the whole talon.
#include "solver.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <cstdio>
#include <cstdlib>

namespace pyr {

namespace {

struct Key {
    std::uint64_t a = 0, b = 0;
    bool operator==(const Key&) const = default;
    bool empty() const { return a == 0 && b == 0; }
};

std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Positions proved lost (or, when searching for the shortest line, the depth
// that failed from them). Fixed size: a full bucket overwrites its oldest
// entry, which costs time, never correctness.
class LostTable {
public:
    explicit LostTable(std::size_t bytes) {
        std::size_t n = 1024;
        while (n * 2 * sizeof(Entry) <= bytes) n *= 2;
        entries_.assign(n, Entry{});
        mask_ = n - 1;
    }
    // The depth stored for `k`, or -1.
    int find(const Key& k) const {
        std::size_t i = mix(k.a ^ mix(k.b)) & mask_;
        for (int probe = 0; probe < Bucket; ++probe, i = (i + 1) & mask_) {
            const Entry& e = entries_[i];
            if (e.key == k) return e.depth;
            if (e.key.empty()) return -1;
        }
        return -1;
    }
    void store(const Key& k, int depth) {
        const std::size_t start = mix(k.a ^ mix(k.b)) & mask_;
        std::size_t i = start;
        for (int probe = 0; probe < Bucket; ++probe, i = (i + 1) & mask_) {
            Entry& e = entries_[i];
            if (e.key.empty() || e.key == k) {
                e.key = k;
                e.depth = depth;
                return;
            }
        }
        Entry& victim = entries_[(start + (next_victim_++ % Bucket)) & mask_];
        victim.key = k;
        victim.depth = depth;
    }

private:
    static constexpr int Bucket = 8;
    struct Entry {
        Key key;
        int depth = 0;
    };
    std::vector<Entry> entries_;
    std::size_t mask_ = 0;
    std::size_t next_victim_ = 0;
};

class Search {
public:
    Search(const Rules& rules, const Deal& deal, const SolveOptions& o)
        : rules_(rules), deal_(deal), o_(o), game_(rules, deal), table_(o.table_bytes) {
        const Variant& v = rules.variant;
        const Layout& l = rules.layout;
        stock_index_.fill(-1);
        for (std::size_t i = 0; i < deal.stock.size(); ++i) stock_index_[deal.stock[i].code] = static_cast<int>(i);
        single_waste_ = v.waste_piles == 1;
        draw_one_single_ = single_waste_ && v.draw == 1;
        // Cards lying on top of each position, directly or not; and the direct ones.
        for (int p = l.size - 1; p >= 0; --p) {
            std::uint64_t above = l.covers[p];
            for (std::uint64_t m = l.covers[p]; m; m &= m - 1) above |= above_[std::countr_zero(m)];
            above_[p] = above;
        }
        for (int p = 0; p < l.size; ++p) {
            // With overlapping pairs a card directly on top may still be its partner.
            const std::uint64_t blocking = v.overlapping ? above_[p] & ~l.covers[p] : above_[p];
            for (std::uint64_t m = blocking; m; m &= m - 1)
                codes_above_[p] |= deal.tableau[std::countr_zero(m)].bit();
        }
        goal_positions_ = v.goal == Goal::Pyramid ? l.pyramid_mask : l.all_mask;
    }

    SolveResult run() {
        SolveResult r;
        if (o_.shortest) {
            for (int depth = 0; depth <= MaxDepth && !gave_up_; ++depth) {
                if (dfs(depth, Context{})) {
                    r.outcome = SolveOutcome::Won;
                    break;
                }
                if (!depth_limited_) break;  // the whole tree was searched: no line at any depth
                depth_limited_ = false;
            }
        } else if (dfs(MaxDepth, Context{})) {
            r.outcome = SolveOutcome::Won;
        }
        if (r.outcome != SolveOutcome::Won) r.outcome = gave_up_ ? SolveOutcome::GaveUp : SolveOutcome::NoSolution;
        std::reverse(line_.begin(), line_.end());
        r.line = std::move(line_);
        r.nodes = nodes_;
        return r;
    }

private:
    static constexpr int MaxDepth = 4000;

    bool won() const {
        const State& s = game_.state();
        if ((s.present & goal_positions_) != 0) return false;
        return rules_.variant.goal == Goal::Pyramid || game_.cards_left() == 0;
    }

    // Cards still in the game, as a card-code mask.
    std::uint64_t remaining_cards() const {
        const State& s = game_.state();
        std::uint64_t m = 0;
        for (std::uint64_t p = s.present; p; p &= p - 1) m |= deal_.tableau[std::countr_zero(p)].bit();
        for (int i = s.stock_pos; i < s.stock_len; ++i) m |= s.stock[i].bit();
        for (int k = 0; k < rules_.variant.waste_piles; ++k)
            for (int i = 0; i < s.waste_len[k]; ++i) m |= s.waste[k][i].bit();
        if (s.turned.valid()) m |= s.turned.bit();
        return m;
    }

    static std::uint64_t rank_bits(int rank) { return std::uint64_t{0xF} << (4 * rank); }

    // A card that must go but can never find a partner: every remaining
    // partner lies on top of it, or (for stock cards) none remains.
    bool dead(std::uint64_t remaining) const {
        const Variant& v = rules_.variant;
        const State& s = game_.state();
        for (std::uint64_t m = s.present & goal_positions_; m; m &= m - 1) {
            const int p = std::countr_zero(m);
            const int rank = deal_.tableau[p].rank();
            if (rank == v.target) continue;
            const int want = v.target - rank;
            if (want < 1 || want > deck_ranks(v.deck)) return true;
            if ((remaining & rank_bits(want) & ~codes_above_[p]) == 0) return true;
        }
        if (v.goal == Goal::AllCards) {
            const std::uint64_t talon = remaining & ~tableau_codes();
            for (std::uint64_t m = talon; m; m &= m - 1) {
                const int rank = Card{static_cast<std::uint8_t>(std::countr_zero(m))}.rank();
                if (rank == v.target) continue;
                const int want = v.target - rank;
                if (want < 1 || want > deck_ranks(v.deck) || (remaining & rank_bits(want)) == 0) return true;
            }
        }
        return false;
    }

    std::uint64_t tableau_codes() const {
        std::uint64_t m = 0;
        for (std::uint64_t p = game_.state().present; p; p &= p - 1) m |= deal_.tableau[std::countr_zero(p)].bit();
        return m;
    }

    Key key() const {
        const State& s = game_.state();
        Key k;
        const bool unlimited = rules_.variant.passes == UnlimitedPasses;
        // Unlimited passes: the pass number does not change what can happen, but
        // whether a card went during this pass does (it allows a recycle).
        const std::uint64_t pass = unlimited ? (s.removed_this_pass ? 1 : 0) : s.pass;
        if (single_waste_) {
            std::uint64_t talon = 0;
            for (int i = s.stock_pos; i < s.stock_len; ++i) talon |= std::uint64_t{1} << stock_index_[s.stock[i].code];
            for (int i = 0; i < s.waste_len[0]; ++i) talon |= std::uint64_t{1} << stock_index_[s.waste[0][i].code];
            if (s.turned.valid()) talon |= std::uint64_t{1} << stock_index_[s.turned.code];
            const std::uint64_t boundary =
                s.waste_len[0] ? static_cast<std::uint64_t>(stock_index_[s.waste_top(0).code] + 1) : 0;
            k.a = s.present | (boundary << 52) | (std::uint64_t{s.turned.valid()} << 59) | (1ULL << 63);
            k.b = talon | (pass << 56) | (unlimited && s.removed_this_pass ? 1ULL << 55 : 0);
            return k;
        }
        // Several waste piles: a 128-bit hash of the whole talon, pile by pile.
        std::uint64_t h1 = mix(s.present ^ 0x1234567ULL), h2 = mix(s.present + pass * 0x9E3779B97F4A7C15ULL);
        auto add = [&](std::uint64_t x) {
            h1 = mix(h1 ^ x);
            h2 = mix(h2 + x * 0xD6E8FEB86659FD93ULL);
        };
        add(pass);
        for (int i = s.stock_pos; i < s.stock_len; ++i) add(s.stock[i].code);
        add(0x100 | s.turned.code);
        for (int k2 = 0; k2 < rules_.variant.waste_piles; ++k2) {
            add(0x200 + static_cast<std::uint64_t>(k2));
            for (int i = 0; i < s.waste_len[k2]; ++i) add(s.waste[k2][i].code);
        }
        k.a = h1 | 1;
        k.b = h2;
        return k;
    }

    // Move order: kings alone (forced), then pairs that free the most cards,
    // pyramid pairs before talon pairs, then draws, then a recycle.
    int order(const Move& m) const {
        const Layout& l = rules_.layout;
        const State& s = game_.state();
        switch (m.kind) {
        case MoveKind::Lone: return 100000;
        case MoveKind::Pair: {
            std::uint64_t gone = 0;
            if (m.a < 64) gone |= std::uint64_t{1} << m.a;
            if (m.b < 64) gone |= std::uint64_t{1} << m.b;
            const std::uint64_t present = s.present & ~gone;
            int freed = 0;
            for (std::uint64_t c = present & ~game_.free_mask(); c; c &= c - 1)
                if ((l.covers[std::countr_zero(c)] & present) == 0) ++freed;
            return 1000 * std::popcount(gone) + 100 * freed + ((m.a >= LocWaste || m.b >= LocWaste) ? 10 : 0);
        }
        case MoveKind::Draw: return 5 - m.pile;
        case MoveKind::Recycle: return 0;
        }
        return 0;
    }

    // Normal form: a pair of two pyramid cards that were both free before the
    // previous move could have been made before it, with the same result or a
    // better one (it only frees cards). So such a pair is only tried right
    // away, never later: after move m, a pyramid pair both of whose cards were
    // free before m is skipped, unless m was itself a pyramid pair that comes
    // before it in a fixed order (pairs freed at the same moment are made in
    // that order). Likewise, with one waste pile and draw 1, a pair of the
    // waste top and a pyramid card that was free before a draw gives the same
    // position as making it before the draw. Every winning line can be
    // reordered into this form, so nothing winnable is lost. Kings, which go
    // at once, are not moves a pair can be moved before.
    struct Context {
        std::uint64_t free_before = 0;  // tableau positions free before the previous move
        int last_pair = -1;             // order of the previous move if it was a pyramid pair
        bool after_draw = false;
    };

    static int pair_order(const Move& m) { return m.a * 64 + m.b; }
    static bool tableau_pair(const Move& m) { return m.kind == MoveKind::Pair && m.a < 64 && m.b < 64; }

    bool skipped(const Move& m, const Context& c) const {
        if (m.kind != MoveKind::Pair) return false;
        if (tableau_pair(m)) {
            const std::uint64_t both = (std::uint64_t{1} << m.a) | (std::uint64_t{1} << m.b);
            if ((c.free_before & both) != both) return false;
            return !(c.last_pair >= 0 && pair_order(m) > c.last_pair);
        }
        if (c.after_draw && draw_one_single_) {
            const Loc t = m.a < 64 ? m.a : m.b;
            const Loc other = m.a < 64 ? m.b : m.a;
            return t < 64 && other >= LocWaste && (c.free_before >> t & 1);
        }
        return false;
    }

    // True if the position wins within `depth` moves; the line is collected backwards.
    bool dfs(int depth, const Context& ctx) {
        if (won()) return true;
        if (depth == 0) {
            depth_limited_ = true;
            return false;
        }
        ++nodes_;
        if (o_.node_limit && nodes_ > o_.node_limit) {
            gave_up_ = true;
            return false;
        }
        if (dead(remaining_cards())) { ++deadc_; return false; }
        const std::uint64_t free_now = game_.free_mask();
        Key k = key();
        // What the normal form forbids here is part of the position's identity.
        const std::uint64_t live = ctx.free_before & free_now;
        if (live || ctx.after_draw) {
            k.a = mix(k.a ^ mix(live + 0x51ED27ULL));
            k.b = mix(k.b + mix(static_cast<std::uint64_t>(ctx.last_pair + 2) * 0x9E3779B97F4A7C15ULL +
                                (ctx.after_draw ? 0xABCDEF : 0) + live));
        } else if (ctx.last_pair >= 0) {
            k.b = mix(k.b ^ static_cast<std::uint64_t>(ctx.last_pair + 7));
        }
        const int seen = table_.find(k);
        if (seen >= depth) {
            ++hits_;
            if (seen < MaxDepth) depth_limited_ = true;
            return false;
        }
        MoveList moves;
        game_.legal_moves(moves);
        std::array<int, 160> rank{};
        int kings = -1;
        for (int i = 0; i < moves.size; ++i) {
            rank[i] = order(moves.moves[i]);
            if (moves.moves[i].kind == MoveKind::Lone) kings = i;
        }
        // A King in play goes at once: it needs no partner and only frees cards.
        if (kings >= 0) {
            moves.moves[0] = moves.moves[kings];
            moves.size = 1;
        } else {
            std::array<int, 160> idx;
            int n = 0;
            for (int i = 0; i < moves.size; ++i)
                if (!skipped(moves.moves[i], ctx)) idx[n++] = i;
            std::stable_sort(idx.begin(), idx.begin() + n, [&](int x, int y) { return rank[x] > rank[y]; });
            MoveList sorted;
            for (int i = 0; i < n; ++i) sorted.push(moves.moves[idx[i]]);
            moves = sorted;
        }
        const bool limited_before = depth_limited_;
        depth_limited_ = false;
        for (const Move& m : moves) {
            // Kings go the moment they are in play, so no pair is moved before one:
            // after a King the context of the move before it still holds.
            Context next = ctx;
            if (m.kind != MoveKind::Lone) {
                next.free_before = free_now;
                next.last_pair = tableau_pair(m) ? pair_order(m) : -1;
                next.after_draw = m.kind == MoveKind::Draw;
            }
            game_.apply(m);
            const bool win = dfs(depth - 1, next);
            game_.undo();
            if (win) {
                line_.push_back(m);
                return true;
            }
            if (gave_up_) return false;
        }
        // Without a depth cut below, the position is lost whatever the depth.
        ++stored_;
        table_.store(k, depth_limited_ ? depth : MaxDepth);
        depth_limited_ = depth_limited_ || limited_before;
        return false;
    }

    const Rules& rules_;
    const Deal& deal_;
    const SolveOptions& o_;
    Game game_;
    LostTable table_;
    std::array<int, 64> stock_index_{};
    std::array<std::uint64_t, 64> above_{};
    std::array<std::uint64_t, 64> codes_above_{};
    std::uint64_t goal_positions_ = 0;
    bool single_waste_ = true;
    bool draw_one_single_ = true;
    std::uint64_t nodes_ = 0;
public:
    std::uint64_t stored_ = 0, hits_ = 0, deadc_ = 0;
private:
    bool gave_up_ = false;
    bool depth_limited_ = false;
    std::vector<Move> line_;
};

}  // namespace

SolveResult solve(const Rules& rules, const Deal& deal, const SolveOptions& options) {
    Search search(rules, deal, options);
    SolveResult r = search.run();
    if (getenv("PYR_DEBUG")) fprintf(stderr, "nodes %lu stored %lu hits %lu dead %lu\n", (unsigned long)r.nodes, (unsigned long)search.stored_, (unsigned long)search.hits_, (unsigned long)search.deadc_);
    return r;
}

bool has_lock(const Rules& rules, const Deal& deal) {
    const Variant& v = rules.variant;
    const Layout& l = rules.layout;
    std::array<std::uint64_t, 64> above{};
    for (int p = l.size - 1; p >= 0; --p) {
        std::uint64_t a = l.covers[p];
        for (std::uint64_t m = l.covers[p]; m; m &= m - 1) a |= above[std::countr_zero(m)];
        above[p] = a;
    }
    for (std::uint64_t m = l.pyramid_mask; m; m &= m - 1) {
        const int p = std::countr_zero(m);
        const int rank = deal.tableau[p].rank();
        if (rank == v.target) continue;
        int partners_free = 0;
        for (int q = 0; q < l.size; ++q)
            if (deal.tableau[q].rank() + rank == v.target && !(above[p] >> q & 1)) ++partners_free;
        for (Card c : deal.stock)
            if (c.rank() + rank == v.target) ++partners_free;
        if (partners_free == 0) return true;
    }
    return false;
}

}  // namespace pyr
