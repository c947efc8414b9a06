// Numbers from the command line and from files: decimal digits only, in range.
#include "numbers.hpp"

#include <charconv>

#include <fmt/format.h>

#include "error.hpp"

namespace pyr {

std::optional<std::uint64_t> parse_decimal(std::string_view text, std::uint64_t min, std::uint64_t max) {
    if (text.empty() || text.size() > 20) return std::nullopt;
    for (char c : text)
        if (c < '0' || c > '9') return std::nullopt;
    std::uint64_t v = 0;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size() || v < min || v > max) return std::nullopt;
    return v;
}

std::uint64_t parse_number(std::string_view text, std::string_view what, std::uint64_t min, std::uint64_t max) {
    if (const auto v = parse_decimal(text, min, max)) return *v;
    throw InputError("", 0, 0, fmt::format("{}: '{}' is not a number from {} to {}", what, excerpt(text), min, max));
}

SeedRange parse_seed_range(std::string_view text, std::string_view what) {
    const std::size_t dots = text.find("..");
    const auto a = parse_decimal(text.substr(0, dots));
    const auto b = dots == std::string_view::npos ? a : parse_decimal(text.substr(dots + 2));
    if (!a || !b || *a > *b)
        throw InputError("", 0, 0,
                         fmt::format("{}: '{}' is not a range A..B of seeds from 0 to 18446744073709551615 with A <= B",
                                     what, excerpt(text)));
    return {*a, *b};
}

}  // namespace pyr
