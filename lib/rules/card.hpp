// Cards and decks: a card is one byte (rank << 2 | suit), so sets of cards fit
// in a 64-bit mask. Text spelling of cards lives in formats/, not here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pyr {

enum class DeckKind : std::uint8_t { French, Spanish };

struct Card {
    std::uint8_t code = 0xFF;  // (rank << 2) | suit; 0xFF = no card

    static constexpr Card make(int rank, int suit) {
        return Card{static_cast<std::uint8_t>((rank << 2) | suit)};
    }
    constexpr int rank() const { return code >> 2; }  // 1..13 (French), 1..12 (Spanish)
    constexpr int suit() const { return code & 3; }    // 0..3, see deck_suits()
    constexpr bool valid() const { return code != 0xFF; }
    constexpr std::uint64_t bit() const { return std::uint64_t{1} << code; }
    friend constexpr bool operator==(Card, Card) = default;
};

inline constexpr Card NoCard{};

// Number of ranks in a deck: 13 for French (A..K), 12 for Spanish (1..rey).
constexpr int deck_ranks(DeckKind d) { return d == DeckKind::French ? 13 : 12; }
constexpr int deck_size(DeckKind d) { return 4 * deck_ranks(d); }

// The deck in its documented unshuffled order: suit by suit (French: S H D C;
// Spanish: oros copas espadas bastos), each from rank 1 up.
std::vector<Card> deck_cards(DeckKind d);

// The four cards of a rank, as a set of card codes.
constexpr std::uint64_t rank_bits(int rank) { return std::uint64_t{0xF} << (4 * rank); }

}  // namespace pyr

namespace pyr {
// Canonical spelling of a card, as formats/deal.md defines it: "QH", "TS";
// Spanish "SO" (sota de oros), "RE" (rey de espadas), "AB" (as de bastos).
std::string card_name(DeckKind d, Card c);
// The card that goes alone, for messages: "King" or "rey".
const char* lone_name(DeckKind d);
}  // namespace pyr
