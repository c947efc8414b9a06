// A Variant holds every rule of a game of Pyramid. Values come from TOML presets
// (formats/variant_toml); check() says which combinations are impossible.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "card.hpp"

namespace pyr {

enum class LayoutKind : std::uint8_t { Pyramid, Triangle };
enum class Goal : std::uint8_t { AllCards, Pyramid };

inline constexpr int UnlimitedPasses = 0;
inline constexpr int MaxWastePiles = 4;

struct Variant {
    std::string name = "traditional";
    std::string summary;

    DeckKind deck = DeckKind::French;
    int target = 13;  // two cards pair when their values sum to this; a card of this value goes alone

    LayoutKind layout = LayoutKind::Pyramid;
    int rows = 7;        // pyramid (or triangle) rows
    int reserve = 0;     // cards dealt face up in a row below the pyramid, always in play
    int piles = 0;       // Giza: face-up piles beside the pyramid
    int pile_depth = 0;  // cards per Giza pile

    int passes = 1;  // passes through the stock; UnlimitedPasses = no limit
    int draw = 1;    // cards turned per draw; with draw > 1 they go straight to the waste
    int waste_piles = 1;

    bool turned_pairs_waste = true;  // the turned card may pair with a waste top
    bool overlapping = false;        // a card may pair with the one card still covering it

    Goal goal = Goal::AllCards;

    bool scored = false;
    std::vector<int> pass_bonus;  // bonus for clearing the pyramid during pass 1, 2, ...
    int card_penalty = 0;         // points off for every card not removed at the end
    int series = 0;               // games in a scored series (Par Pyramide: 6), 0 = none

    int pyramid_size() const { return rows * (rows + 1) / 2; }
    int tableau_size() const { return pyramid_size() + reserve + piles * pile_depth; }
    int stock_size() const { return deck_size(deck) - tableau_size(); }
    bool has_lone() const { return target <= deck_ranks(deck); }

    bool operator==(const Variant&) const = default;
};

// A rule combination that cannot be played, naming the offending key.
struct VariantProblem {
    std::string key;
    std::string message;
};

// Impossible combinations (a 28-card pyramid from a 20-card deck, ...).
std::vector<VariantProblem> check(const Variant& v);

// Why pairs of `deck` cannot make `target`, or "": the one check of target,
// made by check() and by a reader given a number too large for an int.
// The Spanish deck is played to 12 (docs/rules.md: the rey goes alone).
std::string target_problem(DeckKind deck, std::int64_t target);

}  // namespace pyr
