// Did-you-mean (see near_name.hpp).
#include "near_name.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace pyr {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string near_name(std::string_view word, const std::vector<std::string>& candidates) {
    // A typo is a few edits away (a swap of two letters is two), fewer for a
    // short word; an option's dashes are not letters ("--bogus" is not "--jobs").
    const std::size_t letters = word.size() - std::min(word.find_first_not_of('-'), word.size());
    const std::size_t allowed = std::clamp<std::size_t>(letters / 2, 1, 3);
    const std::string* best = nullptr;
    std::size_t best_distance = allowed + 1;
    for (const std::string& c : candidates) {
        const std::size_t d = edit_distance(word, c);
        if (d < best_distance) best = &c, best_distance = d;
    }
    return best ? *best : "";
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
    const std::string best = near_name(word, candidates);
    return best.empty() ? "" : fmt::format("; did you mean '{}'?", best);
}

}  // namespace pyr
