// What `stats` reports over deals, and how: the counts, the run they came
// from (variant, measures, node limit, seeds or files, shards), and their text,
// CSV and JSON forms. `stats --json` writes a part; `stats merge` reads parts back.
#pragma once
#include <algorithm>
#include <array>
#include <map>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/numbers.hpp"

namespace pyr::cmd {

inline constexpr int Measures = 6;
inline constexpr const char* MeasureNames[Measures] = {"won", "pyramid", "lock", "blind", "best", "expert"};
// The one measure that is not a count of deals but a score for each (scored variants).
inline constexpr int BestMeasure = 4;
// Never a default measure: it solves thousands of positions a deal.
inline constexpr int ExpertMeasure = 5;
inline constexpr std::uint64_t MaxExpertSamples = 4096;
using MeasureSet = std::array<bool, Measures>;

// The index of a measure in MeasureNames, -1 if `name` is none.
int measure_index(std::string_view name);
// A comma-separated list of measure names ("won,lock"); throws InputError naming `what` for an unknown one.
MeasureSet parse_measures(const std::string& list, const std::string& what);

// More shards than this are not machines but deals: it also keeps a merged part's list of shards short.
inline constexpr std::uint64_t MaxShards = 10000;

// "K/N": this run takes deals i with i % N == K - 1. Throws InputError naming `what`.
struct Shard {
    std::uint64_t k = 1, n = 1;
};
Shard parse_shard(std::string_view text, std::string_view what);

// How many of `count` deals (count >= 1) shard k of n takes.
std::uint64_t deals_in_shard(std::uint64_t count, std::uint64_t k, std::uint64_t n);

// The best scores (--measure best): how many deals have each, and the series
// of the variant's length (Par: 6) whose total is 0 or more, with perfect play.
struct BestTally {
    std::map<int, std::uint64_t> scores;  // best score -> deals
    int series_of = 0;                    // the variant's series length, 0 = none
    std::uint64_t series = 0, par_series = 0;
    void add(const BestTally& o) {
        for (const auto& [score, n] : o.scores) scores[score] += n;
        series_of = std::max(series_of, o.series_of);
        series += o.series;
        par_series += o.par_series;
    }
    std::uint64_t deals() const;
    // Scores times counts: 2^64 deals of 10^6 points overflow 64 bits.
    WideInt total() const;
};

// Counts only: everything else is derived, so parts add up exactly.
struct Tally {
    std::uint64_t deals = 0;
    std::array<std::uint64_t, Measures> hits{};  // all but BestMeasure
    std::uint64_t gave_up = 0;
    BestTally best;
    // Scored variants, --measure expert: the scores of the expert's games
    // (every deal has one), and its series.
    BestTally expert_score;
    void add(const Tally& o) {
        deals += o.deals;
        for (int i = 0; i < Measures; ++i) hits[i] += o.hits[i];
        gave_up += o.gave_up;
        best.add(o.best);
        expert_score.add(o.expert_score);
    }
};

struct Report {
    std::string variant;
    std::string source;  // for people: "seeds 0..29", "deals.txt", "3 files"
    MeasureSet on{};
    std::uint64_t node_limit = 0;
    std::uint64_t expert_samples = 0;  // K, when the expert is measured
    bool scored = false;               // the variant scores: the expert's scores are counted
    std::optional<SeedRange> seeds;  // the deals of these seeds, or else
    std::uint64_t deals_read = 0;    // deals read from files, before sharding
    std::uint64_t shard_count = 1;
    std::vector<std::uint64_t> shards{1};  // the shards of shard_count measured, increasing
    Tally tally;
};

// "shard 2/3", "shards 1, 3 of 4"; "" for a run that is not split.
std::string shards_text(const Report& r);
// One JSON object on one line, ending in a newline: the part `stats merge` reads.
std::string report_json(const Report& r);
enum class ReportForm { Text, Csv, Json };
void print_report(const Report& r, ReportForm form);

// stats merge PART.json...: adds up the parts of one run (stats_merge.cpp).
int run_merge(const std::vector<std::string>& paths, ReportForm form);

}  // namespace pyr::cmd
