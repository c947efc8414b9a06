// Numbers from the command line and from files: decimal digits only, in range.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace pyr {

std::optional<std::uint64_t> parse_decimal(std::string_view text, std::uint64_t min = 0,
                                           std::uint64_t max = UINT64_MAX);
std::uint64_t parse_number(std::string_view text, std::string_view what, std::uint64_t min, std::uint64_t max);
struct SeedRange {
    std::uint64_t first, last;
};
SeedRange parse_seed_range(std::string_view text, std::string_view what);

}  // namespace pyr
