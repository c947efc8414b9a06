// Solver implementation. A depth-first search, generic over how a position
// is stored: FastPosition (one waste pile, every preset but Apophis) keeps the
// talon as a bit set over the deal's stock order, which the talon never leaves
// (draws and recycles keep the order), so a position is a few words and its
// key is exact; GamePosition (several waste piles) drives pyr::Game and keys
// positions by a 128-bit hash of the whole talon. Both produce the engine's
// own moves, and every line found is replayed through pyr::Game before it is
// returned.
#include "solver.hpp"

#include "lost_table.hpp"
#include "solver_position.hpp"

#include <algorithm>
#include <bit>
#include <deque>

namespace pyr {

namespace {

template <class Position>
class Search {
public:
    Search(const Game& start, const SolveOptions& o, LostTable& table)
        : rules_(start.rules()), o_(o), pos_(start), table_(table) {
        const Variant& v = rules_.variant;
        const Layout& l = rules_.layout;
        std::array<Card, 64> tableau{};
        for (int p = 0; p < l.size; ++p) tableau[p] = start.tableau_card(p);
        facts_ = pairing_facts(rules_, std::span<const Card>(tableau.data(), static_cast<std::size_t>(l.size)));
        for (std::uint64_t m = l.pyramid_mask; m; m &= m - 1) pyramid_codes_ |= tableau[std::countr_zero(m)].bit();
        goal_tableau_ = v.goal == Goal::Pyramid ? l.pyramid_mask : l.all_mask;
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
    static constexpr int MaxDepth = 4000;

    // The cards of the ranks that pair with those of `cards`.
    std::uint64_t partner_ranks(std::uint64_t cards) const {
        std::uint64_t out = 0;
        for (int r = 1; r <= 13; ++r)
            if (cards & rank_bits(r)) out |= facts_.partners[4 * r] | facts_.partners[4 * r + 1];
        return out;
    }

    static constexpr int MaxOrderRounds = 8;

    // Facts of order between the cards left, kept closed under "before
    // before is before", and each card's possible partners.
    struct Order {
        std::array<std::uint64_t, 64> before, after, partners;
        std::uint64_t remaining = 0;  // the cards left; the arrays may keep stale bits of others
        std::uint64_t required = 0;   // the cards that must go
        std::uint64_t touched = 0;    // cards whose facts or partners changed
        std::uint64_t repartnered = 0;  // cards whose partners changed
        // x goes before y, and so does everything before x before everything after y.
        // False if that puts a card that must go before itself.
        bool add(int x, int y, std::uint64_t required) {
            const std::uint64_t bx = (before[x] & remaining) | std::uint64_t{1} << x;
            const std::uint64_t ay = (after[y] & remaining) | std::uint64_t{1} << y;
            if (bx & ay & required) return false;
            for (std::uint64_t m = ay; m; m &= m - 1) before[std::countr_zero(m)] |= bx;
            for (std::uint64_t m = bx; m; m &= m - 1) after[std::countr_zero(m)] |= ay;
            touched |= bx | ay;
            return true;
        }
        // Every card of xs goes before every card of ys (and so on, as in add).
        bool add_all(std::uint64_t xs, std::uint64_t ys, std::uint64_t required) {
            std::uint64_t bx = xs, ay = ys;
            for (std::uint64_t m = xs; m; m &= m - 1) bx |= before[std::countr_zero(m)];
            for (std::uint64_t m = ys; m; m &= m - 1) ay |= after[std::countr_zero(m)];
            bx &= remaining;
            ay &= remaining;
            if (bx & ay & required) return false;
            for (std::uint64_t m = ay; m; m &= m - 1) before[std::countr_zero(m)] |= bx;
            for (std::uint64_t m = bx; m; m &= m - 1) after[std::countr_zero(m)] |= ay;
            touched |= bx | ay;
            return true;
        }
        // c can never pair with these cards.
        void drop(int c, std::uint64_t cards) {
            partners[c] &= ~cards;
            for (std::uint64_t m = cards; m; m &= m - 1) partners[std::countr_zero(m)] &= ~(std::uint64_t{1} << c);
            touched |= cards | std::uint64_t{1} << c;
            repartnered |= cards | std::uint64_t{1} << c;
        }
    };

    // Dead-state test: every card that must still go needs a partner it can
    // still meet, and the order the rules impose must leave room for it.
    //
    // Facts "x goes before y" (if y is removed at all, x was removed
    // earlier) hold in every winning continuation. They start from the
    // layout (a card on top of another goes first) and, in the last pass,
    // each waste pile (its upper cards go first). Two cards pair only if
    // neither must go before the other, and never two of the same waste
    // pile in the last pass, nor two talon cards where the turned card may
    // not pair with the waste top. A card is removed together with one of
    // its partners, so whatever goes before all of its partners goes before
    // it; if it must go at all, whatever goes after all of them goes after
    // it; with one partner left, the two go at the same moment. A card that
    // can never go (no partner left, where not every card must go) keeps
    // every card it must go before. In the last pass with draw 1, stock
    // times add two rules: a waste card (or a stock card turned earlier)
    // cannot pair with a stock card that is turned before the cards over it
    // can go, and a stock card none of whose partners can go by its turn
    // lands on the waste, over every card still there. The rules run to a
    // fixed point; a card forced to go before itself is a dead end. Last,
    // for each pair of ranks that make the target, Hall's condition must
    // hold for a matching that covers every card that must go.
    //
    // A position's facts start from its parent's (`ply` - 1), which still
    // hold after any move but a recycle: only the cards the move touched
    // are looked at again.
    bool dead(int ply, const Move* last) {
        const Variant& v = rules_.variant;
        const std::uint64_t tableau = pos_.tableau_codes();
        const std::uint64_t talon = pos_.talon_codes();
        const std::uint64_t remaining = tableau | talon;
        const std::uint64_t required = v.goal == Goal::AllCards ? remaining : tableau & pyramid_codes_;
        if (required & facts_.unpairable) return true;
        const bool last_pass = !passes_left(v, pos_.pass());
        const std::uint64_t pairing = remaining & facts_.pairable;
        if (orders_.size() <= static_cast<std::size_t>(ply)) orders_.resize(static_cast<std::size_t>(ply) + 64);
        Order& o = orders_[static_cast<std::size_t>(ply)];
        o.remaining = remaining;
        o.required = required;
        o.touched = 0;
        o.repartnered = pairing;
        std::uint64_t dirty = pairing;  // cards to look at again

        // The last pass: waste piles, top card first.
        std::array<std::uint8_t, 64> waste{}, pile{};
        int nw = 0;
        if (last_pass)
            pos_.for_waste_top_down([&](int k, int code) {
                waste[nw] = static_cast<std::uint8_t>(code);
                pile[nw++] = static_cast<std::uint8_t>(k);
            });

        if (ply > 0 && last && last->kind != MoveKind::Recycle) {
            // What held before the move still holds: only new cards on a waste pile add facts.
            const Order& parent = orders_[static_cast<std::size_t>(ply) - 1];
            o.before = parent.before;
            o.after = parent.after;
            dirty = 0;
            for (std::uint64_t m = pairing; m; m &= m - 1) {
                const int c = std::countr_zero(m);
                o.partners[c] = parent.partners[c] & remaining;
                if (o.partners[c] != parent.partners[c]) dirty |= std::uint64_t{1} << c;
            }
            // The parent met Hall's condition: with fewer cards to match and
            // the same partners, so does this position.
            o.repartnered = dirty;
            if (last->kind == MoveKind::Draw && last_pass) {
                // The drawn cards lie on top of a pile (with several piles,
                // of one of them): walk each pile down to the first pair of
                // cards already in order; the cards below are old.
                for (int top = 0; top < nw; ++top) {
                    if (top > 0 && pile[top] == pile[top - 1]) continue;  // not a pile's top card
                    for (int i = top; i + 1 < nw && pile[i] == pile[i + 1]; ++i) {
                        const int upper = waste[i], lower = waste[i + 1];
                        if (o.before[lower] >> upper & 1) break;
                        if (!o.add(upper, lower, required)) return true;
                        for (int j = i + 1; j < nw && pile[j] == pile[i]; ++j) o.drop(upper, std::uint64_t{1} << waste[j]);
                    }
                }
            }
        } else {
            for (std::uint64_t m = remaining; m; m &= m - 1) {
                const int c = std::countr_zero(m);
                o.before[c] = facts_.before[c] & remaining;
                o.after[c] = facts_.after[c] & remaining;
            }
            for (std::uint64_t m = pairing; m; m &= m - 1) {
                const int c = std::countr_zero(m);
                // Never a card that must go before it, nor one it must go before.
                o.partners[c] = facts_.possible_partners(c, remaining);
            }
            if (!v.turned_pairs_waste && v.waste_piles == 1)
                for (std::uint64_t m = talon & pairing; m; m &= m - 1) o.partners[std::countr_zero(m)] &= ~talon;
            std::array<std::uint64_t, MaxWastePiles> seen{};
            for (int i = 0; i < nw; ++i) {
                o.before[waste[i]] |= seen[pile[i]];
                seen[pile[i]] |= std::uint64_t{1} << waste[i];
            }
            std::array<std::uint64_t, MaxWastePiles> below{};
            for (int i = nw - 1; i >= 0; --i) {
                o.after[waste[i]] |= below[pile[i]];
                below[pile[i]] |= std::uint64_t{1} << waste[i];
            }
            for (int i = 0; i < nw; ++i) o.partners[waste[i]] &= ~seen[pile[i]];
            if (unmatched(o.partners, pairing, required)) return true;
        }

        // Draw 1, one pile, last pass: when each stock card is turned (0 =
        // the turned card, 1 the next).
        const bool timing = last_pass && v.draw == 1 && v.waste_piles == 1 && v.turned_pairs_waste;
        std::array<std::uint8_t, 64> when{};
        std::array<std::uint8_t, 64> stock;
        int ns = 0;
        std::uint64_t coming = 0;    // the turned card and the stock
        std::uint64_t upcoming = 0;  // the stock only (from time 1 on)
        int never = 0;               // later than any card comes
        if (timing) {
            pos_.for_stock([&](int time, int code) {
                when[code] = static_cast<std::uint8_t>(time);
                stock[ns++] = static_cast<std::uint8_t>(code);
                coming |= std::uint64_t{1} << code;
                if (time > 0) upcoming |= std::uint64_t{1} << code;
            });
            never = ns + 1;
        }

        // later[t]: the cards that cannot go by themselves by time t, all
        // their partners coming later. Worked out once: as partners only
        // go, it stays true, if less sharp, through the rounds below.
        std::array<std::uint64_t, 66> later;
        if (timing) {
            for (int t = 0; t <= never + 1; ++t) later[t] = 0;
            // Only stock cards, and cards all of whose partners are stock cards, wait.
            for (std::uint64_t m = remaining & (pairing | upcoming); m; m &= m - 1) {
                const int c = std::countr_zero(m);
                int e = when[c];
                if ((pairing >> c & 1) && !(o.partners[c] & ~upcoming)) {
                    int first = never;
                    for (std::uint64_t x = o.partners[c]; x; x &= x - 1) first = std::min(first, int{when[std::countr_zero(x)]});
                    e = std::max(e, first);
                }
                if (e) later[e] |= std::uint64_t{1} << c;
            }
            for (int t = never - 1; t >= 0; --t) later[t] |= later[t + 1];
            for (int t = 0; t <= never; ++t) later[t] = later[t + 1];
        }

        dirty |= o.touched;
        // Cards that can never go (where not every card must).
        std::uint64_t stuck = 0;
        if (required != remaining)
            for (std::uint64_t m = pairing; m; m &= m - 1)
                if (!o.partners[std::countr_zero(m)]) stuck |= std::uint64_t{1} << std::countr_zero(m);
        for (int round = 0; round < MaxOrderRounds; ++round) {
            o.touched = 0;
            if (timing) {
                // Can card c go by time t, with every card that must go first?
                auto in_time = [&](int c, int t) { return ((o.before[c] | std::uint64_t{1} << c) & later[t]) == 0; };
                // A waste card, or a stock card turned earlier, pairs with a
                // stock card only while that one is turned and it is the
                // waste top; if it cannot be uncovered by then, the stock card
                // lands on top of it for good.
                auto cut = [&](int c, int from) {
                    for (std::uint64_t x = o.partners[c] & coming; x; x &= x - 1) {
                        const int s = std::countr_zero(x);
                        if (when[s] < from) continue;
                        if (o.before[c] & later[when[s]]) o.drop(c, std::uint64_t{1} << s);
                    }
                };
                for (int i = 0; i < nw; ++i)
                    if (pairing >> waste[i] & 1) cut(waste[i], 0);
                for (int i = 0; i < ns; ++i)
                    if (pairing >> stock[i] & 1) cut(stock[i], when[stock[i]] + 1);
                std::uint64_t buried = 0;  // stock cards gone onto the waste
                for (int i = 0; i < ns; ++i) {
                    const int s = stock[i];
                    const int t = when[s];
                    if (!(pairing >> s & 1)) continue;
                    bool can = false;
                    for (std::uint64_t x = o.partners[s]; x && !can; x &= x - 1) can = in_time(std::countr_zero(x), t);
                    if (can) continue;
                    // The highest waste card still there; the rest lie under it.
                    for (int j = 0; j < nw; ++j) {
                        const int w = waste[j];
                        if (in_time(w, t)) continue;
                        if (!(o.before[w] >> s & 1) && !o.add(s, w, required)) return true;
                        break;
                    }
                    for (std::uint64_t x = buried; x; x &= x - 1) {
                        const int w = std::countr_zero(x);
                        if ((o.before[w] >> s & 1) || in_time(w, t)) continue;
                        if (!o.add(s, w, required)) return true;
                    }
                    buried |= std::uint64_t{1} << s;
                }
            }
            // A card's own facts, partners or its partners' facts changed.
            dirty |= o.touched;
            for (std::uint64_t m = pairing & (dirty | partner_ranks(dirty)); m; m &= m - 1) {
                const int c = std::countr_zero(m);
                const std::uint64_t bit = std::uint64_t{1} << c;
                if (const std::uint64_t ordered = o.partners[c] & (o.before[c] | o.after[c])) o.drop(c, ordered);
                // Under a card that can never go, it can never go either.
                if (o.before[c] & stuck) o.drop(c, o.partners[c]);
                const std::uint64_t partners = o.partners[c];
                if (!partners) {
                    if (required & bit) return true;
                    stuck |= bit;
                    continue;
                }
                std::uint64_t before_all = remaining, after_all = remaining;
                for (std::uint64_t x = partners; x; x &= x - 1) {
                    before_all &= o.before[std::countr_zero(x)];
                    after_all &= o.after[std::countr_zero(x)];
                }
                if (const std::uint64_t xs = before_all & ~o.before[c] & ~bit)
                    if (!o.add_all(xs, bit, required)) return true;
                if (!(required & bit)) continue;
                if (const std::uint64_t ys = after_all & ~o.after[c] & ~bit)
                    if (!o.add_all(bit, ys, required)) return true;
                if (std::popcount(partners) == 1) {
                    // It goes with this one partner, at the same moment.
                    const int p = std::countr_zero(partners);
                    const std::uint64_t pbit = std::uint64_t{1} << p;
                    if (const std::uint64_t xs = o.before[c] & remaining & ~o.before[p] & ~pbit)
                        if (!o.add_all(xs, pbit, required)) return true;
                    if (const std::uint64_t ys = o.after[c] & remaining & ~o.after[p] & ~pbit)
                        if (!o.add_all(pbit, ys, required)) return true;
                }
            }
            dirty = o.touched & remaining;
            if (!dirty) break;
        }
        for (std::uint64_t m = required & ~pairing; m; m &= m - 1)  // Kings that must go
            if (o.before[std::countr_zero(m)] & stuck) return true;
        return unmatched(o.partners, pairing, required, o.repartnered);
    }

    // A move that breaks a fact of order can lead only to a lost position:
    // it removes a card while one that must go first is still there, or
    // pairs two cards that can never pair.
    bool breaks_order(const Order& o, const Move& m) const {
        if (m.kind != MoveKind::Pair && m.kind != MoveKind::Lone) return false;
        const std::uint64_t gone = m.ca.bit() | (m.kind == MoveKind::Pair ? m.cb.bit() : 0);
        const std::uint64_t left = o.remaining & ~gone;
        if (o.before[m.ca.code] & left) return true;
        if (m.kind == MoveKind::Lone) return false;
        return (o.before[m.cb.code] & left) != 0 || !(o.partners[m.ca.code] >> m.cb.code & 1);
    }

    // Hall's condition fails for some pair of ranks: the cards that must go
    // cannot all be given distinct partners.
    // Only pairs of ranks with a card in `changed` are looked at.
    bool unmatched(const std::array<std::uint64_t, 64>& partners, std::uint64_t pairing, std::uint64_t required,
                   std::uint64_t changed = ~std::uint64_t{0}) const {
        const Variant& v = rules_.variant;
        const int top = deck_ranks(v.deck);
        for (int r = 1; r <= top; ++r) {
            const int want = v.target - r;
            if (want < r || want > top) continue;  // (want, r) seen already, or no partner rank
            if (!(changed & (rank_bits(r) | rank_bits(want)))) continue;
            std::array<unsigned, 4> adj{};
            const unsigned left = static_cast<unsigned>(pairing >> (4 * r)) & 0xF;
            for (unsigned m = left; m; m &= m - 1) {
                const int suit = std::countr_zero(m);
                adj[suit] = static_cast<unsigned>(partners[4 * r + suit] >> (4 * want)) & 0xF;
            }
            const unsigned need_left = static_cast<unsigned>(required >> (4 * r)) & 0xF;
            if (want == r) {
                if (!pairs_within(adj, left, need_left)) return true;
                continue;
            }
            const unsigned need_right = static_cast<unsigned>(required >> (4 * want)) & 0xF;
            // A matching covering both sides' needs exists if one covers
            // each side's (Mendelsohn and Dulmage).
            const HallTable& hall = hall_table();
            const unsigned graph = adj[0] | adj[1] << 4 | adj[2] << 8 | adj[3] << 12;
            if (!(hall.rows[graph] >> need_left & 1) || !(hall.columns[graph] >> need_right & 1)) return true;
        }
        return false;
    }

    // For every bipartite graph between four cards and four (16 bits, row a
    // in bits 4a..4a+3): which sets of rows, and which sets of columns, can
    // all be matched. Hall's condition, worked out once.
    struct HallTable {
        std::array<std::uint16_t, 1 << 16> rows{}, columns{};
        HallTable() {
            for (unsigned graph = 0; graph < (1u << 16); ++graph) {
                std::array<unsigned, 4> adj{}, back{};
                for (int a = 0; a < 4; ++a) {
                    adj[a] = graph >> (4 * a) & 0xF;
                    for (int b = 0; b < 4; ++b)
                        if (adj[a] >> b & 1) back[b] |= 1u << a;
                }
                rows[graph] = matchable(adj);
                columns[graph] = matchable(back);
            }
        }
        // Bit `need` set if the rows in `need` can all be matched: no subset
        // of them has fewer neighbours than members.
        static std::uint16_t matchable(const std::array<unsigned, 4>& adj) {
            std::array<unsigned, 16> neighbours{};
            unsigned bad = 0;
            for (unsigned sub = 1; sub < 16; ++sub) {
                neighbours[sub] = neighbours[sub & (sub - 1)] | adj[std::countr_zero(sub)];
                if (std::popcount(neighbours[sub]) < std::popcount(sub)) bad |= 1u << sub;
            }
            // A set is bad if any subset is: spread upwards, one card at a time.
            bad |= (bad << 1) & 0xAAAA;
            bad |= (bad << 2) & 0xCCCC;
            bad |= (bad << 4) & 0xF0F0;
            bad |= (bad << 8) & 0xFF00;
            return static_cast<std::uint16_t>(~bad);
        }
    };
    static const HallTable& hall_table() {
        static const HallTable table;
        return table;
    }

    // Cards of one rank pairing among themselves (6 + 6 = 12): is there a
    // matching covering `need`? At most four cards, so try them all.
    static bool pairs_within(const std::array<unsigned, 4>& adj, unsigned free, unsigned need) {
        need &= free;
        if (!need) return true;
        const int v = std::countr_zero(need);
        free &= ~(1u << v);
        for (unsigned m = adj[v] & free; m; m &= m - 1) {
            const int u = std::countr_zero(m);
            if (pairs_within(adj, free & ~(1u << u), need & ~(1u << u))) return true;
        }
        return false;
    }

    // Normal form: a pair whose two cards were both in play before the
    // previous move m could have been made before m, reaching the same
    // position after both (m does not touch its cards: a draw only moves the
    // turned card onto the waste, where it still pairs the same; a pair or a
    // recycle leaves them be). So such a pair is tried right away, never
    // later: after m it is skipped, unless m was itself such a pair that comes
    // before it in a fixed order (pairs open at the same moment go in that
    // order). Every winning line can be reordered into this form without
    // growing, so nothing winnable is lost and the shortest line stays.
    // Kings made at once are not moves a pair can be moved before: after one,
    // the context of the move before it still holds.
    struct Context {
        std::uint64_t in_play_before = 0;  // card codes in play before the previous move
        int last_pair = -1;                // order of the previous move if it was a pair
    };

    static int pair_order(const Move& m) {
        const int lo = std::min(m.ca.code, m.cb.code), hi = std::max(m.ca.code, m.cb.code);
        return lo * 64 + hi;
    }

    static bool skipped(const Move& m, const Context& c) {
        if (m.kind != MoveKind::Pair) return false;
        const std::uint64_t both = m.ca.bit() | m.cb.bit();
        if ((c.in_play_before & both) != both) return false;
        return !(c.last_pair >= 0 && pair_order(m) > c.last_pair);
    }

    // Kings alone, then pairs of pyramid cards, pairs that free the most
    // cards, pairs that dig the waste; then draws; a recycle last.
    int order(const Move& m, std::uint64_t free) const {
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

    // A King is made at once when doing so can never cost anything: always
    // when looking for any win; for the shortest line only if it must go
    // anyway. Not a stock or waste King when cards are drawn three at a time
    // and a recycle may follow: removing it shifts which cards the later
    // draws show.
    bool forced(const Move& m) const {
        if (m.kind != MoveKind::Lone) return false;
        const Variant& v = rules_.variant;
        if (m.a >= 64 && v.draw > 1 && passes_left(v, pos_.pass())) return false;
        if (!o_.shortest || v.goal == Goal::AllCards) return true;
        return m.a < 64 && (goal_tableau_ >> m.a & 1);
    }

    // A card that must go and has one partner left goes with it: if both are
    // in play, pairing them now costs nothing (neither is any other card's
    // partner in a winning line), like a King. Not with a stock or waste
    // card where a later draw of three would show other cards for it.
    bool forced_pair(const Order& o, const Move& m) const {
        if (m.kind != MoveKind::Pair) return false;
        const Variant& v = rules_.variant;
        if ((m.a >= 64 || m.b >= 64) && v.draw > 1 && passes_left(v, pos_.pass()))
            return false;
        auto alone = [&](Card c) { return (o.required >> c.code & 1) && std::popcount(o.partners[c.code]) == 1; };
        return alone(m.ca) || alone(m.cb);
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
        // The pyramid goal, last pass: a waste card under every card that
        // pairs with a pyramid card can never matter.
        std::uint64_t useful = ~std::uint64_t{0};
        if (rules_.variant.goal == Goal::Pyramid && !passes_left(rules_.variant, pos_.pass()))
            useful = partner_ranks(pos_.tableau_codes() & pyramid_codes_);
        Key k = pos_.key(useful);
        // What the normal form forbids here is part of the position's identity.
        const std::uint64_t live = ctx.in_play_before & in_play;
        if (std::popcount(live) >= 2) {
            k.a = mix(k.a ^ mix(live + 0x51ED27ULL));
            k.b = mix(k.b + mix(static_cast<std::uint64_t>(ctx.last_pair + 2) * 0x9E3779B97F4A7C15ULL + live));
        }
        const int seen = table_.find(k);
        if (seen >= depth) {
            if (seen < MaxDepth) depth_limited_ = true;
            return false;
        }
        if (dead(ply, last)) {
            table_.store(k, MaxDepth);
            return false;
        }
        // One move list per ply, made once: a MoveList is large.
        if (move_lists_.size() <= static_cast<std::size_t>(ply)) move_lists_.resize(static_cast<std::size_t>(ply) + 64);
        MoveList& moves = move_lists_[static_cast<std::size_t>(ply)];
        pos_.legal_moves(moves, free);
        std::array<int, 160> rank;
        std::array<int, 160> idx;
        int n = 0;
        bool at_once = false;  // a King or a forced pair, the only move tried
        const Order& facts = orders_[static_cast<std::size_t>(ply)];
        for (int i = 0; i < moves.size; ++i) {
            if (forced(moves.moves[i])) {
                // The King goes now or never: if it breaks an order, the position is lost.
                n = 0;
                if (!breaks_order(facts, moves.moves[i])) idx[n++] = i;
                at_once = true;
                break;
            }
            if (skipped(moves.moves[i], ctx)) continue;
            if (breaks_order(facts, moves.moves[i])) continue;
            if (forced_pair(facts, moves.moves[i])) {
                n = 0;
                idx[n++] = i;
                at_once = true;
                break;
            }
            rank[i] = order(moves.moves[i], free);
            idx[n++] = i;
        }
        // Insertion sort, stable: a few moves, no allocation.
        for (int i = 1; i < n; ++i) {
            const int x = idx[i];
            int j = i;
            for (; j > 0 && rank[idx[j - 1]] < rank[x]; --j) idx[j] = idx[j - 1];
            idx[j] = x;
        }
        const bool limited_before = depth_limited_;
        depth_limited_ = false;
        for (int i = 0; i < n; ++i) {
            const Move& m = moves.moves[idx[i]];
            Context next = ctx;
            if (!at_once) {
                next.in_play_before = in_play;
                next.last_pair = m.kind == MoveKind::Pair ? pair_order(m) : -1;
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
    PairingFacts facts_;  // what the layout alone says of which card pairs with which
    // By ply, along the current line: the facts of order, and the moves.
    // Deques: growing them leaves the elements in place.
    std::deque<Order> orders_;
    std::deque<MoveList> move_lists_;
    std::uint64_t pyramid_codes_ = 0;
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
            m = game.resolve(m.kind == MoveKind::Pair   ? MoveRequest{m.kind, m.ca, m.cb, -1}
                             : m.kind == MoveKind::Lone ? MoveRequest{m.kind, m.ca, NoCard, -1}
                             : MoveRequest{m.kind, NoCard, NoCard, rules.variant.waste_piles > 1 ? m.pile : -1},
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
