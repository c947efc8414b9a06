// Usage errors in the project's words (see usage.hpp).
#include "usage.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common.hpp"

namespace pyr::cmd {

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

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
    // A typo is a few edits away (a swap of two letters is two), fewer for a short word.
    const std::size_t allowed = std::clamp<std::size_t>(word.size() / 2, 1, 3);
    const std::string* best = nullptr;
    std::size_t best_distance = allowed + 1;
    for (const std::string& c : candidates) {
        const std::size_t d = edit_distance(word, c);
        if (d < best_distance) best = &c, best_distance = d;
    }
    return best ? fmt::format("; did you mean '{}'?", *best) : "";
}

std::optional<int> first_word(int argc, char** argv, const CLI::App& app) {
    if (argc < 2) return std::nullopt;
    const std::string word = argv[1];
    if (word == "version") {
        fmt::print("pyramide {}\n", PYRAMIDE_VERSION);
        return ExitOk;
    }
    if (word.empty() || word[0] == '-') return std::nullopt;
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    if (std::find(names.begin(), names.end(), word) != names.end()) return std::nullopt;
    message(fmt::format("'{}' is not a pyramide command{}", excerpt(word), did_you_mean(word, names)));
    fmt::print(stderr, "Run 'pyramide --help' for the commands.\n");
    return ExitError;
}

std::string unknown_option_message(const CLI::App& app, const std::vector<std::string>& extras) {
    for (const std::string& arg : extras) {
        if (arg.size() < 2 || arg[0] != '-') continue;
        const std::string name = arg.substr(0, arg.find('='));
        std::vector<std::string> known;
        for (const CLI::Option* opt : app.get_options()) {
            for (const std::string& l : opt->get_lnames()) known.push_back("--" + l);
            for (const std::string& s : opt->get_snames()) known.push_back("-" + s);
        }
        // Every one-letter option is one edit from any other: no guess for those.
        const std::string guess = name.size() > 2 ? did_you_mean(name, known) : "";
        if (!guess.empty()) return fmt::format("unknown option '{}'{}", excerpt(name), guess);
        return fmt::format("unknown option '{}' (a file whose name starts with - goes after --)", excerpt(name));
    }
    if (extras.empty()) return "";
    return fmt::format("unexpected argument '{}'", excerpt(extras.front()));
}

}  // namespace pyr::cmd
