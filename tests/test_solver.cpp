// The solver against a slow, obviously correct search written here: plain
// depth-first search over pyr::Game's legal moves, remembering every position
// seen (by its exact bytes), no pruning, no move ordering, no normal form.
#include <catch2/catch.hpp>

#include <deque>
#include <memory>
#include <string>
#include <unordered_set>

#include "formats/variant_toml.hpp"
#include "lib/solve/lost_table.hpp"
#include "lib/solve/moves_left.hpp"
#include "lib/solve/pairing.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver_position.hpp"
#include "lib/solve/solver.hpp"
#include "lib/players/strategy.hpp"
#include "support.hpp"

namespace {

using namespace pyr;

class ReferenceSearch {
public:
    explicit ReferenceSearch(std::uint64_t budget) : budget_(budget) {}
    // 1 won, 0 lost, -1 over budget.
    int run(Game& g) {
        if (g.status() == Status::Won) return 1;
        if (seen_.size() > budget_) return -1;
        if (!seen_.insert(key(g.state())).second) return 0;
        MoveList moves;
        g.legal_moves(moves);
        for (const Move& m : moves) {
            g.apply(m);
            const int r = run(g);
            g.undo();
            if (r != 0) return r;
        }
        return 0;
    }

    // The fewest moves that win, breadth first: -1 none, -2 over budget.
    int shortest(const Game& start) {
        std::deque<std::pair<Game, int>> queue;
        std::unordered_set<std::string> seen{key(start.state())};
        queue.emplace_back(start, 0);
        while (!queue.empty()) {
            auto [g, depth] = std::move(queue.front());
            queue.pop_front();
            if (g.status() == Status::Won) return depth;
            MoveList moves;
            g.legal_moves(moves);
            for (const Move& m : moves) {
                Game next = g;
                next.apply(m);
                if (!seen.insert(key(next.state())).second) continue;
                if (seen.size() > budget_) return -2;
                queue.emplace_back(std::move(next), depth + 1);
            }
        }
        return -1;
    }

    static std::string key(const State& s) { return test::state_key(s, false); }
private:
    std::uint64_t budget_;
    std::unordered_set<std::string> seen_;
};

// The cards the variant's goal says must go, of those left.
std::uint64_t required_cards(const Game& g) {
    const FastPosition pos(g);
    const std::uint64_t left = pos.tableau_codes() | pos.talon_codes();
    return g.variant().goal == Goal::AllCards ? left : pos.tableau_codes() & pyramid_codes(g);
}

// Plays the solver's line through a fresh Game: every move legal, the end a win.
bool line_wins(Game g, const std::vector<Move>& line) {
    for (const Move& m : line) {
        MoveList moves;
        g.legal_moves(moves);
        bool listed = false;
        for (const Move& legal : moves) listed = listed || legal == m;
        if (!listed) return false;
        g.apply(m);
    }
    return g.status() == Status::Won;
}

// Compares the solver with the reference on `deals` deals of a preset. Where
// the reference cannot finish within its budget from the deal, both start
// again a few blind-player moves later, until it can: so every deal is
// compared, at its start or in its middle game. Three ways to search: with
// the probes by default (these positions are mostly decided in the first),
// with probes of a few positions each (so shuffled probes stop, and store
// what they proved, on every deal), and with none.
void compare(const std::string& preset, int deals, std::uint64_t budget) {
    const Rules rules(load_variant(preset));
    SolveOptions tiny_probes, no_probes;
    tiny_probes.first_probe = 8;
    tiny_probes.shuffled_probes = 6;
    tiny_probes.probe_positions = 4;
    no_probes.first_probe = 0;
    std::vector<std::unique_ptr<Solver>> ways;
    for (const SolveOptions& so : {SolveOptions{}, tiny_probes, no_probes}) ways.push_back(std::make_unique<Solver>(so));
    int from_start = 0, wins = 0;
    for (int seed = 0; seed < deals; ++seed) {
        INFO(preset << " seed " << seed);
        Game game(rules, deal_from_seed(rules.variant, static_cast<std::uint64_t>(seed)));
        for (;;) {
            Game probe = game;
            ReferenceSearch ref(budget);
            const int slow = ref.run(probe);
            if (slow < 0 && game.status() == Status::InProgress) {
                for (int i = 0; i < 5 && game.status() == Status::InProgress; ++i) game.apply(blind_choice(game));
                continue;
            }
            INFO("after " << game.moves_made() << " blind moves");
            for (std::size_t way = 0; way < ways.size(); ++way) {
                INFO("way " << way << " (0 probes by default, 1 tiny probes, 2 none)");
                const SolveResult fast = ways[way]->solve(game);
                REQUIRE(fast.outcome != SolveOutcome::GaveUp);
                CHECK((slow == 1) == (fast.outcome == SolveOutcome::Won));
                if (fast.outcome == SolveOutcome::Won) CHECK(line_wins(game, fast.line));
            }
            wins += slow == 1;
            from_start += game.moves_made() == 0;
            break;
        }
    }
    // The comparison must not have slid to trivial end positions only.
    INFO(preset << ": " << from_start << " compared from the deal itself, " << wins << " won");
    CHECK(wins > 0);
    CHECK(wins < deals);
}

}  // namespace

