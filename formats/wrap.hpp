// Text for a window of a given width: how many columns a string takes on a
// terminal, and wrapping at word boundaries (play's messages and help, --help)
// or between the items of a list (a position's status line, play's moves).
#pragma once
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

// The width of no window (a pipe, a file): lines are not wrapped.
inline constexpr std::size_t NoWrap = std::numeric_limits<std::size_t>::max();

// A space no line is broken at (U+00A0), to keep words together: the two
// cards of a pair ("JH 2H"), a number and its unit. wrap_text() and
// wrap_list() write it as a plain space.
inline constexpr std::string_view NoBreakSpace = "\u00a0";
// `text` with every space made a NoBreakSpace: one item that never breaks.
std::string unbreakable(std::string_view text);

// Columns on a terminal: a UTF-8 character takes one (the suit symbols too),
// an ANSI escape sequence (colour) none.
std::size_t display_width(std::string_view text);

// `text` with every line wider than `width` broken at spaces, the pieces after
// the first starting with `indent`; lines that fit, and their own line breaks
// and spacing, are kept. A word wider than `width` stands alone on its line.
// NoWrap as `width` breaks nothing.
std::string wrap_text(std::string_view text, std::size_t width, std::string_view indent = "");

// Text written with its own line breaks (a --help description made for 80
// columns) as one line a paragraph, to be wrapped once: a line break within a
// sentence becomes a space. A line break after a full stop or a colon, and
// before a blank line or an indented one (an example, a list), is kept.
std::string reflow(std::string_view text);

// `head`, then the items joined by `separator`, as many to a line as `width`
// holds, the next lines starting with `indent`. An item is never broken; at a
// line break the separator loses its trailing spaces (", " leaves ",").
// When not even the first item fits after `head`, it starts the next line.
std::string wrap_list(std::string_view head, const std::vector<std::string>& items, std::string_view separator,
                      std::size_t width, std::string_view indent);

}  // namespace pyr
