// The 95% Wilson score interval of a proportion: k successes in n trials.
// Unlike p +- 1.96 sd it stays within [0, 1] and is honest at k = 0 or n.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace pyr {

inline std::pair<double, double> wilson(std::uint64_t k, std::uint64_t n) {
    if (n == 0) return {0, 1};  // no trials: every proportion is possible
    const double z = 1.959963984540054, nn = static_cast<double>(n), p = static_cast<double>(k) / nn;
    const double denom = 1 + z * z / nn;
    const double centre = (p + z * z / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace pyr