// --shortest against a breadth-first search, from winnable positions: a few
// moves short of the end of a winning line the solver found (so also off the
// line the shortest search would take). Every shortest line it returns must
// have exactly the fewest moves, by each of its ways: best first (A*), best
// first running out of memory after a few dozen positions and going on by
// iterative deepening, and iterative deepening alone (IDA*). The bound on
// the moves left that all three rely on is never above the fewest.
void compare_shortest(const std::string& preset, int deals, std::uint64_t budget) {
    const Rules rules(load_variant(preset));
    Solver any;
    std::vector<std::unique_ptr<Solver>> ways;
    for (std::size_t bytes : {std::size_t{1} << 30, std::size_t{40 * 170}, std::size_t{0}}) {
        SolveOptions so;
        so.shortest = true;
        so.shortest_bytes = bytes;
        ways.push_back(std::make_unique<Solver>(so));
    }
    int compared = 0, bound_below = 0, sharper_above = 0;
    for (int seed = 0; seed < deals; ++seed) {
        const Game start(rules, deal_from_seed(rules.variant, static_cast<std::uint64_t>(seed)));
        const SolveResult won = any.solve(start);
        if (won.outcome != SolveOutcome::Won) continue;
        for (int back : {6, 12, 18, 24, 30}) {
            const int keep = static_cast<int>(won.line.size()) - back;
            if (keep < 0) break;
            Game game = start;
            for (int i = 0; i < keep; ++i) game.apply(won.line[static_cast<std::size_t>(i)]);
            ReferenceSearch ref(budget);
            const int fewest = ref.shortest(game);
            if (fewest == -2) break;
            INFO(preset << " seed " << seed << ", " << back << " moves from the end");
            if (rules.variant.waste_piles == 1) {
                const FastPosition pos(game);
                const int bound = moves_left_bound(pos, rules.variant, required_cards(game));
                CHECK(bound <= fewest);
                bound_below += bound < fewest;
                // Sharper, with the facts of order.
                const PairingFacts facts = pairing_facts(game);
                const DeadEndTest test(rules, facts, pyramid_codes(game));
                OrderInput in;
                fill_order_input(pos, test, in);
                OrderFacts o;
                REQUIRE_FALSE(test.dead(in, nullptr, nullptr, o));
                const int sharper = moves_left_bound(pos, rules.variant, o, facts.pairable);
                CHECK(sharper <= fewest);
                sharper_above += sharper > bound;
            }
            for (const auto& way : ways) {
                const SolveResult fast = way->solve(game);
                REQUIRE(fast.outcome == SolveOutcome::Won);
                CHECK(static_cast<int>(fast.line.size()) == fewest);
                CHECK(line_wins(game, fast.line));
            }
            ++compared;
        }
    }
    INFO(preset << ": " << compared << " positions compared, the bound below the fewest at " << bound_below
                 << ", the facts' bound above the plain one at " << sharper_above);
    CHECK(compared >= 10);
}

