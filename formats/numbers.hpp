// The one reader of numbers, for every number on the command line and in the
// project's text formats: decimal digits only, in a stated range, or an error
// that names what was read and the range. (TOML integers are toml++'s.)
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pyr {

// A signed integer wider than any count, for sums of counts times scores
// (2^64 deals of 10^6 points overflow 64 bits).
__extension__ typedef __int128 WideInt;

// Decimal digits only (no sign, no spaces, no 0x, no '+'), within [min, max]; nullopt otherwise,
// including a value past 2^64-1.
std::optional<std::uint64_t> parse_decimal(std::string_view text, std::uint64_t min = 0,
                                           std::uint64_t max = UINT64_MAX);

// parse_decimal() with an optional leading '-': for the few numbers that may be negative (a score).
std::optional<std::int64_t> parse_signed_decimal(std::string_view text, std::int64_t min = INT64_MIN,
                                                 std::int64_t max = INT64_MAX);

// "<what>: '<text>' is not a number from MIN to MAX", the text made safe and cut short.
std::string not_a_number(std::string_view text, std::string_view what, std::uint64_t min, std::uint64_t max);

// parse_decimal(), or throws InputError("", 0, 0, not_a_number(...)).
std::uint64_t parse_number(std::string_view text, std::string_view what, std::uint64_t min = 0,
                           std::uint64_t max = UINT64_MAX);

// Seeds first..last, both included (first <= last).
struct SeedRange {
    std::uint64_t first = 0, last = 0;
    // Seeds in the range minus one: the count itself (2^64 for the whole range) does not fit in 64 bits.
    std::uint64_t count_minus_one() const { return last - first; }
};
// "A..B" (A <= B) or a single seed "A"; throws InputError("", 0, 0, "<what>: ...") naming the part at fault.
SeedRange parse_seed_range(std::string_view text, std::string_view what);

}  // namespace pyr
