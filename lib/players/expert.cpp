#include "expert.hpp"

#include <algorithm>

#include "lib/rules/shuffle.hpp"
#include "strategy.hpp"

namespace pyr {

namespace {
std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    SplitMix64 m(h ^ (v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2)));
    return m.next();
}

// K orders of the unseen cards, each a Fisher-Yates shuffle of them.
std::vector<std::vector<Card>> stock_orders(std::span<const Card> unseen, int k, std::uint64_t seed) {
    std::vector<std::vector<Card>> orders;
    orders.reserve(static_cast<std::size_t>(k));
    // From the cards in a fixed order (by code), not the stock's: which order
    // they really lie in must not show through.
    std::vector<Card> cards(unseen.begin(), unseen.end());
    std::sort(cards.begin(), cards.end(), [](Card x, Card y) { return x.code < y.code; });
    for (int i = 0; i < k; ++i) {
        std::vector<Card> order = cards;
        SplitMix64 rng(mix(seed, static_cast<std::uint64_t>(i)));
        for (std::size_t j = order.size(); j > 1; --j) std::swap(order[j - 1], order[rng.below(j)]);
        orders.push_back(std::move(order));
    }
    return orders;
}

// Scored variants: whether choices are made for the best score.
bool plays_for_score(const Game& game, const ExpertOptions& o) { return o.for_score && game.variant().scored; }

SolveOptions solve_options(const ExpertOptions& o, bool best_score, std::uint64_t score_node_limit) {
    SolveOptions so;
    so.node_limit = o.node_limit;
    so.table_bytes = 8u << 20;
    so.best_score = best_score;
    so.best_score_node_limit = score_node_limit;
    return so;
}
}  // namespace

ExpertGame expert_game(Expert& expert, const Rules& rules, const Deal& deal) {
    Game game(rules, deal);
    while (game.status() == Status::InProgress) game.apply(expert.play(game).move);
    return {game.status() == Status::Won, game.variant().scored ? game.score() : 0};
}

std::uint64_t visible_seed(const Game& game, std::uint64_t salt) {
    const State& s = game.state();
    const Variant& v = game.variant();
    std::uint64_t h = mix(salt, static_cast<std::uint64_t>(game.moves_made()));
    for (int pos = 0; pos < v.tableau_size(); ++pos) h = mix(h, game.tableau_card(pos).code);
    h = mix(h, s.present);
    // The stock cards turned so far: all of them after the first pass.
    const int seen = s.pass > 1 ? s.stock_len : s.stock_pos;
    for (int i = 0; i < seen; ++i) h = mix(h, s.stock[static_cast<std::size_t>(i)].code);
    for (int k = 0; k < v.waste_piles; ++k)
        for (int i = 0; i < s.waste_len[k]; ++i) h = mix(h, s.waste[k][static_cast<std::size_t>(i)].code);
    return mix(mix(h, s.turned.code), s.pass);
}

std::vector<std::vector<Card>> expert_orders(const Game& game, const ExpertOptions& options) {
    return stock_orders(game.unseen_stock(), options.samples, visible_seed(game, options.seed));
}

Expert::Expert(ExpertOptions options)
    : options_(options), solver_(solve_options(options, false, 0)),
      score_solver_(solve_options(options, true, options.score_node_limit)),
      line_solver_(solve_options(options, true, 0)) {}

// The move the solver's line starts with, when nothing is unseen: the
// winning line, or in a scored variant the line to the best score; none
// when the solver finds no such line.
std::optional<Move> Expert::solver_move(const Game& game) {
    if (plays_for_score(game, options_)) {
        const SolveResult r = line_solver_.solve(game);
        if (!r.best_score || r.line.empty()) return std::nullopt;
        return r.line.front();
    }
    const SolveResult r = solver_.solve(game);
    if (r.outcome != SolveOutcome::Won || r.line.empty()) return std::nullopt;
    return r.line.front();
}

// The move in one order: won or not, and in a scored variant the best score
// from there (that of the game as it stands where nothing better was reached
// within the limit: a player can always just turn the rest of the stock).
void Expert::count_in(const Game& game, const std::vector<Card>& order, CandidateCount& c) {
    const bool scored = plays_for_score(game, options_);
    Game g = game;
    g.reorder_unseen_stock(order);
    g.apply(c.move);
    if (g.status() != Status::InProgress) {
        c.wins += g.status() == Status::Won;
        if (scored) c.score_total += g.score();
    } else if (scored) {
        const SolveResult r = score_solver_.solve(g);
        c.wins += r.outcome == SolveOutcome::Won;
        c.score_total += std::max(g.score(), r.score_found.value_or(g.score()));
    } else {
        c.wins += solver_.solve(g).outcome == SolveOutcome::Won;
    }
}

