// Game state, legal moves, apply, undo, end detection and score: everything
// that decides what is legal lives in this file and game.cpp.
#pragma once
#include <array>
#include <span>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "card.hpp"
#include "layout.hpp"
#include "reason.hpp"
#include "variant.hpp"

namespace pyr {

// The rules of one variant, with its layout worked out once.
struct Rules {
    Variant variant;
    Layout layout;
    explicit Rules(Variant v) : variant(std::move(v)), layout(make_layout(variant)) {}
};

// A deal: the tableau cards by position (see layout.hpp) and the stock from the
// first card turned.
struct Deal {
    std::string variant;
    bool has_seed = false;
    std::uint64_t seed = 0;
    std::vector<Card> tableau;
    std::vector<Card> stock;
};

// Where a card in play lies.
using Loc = std::uint8_t;
inline constexpr Loc LocTurned = 64;
inline constexpr Loc LocWaste = 65;  // LocWaste + k: top of waste pile k
inline constexpr Loc LocNone = 0xFF;

enum class MoveKind : std::uint8_t { Pair, Lone, Draw, Recycle };

struct Move {
    MoveKind kind = MoveKind::Draw;
    Loc a = LocNone, b = LocNone;  // Pair: both cards; Lone: a
    Card ca, cb;                   // the cards at a and b
    std::uint8_t pile = 0;         // Draw: the waste pile the turned card goes onto
    friend bool operator==(const Move&, const Move&) = default;
};

// What a person asks for, by card names; resolve() turns it into a Move or says why not.
struct MoveRequest {
    MoveKind kind = MoveKind::Draw;
    Card a, b;
    // Draw: the waste pile as written, 1 the first, if given; resolve() says
    // which the variant has ("draw 0", "draw 4" in Apophis).
    std::optional<int> pile;
};

enum class Status : std::uint8_t { InProgress, Won, Lost };

// Why resolve() refuses a move.
enum class Refusal : std::uint8_t {
    None,
    GameWon,          // the goal is reached: no move is left to make
    Removed,          // a card named has already been removed
    NotInPlay,        // a card named is covered, under the waste top or in the stock
    NotLone,          // this card cannot go alone
    SameCard,         // a card paired with itself
    WrongSum,         // the two cards do not make the target
    TurnedWithWaste,  // this variant does not pair the turned card with a waste top
    StockEmpty,       // nothing left to draw
    NoSuchPile,       // a waste pile the variant does not have
    PileNotGiven,     // with several waste piles, draw must say onto which
    CannotRecycle,    // the stock or the rules do not allow a recycle now
};

// Where a card is, seen from the player.
enum class Place : std::uint8_t { InPlay, Removed, Covered, InWaste, InStock };

// The changing part of a game. Trivially copyable, no allocation.
struct State {
    std::uint64_t present = 0;  // tableau positions still in place
    std::array<Card, 52> stock{};
    std::uint8_t stock_len = 0, stock_pos = 0;  // stock[stock_pos] is turned next
    std::array<std::array<Card, 52>, MaxWastePiles> waste{};
    std::array<std::uint8_t, MaxWastePiles> waste_len{};
    Card turned;                     // the card just turned, NoCard if none
    std::uint8_t pass = 1;           // 1-based
    std::uint8_t cleared_pass = 0;   // pass during which the pyramid was cleared, 0 = not yet
    bool removed_this_pass = false;  // a card was removed since the last recycle

    int stock_left() const { return stock_len - stock_pos; }
    Card waste_top(int k) const { return waste_len[k] ? waste[k][waste_len[k] - 1] : NoCard; }
};

struct MoveList {
    std::array<Move, 160> moves;
    int size = 0;
    void push(const Move& m) { moves[size++] = m; }
    const Move* begin() const { return moves.data(); }
    const Move* end() const { return moves.data() + size; }
};

// The rules of a position, whatever stores it: Game and the solver's positions
// (solver_position.hpp) both call these, so each rule has one copy.

// The goal is reached. `present`: the tableau positions left; `talon_empty`: no
// card left in the stock, the waste or turned.
inline bool goal_reached(const Rules& r, std::uint64_t present, bool talon_empty) {
    if (r.variant.goal == Goal::Pyramid) return (present & r.layout.pyramid_mask) == 0;
    return present == 0 && talon_empty;
}

// Another pass may follow this one, as far as the count of passes goes.
inline bool passes_left(const Variant& v, int pass) { return v.passes == UnlimitedPasses || pass < v.passes; }

// The pass rule of a recycle: within the variant's passes; with unlimited
// passes, only after a pass that removed a card (the next would repeat it).
inline bool pass_allows_recycle(const Variant& v, int pass, bool removed_this_pass) {
    return v.passes == UnlimitedPasses ? removed_this_pass : pass < v.passes;
}

// Kings alone and pairs among the cards in play: `cards[i]` lies at `locs[i]`,
// tableau positions first, then the turned card, then the waste tops.
inline void list_card_moves(const Variant& v, const std::array<Loc, 64>& locs, const std::array<Card, 64>& cards,
                            int n, MoveList& out) {
    for (int i = 0; i < n; ++i)
        if (cards[i].rank() == v.target) out.push({MoveKind::Lone, locs[i], LocNone, cards[i], NoCard, 0});
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            if (cards[i].rank() + cards[j].rank() != v.target) continue;
            if (!v.turned_pairs_waste && locs[i] == LocTurned && locs[j] >= LocWaste) continue;
            out.push({MoveKind::Pair, locs[i], locs[j], cards[i], cards[j], 0});
        }
}

