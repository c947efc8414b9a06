// The solver's two ways to store a position, for lib/solve/solver.cpp and the tests
// that prove them in step with pyr::Game (tests/test_solver_position.cpp).
// Both offer the engine's own moves and take the rules of a move from
// game.hpp; neither decides by itself what is legal.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "lib/rules/game.hpp"
#include "lost_table.hpp"
#include "order_facts.hpp"

namespace pyr {

// One waste pile (every preset but Apophis): the talon is a bit set over stock indices; the waste is the
// talon below boundary w (its top the highest), the turned card (draw 1) the
// lowest talon card at or above w, the stock the rest.
class FastPosition {
public:
    // The whole position (the cards' places are the deal's): what a
    // best-first search keeps of each position it has reached.
    struct Bits {
        std::uint64_t present = 0, talon = 0;
        std::uint64_t cards = 0, talon_cards = 0;  // by card code: all remaining; those of the talon
        std::uint8_t w = 0, pass = 1;
        bool turned = false, removed_this_pass = false;
    };
    // From any position of a game: the talon's order is the waste from the
    // bottom, then the turned card, then the stock.
    explicit FastPosition(const Game& game) : rules_(game.rules()) {
        const State& g = game.state();
        int n = 0;
        for (int i = 0; i < g.waste_len[0]; ++i) stock_[n++] = g.waste[0][i];
        s_.w = static_cast<std::uint8_t>(n);
        if (g.turned.valid()) stock_[n++] = g.turned;
        for (int i = g.stock_pos; i < g.stock_len; ++i) stock_[n++] = g.stock[i];
        for (int i = 0; i < n; ++i) s_.talon_cards |= stock_[i].bit();
        for (int p = 0; p < rules_.layout.size; ++p) tableau_[p] = game.tableau_card(p);
        s_.present = g.present;
        s_.talon = low_bits(n);
        s_.turned = g.turned.valid();
        s_.pass = g.pass;
        s_.removed_this_pass = g.removed_this_pass;
        s_.cards = s_.talon_cards;
        for (std::uint64_t m = g.present; m; m &= m - 1) s_.cards |= tableau_[std::countr_zero(m)].bit();
        stack_.reserve(512);
    }

    bool won() const { return goal_reached(rules_, s_.present, s_.talon == 0); }
    std::uint64_t present() const { return s_.present; }
    std::uint64_t free_mask() const { return free_positions(rules_.layout, s_.present); }
    std::uint64_t tableau_codes() const { return s_.cards & ~s_.talon_cards; }
    // Cards in play, by card code: free tableau cards, the turned card, the waste top.
    std::uint64_t in_play_codes(std::uint64_t free) const {
        std::uint64_t m = 0;
        for (std::uint64_t f = free; f; f &= f - 1) m |= tableau_[std::countr_zero(f)].bit();
        if (s_.turned) m |= stock_[std::countr_zero(s_.talon & ~low_bits(s_.w))].bit();
        if (const std::uint64_t waste = s_.talon & low_bits(s_.w)) m |= stock_[63 - std::countl_zero(waste)].bit();
        return m;
    }
    std::uint64_t talon_codes() const { return s_.talon_cards; }
    int pass() const { return s_.pass; }
    bool removed_this_pass() const { return s_.removed_this_pass; }
    // The waste's cards, top first: f(pile, code).
    template <class F>
    void for_waste_top_down(F f) const {
        for (std::uint64_t m = s_.talon & low_bits(s_.w); m;) {
            const int i = 63 - std::countl_zero(m);
            m &= ~(std::uint64_t{1} << i);
            f(0, stock_[i].code);
        }
    }
    // The turned card (time 0) and the cards still to come from the stock
    // (time 1 next): f(time, code).
    template <class F>
    void for_stock(F f) const {
        int t = s_.turned ? 0 : 1;
        for (std::uint64_t rest = s_.talon & ~low_bits(s_.w); rest; rest &= rest - 1, ++t)
            f(t, stock_[std::countr_zero(rest)].code);
    }

