// The dead-state test in phases: the facts a position starts with (from the
// layout, or from its parent's), the stock times of the last pass, the
// closure over partners, and Hall's condition last.
#include "order_facts.hpp"

#include <algorithm>
#include <bit>

#include "hall.hpp"

namespace pyr {

namespace {

constexpr int MaxOrderRounds = 8;

constexpr std::uint64_t bit_of(int code) { return std::uint64_t{1} << code; }

// Draw 1, one pile, last pass: when each stock card is turned (0 = the turned
// card, 1 the next), and later[t], the cards that cannot go by time t (as
// order_facts.hpp says). Worked out once a position: as facts only grow and
// partners only go, it stays true, if less sharp, through the rounds.
struct StockTimes {
    std::array<std::uint8_t, 64> when{};  // by card code
    std::uint64_t coming = 0;             // the turned card and the stock
    int never = 0;                        // later than any card comes
    std::array<std::uint64_t, 66> later;

    // `never_go`: the cards with no partner left.
    void fill(const OrderInput& in, const OrderFacts& o, std::uint64_t pairing, std::uint64_t never_go) {
        for (int i = 0; i < in.stock_count; ++i) {
            when[in.stock[i]] = in.stock_time[i];
            coming |= bit_of(in.stock[i]);
        }
        never = in.stock_count + 1;
        later[never] = later[never + 1] = 0;
        const std::uint64_t pairing_left = o.remaining & pairing;
        // From the last time down, each card joins when it first cannot go.
        // The stock comes in order, a card a time: stock[i] is turned at stock_time[i].
        std::uint64_t late = 0;
        int next = in.stock_count - 1;  // the stock card turned at t + 1, if any
        for (int t = never - 1; t >= 0; --t) {
            std::uint64_t grown = t == never - 1 ? never_go : 0;
            if (next >= 0 && in.stock_time[next] == t + 1) grown |= bit_of(in.stock[next--]);
            grown &= o.remaining & ~late;
            while (grown) {
                grown = o.with_after(grown) & o.remaining & ~late;
                late |= grown;
                // A card all of whose partners are late now has one in `grown`.
                std::uint64_t partnered = 0;
                for (std::uint64_t m = grown & pairing_left; m; m &= m - 1) partnered |= o.partners[std::countr_zero(m)];
                std::uint64_t waiting = 0;
                for (std::uint64_t m = partnered & pairing_left & ~late; m; m &= m - 1)
                    if (!(o.partners[std::countr_zero(m)] & ~late)) waiting |= m & -m;
                grown = waiting;
            }
            later[t] = late;
        }
    }
};

// What held before the move still holds: only new cards on a waste pile add facts.
bool inherit(const PairingFacts& facts, const OrderInput& in, const OrderFacts& parent, bool drew, OrderFacts& o,
             std::uint64_t& dirty) {
    // Only the entries of card codes (those below and above are never read).
    constexpr std::size_t first = 4, count = 4 * deck_ranks(DeckKind::French);  // rank 1 to the largest deck's top
    std::copy_n(parent.before.begin() + first, count, o.before.begin() + first);
    std::copy_n(parent.after.begin() + first, count, o.after.begin() + first);
    std::copy_n(parent.partners.begin() + first, count, o.partners.begin() + first);
    dirty = 0;
    // Partners are both ways: the cards gone were partners of those whose
    // partners change.
    const std::uint64_t remaining = o.remaining, gone = parent.remaining & ~remaining & facts.pairable;
    for (std::uint64_t m = gone; m; m &= m - 1)
        for (std::uint64_t x = parent.partners[std::countr_zero(m)] & remaining; x; x &= x - 1) {
            o.partners[std::countr_zero(x)] &= ~gone;
            dirty |= x & -x;
        }
    // The parent met Hall's condition: with fewer cards to match and the
    // same partners, so does this position.
    o.repartnered = dirty;
    if (!drew) return false;
    // The drawn cards lie on top of a pile (with several piles, of one of
    // them): walk each pile down to the first pair of cards already in order;
    // the cards below are old.
    const int nw = in.waste_count;
    const std::uint64_t required = o.required;
    for (int top = 0; top < nw; ++top) {
        if (top > 0 && in.pile[top] == in.pile[top - 1]) continue;  // not a pile's top card
        for (int i = top; i + 1 < nw && in.pile[i] == in.pile[i + 1]; ++i) {
            const int upper = in.waste[i], lower = in.waste[i + 1];
            if (o.before[lower] >> upper & 1) break;
            if (!o.add(upper, lower, required)) return true;
            std::uint64_t under = 0;
            for (int j = i + 1; j < nw && in.pile[j] == in.pile[i]; ++j) under |= bit_of(in.waste[j]);
            if (const std::uint64_t apart = o.partners[upper] & under) o.drop(upper, apart);
        }
    }
    return false;
}

// A position's facts from scratch: the layout's, then the waste piles' of the last pass.
bool start_from_layout(const Variant& v, const PairingFacts& facts, const OrderInput& in, OrderFacts& o) {
    const std::uint64_t remaining = o.remaining;
    const std::uint64_t pairing = remaining & facts.pairable;
    for (std::uint64_t m = remaining; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        o.before[c] = facts.before[c] & remaining;
        o.after[c] = facts.after[c] & remaining;
    }
    // Never a card that must go before it, nor one it must go before.
    for (std::uint64_t m = pairing; m; m &= m - 1) o.partners[std::countr_zero(m)] = facts.possible_partners(std::countr_zero(m), remaining);
    if (!v.turned_pairs_waste && v.waste_piles == 1)
        for (std::uint64_t m = in.talon & pairing; m; m &= m - 1) o.partners[std::countr_zero(m)] &= ~in.talon;
    const int nw = in.waste_count;
    std::array<std::uint64_t, MaxWastePiles> seen{};
    for (int i = 0; i < nw; ++i) {
        o.before[in.waste[i]] |= seen[in.pile[i]];
        seen[in.pile[i]] |= bit_of(in.waste[i]);
    }
    std::array<std::uint64_t, MaxWastePiles> below{};
    for (int i = nw - 1; i >= 0; --i) {
        o.after[in.waste[i]] |= below[in.pile[i]];
        below[in.pile[i]] |= bit_of(in.waste[i]);
    }
    for (int i = 0; i < nw; ++i) o.partners[in.waste[i]] &= ~seen[in.pile[i]];  // the whole pile: both ways
    return hall_fails(v, o.partners, pairing, o.required);
}

// The last pass, draw 1: what the stock's times forbid or force. `recheck`:
// the cards whose facts grew since the last time (a cut depends on nothing else).
bool apply_stock_times(const PairingFacts& facts, const OrderInput& in, const StockTimes& times, OrderFacts& o,
                       std::uint64_t recheck) {
    const std::uint64_t pairing = o.remaining & facts.pairable, required = o.required;
    // Can card c go by time t, with every card that must go first?
    auto in_time = [&](int c, int t) { return ((o.before[c] | bit_of(c)) & times.later[t]) == 0; };
    // A waste card, or a stock card turned earlier, pairs with a stock card
    // only while that one is turned and it is the waste top; if it cannot go
    // by then, the stock card lands on top of it for good.
    auto cut = [&](int c, int from) {
        for (std::uint64_t x = o.partners[c] & times.coming; x; x &= x - 1) {
            const int s = std::countr_zero(x);
            if (times.when[s] < from) continue;
            if (!in_time(c, times.when[s])) o.drop(c, bit_of(s));
        }
    };
    const std::uint64_t cuttable = pairing & recheck;
    for (std::uint64_t m = cuttable & in.talon & ~times.coming; m; m &= m - 1) cut(std::countr_zero(m), 0);  // the waste
    for (std::uint64_t m = cuttable & times.coming; m; m &= m - 1)
        cut(std::countr_zero(m), times.when[std::countr_zero(m)] + 1);
    std::uint64_t buried = 0;  // stock cards gone onto the waste
    for (int i = 0; i < in.stock_count; ++i) {
        const int s = in.stock[i];
        const int t = times.when[s];
        if (!(pairing >> s & 1)) continue;
        // It goes when turned only if it and one of its partners can.
        bool can = false;
        if (in_time(s, t))
            for (std::uint64_t x = o.partners[s]; x && !can; x &= x - 1) can = in_time(std::countr_zero(x), t);
        if (can) continue;
        // The highest waste card still there; the rest lie under it.
        for (int j = 0; j < in.waste_count; ++j) {
            const int w = in.waste[j];
            if (in_time(w, t)) continue;
            if (!(o.before[w] >> s & 1) && !o.add(s, w, required)) return true;
            break;
        }
        for (std::uint64_t x = buried; x; x &= x - 1) {
            const int w = std::countr_zero(x);
            if ((o.before[w] >> s & 1) || in_time(w, t)) continue;
            if (!o.add(s, w, required)) return true;
        }
        buried |= bit_of(s);
    }
    return false;
}

// Cards the normal form holds apart never pair with each other.
void drop_held(std::uint64_t held, OrderFacts& o) {
    for (std::uint64_t m = held; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        if (const std::uint64_t apart = o.partners[c] & held) o.drop(c, apart);
    }
}

// One round of the partner rules over the cards whose own facts, partners or
// partners' facts changed (`dirty`).
bool close_over_partners(const PairingFacts& facts, OrderFacts& o, std::uint64_t dirty, std::uint64_t& stuck) {
    const std::uint64_t remaining = o.remaining, required = o.required;
    const std::uint64_t pairing = remaining & facts.pairable;
    for (std::uint64_t m = pairing & (dirty | facts.partner_ranks(dirty)); m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const std::uint64_t bit = bit_of(c);
        if (const std::uint64_t ordered = o.partners[c] & (o.before[c] | o.after[c])) o.drop(c, ordered);
        // Under a card that can never go, it can never go either.
        if ((o.before[c] & stuck) && o.partners[c]) o.drop(c, o.partners[c]);
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
            const std::uint64_t pbit = bit_of(p);
            if (const std::uint64_t xs = o.before[c] & remaining & ~o.before[p] & ~pbit)
                if (!o.add_all(xs, pbit, required)) return true;
            if (const std::uint64_t ys = o.after[c] & remaining & ~o.after[p] & ~pbit)
                if (!o.add_all(pbit, ys, required)) return true;
        }
    }
    return false;
}

}  // namespace

