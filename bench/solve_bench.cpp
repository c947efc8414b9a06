// Solver benchmark: solves deals of a preset by seed and prints deals/second,
// mean, median and maximum time per deal, positions searched, win rate and
// peak memory. Usage: pyramide_bench [VARIANT] [COUNT] [FIRST_SEED]
// (TABLE_MB=N in the environment sets the most the lost-position table may grow to;
// SHORTEST=1 asks for fewest-move lines; BEST=1 for the best score (scored variants);
// NODE_LIMIT=N gives a deal up after N positions.)
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

int main(int argc, char** argv) {
    const std::string variant = argc > 1 ? argv[1] : "traditional";
    const long count = argc > 2 ? std::atol(argv[2]) : 1000;
    const std::uint64_t first = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 0;
    const pyr::Rules rules(pyr::load_variant(variant));
    pyr::SolveOptions so;
    if (const char* mb = std::getenv("TABLE_MB")) so.table_bytes = std::strtoull(mb, nullptr, 10) << 20;
    so.shortest = std::getenv("SHORTEST") != nullptr;  // SHORTEST=1: fewest-move lines
    so.best_score = std::getenv("BEST") != nullptr;     // BEST=1: the best score
    if (const char* limit = std::getenv("NODE_LIMIT")) so.node_limit = std::strtoull(limit, nullptr, 10);
    pyr::Solver solver(so);
    // PYRAMIDE_BENCH_OUTCOMES=1: print each deal's seed, outcome (0 won, 1 no solution, 2 gave up), time in ms
    // and positions searched, to compare solvers.
    const bool outcomes = std::getenv("PYRAMIDE_BENCH_OUTCOMES") != nullptr;
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(count));
    long won = 0, gave_up = 0;
    std::uint64_t nodes = 0, max_nodes = 0, max_seed = first;
    double max_ms = 0;
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < count; ++i) {
        const std::uint64_t seed = first + static_cast<std::uint64_t>(i);
        const pyr::Deal deal = pyr::deal_from_seed(rules.variant, seed);
        const auto t0 = std::chrono::steady_clock::now();
        const pyr::SolveResult r = solver.solve(rules, deal);
        const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        ms.push_back(t);
        if (outcomes) fmt::print("{} {} {:.3f} {}\n", seed, static_cast<int>(r.outcome), t, r.nodes);
        won += r.outcome == pyr::SolveOutcome::Won;
        gave_up += r.outcome == pyr::SolveOutcome::GaveUp;
        nodes += r.nodes;
        max_nodes = std::max(max_nodes, r.nodes);
        if (t > max_ms) {
            max_ms = t;
            max_seed = seed;
        }
    }
    const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double t : ms) sum += t;
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    fmt::print("variant {}  deals {} (seeds {}..{})  one thread\n", variant, count, first, first + count - 1);
    fmt::print("  {:.0f} deals/s   mean {:.3f} ms   median {:.3f} ms   p99 {:.3f} ms   max {:.1f} ms (seed {})\n",
               count / total, sum / count, ms[ms.size() / 2], ms[ms.size() * 99 / 100], max_ms, max_seed);
    fmt::print("  positions: mean {:.0f}, max {}   won {} ({:.2f}%)   gave up {}   peak memory {:.1f} MB\n",
               static_cast<double>(nodes) / count, max_nodes, won, 100.0 * won / count, gave_up, ru.ru_maxrss / 1024.0);
}
