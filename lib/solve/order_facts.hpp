// Facts of order between the cards left ("x must go before y", and whom each
// card may still pair with), and the solver's dead-state test that derives
// them from a position, carries them down the line and finds a position that
// can no longer be won. Cards by code (card.hpp), sets of cards as bit sets.
#pragma once
#include <array>
#include <cstdint>

#include "lib/rules/game.hpp"
#include "pairing.hpp"

namespace pyr {

// Closed under "before before is before". The arrays may keep stale bits of
// cards no longer in `remaining`; every reader masks them.
struct OrderFacts {
    std::array<std::uint64_t, 64> before{}, after{}, partners{};
    std::uint64_t remaining = 0;    // the cards left
    std::uint64_t required = 0;     // the cards that must go
    std::uint64_t touched = 0;      // cards whose facts or partners changed
    std::uint64_t repartnered = 0;  // cards whose partners changed
    // Where `alone_known`: the cards with no partner left (of those that go in pairs).
    std::uint64_t alone = 0;
    bool alone_known = false;

    // x goes before y, and so does everything before x before everything
    // after y. False if that puts a card that must go before itself.
    bool add(int x, int y, std::uint64_t required) {
        const std::uint64_t bx = (before[x] & remaining) | std::uint64_t{1} << x;
        const std::uint64_t ay = (after[y] & remaining) | std::uint64_t{1} << y;
        return link(bx, ay, required);
    }
    // Every card of xs goes before every card of ys (and so on, as in add).
    bool add_all(std::uint64_t xs, std::uint64_t ys, std::uint64_t required) {
        return link(with_before(xs) & remaining, with_after(ys) & remaining, required);
    }
    // The cards with every card that must go before one of them (after one of them).
    std::uint64_t with_before(std::uint64_t cards) const {
        for (std::uint64_t m = cards; m; m &= m - 1) cards |= before[std::countr_zero(m)];
        return cards;
    }
    std::uint64_t with_after(std::uint64_t cards) const {
        for (std::uint64_t m = cards; m; m &= m - 1) cards |= after[std::countr_zero(m)];
        return cards;
    }
    // c can never pair with these cards (nor they with c).
    void drop(int c, std::uint64_t cards) {
        partners[c] &= ~cards;
        for (std::uint64_t m = cards; m; m &= m - 1) partners[std::countr_zero(m)] &= ~(std::uint64_t{1} << c);
        touched |= cards | std::uint64_t{1} << c;
        repartnered |= cards | std::uint64_t{1} << c;
    }
    // A move that breaks a fact can lead only to a lost position: it removes
    // a card while one that must go first is still there, or pairs two cards
    // that can never pair.
    bool broken_by(const Move& m) const {
        if (m.kind != MoveKind::Pair && m.kind != MoveKind::Lone) return false;
        const std::uint64_t gone = m.ca.bit() | (m.kind == MoveKind::Pair ? m.cb.bit() : 0);
        const std::uint64_t left = remaining & ~gone;
        if (before[m.ca.code] & left) return true;
        if (m.kind == MoveKind::Lone) return false;
        return (before[m.cb.code] & left) != 0 || !(partners[m.ca.code] >> m.cb.code & 1);
    }

private:
    // Every card of bx before every card of ay, both already closed.
    bool link(std::uint64_t bx, std::uint64_t ay, std::uint64_t required) {
        if (bx & ay & required) return false;
        for (std::uint64_t m = ay; m; m &= m - 1) before[std::countr_zero(m)] |= bx;
        for (std::uint64_t m = bx; m; m &= m - 1) after[std::countr_zero(m)] |= ay;
        touched |= bx | ay;
        return true;
    }
};

// What the dead-state test reads of a position.
struct OrderInput {
    std::uint64_t tableau = 0, talon = 0;  // the cards left in the tableau, and in the stock, turned or waste
    int pass = 1;
    // Only where DeadEndTest::reads_waste: the waste's cards, each pile top first; waste[i] lies on pile[i].
    std::array<std::uint8_t, 64> waste, pile;
    int waste_count = 0;
    // Only where DeadEndTest::reads_stock: the turned card (time 0) and the stock cards in the order they come.
    std::array<std::uint8_t, 64> stock, stock_time;
    int stock_count = 0;
    // Tableau cards no two of which pair with each other from here on (the
    // normal form holds them apart: lib/solve/normal_form.hpp).
    std::uint64_t held = 0;
};

// The dead-state test: every card that must still go needs a partner it can
// still meet, and the order the rules impose must leave room for it.
//
// Facts "x goes before y" (if y is removed at all, x was removed earlier)
// hold in every winning continuation. They start from the layout (a card on
// top of another goes first) and, in the last pass, each waste pile (its
// upper cards go first). Two cards pair only if neither must go before the
// other, and never two of the same waste pile in the last pass, nor two talon
// cards where the turned card may not pair with the waste top. A card is
// removed together with one of its partners, so whatever goes before all of
// its partners goes before it; if it must go at all, whatever goes after all
// of them goes after it; with one partner left, the two go at the same
// moment. A card that can never go (no partner left, where not every card
// must go) keeps every card it must go before.
//
// In the last pass with draw 1, the stock's times add two rules. The cards
// that cannot go by time t are the stock cards turned after t, the cards that
// can never go, every card that must go after one of these, and every card
// all of whose partners are among them (a card goes with a partner, at the
// same moment); a card can go by t if neither it nor a card that must go
// before it is one of them. A waste card (or a stock card turned earlier)
// cannot pair with a stock card turned before it can go; and a stock card
// lands on the waste, over every card still there, unless it and one of its
// partners can go by its turn.
//
// The rules run to a fixed point; a card forced to go before itself is a dead
// end. Last, for each pair of ranks that make the target, Hall's condition
// must hold for a matching that covers every card that must go.
class DeadEndTest {
public:
    // `pyramid_codes`: the cards dealt to the pyramid (what the pyramid goal must clear).
    DeadEndTest(const Rules& rules, const PairingFacts& facts, std::uint64_t pyramid_codes)
        : variant_(rules.variant), facts_(facts), pyramid_codes_(pyramid_codes) {}

    bool reads_waste(int pass) const { return !passes_left(variant_, pass); }
    bool reads_stock(int pass) const {
        return reads_waste(pass) && variant_.draw == 1 && variant_.waste_piles == 1 && variant_.turned_pairs_waste;
    }

    // The cards that must go, of those left in the tableau and the talon.
    std::uint64_t must_go(std::uint64_t tableau, std::uint64_t talon) const {
        return variant_.goal == Goal::AllCards ? tableau | talon : tableau & pyramid_codes_;
    }

    // A card that must go pairs with no rank: dead at once (dead() says so too;
    // a caller may ask first and spare itself filling an OrderInput).
    bool unpairable_left(std::uint64_t tableau, std::uint64_t talon) const {
        return (must_go(tableau, talon) & facts_.unpairable) != 0;
    }

    // True if the position can never be won; else `o` holds its facts.
    // `parent`: the facts of the position `last` was made from, which still
    // hold after any move but a recycle (nullptr at the start): only the cards
    // the move touched are looked at again.
    bool dead(const OrderInput& in, const OrderFacts* parent, const Move* last, OrderFacts& o) const;

private:
    const Variant& variant_;
    const PairingFacts& facts_;
    std::uint64_t pyramid_codes_;
};

}  // namespace pyr