TEST_CASE("the shortest line is the fewest moves: traditional", "[solver]") { compare_shortest("traditional", test::deals_here(150), 20000); }
TEST_CASE("the shortest line is the fewest moves: pyramid-only", "[solver]") { compare_shortest("pyramid-only", test::deals_here(150), 20000); }
TEST_CASE("the shortest line is the fewest moves: par", "[solver]") { compare_shortest("par", test::deals_here(30), 20000); }
TEST_CASE("the shortest line is the fewest moves: tut", "[solver]") { compare_shortest("tut", test::deals_here(30), 20000); }
TEST_CASE("the shortest line is the fewest moves: giza", "[solver]") { compare_shortest("giza", test::deals_here(30), 20000); }
TEST_CASE("the shortest line is the fewest moves: microsoft", "[solver]") { compare_shortest("microsoft", test::deals_here(60), 20000); }
TEST_CASE("the shortest line is the fewest moves: apophis", "[solver]") { compare_shortest("apophis", test::deals_here(30), 20000); }

TEST_CASE("solver agrees with a plain exhaustive search: traditional", "[solver]") { compare("traditional", test::deals_here(200), 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: pyramid-only", "[solver]") { compare("pyramid-only", test::deals_here(200), 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: par", "[solver]") { compare("par", test::deals_here(100), 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: microsoft", "[solver]") { compare("microsoft", test::deals_here(100), 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: overlapping", "[solver]") { compare("overlapping", test::deals_here(150), 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: giza", "[solver]") { compare("giza", test::deals_here(150), 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: spanish", "[solver]") { compare("spanish", test::deals_here(150), 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: reserve", "[solver]") { compare("reserve", test::deals_here(150), 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: apophis", "[solver]") { compare("apophis", test::deals_here(100), 5000); }
// Triangle is rarely won: all its deals in every build, so that some are.
TEST_CASE("solver agrees with a plain exhaustive search: triangle", "[solver]") { compare("triangle", 150, 5000); }
TEST_CASE("solver agrees with a plain exhaustive search: tut", "[solver]") { compare("tut", test::deals_here(150), 5000); }

TEST_CASE("the lost table grows while a deal needs it, and shrinks back after", "[solver]") {
    LostTable table(std::size_t{256} << 20);
    CHECK(table.entries() == 0);  // no memory before the first store
    CHECK(table.find(Key{1, 2}) == -1);
    table.next_search();
    table.store(Key{1, 2}, 4);
    const std::size_t first = table.entries();
    CHECK(first == LostTable::StartEntries);
    CHECK(table.find(Key{1, 2}) == 4);
    table.next_search();
    for (std::uint64_t i = 0; i < 200000; ++i) table.store(Key{i, ~i}, 1);
    const std::size_t grown = table.entries();
    CHECK(grown > 4 * first);
    CHECK(table.find(Key{12345, ~std::uint64_t{12345}}) == 1);  // kept through the growth
    table.next_search();                                          // the last search needed it: it stays
    CHECK(table.entries() == grown);
    CHECK(table.find(Key{12345, ~std::uint64_t{12345}}) == -1);  // a new search starts empty
    for (std::uint64_t i = 0; i < 10; ++i) table.store(Key{i, i}, 2);
    table.next_search();  // the last search needed little: back to the first size
    CHECK(table.entries() == first);
    table.store(Key{7, 7}, 3);
    CHECK(table.find(Key{7, 7}) == 3);
    // It keeps its memory, and grows into it again: nothing of the searches
    // before shows through, and this search's entries are kept.
    CHECK(table.block_entries() == grown);
    table.next_search();
    table.store(Key{7, 7}, 1);
    for (std::uint64_t i = 0; i < 200000; ++i) table.store(Key{i, i + 1}, 6);
    CHECK(table.entries() == grown);
    CHECK(table.block_entries() == grown);
    CHECK(table.find(Key{7, 7}) == 1);
    table.store(Key{7, 7}, 5);
    CHECK(table.find(Key{7, 7}) == 5);
    int stale = 0, kept = 0;
    for (std::uint64_t i = 0; i < 200000; i += 97) {
        stale += table.find(Key{i, ~i}) != -1;
        kept += table.find(Key{i, i + 1}) == 6;
    }
    CHECK(stale == 0);
    CHECK(kept > 1900);  // nearly all 2,062: a full bucket may lose one
}

TEST_CASE("a node limit of N searches N positions at the most, a scored variant's two searches together", "[solver]") {
    int gave_up = 0, decided = 0;
    for (const char* preset : {"traditional", "par", "apophis"}) {
        const Rules rules(load_variant(preset));
        for (std::uint64_t limit : {1, 2, 50, 3000}) {
            SolveOptions so;
            so.node_limit = limit;
            so.best_score = true;  // par: the win search, then the best-score search
            Solver solver(so);
            for (std::uint64_t seed = 0; seed < 25; ++seed) {
                INFO(preset << " seed " << seed << ", limit " << limit);
                const SolveResult r = solver.solve(rules, deal_from_seed(rules.variant, seed));
                CHECK(r.nodes <= limit);
                (r.outcome == SolveOutcome::GaveUp ? gave_up : decided)++;
            }
        }
    }
    CHECK(gave_up > 0);
    CHECK(decided > 0);
}

namespace {

// outcomes_after against a fresh solve after each move, at positions along
// the blind player's line: one search for every move (below each, the
// position after it starts a search of its own, however the first search
// reached it) must say what separate solves say.
void compare_outcomes_after(const std::string& preset, int deals) {
    const Rules rules(load_variant(preset));
    SolveOptions so;
    so.node_limit = 200000;
    Solver shared(so), fresh(so);
    int positions = 0, mixed = 0, several_win = 0;
    for (int seed = 0; seed < deals; ++seed) {
        Game game(rules, deal_from_seed(rules.variant, static_cast<std::uint64_t>(seed)));
        for (int step = 0; step < 40 && game.status() == Status::InProgress; ++step) {
            MoveList legal;
            game.legal_moves(legal);
            const std::vector<Move> moves(legal.begin(), legal.end());
            if (step % 3 == 0 && moves.size() > 1) {
                INFO(preset << " seed " << seed << " after " << game.moves_made() << " moves");
                const std::vector<SolveOutcome> after = shared.outcomes_after(game, moves);
                REQUIRE(after.size() == moves.size());
                int won = 0, lost = 0;
                for (std::size_t i = 0; i < moves.size(); ++i) {
                    Game next = game;
                    next.apply(moves[i]);
                    const SolveOutcome alone = next.status() == Status::Won    ? SolveOutcome::Won
                                               : next.status() == Status::Lost ? SolveOutcome::NoSolution
                                                                               : fresh.solve(next).outcome;
                    if (alone == SolveOutcome::GaveUp || after[i] == SolveOutcome::GaveUp) continue;
                    INFO("move " << i);
                    CHECK(after[i] == alone);
                    (alone == SolveOutcome::Won ? won : lost)++;
                }
                ++positions;
                mixed += won > 0 && lost > 0;
                several_win += won > 1;
            }
            game.apply(blind_choice(game));
        }
    }
    // Not only lost positions: some where moves differ, and some where more
    // than one wins (each past the first is searched below the move alone).
    INFO(preset << ": " << positions << " positions, " << mixed << " with moves that win and moves that lose, "
                << several_win << " with more than one move that wins");
    CHECK(mixed > 0);
    CHECK(several_win > 0);
}

}  // namespace

TEST_CASE("outcomes_after agrees with a solve after each move", "[solver]") {
    compare_outcomes_after("traditional", test::deals_here(120));
    compare_outcomes_after("microsoft", test::deals_here(60));
    compare_outcomes_after("overlapping", test::deals_here(40));
    compare_outcomes_after("par", test::deals_here(40));
    compare_outcomes_after("giza", test::deals_here(40));  // several waste piles: pyr::Game as the position
    compare_outcomes_after("tut", test::deals_here(20));
    compare_outcomes_after("apophis", test::deals_here(20));
    compare_outcomes_after("reserve", test::deals_here(30));
}
