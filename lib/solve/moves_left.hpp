// A lower bound on the moves still needed to win from a position, for the
// shortest-line search (lib/solve/solver.cpp: its best-first search, A*, and its
// iterative deepening, IDA*, both rest on it). Every move counts, draws and
// recycles too, as in a move log. It never says more than the fewest moves
// (tests/test_solver.cpp checks it against a breadth-first search).
//
// Two parts, counting moves of different kinds, so they add up:
// - removals: each card that must go is removed by a move of its own (a card
//   that goes alone) or with a card of its partner rank, one of each rank a
//   move; so the ranks r and target - r need at least as many moves as the
//   more numerous of the two has cards that must go (half of them, rounded
//   up, where the two ranks are one);
// - draws: a card of the stock is in play only once the draws have reached
//   it, each draw turning at most `draw` cards. The moves of two partner
//   ranks (above) take as many cards of each rank, so that many cards of
//   each must have been in play: the draws must reach the nearest so many
//   of each (a card that goes alone, itself). Cards already turned, on a
//   waste pile or in the tableau take none; a recycle is not counted, so the
//   bound holds in any pass.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "lib/rules/game.hpp"
#include "order_facts.hpp"

namespace pyr {

// More moves than any line has: a position that can never be won.
inline constexpr int NeverWon = 1 << 20;

// The least number of moves that removes every card of `required` (by code).
inline int removals_needed(const Variant& v, std::uint64_t required) {
    const int ranks = deck_ranks(v.deck);
    int moves = 0;
    for (int r = 1; r <= ranks; ++r) {
        const int n = std::popcount(required & rank_bits(r));
        const int p = v.target - r;
        if (r == v.target || p < 1 || p > ranks) moves += n;  // alone, or never (then the position is lost)
        else if (p == r) moves += (n + 1) / 2;                // two of one rank
        else if (r < p) moves += std::max(n, std::popcount(required & rank_bits(p)));  // (p, r) counted here
    }
    return moves;
}

// When each card left comes into play: the draws that reach it, 0 for
// every card not in the stock (tableau, turned, waste).
struct Reach {
    std::array<std::uint8_t, 64> of{};  // by code
    bool stock = false;                 // some card is still in the stock

    template <class Position>
    Reach(const Position& pos, const Variant& v) {
        pos.for_stock([&](int time, int code) {
            of[code] = static_cast<std::uint8_t>((time + v.draw - 1) / v.draw);
            stock = true;
        });
    }
    // The draws that put k of `cards` in play (NeverWon if fewer); at most 4 cards, one rank's.
    int kth(std::uint64_t cards, int k) const {
        if (k <= 0) return 0;
        std::array<std::uint8_t, 4> sorted{};
        int n = 0;
        for (std::uint64_t m = cards; m; m &= m - 1) {
            const std::uint8_t x = of[std::countr_zero(m)];
            int j = n++;
            for (; j > 0 && sorted[j - 1] > x; --j) sorted[j] = sorted[j - 1];
            sorted[j] = x;
        }
        return k > n ? NeverWon : sorted[k - 1];
    }
};

// The least number of draws before every card of `required` can have met a partner.
template <class Position>
int draws_needed(const Position& pos, const Variant& v, std::uint64_t required) {
    const Reach reach(pos, v);
    if (!reach.stock) return 0;
    const std::uint64_t left = pos.tableau_codes() | pos.talon_codes();
    auto draws_for = [&](int r, int k) { return reach.kth(left & rank_bits(r), k); };
    const int ranks = deck_ranks(v.deck);
    int draws = 0;
    for (int r = 1; r <= ranks; ++r) {
        const int n = std::popcount(required & rank_bits(r));
        const int p = v.target - r;
        if (r == v.target || p < 1 || p > ranks) {
            draws = std::max(draws, draws_for(r, n));  // each goes alone: every one in play
        } else if (p == r) {
            draws = std::max(draws, draws_for(r, 2 * ((n + 1) / 2)));
        } else if (r < p) {
            // As many moves as the more numerous rank has cards that must go,
            // each with a card of either rank.
            const int moves = std::max(n, std::popcount(required & rank_bits(p)));
            draws = std::max({draws, draws_for(r, moves), draws_for(p, moves)});
        }
    }
    return draws;
}

// The most pairs of `cards` that can go together, each card in one pair at
// most, pairs as `partners` (by code, both ways) allows; at most 8 cards.
inline int most_pairs(std::uint64_t cards, const std::array<std::uint64_t, 64>& partners) {
    if (std::popcount(cards) < 2) return 0;
    const int c = std::countr_zero(cards);
    const std::uint64_t rest = cards & (cards - 1);
    int most = most_pairs(rest, partners);  // c in no pair
    for (std::uint64_t x = partners[c] & rest; x; x &= x - 1)
        most = std::max(most, 1 + most_pairs(rest & ~(std::uint64_t{1} << std::countr_zero(x)), partners));
    return most;
}

// The bound again, sharper, once the dead-state test has made the facts of
// order of the position: two cards that must go pair each other only where
// the facts leave them partners (never one covering the other, ...), so the
// moves of two partner ranks are their cards that must go less the most
// pairs among them; and each card that must go needs, besides, the nearest
// of the partners the facts leave it in play.
template <class Position>
int moves_left_bound(const Position& pos, const Variant& v, const OrderFacts& facts, std::uint64_t pairable) {
    const Reach reach(pos, v);
    auto draws_for = [&](int r, int k) { return reach.kth(facts.remaining & rank_bits(r), k); };
    const int ranks = deck_ranks(v.deck);
    int removals = 0, draws = 0;
    for (int r = 1; r <= ranks; ++r) {
        const int p = v.target - r;
        if (p < r && p >= 1) continue;  // counted at p
        const std::uint64_t cards = facts.required & (rank_bits(r) | (p >= 1 && p <= ranks ? rank_bits(p) : 0));
        if (!cards) continue;
        const int n = std::popcount(cards);
        if (r == v.target || p < 1 || p > ranks) {
            removals += n;
            draws = std::max(draws, draws_for(r, n));
            continue;
        }
        const int moves = n - most_pairs(cards, facts.partners);
        removals += moves;
        draws = std::max({draws, draws_for(r, p == r ? 2 * moves : moves), p == r ? 0 : draws_for(p, moves)});
    }
    for (std::uint64_t m = facts.required & pairable; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        int nearest = NeverWon;
        for (std::uint64_t x = facts.partners[c] & facts.remaining; x && nearest; x &= x - 1)
            nearest = std::min(nearest, int{reach.of[std::countr_zero(x)]});
        draws = std::max({draws, nearest, int{reach.of[c]}});
    }
    return removals + draws;
}

template <class Position>
int moves_left_bound(const Position& pos, const Variant& v, std::uint64_t required) {
    return removals_needed(v, required) + draws_needed(pos, v, required);
}

}  // namespace pyr