bool DeadEndTest::dead(const OrderInput& in, const OrderFacts* parent, const Move* last, OrderFacts& o) const {
    const std::uint64_t remaining = in.tableau | in.talon;
    const std::uint64_t required = must_go(in.tableau, in.talon);
    if (required & facts_.unpairable) return true;
    const std::uint64_t pairing = remaining & facts_.pairable;
    std::uint64_t dirty = pairing;  // cards to look at again
    // Before the last pass a draw removes no card and adds no fact: the
    // parent's facts are this position's, but for the pairs it holds apart.
    const bool from_parent = parent && last && last->kind != MoveKind::Recycle;
    const bool as_parent = from_parent && last->kind == MoveKind::Draw && !reads_waste(in.pass);
    if (as_parent) {
        o = *parent;
        o.touched = o.repartnered = 0;
        dirty = 0;
    } else {
        o.remaining = remaining;
        o.required = required;
        o.touched = 0;
        o.repartnered = pairing;
        if (from_parent) {
            if (inherit(facts_, in, *parent, last->kind == MoveKind::Draw && reads_waste(in.pass), o, dirty)) return true;
        } else if (start_from_layout(variant_, facts_, in, o)) {
            return true;
        }
    }
    drop_held(in.held & pairing, o);
    if (as_parent && !o.touched) return false;
    const bool timing = reads_stock(in.pass);
    // Cards with no partner left: they can never go. Those of the parent, and
    // of the cards whose partners changed since (repartnered), where known.
    const bool alone_needed = timing || required != remaining;
    std::uint64_t alone = 0;
    if (alone_needed) {
        std::uint64_t look = pairing;
        if (from_parent && parent->alone_known) {
            alone = parent->alone & pairing;
            look = o.repartnered & pairing & ~alone;
        }
        for (std::uint64_t m = look; m; m &= m - 1)
            if (!o.partners[std::countr_zero(m)]) alone |= m & -m;
    }
    o.alone_known = false;
    StockTimes times;
    if (timing) times.fill(in, o, pairing, alone);
    dirty |= o.touched;
    // Cards that can never go (where not every card must; else the closure finds them dead).
    std::uint64_t stuck = required != remaining ? alone : 0;
    bool settled = false;  // a fixed point: every card whose partners went was looked at again
    for (int round = 0; round < MaxOrderRounds && !settled; ++round) {
        o.touched = 0;
        if (timing && apply_stock_times(facts_, in, times, o, round == 0 ? ~std::uint64_t{0} : dirty)) return true;
        dirty |= o.touched;
        if (close_over_partners(facts_, o, dirty, stuck)) return true;
        dirty = o.touched & remaining;
        settled = !dirty;
    }
    for (std::uint64_t m = required & ~pairing; m; m &= m - 1)  // Kings that must go
        if (o.before[std::countr_zero(m)] & stuck) return true;
    if (hall_fails(variant_, o.partners, pairing, required, o.repartnered)) return true;
    // A card that lost its last partner in the rounds was found so there: it
    // can never go (stuck), or the position was dead.
    o.alone = alone | stuck;
    o.alone_known = alone_needed && settled;
    return false;
}

}  // namespace pyr
