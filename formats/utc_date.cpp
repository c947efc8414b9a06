#include "utc_date.hpp"

#include <chrono>

#include <fmt/format.h>

#include "error.hpp"
#include "numbers.hpp"

namespace pyr {

namespace {
struct Civil {
    int year;
    unsigned month, day;
};

// Howard Hinnant's civil_from_days.
Civil civil_from_days(std::int64_t z) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {static_cast<int>(static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2)), m, d};
}

std::optional<unsigned> digits(std::string_view text, std::size_t at, std::size_t n) {
    if (at + n > text.size()) return std::nullopt;
    const auto v = parse_decimal(text.substr(at, n));
    if (!v) return std::nullopt;
    return static_cast<unsigned>(*v);
}

bool separator(std::string_view text, std::size_t at, char c) { return at < text.size() && text[at] == c; }

constexpr std::int64_t DaySeconds = 86400;
}  // namespace

std::int64_t days_from_civil(int year, unsigned month, unsigned day) {
    const int y = year - (month <= 2);
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

std::optional<std::int64_t> parse_date(std::string_view text) {
    if (text.size() != 10 || !separator(text, 4, '-') || !separator(text, 7, '-')) return std::nullopt;
    const auto y = digits(text, 0, 4), m = digits(text, 5, 2), d = digits(text, 8, 2);
    if (!y || !m || !d || *y < 1970 || *m < 1 || *m > 12 || *d < 1) return std::nullopt;
    const std::int64_t days = days_from_civil(static_cast<int>(*y), *m, *d);
    const Civil back = civil_from_days(days);
    if (back.month != *m || back.day != *d) return std::nullopt;  // 2026-02-30
    return days;
}

std::int64_t read_date(std::string_view text, std::string_view what) {
    if (const auto d = parse_date(text)) return *d;
    throw InputError("", 0, 0, fmt::format("{}: '{}' is not a date YYYY-MM-DD (1970 to 9999)", what, excerpt(text)));
}

std::string format_date(std::int64_t days) {
    const Civil c = civil_from_days(days);
    return fmt::format("{:04}-{:02}-{:02}", c.year, c.month, c.day);
}

std::optional<std::int64_t> parse_utc_time(std::string_view text) {
    if (text.size() != 20 || !separator(text, 10, 'T') || !separator(text, 13, ':') || !separator(text, 16, ':') ||
        !separator(text, 19, 'Z'))
        return std::nullopt;
    const auto days = parse_date(text.substr(0, 10));
    const auto h = digits(text, 11, 2), m = digits(text, 14, 2), s = digits(text, 17, 2);
    if (!days || !h || !m || !s || *h > 23 || *m > 59 || *s > 59) return std::nullopt;
    return *days * DaySeconds + *h * 3600 + *m * 60 + *s;
}

std::string format_utc_time(std::int64_t seconds) {
    const std::int64_t days = (seconds >= 0 ? seconds : seconds - (DaySeconds - 1)) / DaySeconds;
    const std::int64_t s = seconds - days * DaySeconds;
    return fmt::format("{}T{:02}:{:02}:{:02}Z", format_date(days), s / 3600, s / 60 % 60, s % 60);
}

std::int64_t now_utc_millis() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::int64_t today_utc() {
    const std::int64_t ms = now_utc_millis();
    return (ms >= 0 ? ms : ms - (DaySeconds * 1000 - 1)) / (DaySeconds * 1000);
}

std::string format_utc_millis(std::int64_t millis) {
    const std::int64_t seconds = (millis >= 0 ? millis : millis - 999) / 1000;
    const std::string t = format_utc_time(seconds);
    return fmt::format("{}.{:03}Z", t.substr(0, t.size() - 1), millis - seconds * 1000);
}

std::optional<std::int64_t> parse_utc_millis(std::string_view text) {
    if (text.size() != 24 || !separator(text, 19, '.') || !separator(text, 23, 'Z')) return std::nullopt;
    const auto ms = digits(text, 20, 3);
    const auto seconds = parse_utc_time(std::string(text.substr(0, 19)) + "Z");
    if (!ms || !seconds) return std::nullopt;
    return *seconds * 1000 + *ms;
}

}  // namespace pyr
