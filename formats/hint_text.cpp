// play's hint in words (hint_text.hpp): one function per form of the answer.
#include "hint_text.hpp"

#include <vector>

#include <fmt/format.h>

#include "movelog.hpp"
#include "wrap.hpp"

namespace pyr {

namespace {

// A move as a line breaks never inside it: "JH 2H" stays whole.
std::string unbreakable_move(const Game& game, const Move& move) { return unbreakable(format_move(game, move)); }

// Why a move came without candidates: nothing was weighed.
std::string plain_hint(const std::string& move, const ExpertChoice& c) {
    const char* why = c.exact                        ? "the solver's line: no stock card is unseen"
                      : c.move.kind == MoveKind::Lone ? "alone at once: it needs no partner"
                                                      : "the only move";
    return fmt::format("hint: {} ({})", move, why);
}

// Scored variants: the mean of the best scores in the orders tried.
std::string mean_score(const ExpertChoice& c, const CandidateCount& k) {
    return fmt::format("{:.1f}", static_cast<double>(k.score_total) / c.samples);
}

std::string hint_list(const Game& game, const ExpertChoice& c, std::size_t width) {
    std::vector<std::string> items;
    for (const CandidateCount& k : c.candidates)  // an item is never broken: its spaces may stay
        items.push_back(c.scored ? fmt::format("{} {} ({} win{})", format_move(game, k.move), mean_score(c, k), k.wins,
                                               k.wins == 1 ? "" : "s")
                                 : fmt::format("{} {}", format_move(game, k.move), k.wins));
    const std::string head = c.scored ? fmt::format("hint all (mean best score in {} stock orders): ", c.samples)
                                      : fmt::format("hint all (wins of {} stock orders): ", c.samples);
    return wrap_list(head, items, ", ", width, "  ");
}

std::string scored_hint(const Game& game, const std::string& move, const ExpertChoice& c) {
    std::string text = fmt::format("hint: {} (mean best score {} in {} stock orders; wins {}", move,
                                   mean_score(c, c.candidates[0]), c.samples, c.candidates[0].wins);
    if (c.candidates.size() > 1)
        text += fmt::format("; {}: {}", unbreakable_move(game, c.candidates[1].move), mean_score(c, c.candidates[1]));
    return text + ")";
}

std::string wins_hint(const Game& game, const std::string& move, const ExpertChoice& c) {
    if (c.candidates[0].wins == 0)
        return fmt::format("hint: {} (no move wins in any of {} stock orders tried: the rule of thumb's move)", move,
                           c.samples);
    std::string text = fmt::format("hint: {} (wins {} of {} stock orders", move, c.candidates[0].wins, c.samples);
    if (c.candidates.size() > 1)
        text += fmt::format("; {}: {} of {}", unbreakable_move(game, c.candidates[1].move), c.candidates[1].wins, c.samples);
    return text + ")";
}

}  // namespace

std::string hint_text(const Game& game, const ExpertChoice& choice, bool all, std::size_t width) {
    const std::string move = unbreakable_move(game, choice.move);
    if (choice.candidates.empty()) return wrap_text(plain_hint(move, choice), width, "  ");
    if (all) return hint_list(game, choice, width);
    return wrap_text(choice.scored ? scored_hint(game, move, choice) : wins_hint(game, move, choice), width, "  ");
}

std::string quick_hint_text(const Game& game, const Move& move, std::size_t width) {
    return wrap_text("hint: " + unbreakable_move(game, move) + " (rule of thumb)", width, "  ");
}

}  // namespace pyr