// Every candidate in one order. Where the solver's verdict needs no
// scores, one search: the position before the move first (lost in this
// order, so is every move from it; won, so is the first move of its
// winning line), then below each other move, sharing what it proves lost.
void Expert::count_order(const Game& game, const std::vector<Card>& order, std::vector<CandidateCount>& candidates) {
    if (!plays_for_score(game, options_)) {
        Game g = game;
        g.reorder_unseen_stock(order);
        std::vector<Move> moves;
        moves.reserve(candidates.size());
        for (const CandidateCount& c : candidates) moves.push_back(c.move);
        const std::vector<SolveOutcome> outcomes = solver_.outcomes_after(g, moves);
        for (std::size_t i = 0; i < candidates.size(); ++i) candidates[i].wins += outcomes[i] == SolveOutcome::Won;
        return;
    }
    for (CandidateCount& c : candidates) count_in(game, order, c);
}

ExpertChoice Expert::choose(const Game& game) { return decide(game, false); }

ExpertChoice Expert::play(const Game& game) { return decide(game, true); }

ExpertChoice Expert::decide(const Game& game, bool until_decided) {
    ExpertChoice choice;
    MoveList moves;
    game.legal_moves(moves);
    // A King alone needs no partner and covers nothing: it goes at once.
    for (const Move& m : moves)
        if (m.kind == MoveKind::Lone) {
            choice.move = m;
            return choice;
        }
    if (moves.size == 1) {
        choice.move = moves.moves[0];
        return choice;
    }
    const std::span<const Card> unseen = game.unseen_stock();
    if (unseen.size() <= 1) {
        // Nothing to guess (one unseen card has one place): the solver's line, if it wins.
        const std::optional<Move> line = solver_move(game);
        choice.exact = line.has_value();
        choice.move = line ? *line : blind_choice(game);
        return choice;
    }
    choice.scored = plays_for_score(game, options_);
    choice.candidates = weigh(game, until_decided && !choice.scored, choice.samples);
    choice.move = choice.candidates.front().move;
    return choice;
}

std::vector<CandidateCount> Expert::weigh(const Game& game) {
    int samples = 0;
    return weigh(game, false, samples);
}

// Most wins first (scored: the highest best scores, then most wins); among
// equals, the heuristic's move, then the order of legal_moves. With
// `until_decided`, the orders are taken one at a time for every candidate,
// and the weighing stops once the leader can no longer be caught: no other
// candidate could win more, or as many and come first, even if it won every
// order left and the leader none. The move is then the one all K orders
// would choose (give or take a solve that gives up at the node limit, whose
// count of positions depends on what the solver's table held before).
std::vector<CandidateCount> Expert::weigh(const Game& game, bool until_decided, int& samples) {
    MoveList moves;
    game.legal_moves(moves);
    const int k = options_.samples;
    const std::vector<std::vector<Card>> orders = expert_orders(game, options_);
    std::vector<CandidateCount> candidates;
    for (const Move& m : moves) candidates.push_back(CandidateCount{m});
    const Game base = game.position();
    const Move quick = blind_choice(game);
    const bool scored = plays_for_score(game, options_);
    const auto ahead = [&](const CandidateCount& x, const CandidateCount& y) {
        if (scored && x.score_total != y.score_total) return x.score_total > y.score_total;
        if (x.wins != y.wins) return x.wins > y.wins;
        return x.move == quick && !(y.move == quick);
    };
    samples = k;
    const auto n = candidates.size();
    for (int used = 0; used < k; ++used) {
        count_order(base, orders[static_cast<std::size_t>(used)], candidates);
        if (until_decided) {
            const int left = k - used - 1;
            std::size_t lead = 0;
            for (std::size_t j = 1; j < n; ++j)
                if (ahead(candidates[j], candidates[lead])) lead = j;
            bool decided = true;
            for (std::size_t j = 0; j < n && decided; ++j) {
                if (j == lead) continue;
                // j's best: every order left won. Level with the leader, the
                // tie goes as ahead() and then the order of legal_moves.
                CandidateCount best = candidates[j];
                best.wins += left;
                decided = ahead(candidates[lead], best) || (!ahead(best, candidates[lead]) && lead < j);
            }
            if (decided) {
                samples = used + 1;
                break;
            }
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(), ahead);
    return candidates;
}

}  // namespace pyr
