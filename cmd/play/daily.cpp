#include "daily.hpp"

#include <fmt/format.h>

#include "cmd/common.hpp"
#include "formats/utc_date.hpp"
#include "formats/variant_toml.hpp"
#include "lib/players/daily.hpp"

namespace pyr::cmd::play {

CLI::Option* add_daily_option(CLI::App& app, std::string& date) {
    return app.add_option("--daily", date, "Play the deal of the day: today's (UTC) or DATE's,\nYYYY-MM-DD")
        ->expected(0, 1)
        ->type_name("[DATE]");
}

std::uint64_t daily_seed(const std::string& variant, const std::string& date, const std::string& other_source) {
    if (!other_source.empty())
        throw UsageError(fmt::format("--daily: the deal of the day is the deal: not with {}", other_source));
    const std::int64_t days = date.empty() ? today_utc() : read_date(date, "--daily");
    const Rules rules(load_variant(variant.empty() ? "traditional" : variant));
    const std::optional<DailyDeal> d = daily_deal(rules, days, job_count(0));
    if (!d)
        throw InputError("", 0, 0,
                         fmt::format("--daily {}: none of the {} seeds of the day is winnable in variant '{}'",
                                     format_date(days), DailyScanSeeds, rules.variant.name),
                         Severity::Invalid);
    return d->seed;
}

}  // namespace pyr::cmd::play
