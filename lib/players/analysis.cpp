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
    : game_(start), solver_(solve), expert_(expert), now_(this->solve(start)), here_(weigh(false)) {}

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

// The expert at the current position: every legal move counted in the same K
// orders, so the move played is counted even where the expert would not weigh
// (a free King, a single move); with nothing unseen, its move and no counts. A
// game over has no move: its value is certain, K won or 0 lost, exact where the
// position before it was (`exact_before`).
GameAnalyser::Weighed GameAnalyser::weigh(bool exact_before) {
    Weighed w;
    if (game_.status() != Status::InProgress) {
        w.value = {exact_before, game_.status() == Status::Won ? expert_.options().samples : 0};
        return w;
    }
    const ExpertChoice choice = expert_.choose(game_);
    w.move = choice.move;
    w.value.exact = choice.exact || game_.unseen_stock().size() <= 1;
    if (w.value.exact) return w;
    w.counts = choice.candidates.empty() ? expert_.weigh(game_) : choice.candidates;
    w.value.wins = w.counts.front().wins;
    return w;
}

MoveAnalysis GameAnalyser::next(const Move& played) {
    MoveAnalysis a;
    a.played = played;
    a.before = now_;
    a.expert_move = here_.move;
    a.exact = here_.value.exact;
    a.expert_before = here_.value;
    if (!a.exact) {
        auto wins_of = [&](const Move& m) {
            const auto it = std::find_if(here_.counts.begin(), here_.counts.end(),
                                         [&](const CandidateCount& c) { return c.move == m; });
            return it == here_.counts.end() ? 0 : it->wins;
        };
        a.samples = expert_.options().samples;
        a.played_wins = wins_of(played);
        a.expert_move_wins = wins_of(a.expert_move);
    }
    game_.apply(played);
    now_ = solve(game_);
    a.after = now_;
    here_ = weigh(a.exact);
    a.expert_after = here_.value;
    return a;
}

}  // namespace pyr
