// The rules in action: what is in play, which moves are legal, what they do.
#include "game.hpp"

#include <bit>
#include <cassert>
#include <stdexcept>

#include <fmt/format.h>

namespace pyr {

Game::Game(const Rules& rules, const Deal& deal) : rules_(&rules) {
    assert(static_cast<int>(deal.tableau.size()) == rules.layout.size);
    assert(deal.stock.size() <= 52);
    pos_of_.fill(-1);
    for (std::size_t i = 0; i < deal.tableau.size(); ++i) {
        tableau_[i] = deal.tableau[i];
        pos_of_[deal.tableau[i].code] = static_cast<std::int8_t>(i);
    }
    state_.present = rules.layout.all_mask;
    for (std::size_t i = 0; i < deal.stock.size(); ++i) state_.stock[i] = deal.stock[i];
    state_.stock_len = static_cast<std::uint8_t>(deal.stock.size());
}

Card Game::card_at(Loc loc) const {
    if (loc < 64) return tableau_[loc];
    if (loc == LocTurned) return state_.turned;
    return state_.waste_top(loc - LocWaste);
}

std::uint64_t Game::free_mask() const { return free_positions(rules_->layout, state_.present); }

void Game::in_play(std::array<Loc, 64>& locs, std::array<Card, 64>& cards, int& n) const {
    n = 0;
    for (std::uint64_t m = free_mask(); m; m &= m - 1) locs[n++] = static_cast<Loc>(std::countr_zero(m));
    if (state_.turned.valid()) locs[n++] = LocTurned;
    for (int k = 0; k < variant().waste_piles; ++k)
        if (state_.waste_len[k]) locs[n++] = static_cast<Loc>(LocWaste + k);
    for (int i = 0; i < n; ++i) cards[i] = card_at(locs[i]);
}

bool Game::goal_reached() const {
    return pyr::goal_reached(*rules_, state_.present, cards_left() == std::popcount(state_.present));
}

std::span<const Card> Game::unseen_stock() const {
    if (state_.pass > 1) return {};
    return {state_.stock.data() + state_.stock_pos, static_cast<std::size_t>(state_.stock_left())};
}

void Game::reorder_unseen_stock(std::span<const Card> order) {
    const std::span<const Card> unseen = unseen_stock();
    std::uint64_t have = 0, given = 0;
    for (const Card c : unseen) have |= c.bit();
    for (const Card c : order) given |= c.bit();
    if (order.size() != unseen.size() || have != given)
        throw std::logic_error("reorder_unseen_stock: not a permutation of the unseen stock cards");
    std::copy(order.begin(), order.end(), state_.stock.begin() + state_.stock_pos);
}

Game Game::position() const {
    Game g = *this;
    g.history_.clear();
    g.history_.shrink_to_fit();
    return g;
}

Game Game::under(const Rules& rules) const {
    Game g = position();
    g.rules_ = &rules;
    return g;
}

int Game::cards_left() const {
    int n = std::popcount(state_.present) + state_.stock_left() + (state_.turned.valid() ? 1 : 0);
    for (int k = 0; k < MaxWastePiles; ++k) n += state_.waste_len[k];
    return n;
}

bool Game::can_recycle(std::string* why) const {
    auto no = [&](std::string msg) {
        if (why) *why = std::move(msg);
        return false;
    };
    const Variant& v = variant();
    if (state_.stock_left() > 0)
        return no(fmt::format("cannot recycle: the stock still has {} card{}", state_.stock_left(),
                              state_.stock_left() == 1 ? "" : "s"));
    if (state_.turned.valid())
        return no(fmt::format("cannot recycle: draw first, so the turned card {} goes onto the waste",
                              name(state_.turned)));
    int waste = 0;
    for (int k = 0; k < MaxWastePiles; ++k) waste += state_.waste_len[k];
    if (waste == 0) return no("cannot recycle: the waste is empty");
    if (pass_allows_recycle(v, state_.pass, state_.removed_this_pass)) return true;
    if (v.passes == UnlimitedPasses)
        return no("cannot recycle: no card was removed during this pass, so the next would repeat it");
    return no(v.passes == 1 ? std::string("cannot recycle: this variant has one pass through the stock")
                            : fmt::format("cannot recycle: all {} passes are used", v.passes));
}

void Game::legal_moves(MoveList& out) const {
    out.size = 0;
    if (goal_reached()) return;
    const Variant& v = variant();
    std::array<Loc, 64> locs;
    std::array<Card, 64> cards;
    int n = 0;
    in_play(locs, cards, n);
    list_card_moves(v, locs, cards, n, out);
    if (v.overlapping) list_overlapping_pairs(*rules_, state_.present, free_mask(), tableau_, out);
    if (state_.stock_left() > 0 || state_.turned.valid()) {
        if (state_.turned.valid() && v.waste_piles > 1) {
            for (int k = 0; k < v.waste_piles; ++k)
                out.push({MoveKind::Draw, LocNone, LocNone, NoCard, NoCard, static_cast<std::uint8_t>(k)});
        } else {
            out.push({MoveKind::Draw, LocNone, LocNone, NoCard, NoCard, 0});
        }
    }
    if (can_recycle(nullptr)) out.push({MoveKind::Recycle, LocNone, LocNone, NoCard, NoCard, 0});
}

void Game::apply(const Move& m) {
    history_.push_back(state_);
    State& s = state_;
    auto take = [&](Loc loc) {
        if (loc < 64)
            s.present &= ~(std::uint64_t{1} << loc);
        else if (loc == LocTurned)
            s.turned = NoCard;
        else
            --s.waste_len[loc - LocWaste];
    };
    switch (m.kind) {
    case MoveKind::Pair:
        take(m.a);
        take(m.b);
        break;
    case MoveKind::Lone:
        take(m.a);
        break;
    case MoveKind::Draw:
        if (variant().draw == 1) {
            if (s.turned.valid()) {
                s.waste[m.pile][s.waste_len[m.pile]++] = s.turned;
                s.turned = NoCard;
            }
            if (s.stock_pos < s.stock_len) s.turned = s.stock[s.stock_pos++];
        } else {
            for (int i = 0; i < variant().draw && s.stock_pos < s.stock_len; ++i)
                s.waste[0][s.waste_len[0]++] = s.stock[s.stock_pos++];
        }
        return;
    case MoveKind::Recycle: {
        // The waste is turned over without shuffling: its bottom card is turned first.
        int n = 0;
        for (int k = 0; k < MaxWastePiles; ++k) {
            for (int i = 0; i < s.waste_len[k]; ++i) s.stock[n++] = s.waste[k][i];
            s.waste_len[k] = 0;
        }
        s.stock_len = static_cast<std::uint8_t>(n);
        s.stock_pos = 0;
        ++s.pass;
        s.removed_this_pass = false;
        return;
    }
    }
    s.removed_this_pass = true;
    if (s.cleared_pass == 0 && pyramid_cleared()) s.cleared_pass = s.pass;
}

bool Game::undo() {
    if (history_.empty()) return false;
    state_ = history_.back();
    history_.pop_back();
    return true;
}

Status Game::status() const {
    if (goal_reached()) return Status::Won;
    MoveList moves;
    legal_moves(moves);
    return moves.size == 0 ? Status::Lost : Status::InProgress;
}

std::string Game::end_reason() const {
    const Variant& v = variant();
    switch (status()) {
    case Status::Won:
        return v.goal == Goal::Pyramid ? "the pyramid is cleared"
                                       : fmt::format("all {} cards removed", deck_size(v.deck));
    case Status::InProgress:
        return "";
    case Status::Lost:
        break;
    }
    if (v.stock_size() == 0) return "no more moves";
    if (v.passes == UnlimitedPasses && !state_.removed_this_pass)
        return "no more moves: a whole pass removed no card";
    // The passes actually played: a game can end before its last pass when the stock and
    // the waste are both used up, and then "after 3 passes" would be untrue.
    if (state_.pass > 1) return fmt::format("no more moves: stock empty after {} passes", state_.pass);
    return "no more moves: stock empty";
}

int Game::score() const {
    const Variant& v = variant();
    if (!v.scored) return 0;
    int bonus = 0;
    if (state_.cleared_pass > 0 && state_.cleared_pass <= v.pass_bonus.size())
        bonus = v.pass_bonus[state_.cleared_pass - 1];
    return bonus - v.card_penalty * cards_left();
}

std::string Game::describe(Card c) const {
    std::string text;
    find_place(c, &text);
    return text;
}

Place Game::find_place(Card c, std::string* text) const {
    auto at = [&](Place p, std::string words) {
        if (text) *text = std::move(words);
        return p;
    };
    const int pos = pos_of_[c.code];
    if (pos >= 0) {
        if ((state_.present >> pos & 1) == 0) return at(Place::Removed, fmt::format("{} has already been removed", name(c)));
        const std::uint64_t cover = rules_->layout.covers[pos] & state_.present;
        if (cover == 0) return at(Place::InPlay, "");
        std::string by;
        for (std::uint64_t m = cover; m; m &= m - 1) {
            if (!by.empty()) by += " and ";
            by += name(tableau_[std::countr_zero(m)]);
        }
        return at(Place::Covered, fmt::format("{} is not free: covered by {}", name(c), by));
    }
    if (state_.turned == c) return at(Place::InPlay, "");
    for (int k = 0; k < MaxWastePiles; ++k) {
        for (int i = 0; i < state_.waste_len[k]; ++i) {
            if (state_.waste[k][i] != c) continue;
            if (i + 1 == state_.waste_len[k]) return at(Place::InPlay, "");
            const std::string pile = variant().waste_piles > 1 ? fmt::format(" pile {}", k + 1) : "";
            return at(Place::InWaste,
                      fmt::format("{} is in the waste{}, under {}", name(c), pile, name(state_.waste[k][i + 1])));
        }
    }
    for (int i = state_.stock_pos; i < state_.stock_len; ++i)
        if (state_.stock[i] == c) return at(Place::InStock, fmt::format("{} is in the stock, not turned yet", name(c)));
    return at(Place::Removed, fmt::format("{} has already been removed", name(c)));
}

Move Game::resolve(const MoveRequest& req, Reason<Refusal>& why) const {
    why.clear();
    Move m;
    m.kind = req.kind;
    if (goal_reached()) {
        why = {Refusal::GameWon, "the game is over: it is won"};
        return m;
    }
    switch (req.kind) {
    case MoveKind::Lone: return resolve_lone(req, why);
    case MoveKind::Pair: return resolve_pair(req, why);
    case MoveKind::Draw: return resolve_draw(req, why);
    case MoveKind::Recycle: {
        std::string text;
        if (!can_recycle(&text)) why = {Refusal::CannotRecycle, std::move(text)};
        return m;
    }
    }
    return m;
}

Loc Game::locate(Card c) const {
    const int pos = pos_of_[c.code];
    if (pos >= 0) return static_cast<Loc>(pos);
    if (state_.turned == c) return LocTurned;
    for (int k = 0; k < MaxWastePiles; ++k)
        if (state_.waste_top(k) == c) return static_cast<Loc>(LocWaste + k);
    return LocNone;
}

// Not in play: removed, covered, in the waste below its top, or in the stock.
bool Game::refuse_unless_in_play(Card c, Reason<Refusal>& why) const {
    std::string text;
    const Place p = find_place(c, &text);
    if (p == Place::InPlay) return false;
    why = {p == Place::Removed ? Refusal::Removed : Refusal::NotInPlay, std::move(text)};
    return true;
}

bool Game::refuse_if_removed(Card c, Reason<Refusal>& why) const {
    return place(c) == Place::Removed && refuse_unless_in_play(c, why);
}

Move Game::resolve_lone(const MoveRequest& req, Reason<Refusal>& why) const {
    const Variant& v = variant();
    Move m;
    m.kind = req.kind;
    if (refuse_if_removed(req.a, why)) return m;
    if (req.a.rank() != v.target) {
        why = {Refusal::NotLone, v.has_lone()
                                     ? fmt::format("{} cannot go alone: only a {} can", name(req.a), lone_name(v.deck))
                                     : fmt::format("{} cannot go alone: no card goes alone in this variant", name(req.a))};
        return m;
    }
    if (refuse_unless_in_play(req.a, why)) return m;
    m.a = locate(req.a);
    m.ca = req.a;
    return m;
}

Move Game::resolve_pair(const MoveRequest& req, Reason<Refusal>& why) const {
    const Variant& v = variant();
    Move m;
    m.kind = req.kind;
    if (req.a == req.b) {
        why = {Refusal::SameCard, fmt::format("{} cannot pair with itself", name(req.a))};
        return m;
    }
    if (refuse_if_removed(req.a, why) || refuse_if_removed(req.b, why)) return m;
    if (req.a.rank() + req.b.rank() != v.target) {
        why = {Refusal::WrongSum, fmt::format("{} and {} do not make {} ({} + {} = {})", name(req.a), name(req.b),
                                              v.target, req.a.rank(), req.b.rank(), req.a.rank() + req.b.rank())};
        return m;
    }
    const Loc la = locate(req.a), lb = locate(req.b);
    m.a = la;
    m.b = lb;
    m.ca = req.a;
    m.cb = req.b;
    if (v.overlapping && la < 64 && lb < 64) {
        // The covered card may go with the one card still covering it, if that card is free.
        for (int flip = 0; flip < 2; ++flip) {
            const Loc under = flip ? lb : la, top = flip ? la : lb;
            const std::uint64_t cover = rules_->layout.covers[under] & state_.present;
            if (cover != (std::uint64_t{1} << top)) continue;
            // Being covered by its partner alone is allowed here, so the reason is
            // the partner's own cover ("8S 5S": 5S is covered by 9S), whichever
            // card was named first.
            if (refuse_unless_in_play(tableau_[top], why)) return m;
            // Canonical order: the covering card first, as legal_moves() lists it.
            m.a = top;
            m.b = under;
            m.ca = tableau_[top];
            m.cb = tableau_[under];
            return m;
        }
    }
    if (refuse_unless_in_play(req.a, why) || refuse_unless_in_play(req.b, why)) return m;
    if (!v.turned_pairs_waste && ((la == LocTurned && lb >= LocWaste) || (lb == LocTurned && la >= LocWaste))) {
        why = {Refusal::TurnedWithWaste, "the turned card may not pair with the waste top in this variant"};
        return m;
    }
    // Keep the order legal_moves() uses, so a move compares equal to its listed twin.
    if (la > lb) {
        std::swap(m.a, m.b);
        std::swap(m.ca, m.cb);
    }
    return m;
}

Move Game::resolve_draw(const MoveRequest& req, Reason<Refusal>& why) const {
    const Variant& v = variant();
    Move m;
    m.kind = req.kind;
    if (state_.stock_left() == 0 && !(v.draw == 1 && state_.turned.valid())) {
        why = {Refusal::StockEmpty, can_recycle(nullptr)
                                        ? std::string("cannot draw: the stock is empty (recycle to start a new pass)")
                                        : std::string("cannot draw: the stock is empty")};
        return m;
    }
    if (req.pile && (*req.pile < 1 || *req.pile > v.waste_piles)) {
        why = {Refusal::NoSuchPile,
               v.waste_piles == 1
                   ? fmt::format("there is no waste pile {}: {} has one waste pile (say draw)", *req.pile, v.name)
                   : fmt::format("there is no waste pile {}: {} has {} waste piles (say draw 1 to draw {})",
                                 *req.pile, v.name, v.waste_piles, v.waste_piles)};
        return m;
    }
    if (v.waste_piles > 1 && state_.turned.valid()) {
        if (!req.pile) {
            why = {Refusal::PileNotGiven,
                   fmt::format("draw onto which waste pile? say draw 1 to draw {} for the turned card {}",
                               v.waste_piles, name(state_.turned))};
            return m;
        }
        m.pile = static_cast<std::uint8_t>(*req.pile - 1);
    }
    return m;
}

}  // namespace pyr
