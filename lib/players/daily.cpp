#include "daily.hpp"

#include <array>
#include <vector>
#include <optional>

#include "lib/rules/shuffle.hpp"

namespace pyr {

std::uint64_t daily_name_hash(std::string_view variant_name) {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (const char c : variant_name) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001B3ULL;
    }
    return h;
}

std::uint64_t daily_first_seed(std::int64_t days, std::string_view variant_name) {
    SplitMix64 g(daily_name_hash(variant_name) ^ static_cast<std::uint64_t>(days));
    return g.next() >> 11;
}

Band daily_band(std::int64_t days) {
    // 1970-01-01 was a Thursday: (days + 3) mod 7 is 0 on a Monday.
    const auto weekday = static_cast<std::size_t>(((days + 3) % 7 + 7) % 7);
    constexpr std::array<Band, 7> ByWeekday = {Band::Easy, Band::Easy,  Band::Medium, Band::Medium,
                                               Band::Hard, Band::Hard, Band::Expert};
    return ByWeekday[weekday];
}

RatingOptions daily_rating_options(unsigned threads) {
    RatingOptions o;  // rate's defaults
    o.threads = threads;
    return o;
}

std::optional<DailyDeal> daily_deal(const Rules& rules, std::int64_t days, unsigned threads) {
    const std::uint64_t first = daily_first_seed(days, rules.variant.name);
    const Band wanted = daily_band(days);
    const RatingOptions options = daily_rating_options(threads);
    // The bands in the order they are settled for: the day's, those below it, those above it.
    std::vector<Band> order{wanted};
    for (int b = static_cast<int>(wanted) - 1; b >= 0; --b) order.push_back(static_cast<Band>(b));
    for (int b = static_cast<int>(wanted) + 1; b < Bands; ++b) order.push_back(static_cast<Band>(b));
    // Each seed's probe, made when first asked: a later band's question plays
    // on from the games its earlier questions played.
    std::vector<std::optional<BandProbe>> probes(DailyScanSeeds);
    for (const Band band : order)
        for (int i = 0; i < DailyScanSeeds; ++i) {
            const std::uint64_t seed = first + static_cast<std::uint64_t>(i);
            auto& probe = probes[static_cast<std::size_t>(i)];
            if (!probe) probe.emplace(rules, deal_from_seed(rules.variant, seed), options);
            if (probe->in_band(band)) return DailyDeal{seed, band, probe->rating()};
        }
    return std::nullopt;
}

}  // namespace pyr
