// How hard a deal is for a player who does not see the stock: the solver's
// verdict (stock known), the fewest moves of a win, and the expert player's
// chance of winning it, estimated from R games of the expert (lib/players/expert.hpp),
// each with its own sampling seed. The band (easy to expert) is read from that
// chance alone, and only a deal the solver wins has one.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "lib/rules/game.hpp"
#include "expert.hpp"
#include "lib/solve/solver.hpp"

namespace pyr {

enum class Band { Easy, Medium, Hard, Expert };
inline constexpr int Bands = 4;
inline constexpr int MaxRatingRuns = 100'000;  // R at most

struct RatingOptions {
    int runs = 16;                 // R: the expert's games
    int samples = 16;              // K: the stock orders each of its choices weighs
    std::uint64_t seed = 0;        // run r samples with seed + r
    std::uint64_t node_limit = 0;  // the verdict's solve gives up after this many positions; 0: never
    // The fewest moves' search (iterative deepening, far slower than the
    // verdict's) gives up after this many; 0: never. The expert has its own.
    std::uint64_t fewest_node_limit = 1'000'000;
    unsigned threads = 1;          // the R games on this many threads (same result whatever the count)
};

struct Rating {
    SolveOutcome verdict = SolveOutcome::GaveUp;
    std::optional<int> fewest_moves;  // a win's fewest moves, when the search finished
    // The expert's games: none for a deal proved lost, which nobody can win.
    int runs = 0, wins = 0;
    int samples = 0;           // K of those games
    double low = 0, high = 0;  // the 95% Wilson interval of wins / runs
    std::optional<Band> band;  // a deal the solver wins
};

Rating rate_deal(const Rules& rules, const Deal& deal, const RatingOptions& options);

// The question a scan asks of many deals (`deal --difficulty`, the deal of
// the day, a round's deals): is this deal winnable and in band b? It plays
// rate_deal's games (run r samples with seed + r), a few at a time, only
// until the answer is settled, and skips the fewest moves' search: a deal
// it finds in band b has band b in rate_deal's rating too. Asking again,
// of another band, plays on from the games already played.
class BandProbe {
public:
    BandProbe(const Rules& rules, const Deal& deal, const RatingOptions& options);
    bool winnable() const { return verdict_ == SolveOutcome::Won; }
    bool in_band(Band b);
    // rate_deal's rating: the fewest moves' search and the games not yet played.
    Rating rating();
    int games_played() const { return played_; }

private:
    void play(int games);  // the next `games` games, on options.threads threads

    const Rules* rules_;
    Deal deal_;
    RatingOptions options_;
    SolveOutcome verdict_;
    int played_ = 0, wins_ = 0;
};

// The band of a winnable deal the expert won `wins` of `runs` times (runs > 0).
Band band_of(int wins, int runs);
// The win counts of `runs` games that give band b: [first, last], none
// (first > last) where no count does (with 2 games, medium and hard).
struct WinCounts {
    int first = 0, last = -1;
    bool none() const { return first > last; }
};
WinCounts band_wins(Band b, int runs);
// The fewest games some count of which gives band b.
int fewest_runs(Band b);
// The smallest chance of each band, for the man page and messages: easy 0.75, ...
double band_floor(Band b);
std::string_view band_name(Band b);
// The band of that name ("easy"), nullopt for another word.
std::optional<Band> band_named(std::string_view name);

}  // namespace pyr