    void legal_moves(MoveList& out, std::uint64_t free) const {
        out.size = 0;
        const Variant& v = rules_.variant;
        std::array<Loc, 64> locs;
        std::array<Card, 64> cards;
        int n = 0;
        for (std::uint64_t m = free; m; m &= m - 1) {
            const int pos = std::countr_zero(m);
            locs[n] = static_cast<Loc>(pos);
            cards[n] = tableau_[pos];
            ++n;
        }
        const std::uint64_t above = s_.talon & ~low_bits(s_.w);
        if (s_.turned) {
            locs[n] = LocTurned;
            cards[n] = stock_[std::countr_zero(above)];
            ++n;
        }
        if (const std::uint64_t waste = s_.talon & low_bits(s_.w)) {
            locs[n] = LocWaste;
            cards[n] = stock_[63 - std::countl_zero(waste)];
            ++n;
        }
        list_card_moves(v, locs, cards, n, out);
        if (v.overlapping) list_overlapping_pairs(rules_, s_.present, free, tableau_, out);
        // The draw and the recycle, in the talon's terms: Game::legal_moves says the same of its stock and waste.
        if (above) out.push({MoveKind::Draw, LocNone, LocNone, NoCard, NoCard, 0});
        if (!above && (s_.talon & low_bits(s_.w)) && pass_allows_recycle(v, s_.pass, s_.removed_this_pass))
            out.push({MoveKind::Recycle, LocNone, LocNone, NoCard, NoCard, 0});
    }

    void apply(const Move& m) {
        stack_.push_back(s_);
        switch (m.kind) {
        case MoveKind::Pair:
            take(m.a);
            take(m.b);
            s_.removed_this_pass = true;
            return;
        case MoveKind::Lone:
            take(m.a);
            s_.removed_this_pass = true;
            return;
        case MoveKind::Draw: {
            const std::uint64_t above = s_.talon & ~low_bits(s_.w);
            if (rules_.variant.draw == 1) {
                if (s_.turned) {
                    s_.w = static_cast<std::uint8_t>(std::countr_zero(above) + 1);
                    s_.turned = (s_.talon & ~low_bits(s_.w)) != 0;
                } else {
                    s_.turned = true;
                }
            } else {
                std::uint64_t rest = above;
                for (int i = 0; i < rules_.variant.draw && rest; ++i, rest &= rest - 1)
                    s_.w = static_cast<std::uint8_t>(std::countr_zero(rest) + 1);
            }
            return;
        }
        case MoveKind::Recycle:
            s_.w = 0;
            s_.turned = false;
            ++s_.pass;
            s_.removed_this_pass = false;
            return;
        }
    }
    void undo() {
        s_ = stack_.back();
        stack_.pop_back();
    }
    const Bits& bits() const { return s_; }
    void set_bits(const Bits& b) { s_ = b; }

    // `useful`: where only some cards matter (see Search::dfs), the cards
    // that do; waste cards under the lowest of them are left out.
    Key key(std::uint64_t useful = ~std::uint64_t{0}) const {
        // With unlimited passes the pass number changes nothing, but whether a
        // card went during this pass does (it allows a recycle).
        const bool unlimited = rules_.variant.passes == UnlimitedPasses;
        return key_in_pass(useful, unlimited ? (s_.removed_this_pass ? 1 : 0) : s_.pass);
    }

    // The keys of this position in each earlier pass (the cards where they
    // are), from which it can be no easier to win: the same moves, and a
    // recycle wherever this position has one. f(key) until it returns true.
    // (With unlimited passes there are none: the pass is not in the key.)
    template <class F>
    void for_easier_keys(F f) const {
        if (rules_.variant.passes == UnlimitedPasses) return;
        for (int p = s_.pass - 1; p >= 1; --p)
            if (f(key_in_pass(~std::uint64_t{0}, static_cast<std::uint64_t>(p)))) return;
    }

private:
    // The key, with `pass` standing for the pass (see key()).
    Key key_in_pass(std::uint64_t useful, std::uint64_t pass) const {
        std::uint64_t talon = s_.talon;
        if (~useful) {
            std::uint64_t waste = talon & low_bits(s_.w);
            while (waste && !(useful >> stock_[std::countr_zero(waste)].code & 1)) waste &= waste - 1;
            talon = (talon & ~low_bits(s_.w)) | waste;
        }
        const std::uint64_t waste = s_.talon & low_bits(s_.w);
        const std::uint64_t w = waste ? 64 - std::countl_zero(waste) : 0;
        return Key{s_.present | (w << 52) | (std::uint64_t{s_.turned} << 59), talon | (pass << 56)};
    }

private:
    void take(Loc loc) {
        if (loc < 64) {
            s_.present &= ~(std::uint64_t{1} << loc);
            s_.cards &= ~tableau_[loc].bit();
            return;
        }
        const int index = loc == LocTurned ? std::countr_zero(s_.talon & ~low_bits(s_.w))
                                           : 63 - std::countl_zero(s_.talon & low_bits(s_.w));
        if (loc == LocTurned) s_.turned = false;
        s_.talon &= ~(std::uint64_t{1} << index);
        s_.cards &= ~stock_[index].bit();
        s_.talon_cards &= ~stock_[index].bit();
    }