// Overlapping pairs: a card covered by exactly one card, itself free, may pair
// with it. `free`: the free positions of `present`; `tableau`: the dealt cards.
inline void list_overlapping_pairs(const Rules& r, std::uint64_t present, std::uint64_t free,
                                   const std::array<Card, 64>& tableau, MoveList& out) {
    for (std::uint64_t m = present & ~free; m; m &= m - 1) {
        const int pos = std::countr_zero(m);
        const std::uint64_t cover = r.layout.covers[pos] & present;
        if (std::popcount(cover) != 1 || (cover & free) == 0) continue;
        const int top = std::countr_zero(cover);
        if (tableau[pos].rank() + tableau[top].rank() == r.variant.target)
            out.push({MoveKind::Pair, static_cast<Loc>(top), static_cast<Loc>(pos), tableau[top], tableau[pos], 0});
    }
}

class Game {
public:
    Game(const Rules& rules, const Deal& deal);

    const Rules& rules() const { return *rules_; }
    const Variant& variant() const { return rules_->variant; }
    const State& state() const { return state_; }
    Card card_at(Loc loc) const;  // the card at a location in play
    Card tableau_card(int pos) const { return tableau_[pos]; }

    std::uint64_t free_mask() const;  // tableau positions in play
    bool is_free(int pos) const { return (rules_->layout.covers[pos] & state_.present) == 0; }

    void legal_moves(MoveList& out) const;
    Move resolve(const MoveRequest& req, Reason<Refusal>& why) const;  // why.kind None when legal
    void apply(const Move& m);                                   // m must be legal
    bool undo();                                                 // false when at the start
    int moves_made() const { return static_cast<int>(history_.size()); }

    Status status() const;
    bool goal_reached() const;  // won: the variant's goal is met
    std::string end_reason() const;  // why the game ended, in the game's words
    int cards_left() const;
    bool pyramid_cleared() const { return (state_.present & rules_->layout.pyramid_mask) == 0; }
    int score() const;  // where the variant scores; the score if the game ended now

    // The stock cards never turned yet, face down: in the first pass, those
    // still in the stock (a careful player remembers every card turned, so in
    // later passes none is unknown). The next to be turned comes first.
    std::span<const Card> unseen_stock() const;
    // The same game with the unseen stock cards in another order (a
    // permutation of unseen_stock()): what a player who cannot see them
    // must reckon with. Throws std::logic_error for other cards.
    void reorder_unseen_stock(std::span<const Card> order);
    // The position alone, without the history undo needs: cheap to copy on.
    Game position() const;
    // The position under other rules of the same deck and layout (another
    // goal, fewer passes): what a search that asks another question of it
    // plays. `rules` must outlive the copy.
    Game under(const Rules& rules) const;

    Place place(Card c) const { return find_place(c, nullptr); }
    // Where a card is, for messages: "in the stock", "removed", "covered by 2C"; "" when in play.
    std::string describe(Card c) const;
    std::string name(Card c) const { return card_name(variant().deck, c); }

private:
    bool can_recycle(std::string* why) const;
    Place find_place(Card c, std::string* text) const;  // with `text`, describe()'s words
    Loc locate(Card c) const;                            // where a card would be played from
    bool refuse_unless_in_play(Card c, Reason<Refusal>& why) const;
    bool refuse_if_removed(Card c, Reason<Refusal>& why) const;
    Move resolve_lone(const MoveRequest& req, Reason<Refusal>& why) const;
    Move resolve_pair(const MoveRequest& req, Reason<Refusal>& why) const;
    Move resolve_draw(const MoveRequest& req, Reason<Refusal>& why) const;
    void in_play(std::array<Loc, 64>& locs, std::array<Card, 64>& cards, int& n) const;

    const Rules* rules_;
    std::array<Card, 64> tableau_{};
    std::array<std::int8_t, 64> pos_of_{};  // card code -> tableau position, -1 if in the stock
    State state_;
    std::vector<State> history_;
};

}  // namespace pyr
