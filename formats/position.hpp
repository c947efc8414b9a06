// A position as text for a person (replay, play) or as JSON (replay --json):
// the pyramid as a pyramid with free cards marked, the turned card, the
// waste top(s), counts, pass and score. Fits the width asked for, 40 or more.
#pragma once
#include <string>

#include "json.hpp"
#include "lib/rules/game.hpp"

namespace pyr {

struct RenderStyle {
    bool unicode = false;  // suit symbols instead of letters (French deck only)
    bool color = false;    // ANSI colours: red suits, bold free cards
};

// A card as shown to a person: "Q♥" or "QH".
std::string show_card(DeckKind deck, Card c, const RenderStyle& style);

// The narrowest screen a position is drawn for: the widest pyramid (9 rows of
// 4-column cells, indented by 2) takes 38 columns.
inline constexpr std::size_t MinScreenWidth = 40;

// Within `width` columns (at least MinScreenWidth): a reserve or piles wider
// than that are drawn in parts, and the status line is broken between its items.
std::string render_position(const Game& game, const RenderStyle& style, std::size_t width = 80);
// What each item of the status line under the cards means, for this variant
// (play's `help status`), wrapped to `width`; its example cards drawn as the
// board draws them (`style`: "[Q♥]" where the board shows suit symbols).
std::string status_legend(const Variant& v, std::size_t width = 80, const RenderStyle& style = {});

// The position as a JSON object (see formats/movelog.md, "replay --json");
// `move`, when given, is the move that led to it.
void position_json(const Game& game, JsonWriter& w, std::string_view move = {});

}  // namespace pyr
