// A lower bound on the moves still needed to win from a position, for the
// shortest-line search (lib/solver.cpp: iterative deepening with this bound
// is IDA*). Every move counts, draws and recycles too, as in a move log.
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

#include "game.hpp"
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

// The least number of draws before every card of `required` can have met a partner.
template <class Position>
int draws_needed(const Position& pos, const Variant& v, std::uint64_t required) {
    std::array<std::uint8_t, 64> reach{};  // by code: the draws that put it in play; 0 for every card not in the stock
    bool stock = false;
    pos.for_stock([&](int time, int code) {
        reach[code] = static_cast<std::uint8_t>((time + v.draw - 1) / v.draw);
        stock = true;
    });
    if (!stock) return 0;
    const std::uint64_t left = pos.tableau_codes() | pos.talon_codes();
    // The draws that put k cards of rank r in play (NeverWon if fewer are left).
    auto draws_for = [&](int r, int k) {
        if (k <= 0) return 0;
        std::array<int, 4> by_reach{};
        int n = 0;
        for (std::uint64_t m = left & rank_bits(r); m; m &= m - 1) by_reach[n++] = reach[std::countr_zero(m)];
        if (k > n) return NeverWon;
        std::sort(by_reach.begin(), by_reach.begin() + n);
        return by_reach[k - 1];
    };
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

// The same for one card at a time, with the partners the facts of order
// leave each card that must go (OrderFacts::partners: the cards it can still
// pair with in a winning line): it needs itself and the nearest of those in play.
template <class Position>
int draws_needed(const Position& pos, const Variant& v, const OrderFacts& facts, std::uint64_t pairable) {
    std::array<std::uint8_t, 64> reach{};
    bool stock = false;
    pos.for_stock([&](int time, int code) {
        reach[code] = static_cast<std::uint8_t>((time + v.draw - 1) / v.draw);
        stock = true;
    });
    if (!stock) return 0;
    int draws = 0;
    for (std::uint64_t m = facts.required; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        int need = reach[c];
        if (pairable >> c & 1) {
            int nearest = NeverWon;
            for (std::uint64_t x = facts.partners[c] & facts.remaining; x && nearest; x &= x - 1)
                nearest = std::min(nearest, int{reach[std::countr_zero(x)]});
            need = std::max(need, nearest);
        }
        draws = std::max(draws, need);
    }
    return draws;
}

template <class Position>
int moves_left_bound(const Position& pos, const Variant& v, std::uint64_t required) {
    return removals_needed(v, required) + draws_needed(pos, v, required);
}

}  // namespace pyr
