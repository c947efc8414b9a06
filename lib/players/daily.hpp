// The deal of the day: one winnable deal per UTC date and variant, the same on
// every installation, its band rising through the week (formats/deal.md,
// "The deal of the day", specifies every step so another program can find it).
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "rating.hpp"

namespace pyr {

// Seeds a day's scan tries at most before it settles for a lower band.
inline constexpr int DailyScanSeeds = 1024;

// FNV-1a, 64 bits, of the variant's name (its bytes as written).
std::uint64_t daily_name_hash(std::string_view variant_name);
// The first seed of a day's scan: SplitMix64's first output from state
// hash(name) XOR days, shifted right by 11 (below 2^53). `days` counts from 1970-01-01.
std::uint64_t daily_first_seed(std::int64_t days, std::string_view variant_name);
// The day's band: Monday and Tuesday easy, Wednesday and Thursday medium,
// Friday and Saturday hard, Sunday expert.
Band daily_band(std::int64_t days);

// The rating every daily deal is judged by: `rate`'s defaults (R 16, K 16,
// expert seed 0), so that `pyramide rate` of the deal says the same.
RatingOptions daily_rating_options(unsigned threads);

struct DailyDeal {
    std::uint64_t seed = 0;
    Band band = Band::Easy;  // the day's band, or the lower one the scan settled for
    Rating rating;
};

// Rates seeds first, first + 1, ... (DailyScanSeeds of them at most) and
// keeps the first winnable one in the day's band; when none is, the first of
// those seeds in the band below, and so on down to easy, then up from the
// day's band to expert. nullopt: none of those seeds is winnable.
std::optional<DailyDeal> daily_deal(const Rules& rules, std::int64_t days, unsigned threads);

}  // namespace pyr
