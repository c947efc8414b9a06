// The exact solver: with the stock order known, finds a winning line or proves
// that none exists, for every variant. Depth-first search over the engine's
// own moves, with kings removed at once, a normal form for the order of
// moves, dead-state pruning (facts of which card must go before which,
// carried down the line, and Hall's condition on the pairs left), and a
// fixed-size table of positions already proved lost, so memory stays bounded
// on any deal.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "lib/rules/game.hpp"
#include "pairing.hpp"

namespace pyr {

struct SolveOptions {
    std::uint64_t node_limit = 0;         // give up after this many positions; 0 = no limit
    // The most the lost-position table may grow to. It grows only while a
    // deal needs it; 32 MB made Tut's seed 151 take 1.7 billion positions
    // (12 minutes) re-proving positions it had forgotten, 256 MB 36 million (18 s).
    std::size_t table_bytes = std::size_t{256} << 20;
    bool shortest = false;                // a solution with the fewest moves (A*, then IDA*)
    // With shortest: the most its best-first search may use; past it (or at
    // 0), iterative deepening goes on with no more memory than the table.
    std::size_t shortest_bytes = std::size_t{1} << 30;
    // Scored variants: the line to the highest score the position allows
    // (lib/solve/best_score.hpp), which may be a lost game; not with `shortest`.
    bool best_score = false;
    // With best_score: the limit of the best-score search that follows the
    // win search (0: what node_limit leaves it, so that both together search
    // node_limit positions at the most).
    std::uint64_t best_score_node_limit = 0;
    // Probes, the searches stopped early before the one that runs to the end
    // (not with `shortest`): the first in the solver's order, stopped after
    // first_probe positions, then shuffled_probes in random orders, of
    // probe_positions, twice that, and so on. first_probe 0: no probes.
    std::uint64_t first_probe = 5000;
    int shuffled_probes = 5;
    std::uint64_t probe_positions = 2000;
};

enum class SolveOutcome { Won, NoSolution, GaveUp };

struct SolveResult {
    SolveOutcome outcome = SolveOutcome::GaveUp;
    // The winning moves, in order (each legal in turn). With best_score: the
    // moves to the end of a game reaching the best score, won or lost; then
    // `outcome` still says whether any win exists.
    std::vector<Move> line;
    std::uint64_t nodes = 0;
    std::optional<int> best_score;  // with best_score, once proved: the highest score
    // With best_score: the highest score of a line the search reached, the
    // best one once proved; where it gave up at the node limit after the win
    // search, a lower bound. Unset when the win search itself gave up.
    std::optional<int> score_found;
};

class LostTable;
struct SearchScratch;

// A solver keeps its table of lost positions from deal to deal (without
// clearing it), so solving many deals costs no allocation per deal.
class Solver {
public:
    explicit Solver(SolveOptions options = {});
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;
    SolveResult solve(const Rules& rules, const Deal& deal);
    // From the game's current position (its history is not needed).
    SolveResult solve(const Game& from);
    // Whether the position after each of `moves` (legal in `from`) is won,
    // for a win (not a score): `from` is searched first (lost, so is every
    // move; won, so is the first move of its line), then the same search
    // goes on below each move still open, so what it proved lost below one
    // it need not prove again below the next. Each search within
    // node_limit; `nodes`: the positions of all of them.
    std::vector<SolveOutcome> outcomes_after(const Game& from, std::span<const Move> moves,
                                             std::uint64_t* nodes = nullptr);

private:
    SolveResult solve_for_win(const Game& from, const SolveOptions& options);
    SolveResult solve_for_best_score(const Game& from);
    int first_clear_pass(const Game& from, const SolveOptions& options, int last, std::uint64_t& nodes);

    SolveOptions options_;
    std::unique_ptr<LostTable> table_;
    std::unique_ptr<SearchScratch> scratch_;
};

SolveResult solve(const Rules& rules, const Deal& deal, const SolveOptions& options = {});

}  // namespace pyr
