// The best-score search against a plain, obviously correct one written here:
// the value of a position is Game::score() where the game is over, else the
// best of its legal moves' values; positions remembered by their exact bytes,
// no bound, no move order, no normal form.
#include <catch2/catch.hpp>

#include <span>
#include <string>
#include <unordered_map>

#include "formats/variant_toml.hpp"
#include "lib/solve/best_score.hpp"
#include "lib/solve/pairing.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"
#include "lib/players/strategy.hpp"
#include "support.hpp"

namespace {

using namespace pyr;

constexpr int OverBudget = -1000000;

class ReferenceBest {
public:
    explicit ReferenceBest(std::size_t budget) : budget_(budget) {}
    // The best score from `g`, or OverBudget.
    int run(Game& g) {
        if (g.status() != Status::InProgress) return g.score();
        const std::string k = key(g.state());
        if (const auto it = seen_.find(k); it != seen_.end()) return it->second;
        if (seen_.size() > budget_) return OverBudget;
        MoveList moves;
        g.legal_moves(moves);
        int best = OverBudget;
        for (const Move& m : moves) {
            g.apply(m);
            const int v = run(g);
            g.undo();
            if (v == OverBudget) return OverBudget;
            best = std::max(best, v);
        }
        seen_.emplace(k, best);
        return best;
    }

private:
    static std::string key(const State& s) { return test::state_key(s, true); }
    std::size_t budget_;
    std::unordered_map<std::string, int> seen_;
};

// Plays the line through a fresh Game: every move listed as legal in turn;
// the score where it ends, or OverBudget if the game is not over there.
int line_score(Game g, const std::vector<Move>& line) {
    for (const Move& m : line) {
        MoveList moves;
        g.legal_moves(moves);
        bool listed = false;
        for (const Move& legal : moves) listed = listed || legal == m;
        if (!listed) return OverBudget;
        g.apply(m);
    }
    return g.status() == Status::InProgress ? OverBudget : g.score();
}

struct Tally {
    int compared = 0, from_start = 0, best_not_won = 0, first_win_worse = 0;
};

// One deal: from its start, or, where the reference cannot finish within its
// budget, a few blind-player moves later, until it can.
void compare_deal(const Rules& rules, std::uint64_t seed, std::size_t budget, Solver& best, Solver& any, Tally& t) {
    Game game(rules, deal_from_seed(rules.variant, seed));
    for (;;) {
        Game probe = game;
        ReferenceBest ref(budget);
        const int slow = ref.run(probe);
        if (slow == OverBudget && game.status() == Status::InProgress) {
            for (int i = 0; i < 5 && game.status() == Status::InProgress; ++i) game.apply(blind_choice(game));
            continue;
        }
        INFO(rules.variant.name << " seed " << seed << " after " << game.moves_made() << " blind moves");
        const SolveResult fast = best.solve(game);
        REQUIRE(fast.best_score.has_value());
        CHECK(*fast.best_score == slow);
        CHECK(line_score(game, fast.line) == slow);
        const SolveResult first = any.solve(game);
        CHECK((fast.outcome == SolveOutcome::Won) == (first.outcome == SolveOutcome::Won));
        if (first.outcome == SolveOutcome::Won && line_score(game, first.line) < slow) ++t.first_win_worse;
        Game end = game;
        for (const Move& m : fast.line) end.apply(m);
        t.best_not_won += end.status() != Status::Won;
        ++t.compared;
        t.from_start += game.moves_made() == 0;
        return;
    }
}

Tally compare(const Rules& rules, int deals, std::size_t budget) {
    SolveOptions so;
    so.best_score = true;
    Solver best(so), any;
    Tally t;
    for (int seed = 0; seed < deals; ++seed) compare_deal(rules, static_cast<std::uint64_t>(seed), budget, best, any, t);
    return t;
}

// A scored variant drawn at random, small enough to search from its deal in
// part: few rows, piles instead of much stock; bonuses of any sign and order.
Variant random_scored_variant(SplitMix64& rng) {
    for (;;) {
        Variant v;
        v.name = "random";
        v.deck = rng.below(4) == 0 ? DeckKind::Spanish : DeckKind::French;
        v.target = deck_ranks(v.deck);
        v.layout = rng.below(3) == 0 ? LayoutKind::Triangle : LayoutKind::Pyramid;
        v.rows = 2 + static_cast<int>(rng.below(5));
        v.piles = static_cast<int>(rng.below(9));
        v.pile_depth = v.piles ? 1 + static_cast<int>(rng.below(6)) : 0;
        v.passes = static_cast<int>(rng.below(4));  // 0: unlimited
        v.draw = 1 + static_cast<int>(rng.below(3));
        v.waste_piles = v.draw == 1 && rng.below(4) == 0 ? 2 : 1;
        v.turned_pairs_waste = rng.below(4) != 0;
        v.overlapping = rng.below(3) == 0;
        v.goal = rng.below(2) == 0 ? Goal::Pyramid : Goal::AllCards;
        v.scored = true;
        const int bonuses = v.passes == UnlimitedPasses ? 3 : static_cast<int>(rng.below(static_cast<std::uint64_t>(v.passes) + 1));
        for (int i = 0; i < bonuses; ++i) v.pass_bonus.push_back(static_cast<int>(rng.below(61)) - 10);
        v.card_penalty = static_cast<int>(rng.below(4));
        if (check(v).empty()) return v;
    }
}

}  // namespace

