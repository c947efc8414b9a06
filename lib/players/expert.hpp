// The expert player: sees what a person at the table sees (every face-up
// card, how many cards the stock holds, every card turned so far) and never a
// face-down one. At a choice, it deals the unseen stock cards in K orders
// consistent with what it has seen (the same K for every candidate move),
// solves each position after each candidate with the exact solver, and plays
// the move that wins in the most orders; in a scored variant (Par), the move
// whose best scores in those orders have the highest mean. This is hindsight optimisation
// (perfect-information Monte Carlo): a lower bound on the best play without
// seeing the stock, not the optimum (it assumes it will know the order after
// the move, which it will not: "strategy fusion").
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "lib/rules/game.hpp"
#include "lib/solve/solver.hpp"

namespace pyr {

struct ExpertOptions {
    int samples = 32;             // K: the stock orders each candidate is tried in
    std::uint64_t seed = 0;       // mixed into every draw, so runs can differ on purpose
    std::uint64_t node_limit = 1'000'000;  // per solve; a solve that gives up counts as not won
    // Scored variants: per best-score search, after the win search (at
    // node_limit); one that gives up counts the best score it reached (a lower bound).
    std::uint64_t score_node_limit = 20'000;
    // Scored variants: play for the best score (false: for a win, as in any
    // other variant; a rating counts wins).
    bool for_score = true;
};

struct CandidateCount {
    Move move;
    int wins = 0;  // of the samples
    // Scored variants: the best scores of the samples added up (mean: / samples).
    std::int64_t score_total = 0;
};

struct ExpertChoice {
    Move move;
    // Why: every candidate weighed, best first; empty when the move was
    // plain (a King alone, a single legal move) or the solver's (nothing unseen).
    std::vector<CandidateCount> candidates;
    int samples = 0;
    bool exact = false;  // nothing is unseen: the move of the solver's line (to the best score, if scored)
    bool scored = false;  // the candidates were ranked by their mean best score
};

class Expert {
public:
    explicit Expert(ExpertOptions options = {});
    // The game must not be over.
    ExpertChoice choose(const Game& game);
    // The move choose() plays, for a player that needs no reasons: it stops
    // weighing a choice as soon as the other K orders could not change it
    // (the candidates' counts are of the orders used: ExpertChoice::samples).
    ExpertChoice play(const Game& game);
    // Every legal move counted in the K orders choose() draws here, best
    // first, whether or not choose() would weigh them (a free King, a single
    // move): for an analysis of a played game. The game must not be over.
    std::vector<CandidateCount> weigh(const Game& game);
    const ExpertOptions& options() const { return options_; }

private:
    ExpertChoice decide(const Game& game, bool until_decided);
    std::vector<CandidateCount> weigh(const Game& game, bool until_decided, int& samples);
    void count_order(const Game& game, const std::vector<Card>& order, std::vector<CandidateCount>& candidates);
    void count_in(const Game& game, const std::vector<Card>& order, CandidateCount& c);
    std::optional<Move> solver_move(const Game& game);

    ExpertOptions options_;
    Solver solver_;
    Solver score_solver_;  // scored variants: the best score of a position, within score_node_limit
    Solver line_solver_;   // scored variants, nothing unseen: the line to the best score, within node_limit
};

// One whole game of the expert from the deal (`stats --measure expert`, a
// rating's games): whether it won, and its score where the variant scores.
struct ExpertGame {
    bool won = false;
    int score = 0;
};
ExpertGame expert_game(Expert& expert, const Rules& rules, const Deal& deal);
inline bool expert_wins(Expert& expert, const Rules& rules, const Deal& deal) {
    return expert_game(expert, rules, deal).won;
}

// The K orders of the unseen stock cards the expert weighs a choice in, as
// drawn from what is visible (visible_seed): each a full order of the cards
// Game::unseen_stock holds.
std::vector<std::vector<Card>> expert_orders(const Game& game, const ExpertOptions& options);

// The seed of a position's draws: from what is face up or remembered only
// (the dealt tableau, the cards turned, the moves made), never from the
// unseen stock order, so a game replays identically.
std::uint64_t visible_seed(const Game& game, std::uint64_t salt);

}  // namespace pyr
