#include "rating.hpp"

#include <algorithm>
#include <array>
#include <atomic>

#include "interval.hpp"
#include "lib/parallel.hpp"

namespace pyr {

namespace {
// Each band's smallest chance of an expert's win, easy first. A deal the
// solver wins but the expert won less than 1 time in 20 is for experts:
// in traditional, about half the winnable deals (R = 16, K = 16).
constexpr std::array<double, Bands> Floors = {0.50, 0.25, 0.05, 0.0};
constexpr std::array<std::string_view, Bands> Names = {"easy", "medium", "hard", "expert"};

std::optional<int> fewest_moves(const Rules& rules, const Deal& deal, std::uint64_t node_limit) {
    SolveOptions so;
    so.shortest = true;
    so.node_limit = node_limit;
    const SolveResult r = Solver(so).solve(rules, deal);
    if (r.outcome != SolveOutcome::Won) return std::nullopt;
    return static_cast<int>(r.line.size());
}

// The rating's game number `run`: the expert samples with seed + run and plays for a win, in Par too.
bool rating_game_won(const Rules& rules, const Deal& deal, const RatingOptions& options, std::uint64_t run) {
    ExpertOptions eo;
    eo.samples = options.samples;
    eo.seed = options.seed + run;
    eo.for_score = false;
    Expert expert(eo);
    return expert_wins(expert, rules, deal);
}
}  // namespace

Rating rate_deal(const Rules& rules, const Deal& deal, const RatingOptions& options) {
    return BandProbe(rules, deal, options).rating();
}

BandProbe::BandProbe(const Rules& rules, const Deal& deal, const RatingOptions& options)
    : rules_(&rules), deal_(deal), options_(options) {
    SolveOptions so;
    so.node_limit = options.node_limit;
    verdict_ = Solver(so).solve(rules, deal).outcome;
}

bool BandProbe::in_band(Band b) {
    if (!winnable()) return false;
    const int runs = options_.runs;
    const WinCounts counts = band_wins(b, runs);
    const int low = counts.first, high = counts.last;
    for (;;) {
        const int most = wins_ + (runs - played_);
        if (wins_ >= low && most <= high) return true;
        if (most < low || wins_ > high) return false;
        play(std::min<int>(static_cast<int>(std::max(options_.threads, 1u)), runs - played_));
    }
}

void BandProbe::play(int games) {
    std::atomic<int> wins{0};
    parallel_for(static_cast<std::size_t>(games), options_.threads, [&](unsigned, std::size_t i) {
        if (rating_game_won(*rules_, deal_, options_, static_cast<std::uint64_t>(played_) + i)) ++wins;
    });
    played_ += games;
    wins_ += wins;
}

Rating BandProbe::rating() {
    Rating r;
    r.verdict = verdict_;
    if (r.verdict == SolveOutcome::NoSolution) return r;  // nobody can win it: no games
    if (r.verdict == SolveOutcome::Won) r.fewest_moves = fewest_moves(*rules_, deal_, options_.fewest_node_limit);
    play(options_.runs - played_);
    r.runs = options_.runs;
    r.samples = options_.samples;
    r.wins = wins_;
    std::tie(r.low, r.high) = wilson(static_cast<std::uint64_t>(r.wins), static_cast<std::uint64_t>(r.runs));
    if (r.verdict == SolveOutcome::Won) r.band = band_of(r.wins, r.runs);
    return r;
}

Band band_of(int wins, int runs) {
    const double chance = static_cast<double>(wins) / runs;
    for (int b = 0; b < Bands - 1; ++b)
        if (chance >= Floors[static_cast<std::size_t>(b)]) return static_cast<Band>(b);
    return Band::Expert;
}

WinCounts band_wins(Band b, int runs) {
    WinCounts c{runs + 1, -1};
    for (int w = 0; w <= runs; ++w)
        if (band_of(w, runs) == b) c.first = std::min(c.first, w), c.last = std::max(c.last, w);
    return c;
}

int fewest_runs(Band b) {
    int runs = 1;
    while (band_wins(b, runs).none()) ++runs;  // ends: a band is an interval of chances, never empty
    return runs;
}

double band_floor(Band b) { return Floors[static_cast<std::size_t>(b)]; }

std::string_view band_name(Band b) { return Names[static_cast<std::size_t>(b)]; }

std::optional<Band> band_named(std::string_view name) {
    for (int b = 0; b < Bands; ++b)
        if (Names[static_cast<std::size_t>(b)] == name) return static_cast<Band>(b);
    return std::nullopt;
}

}  // namespace pyr
