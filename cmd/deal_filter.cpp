// deal's seed filters: seeds tested a chunk at a time on parallel_for's
// threads; a chunk's verdicts are read in seed order, so -j changes nothing.
#include "deal_filter.hpp"

#include <algorithm>
#include <memory>

#include "lib/parallel.hpp"
#include "progress.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"

namespace pyr::cmd {

namespace {
// Chunks start at one seed a thread and double up to this: a small --count is
// not held up by a large chunk, and a large one keeps the threads busy.
constexpr std::size_t MaxChunk = 4096;

// How many seeds from `first` on a scan may try: max_seeds, or up to 2^64-1.
std::uint64_t seeds_in_reach(std::uint64_t first, std::uint64_t max_seeds) {
    const std::uint64_t after_first = UINT64_MAX - first;
    return max_seeds - 1 <= after_first ? max_seeds : after_first + 1;
}
}  // namespace

DealTestMaker solver_verdict_test(const Rules& rules, bool winnable, std::uint64_t node_limit) {
    return [&rules, winnable, node_limit] {
        SolveOptions options;  // the table's bytes as stats has them: the default, per thread
        options.node_limit = node_limit;
        auto solver = std::make_shared<Solver>(options);
        return DealTest([&rules, winnable, solver](const Deal& deal) -> std::optional<DealNote> {
            const SolveOutcome outcome = solver->solve(rules, deal).outcome;
            if (outcome == SolveOutcome::GaveUp || (outcome == SolveOutcome::Won) != winnable) return std::nullopt;
            return DealNote{winnable, std::nullopt};
        });
    };
}

DealTestMaker rating_test(const Rules& rules, Band band, const RatingOptions& options) {
    return [&rules, band, options] {
        return DealTest([&rules, band, options](const Deal& deal) -> std::optional<DealNote> {
            // Settled with as few games as tell; the kept deal is rated in full for its note.
            BandProbe probe(rules, deal, options);
            if (!probe.in_band(band)) return std::nullopt;
            return DealNote{true, probe.rating()};
        });
    };
}

ScanResult scan_seeds(const Rules& rules, const SeedScan& scan, const DealTestMaker& make_test, Progress& progress) {
    const std::uint64_t reach = seeds_in_reach(scan.first, scan.max_seeds);
    std::vector<DealTest> tests;  // one a thread, made when a chunk first needs it
    ScanResult result;
    std::size_t chunk = std::min<std::size_t>(std::max(scan.jobs, 1u), scan.max_chunk);
    while (result.found < scan.count && result.tried < reach) {
        const auto size = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, reach - result.tried));
        const std::uint64_t base = scan.first + result.tried;
        while (tests.size() < std::min<std::size_t>(scan.jobs, size)) tests.push_back(make_test());
        std::vector<std::optional<DealNote>> notes(size);
        parallel_for(size, scan.jobs, [&](unsigned worker, std::size_t i) {
            notes[i] = tests[worker](deal_from_seed(rules.variant, base + i));
        });
        const std::uint64_t found_before = result.found;
        for (std::size_t i = 0; i < size && result.found < scan.count; ++i) {
            if (!notes[i]) continue;
            ++result.found;
            if (scan.on_kept) scan.on_kept({base + i, *notes[i]});
            else result.kept.push_back({base + i, *notes[i]});
        }
        progress.advance(scan.progress_by_seeds ? size : result.found - found_before);
        progress.advance_also(scan.progress_by_seeds ? result.found - found_before : size);
        result.tried += size;
        chunk = std::min(chunk * 2, std::min(MaxChunk, scan.max_chunk));
    }
    return result;
}

}  // namespace pyr::cmd
