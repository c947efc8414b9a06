// Card tokens, case-insensitive, with suit letters or suit symbols.
#include "cards.hpp"

#include <fmt/format.h>

#include "error.hpp"

namespace pyr {

namespace {

// Suit symbols in UTF-8: black and white forms of each French suit.
struct SuitSymbol {
    std::string_view utf8;
    int suit;
};
constexpr SuitSymbol suit_symbols[] = {
    {"\u2660", 0}, {"\u2664", 0},  // spades
    {"\u2665", 1}, {"\u2661", 1},  // hearts
    {"\u2666", 2}, {"\u2662", 2},  // diamonds
    {"\u2663", 3}, {"\u2667", 3},  // clubs
};
constexpr std::string_view variation_selector = "\uFE0F";  // emoji presentation, as in "♠️K"

char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

int french_suit(std::string_view s) {
    if (s.size() == 1) {
        switch (upper(s[0])) {
        case 'S': return 0;
        case 'H': return 1;
        case 'D': return 2;
        case 'C': return 3;
        }
        return -1;
    }
    for (const SuitSymbol& sym : suit_symbols)
        if (s == sym.utf8) return sym.suit;
    return -1;
}

int spanish_suit(std::string_view s) {
    if (s.size() != 1) return -1;
    switch (upper(s[0])) {
    case 'O': return 0;
    case 'C': return 1;
    case 'E': return 2;
    case 'B': return 3;
    }
    return -1;
}

int parse_rank(DeckKind deck, std::string_view r) {
    if (r == "10") return 10;
    if (r == "11" && deck == DeckKind::Spanish) return 11;
    if (r == "12" && deck == DeckKind::Spanish) return 12;
    if (r.size() != 1) return -1;
    const char c = upper(r[0]);
    if (c >= '2' && c <= '9') return c - '0';
    if (c == 'A' || (c == '1' && deck == DeckKind::Spanish)) return 1;
    if (deck == DeckKind::French) {
        switch (c) {
        case 'T': return 10;
        case 'J': return 11;
        case 'Q': return 12;
        case 'K': return 13;
        }
    } else {
        switch (c) {
        case 'S': return 10;
        case 'C': return 11;
        case 'R': return 12;
        }
    }
    return -1;
}

const char* deck_word(DeckKind deck) { return deck == DeckKind::French ? "French" : "Spanish"; }

std::string expected(DeckKind deck) {
    return deck == DeckKind::French ? "a rank (A 2-9 T J Q K) and a suit (S H D C)"
                                    : "a rank (A 2-9 S C R, or 1-12) and a suit (O C E B)";
}

// The card `token` names in `deck`, or NoCard.
Card parse_in_deck(DeckKind deck, std::string_view token) {
    // The longest spelling is a few bytes ("♠️10", "12E"); a long token is not a
    // card, and must not cost time in proportion to its length squared.
    constexpr std::size_t MaxCardBytes = 24;
    if (token.size() > MaxCardBytes) return NoCard;
    std::string t;
    for (std::size_t i = 0; i < token.size();) {
        if (token.substr(i).starts_with(variation_selector)) {
            i += variation_selector.size();
        } else {
            t += token[i];
            ++i;
        }
    }
    auto suit_of = [&](std::string_view s) { return deck == DeckKind::French ? french_suit(s) : spanish_suit(s); };
    // Suit last ("QH", "Q♥"), or a suit symbol first ("♥Q").
    for (std::size_t len : {std::size_t{1}, std::size_t{3}}) {
        if (t.size() <= len) continue;
        const int suit = suit_of(std::string_view(t).substr(t.size() - len));
        const int rank = parse_rank(deck, std::string_view(t).substr(0, t.size() - len));
        if (suit >= 0 && rank > 0) return Card::make(rank, suit);
        const int suit_first = len == 3 ? suit_of(std::string_view(t).substr(0, len)) : -1;
        const int rank_after = len == 3 ? parse_rank(deck, std::string_view(t).substr(len)) : -1;
        if (suit_first >= 0 && rank_after > 0) return Card::make(rank_after, suit_first);
    }
    return NoCard;
}
}  // namespace

Card parse_card(DeckKind deck, std::string_view token, std::string& why) {
    const Card c = parse_in_deck(deck, token);
    if (c.valid()) return c;
    // "KS" in a Spanish game (or "RO" in a French one) is most likely the wrong
    // variant, not a typo: say which deck the card belongs to.
    const DeckKind other = deck == DeckKind::French ? DeckKind::Spanish : DeckKind::French;
    if (parse_in_deck(other, token).valid())
        why = fmt::format("bad card '{}': a card of the {} deck, but this game uses the {} deck: expected {}",
                          excerpt(token), deck_word(other), deck_word(deck), expected(deck));
    else
        why = fmt::format("bad card '{}': expected {}", excerpt(token), expected(deck));
    return NoCard;
}

bool looks_like_card(DeckKind deck, std::string_view token) { return parse_in_deck(deck, token).valid(); }

}  // namespace pyr