TEST_CASE("best score agrees with a plain exhaustive search: par", "[solver][best]") {
    const Rules rules(load_variant("par"));
    const Tally t = compare(rules, 300, 4000);
    INFO(t.compared << " compared, " << t.best_not_won << " best lines not won, " << t.first_win_worse
                    << " where the first win found scores less");
    CHECK(t.compared == 300);
    CHECK(t.best_not_won > 0);
    CHECK(t.best_not_won < t.compared);
    CHECK(t.first_win_worse > 0);
}

TEST_CASE("best score agrees with a plain exhaustive search: random small scored variants", "[solver][best]") {
    SplitMix64 rng(13);
    Tally all;
    for (int i = 0; i < 120; ++i) {
        const Variant v = random_scored_variant(rng);
        INFO("random variant " << i << ": rows " << v.rows << " piles " << v.piles << "x" << v.pile_depth << " passes "
                               << v.passes << " draw " << v.draw << " waste piles " << v.waste_piles);
        const Rules rules(v);
        const Tally t = compare(rules, 3, 4000);
        all.compared += t.compared;
        all.from_start += t.from_start;
        all.best_not_won += t.best_not_won;
        all.first_win_worse += t.first_win_worse;
    }
    INFO(all.compared << " compared, " << all.from_start << " from the deal itself, " << all.best_not_won
                      << " best lines not won, " << all.first_win_worse << " where the first win scores less");
    CHECK(all.from_start > 10);
    CHECK(all.best_not_won > 0);
    CHECK(all.first_win_worse > 0);
}

