// The deck strings of mchung94/pyramid-solver and its web solver
// (mchung94/pyramid-service), a deal form (formats/deal.md, "The mchung94
// form"): 52 two-character cards, rank A 2-9 T J Q K then suit c d h s, in one
// word: the pyramid from the apex row by row, left to right, then the stock
// from its top card.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "lib/rules/game.hpp"

namespace pyr {

// The variant a deck string is read with when no --variant is given: the
// rules of the program it comes from, Microsoft Solitaire Collection's.
inline constexpr std::string_view Mchung94Variant = "microsoft";

// Why deals of `v` cannot be written as a deck string, or "": the form has
// room for a French deck as a 28-card pyramid and a 24-card stock only.
std::string mchung94_problem(const Variant& v);

// The deck string of `d` (a variant with no mchung94_problem()), with no newline.
std::string format_mchung94(const Variant& v, const Deal& d);

// Is `word` (one word of a line) meant as a deck string? It is when it is
// longer than one card and starts with a card in the deck string's spelling;
// no other form's first word does (deal.md).
bool looks_like_mchung94(std::string_view word);

struct DeckStringCard {
    Card card;
    std::size_t offset;  // in bytes, in the word
};

// The cards of a deck string word, or the offset of the first bad one and why.
struct DeckStringRead {
    std::vector<DeckStringCard> cards;
    std::size_t bad_offset = 0;
    std::string why;  // "" when every card read
};
DeckStringRead read_mchung94(std::string_view word);

}  // namespace pyr