    const Rules& rules_;
    std::array<Card, 64> tableau_{}, stock_{};
    Bits s_;
    std::vector<Bits> stack_;
};

// Several waste piles: the engine's own Game, keyed by a hash of everything.
class GamePosition {
public:
    explicit GamePosition(const Game& game) : rules_(game.rules()), game_(game) {}
    bool won() const { return game_.goal_reached(); }
    std::uint64_t present() const { return game_.state().present; }
    std::uint64_t free_mask() const { return game_.free_mask(); }
    std::uint64_t tableau_codes() const {
        std::uint64_t m = 0;
        for (std::uint64_t p = game_.state().present; p; p &= p - 1)
            m |= game_.tableau_card(std::countr_zero(p)).bit();
        return m;
    }
    std::uint64_t talon_codes() const {
        const State& s = game_.state();
        std::uint64_t m = s.turned.valid() ? s.turned.bit() : 0;
        for (int i = s.stock_pos; i < s.stock_len; ++i) m |= s.stock[i].bit();
        for (int k = 0; k < MaxWastePiles; ++k)
            for (int i = 0; i < s.waste_len[k]; ++i) m |= s.waste[k][i].bit();
        return m;
    }
    int pass() const { return game_.state().pass; }
    bool removed_this_pass() const { return game_.state().removed_this_pass; }
    std::uint64_t in_play_codes(std::uint64_t free) const {
        const State& s = game_.state();
        std::uint64_t m = s.turned.valid() ? s.turned.bit() : 0;
        for (std::uint64_t f = free; f; f &= f - 1) m |= game_.tableau_card(std::countr_zero(f)).bit();
        for (int k = 0; k < MaxWastePiles; ++k)
            if (s.waste_len[k]) m |= s.waste_top(k).bit();
        return m;
    }
    template <class F>
    void for_waste_top_down(F f) const {
        const State& s = game_.state();
        for (int k = 0; k < MaxWastePiles; ++k)
            for (int i = s.waste_len[k] - 1; i >= 0; --i) f(k, s.waste[k][i].code);
    }
    template <class F>
    void for_stock(F f) const {
        const State& s = game_.state();
        if (s.turned.valid()) f(0, s.turned.code);
        for (int i = s.stock_pos, t = 1; i < s.stock_len; ++i, ++t) f(t, s.stock[i].code);
    }
    void legal_moves(MoveList& out, std::uint64_t) const { game_.legal_moves(out); }
    void apply(const Move& m) { game_.apply(m); }
    void undo() { game_.undo(); }
    Key key(std::uint64_t /*useful: every card counts here*/ = ~std::uint64_t{0}) const {
        const State& s = game_.state();
        const std::uint64_t pass = rules_.variant.passes == UnlimitedPasses ? (s.removed_this_pass ? 1 : 0) : s.pass;
        std::uint64_t h1 = mix(s.present ^ 0x1234567ULL), h2 = mix(s.present + 0x9E3779B97F4A7C15ULL);
        auto add = [&](std::uint64_t x) {
            h1 = mix(h1 ^ x);
            h2 = mix(h2 + x * 0xD6E8FEB86659FD93ULL);
        };
        add(pass);
        for (int i = s.stock_pos; i < s.stock_len; ++i) add(s.stock[i].code);
        add(0x100 | s.turned.code);
        for (int k = 0; k < MaxWastePiles; ++k) {
            add(0x200 + static_cast<std::uint64_t>(k));
            for (int i = 0; i < s.waste_len[k]; ++i) add(s.waste[k][i].code);
        }
        return Key{h1, h2};
    }

private:
    const Rules& rules_;
    Game game_;
};

// What the dead-state test reads of a position: the cards left, the pass, and
// the waste and the stock where `test` reads them.
template <class Position>
void fill_order_input(const Position& pos, const DeadEndTest& test, OrderInput& in) {
    in.tableau = pos.tableau_codes();
    in.talon = pos.talon_codes();
    in.pass = pos.pass();
    int n = 0;
    if (test.reads_waste(in.pass))
        pos.for_waste_top_down([&](int pile, int code) {
            in.waste[n] = static_cast<std::uint8_t>(code);
            in.pile[n++] = static_cast<std::uint8_t>(pile);
        });
    in.waste_count = n;
    n = 0;
    if (test.reads_stock(in.pass))
        pos.for_stock([&](int time, int code) {
            in.stock[n] = static_cast<std::uint8_t>(code);
            in.stock_time[n++] = static_cast<std::uint8_t>(time);
        });
    in.stock_count = n;
}

}  // namespace pyr
