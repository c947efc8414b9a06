// Dates and times in UTC as text: a date is YYYY-MM-DD, read into days since
// 1970-01-01 and written back; a time is YYYY-MM-DDTHH:MM:SSZ (seconds since
// 1970) and, with milliseconds, YYYY-MM-DDTHH:MM:SS.mmmZ.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pyr {

// Days from 1970-01-01 to the proleptic Gregorian date (negative before it).
std::int64_t days_from_civil(int year, unsigned month, unsigned day);

// "2026-12-04": years 1970 to 9999; nullopt for anything else (a day that does
// not exist, a missing zero, spaces, another separator).
std::optional<std::int64_t> parse_date(std::string_view text);
// parse_date(), or throws InputError("", 0, 0, "WHAT: 'TEXT' is not a date YYYY-MM-DD (1970 to 9999)").
std::int64_t read_date(std::string_view text, std::string_view what);
std::string format_date(std::int64_t days);

// "2026-12-04T18:00:00Z" as seconds since 1970, nullopt when not that form.
std::optional<std::int64_t> parse_utc_time(std::string_view text);
std::string format_utc_time(std::int64_t seconds);
// The clock, in UTC: milliseconds since 1970-01-01, and today (days since then).
std::int64_t now_utc_millis();
std::int64_t today_utc();

// Milliseconds since 1970 as "2026-12-04T18:00:00.123Z".
std::string format_utc_millis(std::int64_t millis);
// "2026-12-04T18:00:00.123Z" back to milliseconds, nullopt when not that form.
std::optional<std::int64_t> parse_utc_millis(std::string_view text);

}  // namespace pyr
