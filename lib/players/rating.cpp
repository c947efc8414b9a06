#include "rating.hpp"

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
}  // namespace

Rating rate_deal(const Rules& rules, const Deal& deal, const RatingOptions& options) {
    Rating r;
    SolveOptions so;
    so.node_limit = options.node_limit;
    r.verdict = Solver(so).solve(rules, deal).outcome;
    if (r.verdict == SolveOutcome::NoSolution) return r;
    if (r.verdict == SolveOutcome::Won) r.fewest_moves = fewest_moves(rules, deal, options.fewest_node_limit);
    std::atomic<int> wins{0};
    parallel_for(static_cast<std::size_t>(options.runs), options.threads, [&](unsigned, std::size_t run) {
        ExpertOptions eo;
        eo.samples = options.samples;
        eo.seed = options.seed + run;
        eo.for_score = false;  // the chance is of a win, in Par too
        Expert expert(eo);
        if (expert_wins(expert, rules, deal)) ++wins;
    });
    r.runs = options.runs;
    r.samples = options.samples;
    r.wins = wins;
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

double band_floor(Band b) { return Floors[static_cast<std::size_t>(b)]; }

std::string_view band_name(Band b) { return Names[static_cast<std::size_t>(b)]; }

std::optional<Band> band_named(std::string_view name) {
    for (int b = 0; b < Bands; ++b)
        if (Names[static_cast<std::size_t>(b)] == name) return static_cast<Band>(b);
    return std::nullopt;
}

}  // namespace pyr
