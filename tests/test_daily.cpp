// Tests for lib/players/daily (the deal of the day's seed and band) and
// formats/utc_date (dates and times in UTC as text).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "formats/utc_date.hpp"
#include "lib/players/daily.hpp"

using pyr::Band;

TEST_CASE("Dates read and write back, days counted from 1970-01-01", "[daily]") {
    CHECK(pyr::parse_date("1970-01-01") == 0);
    CHECK(pyr::parse_date("2000-02-29") == 11016);
    CHECK(pyr::parse_date("2026-12-04") == 20791);
    CHECK(pyr::format_date(20791) == "2026-12-04");
    for (std::int64_t d = 0; d < 3 * 366; d += 7) CHECK(pyr::parse_date(pyr::format_date(d * 11)) == d * 11);
    for (const char* bad : {"2026-02-29", "2026-13-01", "2026-1-01", "1969-12-31", "2026-12-04 ", "2026/12/04", "",
                            "2026-00-10", "2026-04-31", "+026-12-04"})
        CHECK_FALSE(pyr::parse_date(bad).has_value());
    CHECK_THROWS_WITH(pyr::read_date("tomorrow", "--daily"),
                      "--daily: 'tomorrow' is not a date YYYY-MM-DD (1970 to 9999)");
}

TEST_CASE("UTC times read and write back, with milliseconds", "[daily]") {
    CHECK(pyr::parse_utc_time("1970-01-01T00:00:00Z") == 0);
    CHECK(pyr::parse_utc_time("2026-12-04T18:30:05Z") == 20791LL * 86400 + 18 * 3600 + 30 * 60 + 5);
    CHECK(pyr::format_utc_time(20791LL * 86400 + 59) == "2026-12-04T00:00:59Z");
    CHECK(pyr::format_utc_millis(20791LL * 86400000 + 1234) == "2026-12-04T00:00:01.234Z");
    CHECK_FALSE(pyr::parse_utc_time("2026-12-04T24:00:00Z").has_value());
    CHECK_FALSE(pyr::parse_utc_time("2026-12-04 18:00:00Z").has_value());
}

TEST_CASE("The deal of the day's first seed and band are the documented vectors", "[daily]") {
    // formats/deal.md's vectors, computed by formats/reference_deal.py --daily.
    CHECK(pyr::daily_name_hash("traditional") == 0x7D2DD7A7B9B16662ULL);
    CHECK(pyr::daily_name_hash("giza") == 0xCFD1C1722B294E0CULL);
    CHECK(pyr::daily_first_seed(0, "traditional") == 4328250453446895ULL);
    CHECK(pyr::daily_first_seed(0, "giza") == 2746038016097812ULL);
    CHECK(pyr::daily_first_seed(11016, "traditional") == 7907944823521023ULL);
    CHECK(pyr::daily_first_seed(20791, "traditional") == 8506441061639337ULL);
    CHECK(pyr::daily_first_seed(20793, "traditional") == 4003180700528692ULL);
    CHECK(pyr::daily_first_seed(20793, "giza") == 1517570978178309ULL);
    CHECK(pyr::daily_band(0) == Band::Medium);       // a Thursday
    CHECK(pyr::daily_band(11016) == Band::Easy);     // a Tuesday
    CHECK(pyr::daily_band(20791) == Band::Hard);     // a Friday
    CHECK(pyr::daily_band(20793) == Band::Expert);   // a Sunday
    CHECK(pyr::daily_band(20794) == Band::Easy);     // a Monday
}
