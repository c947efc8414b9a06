// Reading card names: "QH", "qh", "10h", "Q♥", "♥Q"; Spanish "SO", "1O", "12E".
// Writing is card_name() in lib/rules/card.hpp.
#pragma once
#include <string>
#include <string_view>

#include "lib/rules/card.hpp"

namespace pyr {

// The card named by `token`, or NoCard with `why` saying what is wrong.
Card parse_card(DeckKind deck, std::string_view token, std::string& why);

// Could `token` start a card name at all? Used to tell a line-format deal from a keyword.
bool looks_like_card(DeckKind deck, std::string_view token);

}  // namespace pyr
