// Tests for formats/numbers: the one reader of numbers, at its edges.
#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "formats/error.hpp"
#include "formats/numbers.hpp"

using pyr::parse_decimal;
using pyr::parse_signed_decimal;

namespace {
// The message parse_number or parse_seed_range throws, or "no error".
template <typename F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const pyr::InputError& e) {
        CHECK(e.file.empty());
        CHECK(e.severity == pyr::Severity::Unreadable);
        return e.message;
    }
    return "no error";
}
}  // namespace

TEST_CASE("parse_decimal takes decimal digits and nothing else") {
    CHECK(parse_decimal("0") == std::optional<std::uint64_t>(0));
    CHECK(parse_decimal("42") == std::optional<std::uint64_t>(42));
    CHECK(parse_decimal("007") == std::optional<std::uint64_t>(7));
    for (const char* bad : {"", "-1", "+1", "-0", " 1", "1 ", "0x10", "1e3", "1.0", "1,000", "12a", "\xd9\xa1", "٣"})
        CHECK_FALSE(parse_decimal(bad).has_value());
}

TEST_CASE("parse_decimal stops at 2^64-1 without wrapping") {
    CHECK(parse_decimal("18446744073709551615") == std::optional<std::uint64_t>(UINT64_MAX));
    CHECK(parse_decimal("000000000000000000000018446744073709551615") == std::optional<std::uint64_t>(UINT64_MAX));
    for (const char* past : {"18446744073709551616", "18446744073709551620", "99999999999999999999",
                             "184467440737095516150", "36893488147419103232"})
        CHECK_FALSE(parse_decimal(past).has_value());
}

TEST_CASE("parse_decimal keeps to its range, both ends included") {
    CHECK(parse_decimal("1", 1, 9) == std::optional<std::uint64_t>(1));
    CHECK(parse_decimal("9", 1, 9) == std::optional<std::uint64_t>(9));
    CHECK_FALSE(parse_decimal("0", 1, 9).has_value());
    CHECK_FALSE(parse_decimal("10", 1, 9).has_value());
    CHECK(parse_decimal("5", 5, 5) == std::optional<std::uint64_t>(5));
}

TEST_CASE("parse_signed_decimal takes one leading minus, down to -2^63") {
    CHECK(parse_signed_decimal("-14") == std::optional<std::int64_t>(-14));
    CHECK(parse_signed_decimal("0") == std::optional<std::int64_t>(0));
    CHECK(parse_signed_decimal("-0") == std::optional<std::int64_t>(0));
    CHECK(parse_signed_decimal("9223372036854775807") == std::optional<std::int64_t>(INT64_MAX));
    CHECK(parse_signed_decimal("-9223372036854775808") == std::optional<std::int64_t>(INT64_MIN));
    for (const char* bad : {"9223372036854775808", "-9223372036854775809", "--1", "+1", "-", "- 1", "1-"})
        CHECK_FALSE(parse_signed_decimal(bad).has_value());
    CHECK_FALSE(parse_signed_decimal("-101", -100, 100).has_value());
    CHECK(parse_signed_decimal("-100", -100, 100) == std::optional<std::int64_t>(-100));
}

TEST_CASE("parse_number names what it read and the range") {
    CHECK(pyr::parse_number("17", "--seed") == 17);
    CHECK(error_of([] { pyr::parse_number("-1", "--seed"); }) ==
          "--seed: '-1' is not a number from 0 to 18446744073709551615");
    CHECK(error_of([] { pyr::parse_number("1001", "--games", 1, 1000); }) ==
          "--games: '1001' is not a number from 1 to 1000");
    // Text from the command line is shown made safe, and cut short.
    CHECK(error_of([] { pyr::parse_number("\x1b[2J", "--seed"); }) ==
          "--seed: '\\x1b[2J' is not a number from 0 to 18446744073709551615");
    CHECK(error_of([] { pyr::parse_number(std::string(100, '9'), "-n", 1, 5); }) ==
          "-n: '" + std::string(40, '9') + "...' is not a number from 1 to 5");
}

TEST_CASE("parse_seed_range reads A..B and a single seed") {
    const pyr::SeedRange r = pyr::parse_seed_range("3..18446744073709551615", "--seeds");
    CHECK(r.first == 3);
    CHECK(r.last == UINT64_MAX);
    CHECK(r.count_minus_one() == UINT64_MAX - 3);
    const pyr::SeedRange one = pyr::parse_seed_range("7", "--seeds");
    CHECK((one.first == 7 && one.last == 7 && one.count_minus_one() == 0));
    CHECK(pyr::parse_seed_range("0..18446744073709551615", "--seeds").count_minus_one() == UINT64_MAX);
}

TEST_CASE("parse_seed_range names the part at fault") {
    CHECK(error_of([] { pyr::parse_seed_range("-1..-1", "--seeds"); }) ==
          "--seeds: '-1' is not a number from 0 to 18446744073709551615");
    CHECK(error_of([] { pyr::parse_seed_range("0..18446744073709551616", "--seeds"); }) ==
          "--seeds: '18446744073709551616' is not a number from 0 to 18446744073709551615");
    CHECK(error_of([] { pyr::parse_seed_range("5..3", "--seeds"); }) ==
          "--seeds: '5..3' is not a range A..B: 5 is above 3");
    CHECK(error_of([] { pyr::parse_seed_range("..3", "--seeds"); }) ==
          "--seeds: '' is not a number from 0 to 18446744073709551615");
    CHECK(error_of([] { pyr::parse_seed_range("1...3", "--seeds"); }) ==
          "--seeds: '.3' is not a number from 0 to 18446744073709551615");
    CHECK(error_of([] { pyr::parse_seed_range("0x1..0x2", "--seeds"); }) ==
          "--seeds: '0x1' is not a number from 0 to 18446744073709551615");
}
