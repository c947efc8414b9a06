// A played game's analysis, move by move, as a chess engine's: whether the
// deal was still winnable before and after each move (the solver, the stock
// known) and the expert's chance before and after it (lib/players/expert.hpp, the
// stock unknown); `replay --analyse`.
#pragma once
#include <cstdint>

#include "expert.hpp"
#include "lib/rules/game.hpp"
#include "lib/solve/solver.hpp"

namespace pyr {

// What the solver says of a position: a win exists, none does, it gave up at
// its node limit (never a guess), or the game is over.
enum class Verdict { Winnable, Lost, Unknown, Won };
const char* verdict_word(Verdict v);  // "winnable", "lost", "unknown", "won"

// The expert's chance from a position: the wins of its best move in the K
// stock orders drawn there. Computed once a position, so the position after a
// move has the value the next move starts from. `exact`: nothing unseen (Giza,
// a last pass remembered), the expert is the solver, and there is no count.
struct ExpertValue {
    bool exact = false;
    int wins = 0;  // of K; a game over: K won, 0 lost
    bool operator==(const ExpertValue&) const = default;
};

struct MoveAnalysis {
    Move played;
    Verdict before = Verdict::Unknown, after = Verdict::Unknown;
    // The position before the move has nothing unseen (ExpertValue::exact).
    bool exact = false;
    Move expert_move;  // what the expert plays here
    int samples = 0;   // K, the stock orders each move was tried in
    ExpertValue expert_before, expert_after;  // the positions before and after the move
    // In the K orders drawn before the move: the wins of the move played and of the expert's.
    int played_wins = 0;
    int expert_move_wins = 0;

    // A win proved before the move and no win, proved, after it.
    bool throws_win() const { return before == Verdict::Winnable && after == Verdict::Lost; }
    // The expert plays another move that won in more of the same orders (a tie
    // is not a judgement: the expert's pick among equals is its rule of thumb's).
    bool expert_differs() const {
        return !(expert_move == played) && (exact ? throws_win() : expert_move_wins > played_wins);
    }
};

// Walks a game from its start position, one played move at a time; each
// position is solved and weighed once (the verdict and the expert's value
// after a move are the next one's before).
class GameAnalyser {
public:
    GameAnalyser(const Game& start, const SolveOptions& solve, const ExpertOptions& expert);
    // Analyses `played` (legal, the game not over) from where the game stands, then plays it.
    MoveAnalysis next(const Move& played);
    const Game& game() const { return game_; }

private:
    // The expert at the current position: its move, every move's count, its value.
    struct Weighed {
        Move move;
        std::vector<CandidateCount> counts;  // best first; empty when exact
        ExpertValue value;
    };
    Verdict solve(const Game& g);
    Weighed weigh(bool exact_before);

    Game game_;
    Solver solver_;
    Expert expert_;
    Verdict now_;
    Weighed here_;
};

}  // namespace pyr