TEST_CASE("the score bound: the bonus still open minus the cards that must stay", "[solver][best]") {
    const Rules rules(load_variant("par"));
    const Variant& v = rules.variant;
    // Partners by rank only: no card lies on another.
    PairingFacts by_rank;
    for (int r = 1; r <= 12; ++r)
        for (int suit = 0; suit < 4; ++suit)
            by_rank.partners[static_cast<std::size_t>(4 * r + suit)] = rank_bits(13 - r) & ~Card::make(r, suit).bit();
    const Card q1 = Card::make(12, 0), q2 = Card::make(12, 1), ace = Card::make(1, 2), king = Card::make(13, 3);
    // Two Queens and one Ace: one Queen stays whatever is played; a King goes alone.
    const std::uint64_t cards = q1.bit() | q2.bit() | ace.bit() | king.bit();
    CHECK(score_upper_bound(v, by_rank, cards, 1, 0) == 50 - 1);
    CHECK(score_upper_bound(v, by_rank, cards, 2, 0) == 35 - 1);
    CHECK(score_upper_bound(v, by_rank, cards, 3, 1) == 50 - 1);
    CHECK(score_upper_bound(v, by_rank, cards, NeverCleared, 0) == 0 - 1);
    CHECK(final_score(v, cards, 2) == 35 - 4);
    CHECK(final_score(v, cards, 0) == -4);
    // The one Ace lies on the first Queen, which covers the King: the Queen
    // can never meet it, so it stays, and so does the King under it, and so
    // the second Queen keeps the Ace.
    PairingFacts laid = by_rank;
    laid.before[q1.code] = ace.bit();
    laid.after[ace.code] = q1.bit();
    laid.before[king.code] = q1.bit() | ace.bit();
    laid.after[q1.code] = king.bit();
    laid.after[ace.code] |= king.bit();
    CHECK(score_upper_bound(v, laid, cards, 1, 0) == 50 - 2);
    // Without the second Queen, the Ace's one partner is stuck: all three stay.
    CHECK(score_upper_bound(v, laid, q1.bit() | ace.bit() | king.bit(), 1, 0) == 50 - 3);
}

TEST_CASE("the score bound counts the surplus of each pair of ranks, for any target", "[solver][best]") {
    // Partners by rank only (no card lies on another), for targets below,
    // at and above 15 (the bound counts in the four bits of each rank), odd
    // and even (a rank that pairs with itself), and the Spanish deck.
    struct Case {
        DeckKind deck;
        int target;
    };
    for (const Case c : {Case{DeckKind::French, 13}, Case{DeckKind::French, 3}, Case{DeckKind::French, 10},
                         Case{DeckKind::French, 14}, Case{DeckKind::French, 16}, Case{DeckKind::French, 25},
                         Case{DeckKind::Spanish, 12}}) {
        Variant v = load_variant("par");
        v.deck = c.deck;
        v.target = c.target;
        const int ranks = deck_ranks(c.deck);
        PairingFacts by_rank;
        by_rank.target = c.target;
        for (int r = 1; r <= ranks; ++r) {
            const int p = c.target - r;
            if (r == c.target || p < 1 || p > ranks) continue;
            for (int suit = 0; suit < 4; ++suit) {
                const Card card = Card::make(r, suit);
                by_rank.partners[card.code] = rank_bits(p) & ~card.bit();
                by_rank.pairable |= card.bit();
            }
        }
        SplitMix64 rng(static_cast<std::uint64_t>(c.target) * 1000 + static_cast<std::uint64_t>(ranks));
        for (int trial = 0; trial < 2000; ++trial) {
            std::uint64_t cards = 0;
            const std::uint64_t keep = rng.next();
            for (int r = 1; r <= ranks; ++r)
                for (int suit = 0; suit < 4; ++suit)
                    if (keep >> (4 * r + suit) & 1 && rng.below(4) != 0) cards |= Card::make(r, suit).bit();
            // Of each rank that pairs with another, the surplus over its
            // partner rank; an odd card of a rank that pairs with itself; all
            // of a rank no rank pairs with; never the target's (it goes alone).
            int stay = 0;
            for (int r = 1; r <= ranks; ++r) {
                const int n = std::popcount(cards & rank_bits(r)), p = c.target - r;
                if (r == c.target) continue;
                if (p < 1 || p > ranks) stay += n;
                else if (p == r) stay += n % 2;
                else if (p > r) stay += std::abs(n - std::popcount(cards & rank_bits(p)));
            }
            INFO("target " << c.target << ", cards " << std::hex << cards);
            REQUIRE(score_upper_bound(v, by_rank, cards, NeverCleared, 0) == -v.card_penalty * stay);
        }
    }
}
