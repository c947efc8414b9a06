// A position as text for a person (replay, play) or as JSON (replay --json):
// the pyramid as a pyramid with free cards marked, the turned card, the
// waste top(s), counts, pass and score. Fits 80 columns.
#pragma once
#include <string>

#include "json.hpp"
#include "lib/game.hpp"

namespace pyr {

struct RenderStyle {
    bool unicode = false;  // suit symbols instead of letters (French deck only)
    bool color = false;    // ANSI colours: red suits, bold free cards
};

// A card as shown to a person: "Q♥" or "QH".
std::string show_card(DeckKind deck, Card c, const RenderStyle& style);

std::string render_position(const Game& game, const RenderStyle& style);

// The position as a JSON object (see formats/movelog.md, "replay --json");
// `move`, when given, is the move that led to it.
void position_json(const Game& game, JsonWriter& w, std::string_view move = {});

}  // namespace pyr
