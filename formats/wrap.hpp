// Text for a window of a given width: how many columns a string takes on a
// terminal, and wrapping at word boundaries (play's messages and help, --help)
// or between the items of a list (a position's status line, play's moves).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

// Columns on a terminal: a UTF-8 character takes one (the suit symbols too),
// an ANSI escape sequence (colour) none.
std::size_t display_width(std::string_view text);

// `text` with every line wider than `width` broken at spaces, the pieces after
// the first starting with `indent`; lines that fit, and their own line breaks
// and spacing, are kept. A word wider than `width` stands alone on its line.
std::string wrap_text(std::string_view text, std::size_t width, std::string_view indent = "");

// `head`, then the items joined by `separator`, as many to a line as `width`
// holds, the next lines starting with `indent`. An item is never broken; at a
// line break the separator loses its trailing spaces (", " leaves ",").
std::string wrap_list(std::string_view head, const std::vector<std::string>& items, std::string_view separator,
                      std::size_t width, std::string_view indent);

}  // namespace pyr
