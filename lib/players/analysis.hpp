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

struct MoveAnalysis {
    Move played;
    Verdict before = Verdict::Unknown, after = Verdict::Unknown;
    // Nothing unseen (Giza, a last pass remembered): the expert is the solver,
    // and there are no counts.
    bool exact = false;
    Move expert_move;       // what the expert plays here
    int samples = 0;        // K, the stock orders each move was tried in
    int expert_before = 0;  // wins of the expert's best move, of `samples`
    int expert_after = 0;   // wins of the move played, in the same orders
    int expert_move_wins = 0;

    // A win proved before the move and no win, proved, after it.
    bool throws_win() const { return before == Verdict::Winnable && after == Verdict::Lost; }
    // The expert plays another move that won in more of its orders (a tie is
    // not a judgement: the expert's pick among equals is its rule of thumb's).
    bool expert_differs() const {
        return !(expert_move == played) && (exact ? throws_win() : expert_move_wins > expert_after);
    }
};

// Walks a game from its start position, one played move at a time; each
// position is solved once (the verdict after a move is the next one's before).
class GameAnalyser {
public:
    GameAnalyser(const Game& start, const SolveOptions& solve, const ExpertOptions& expert);
    // Analyses `played` (legal, the game not over) from where the game stands, then plays it.
    MoveAnalysis next(const Move& played);
    const Game& game() const { return game_; }

private:
    Verdict solve(const Game& g);
    void weigh(const Move& played, MoveAnalysis& a);

    Game game_;
    Solver solver_;
    Expert expert_;
    Verdict now_;
};

}  // namespace pyr
