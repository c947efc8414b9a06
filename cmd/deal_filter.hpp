// deal's seed filters (--winnable, --unwinnable): a test of one seed's deal,
// run over a run of seeds on several threads, the seeds kept in seed order.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "formats/deal_format.hpp"
#include "lib/players/rating.hpp"

namespace pyr::cmd {

class Progress;

// Whether to keep a deal, and the note written with it; nullopt: skip it.
// A test is used by one thread at a time, so it may keep a solver of its own;
// the maker makes one for each thread.
using DealTest = std::function<std::optional<DealNote>(const Deal&)>;
using DealTestMaker = std::function<DealTest()>;

// --winnable (`winnable` true) or --unwinnable: the exact solver's verdict. A
// deal the solver gives up on at `node_limit` (0: never) is kept by neither.
DealTestMaker solver_verdict_test(const Rules& rules, bool winnable, std::uint64_t node_limit);

// --difficulty: the deals the solver wins whose rating (lib/players/rating.hpp) falls
// in `band`. A rating plays the expert's games on options.threads threads, so
// its scan takes one seed at a time (SeedScan::max_chunk 1, jobs 1).
DealTestMaker rating_test(const Rules& rules, Band band, const RatingOptions& options);

struct KeptDeal {
    std::uint64_t seed = 0;
    DealNote note;
};

struct SeedScan {
    std::uint64_t first = 0;      // the first seed tried
    std::uint64_t count = 1;      // how many deals are wanted
    std::uint64_t max_seeds = 1;  // how many seeds are tried at most (1 or more)
    unsigned jobs = 1;            // threads
    std::size_t max_chunk = 4096;  // seeds tested at a time, at most
    // Each deal kept, in seed order, as soon as its chunk is tested (then not
    // in ScanResult::kept): deal --seeds A..B streams what it finds.
    std::function<void(const KeptDeal&)> on_kept;
    bool progress_by_seeds = false;  // the progress counts seeds tried, not deals kept
};

struct ScanResult {
    std::vector<KeptDeal> kept;  // in seed order; fewer than asked when a bound was reached
    std::uint64_t found = 0;     // deals kept (also those given to on_kept)
    std::uint64_t tried = 0;     // seeds first .. first + tried - 1 were tried
};

// The first `count` seeds from `first` on whose deal passes the test, trying at
// most `max_seeds` seeds and none past 2^64-1. The same result whatever `jobs`.
// `progress` moves on by each deal kept, its second count by each seed tried
// (the other way round with progress_by_seeds).
ScanResult scan_seeds(const Rules& rules, const SeedScan& scan, const DealTestMaker& make_test, Progress& progress);

}  // namespace pyr::cmd
