// The one reader of numbers: decimal digits, a range, a message naming both.
#include "numbers.hpp"

#include <fmt/format.h>

#include "error.hpp"

namespace pyr {

namespace {
// The digits' value, nullopt when there are none, anything else is in them, or it passes 2^64-1.
std::optional<std::uint64_t> digits_value(std::string_view text) {
    if (text.empty()) return std::nullopt;
    std::uint64_t n = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (n > (UINT64_MAX - digit) / 10) return std::nullopt;
        n = n * 10 + digit;
    }
    return n;
}
}  // namespace

std::optional<std::uint64_t> parse_decimal(std::string_view text, std::uint64_t min, std::uint64_t max) {
    const std::optional<std::uint64_t> n = digits_value(text);
    if (!n || *n < min || *n > max) return std::nullopt;
    return n;
}

std::optional<std::int64_t> parse_signed_decimal(std::string_view text, std::int64_t min, std::int64_t max) {
    const bool negative = text.starts_with('-');
    const std::optional<std::uint64_t> magnitude = digits_value(negative ? text.substr(1) : text);
    if (!magnitude) return std::nullopt;
    constexpr auto max_magnitude = static_cast<std::uint64_t>(INT64_MAX);
    if (*magnitude > max_magnitude + (negative ? 1 : 0)) return std::nullopt;
    // -2^63 has no positive counterpart: negate in unsigned arithmetic, then convert.
    const auto n = negative ? static_cast<std::int64_t>(0 - *magnitude) : static_cast<std::int64_t>(*magnitude);
    if (n < min || n > max) return std::nullopt;
    return n;
}

std::string not_a_number(std::string_view text, std::string_view what, std::uint64_t min, std::uint64_t max) {
    return fmt::format("{}: '{}' is not a number from {} to {}", what, excerpt(text), min, max);
}

std::uint64_t parse_number(std::string_view text, std::string_view what, std::uint64_t min, std::uint64_t max) {
    if (const std::optional<std::uint64_t> n = parse_decimal(text, min, max)) return *n;
    throw InputError("", 0, 0, not_a_number(text, what, min, max));
}

SeedRange parse_seed_range(std::string_view text, std::string_view what) {
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) {
        // "0-9", "0:9", "0,9" and their like: the range the user meant, in our spelling.
        const std::size_t sep = text.find_first_of("-:,_", 1);
        const std::size_t last = sep == std::string_view::npos ? sep : text.find_first_not_of(text[sep], sep);
        if (last != std::string_view::npos && parse_decimal(text.substr(0, sep)) && parse_decimal(text.substr(last)))
            throw InputError("", 0, 0, fmt::format("{}: '{}' is not a range: write {}..{}", what, excerpt(text),
                                                   text.substr(0, sep), text.substr(last)));
        const std::uint64_t seed = parse_number(text, what);
        return {seed, seed};
    }
    const SeedRange r{parse_number(text.substr(0, dots), what), parse_number(text.substr(dots + 2), what)};
    if (r.first > r.last)
        throw InputError("", 0, 0, fmt::format("{}: '{}' is not a range A..B: {} is above {}", what, excerpt(text),
                                               r.first, r.last));
    return r;
}

}  // namespace pyr
