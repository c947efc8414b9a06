// The highest score a position allows in a scored variant (docs/rules.md
// "Scoring"), proved: a depth-first branch and bound over the solver's
// positions, for Solver::solve with SolveOptions::best_score.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/rules/game.hpp"
#include "pairing.hpp"
#include "solver.hpp"

namespace pyr {

class LostTable;

struct BestScore {
    bool decided = false;    // false: the node limit was reached first
    bool found = false;      // a line to the end of a game is known (then `score` is its score)
    int score = 0;           // the highest score of any game played on from here; undecided: of a line found
    std::vector<Move> line;  // moves to the end of a game that scores it
    std::uint64_t nodes = 0;
};

// `table` keeps, between searches, the values of positions (it is cleared
// logically, as the win search does); only node_limit of `options` is used.
// `known`: a line from `from` to the end of a game and its score, if one is
// known (a win the win search found): only lines scoring more are looked for.
// `first_clear`: no line clears the pyramid before this pass (win searches
// with the pyramid as the goal proved it; the position's own pass where
// nothing is known), which tightens the bound on the bonus still open.
BestScore search_best_score(const Game& from, const SolveOptions& options, LostTable& table,
                            const BestScore* known = nullptr, int first_clear = 0);

// The last pass in which clearing the pyramid earns a bonus above `known`'s
// score (above nothing, where no line is known); 0 if none does.
int last_bonus_pass(const Variant& v, const BestScore* known);

// The most a game can still score from a position: the best bonus still open
// (that of `cleared_pass` once the pyramid is cleared, 0 = not yet, from pass
// `pass`), minus the penalty for the cards that stay whatever is played (of
// `cards`, by code: those no partner is left for, or that can never meet one
// by the layout's `facts`, and the cards under those). `pass` NeverCleared: the
// pyramid is known never to be cleared.
inline constexpr int NeverCleared = -1;
int score_upper_bound(const Variant& v, const PairingFacts& facts, std::uint64_t cards, int pass, int cleared_pass);

// The score of a game that ends here (Game::score's rule, for a solver position).
int final_score(const Variant& v, std::uint64_t cards, int cleared_pass);

}  // namespace pyr
