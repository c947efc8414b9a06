#include "analysis.hpp"

#include <algorithm>

namespace pyr {

const char* verdict_word(Verdict v) {
    switch (v) {
    case Verdict::Winnable: return "winnable";
    case Verdict::Lost: return "lost";
    case Verdict::Unknown: return "unknown";
    case Verdict::Won: return "won";
    }
    return "";
}

GameAnalyser::GameAnalyser(const Game& start, const SolveOptions& solve, const ExpertOptions& expert)
    : game_(start), solver_(solve), expert_(expert), now_(this->solve(start)) {}

Verdict GameAnalyser::solve(const Game& g) {
    if (g.status() == Status::Won) return Verdict::Won;
    if (g.status() == Status::Lost) return Verdict::Lost;
    switch (solver_.solve(g).outcome) {
    case SolveOutcome::Won: return Verdict::Winnable;
    case SolveOutcome::NoSolution: return Verdict::Lost;
    case SolveOutcome::GaveUp: break;
    }
    return Verdict::Unknown;
}

// The expert's counts: every legal move in the same K orders, so the move
// played is counted even where the expert would not weigh (a free King, a
// single move); with nothing unseen, the expert's move and no counts.
void GameAnalyser::weigh(const Move& played, MoveAnalysis& a) {
    const ExpertChoice choice = expert_.choose(game_);
    a.expert_move = choice.move;
    a.exact = choice.exact || game_.unseen_stock().size() <= 1;
    if (a.exact) return;
    const std::vector<CandidateCount> counts = choice.candidates.empty() ? expert_.weigh(game_) : choice.candidates;
    auto wins_of = [&](const Move& m) {
        const auto it = std::find_if(counts.begin(), counts.end(), [&](const CandidateCount& c) { return c.move == m; });
        return it == counts.end() ? 0 : it->wins;
    };
    a.samples = expert_.options().samples;
    a.expert_before = counts.front().wins;
    a.expert_after = wins_of(played);
    a.expert_move_wins = wins_of(a.expert_move);
}

MoveAnalysis GameAnalyser::next(const Move& played) {
    MoveAnalysis a;
    a.played = played;
    a.before = now_;
    weigh(played, a);
    game_.apply(played);
    now_ = solve(game_);
    a.after = now_;
    return a;
}

}  // namespace pyr
