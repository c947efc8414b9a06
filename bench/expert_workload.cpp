// The expert player's workload for the solver: positions from the middle of
// real games (the blind player's, MOVES moves in) with the unseen stock cards
// dealt in K orders, solved one after another with one solver, as the expert
// does at each choice. Prints solves a second, time per solve and positions.
// Usage: pyramide_expert_workload [VARIANT] [DEALS] [MOVES] [K]
// (defaults: traditional, 200 deals from seed 0, 12 moves in, K = 32; the
// expert's own node limit of 1,000,000 positions a solve).
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include <sys/resource.h>

#include <fmt/format.h>

#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"
#include "lib/players/strategy.hpp"

int main(int argc, char** argv) {
    const std::string variant = argc > 1 ? argv[1] : "traditional";
    const int deals = argc > 2 ? std::atoi(argv[2]) : 200;
    const int moves_in = argc > 3 ? std::atoi(argv[3]) : 12;
    const int samples = argc > 4 ? std::atoi(argv[4]) : 32;
    const pyr::Rules rules(pyr::load_variant(variant));
    pyr::SolveOptions so;
    so.node_limit = 1'000'000;
    pyr::Solver solver(so);
    std::vector<double> ms;
    long won = 0, gave_up = 0, positions = 0;
    std::uint64_t nodes = 0;
    double total = 0;
    for (int seed = 0; seed < deals; ++seed) {
        pyr::Game game(rules, pyr::deal_from_seed(rules.variant, static_cast<std::uint64_t>(seed)));
        for (int i = 0; i < moves_in && game.status() == pyr::Status::InProgress; ++i) game.apply(pyr::blind_choice(game));
        if (game.status() != pyr::Status::InProgress) continue;
        ++positions;
        pyr::SplitMix64 rng(static_cast<std::uint64_t>(seed) * 0x9E3779B97F4A7C15ULL + 1);
        std::vector<pyr::Card> order(game.unseen_stock().begin(), game.unseen_stock().end());
        for (int k = 0; k < samples; ++k) {
            for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
            pyr::Game sample = game;
            sample.reorder_unseen_stock(order);
            const auto t0 = std::chrono::steady_clock::now();
            const pyr::SolveResult r = solver.solve(sample);
            const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            ms.push_back(t);
            total += t;
            won += r.outcome == pyr::SolveOutcome::Won;
            gave_up += r.outcome == pyr::SolveOutcome::GaveUp;
            nodes += r.nodes;
        }
    }
    if (ms.empty()) {
        fmt::print("no game of {} was still going after {} moves\n", variant, moves_in);
        return 1;
    }
    std::sort(ms.begin(), ms.end());
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    const double n = static_cast<double>(ms.size());
    fmt::print("variant {}  {} positions ({} deals, {} blind moves in) x {} stock orders  one thread\n", variant,
               positions, deals, moves_in, samples);
    fmt::print("  {:.0f} solves/s   mean {:.3f} ms   median {:.3f} ms   p99 {:.3f} ms   max {:.1f} ms\n",
               n / (total / 1000), total / n, ms[ms.size() / 2], ms[ms.size() * 99 / 100], ms.back());
    fmt::print("  positions searched: mean {:.0f}   won {:.1f}%   gave up {}   peak memory {:.1f} MB\n",
               static_cast<double>(nodes) / n, 100.0 * static_cast<double>(won) / n, gave_up, ru.ru_maxrss / 1024.0);
}
