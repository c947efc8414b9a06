// play's status line (status_line.hpp).
#include "status_line.hpp"

#include <vector>

#include <fmt/format.h>

#include "wrap.hpp"

namespace pyr {

namespace {
constexpr std::string_view Gap = "   ";

// The first `n` code points of `s` (or the last, `from_end`).
std::string code_points(const std::string& s, std::size_t n, bool from_end) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
    if (n >= starts.size()) return s;
    return from_end ? s.substr(starts[starts.size() - n]) : s.substr(0, starts[n]);
}

// `s` in `room` columns at the most: its start and end around "...".
std::string shortened(const std::string& s, std::size_t room) {
    if (display_width(s) <= room) return s;
    if (room <= 3) return std::string(room, '.');
    const std::size_t keep = room - 3;
    return code_points(s, keep - keep / 2, false) + "..." + code_points(s, keep / 2, true);
}
}  // namespace

std::string status_line(int moves, const GameName& name, std::size_t width) {
    const std::string head = fmt::format("  move {}", moves);
    const std::string game = name.variant.empty() ? name.deal : name.variant + ", " + name.deal;
    std::vector<std::string> forms;
    if (!name.series.empty()) forms.push_back(name.series + std::string(Gap) + game);
    forms.push_back(game);
    forms.push_back(name.deal);
    for (const std::string& f : forms)
        if (display_width(head) + Gap.size() + display_width(f) <= width) return head + std::string(Gap) + f;
    const std::size_t used = display_width(head) + Gap.size();
    return head + std::string(Gap) + shortened(name.deal, width > used ? width - used : 0);
}

std::string status_line_legend(std::size_t width) {
    return wrap_text("The line under it: how many moves were made, and which game this is: the variant, the seed "
                     "(or the PySolFC game, or which deal of a file) and, in a series, the game's number of how "
                     "many.",
                     width, "  ") +
           "\n";
}

}  // namespace pyr
