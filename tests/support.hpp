// Helpers shared by the tests: the presets, and cards, deals and moves from their names.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "formats/variant_toml.hpp"
#include "lib/rules/card.hpp"
#include "lib/rules/game.hpp"
#include "lib/rules/variant.hpp"

namespace pyr::test {

// How many of a comparison's `n` deals a run takes: all of them, or a quarter
// in a sanitizer build (`make test-asan`), where a search runs ten to forty
// times slower. The sanitizers watch every path a quarter of the deals takes;
// the release build's run covers the breadth.
constexpr int deals_here(int n) {
#if defined(__SANITIZE_ADDRESS__)
    return n / 4 > 0 ? n / 4 : 1;
#else
    return n;
#endif
}

inline std::uint64_t bit(int pos) { return std::uint64_t{1} << pos; }

inline std::uint64_t bits(std::initializer_list<int> positions) {
    std::uint64_t m = 0;
    for (int p : positions) m |= bit(p);
    return m;
}

// The names of the presets, in their documented order.
inline const std::vector<std::string>& preset_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const pyr::Preset& p : pyr::presets()) out.emplace_back(p.name);
        return out;
    }();
    return names;
}

// A French card from its rank (1 for the ace to 13 for the King) and suit (0-3: S H D C).
inline Card french(int rank, int suit) { return Card::make(rank, suit); }

// Words separated by spaces, newlines and '/' (used between pyramid rows for the reader).
inline std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::string w;
    for (char ch : text) {
        if (ch == ' ' || ch == '\n' || ch == '/') {
            if (!w.empty()) out.push_back(w);
            w.clear();
        } else {
            w += ch;
        }
    }
    if (!w.empty()) out.push_back(w);
    return out;
}

// A card from its canonical name: "QH", "TS"; Spanish "RO" (rey de oros), "SB" (sota de bastos).
inline Card card(DeckKind deck, std::string_view name) {
    const std::string_view ranks = deck == DeckKind::French ? "A23456789TJQK" : "A23456789SCR";
    const std::string_view suits = deck == DeckKind::French ? "SHDC" : "OCEB";
    INFO("card name " << name);
    REQUIRE(name.size() == 2);
    const std::size_t r = ranks.find(name[0]);
    const std::size_t s = suits.find(name[1]);
    REQUIRE(r != std::string_view::npos);
    REQUIRE(s != std::string_view::npos);
    return Card::make(static_cast<int>(r) + 1, static_cast<int>(s));
}

// French cards by name, as a set of card codes (bit `code` each).
inline std::uint64_t french_cards(std::initializer_list<const char*> names) {
    std::uint64_t m = 0;
    for (const char* n : names) m |= card(DeckKind::French, n).bit();
    return m;
}

// A deal for `v`. `tableau` names the tableau cards by position (pyramid rows from the apex, then
// the reserve, then Giza's layers from the most covered), "--" for a slot the test does not care
// about; `stock` names the first stock cards. Cards not named fill the "--" slots, then the rest
// of the stock, in the deck's documented order.
inline pyr::Deal make_deal(const pyr::Variant& v, std::string_view tableau, std::string_view stock = "") {
    const std::vector<std::string> tab = words(tableau);
    const std::vector<std::string> stk = words(stock);
    REQUIRE(static_cast<int>(tab.size()) == v.tableau_size());
    std::set<std::uint8_t> used;
    auto take = [&](const std::string& name) {
        const Card c = card(v.deck, name);
        INFO("card " << name << " named twice");
        REQUIRE(used.insert(c.code).second);
        return c;
    };
    pyr::Deal d;
    d.variant = v.name;
    d.tableau.resize(tab.size());
    for (std::size_t i = 0; i < tab.size(); ++i)
        if (tab[i] != "--") d.tableau[i] = take(tab[i]);
    for (const std::string& name : stk) d.stock.push_back(take(name));
    std::vector<Card> rest;
    for (Card c : pyr::deck_cards(v.deck))
        if (!used.count(c.code)) rest.push_back(c);
    std::size_t next = 0;
    for (Card& c : d.tableau)
        if (!c.valid()) c = rest.at(next++);
    while (next < rest.size()) d.stock.push_back(rest[next++]);
    REQUIRE(static_cast<int>(d.stock.size()) == v.stock_size());
    return d;
}

// A request as a person would type it: "QH AS", "KD", "draw", "draw 2", "recycle".
inline pyr::MoveRequest request(DeckKind deck, std::string_view text) {
    const std::vector<std::string> w = words(text);
    pyr::MoveRequest req;
    REQUIRE(!w.empty());
    if (w[0] == "draw") {
        req.kind = MoveKind::Draw;
        if (w.size() > 1) req.pile = std::stoi(w[1]);
    } else if (w[0] == "recycle") {
        req.kind = MoveKind::Recycle;
    } else if (w.size() == 1) {
        req.kind = MoveKind::Lone;
        req.a = card(deck, w[0]);
    } else {
        REQUIRE(w.size() == 2);
        req.kind = MoveKind::Pair;
        req.a = card(deck, w[0]);
        req.b = card(deck, w[1]);
    }
    return req;
}

// Why resolve() refuses `text`; empty when it is legal.
inline std::string why_not(const Game& g, std::string_view text) {
    Reason<Refusal> why;
    g.resolve(request(g.variant().deck, text), why);
    return why.text;
}

// The kind of resolve()'s refusal of `text`; Refusal::None when it is legal.
inline Refusal refusal(const Game& g, std::string_view text) {
    Reason<Refusal> why;
    g.resolve(request(g.variant().deck, text), why);
    return why.kind;
}

// Plays moves separated by ';', each of which must be legal.
inline void play(Game& g, std::string_view moves) {
    std::size_t start = 0;
    while (start <= moves.size()) {
        std::size_t end = moves.find(';', start);
        if (end == std::string_view::npos) end = moves.size();
        const std::string_view text = moves.substr(start, end - start);
        start = end + 1;
        if (words(text).empty()) continue;
        Reason<Refusal> why;
        const Move m = g.resolve(request(g.variant().deck, text), why);
        INFO("move '" << text << "' refused: " << why.text);
        REQUIRE(why.kind == Refusal::None);
        g.apply(m);
    }
}

inline std::string loc_name(pyr::Loc loc) {
    if (loc < 64) return fmt::format("p{}", loc);
    if (loc == pyr::LocTurned) return "turned";
    return fmt::format("w{}", loc - pyr::LocWaste + 1);
}

// A move in words, so that sets of moves compare and print readably.
inline std::string show(const Game& g, const Move& m) {
    switch (m.kind) {
    case MoveKind::Pair:
        return fmt::format("pair {}@{} {}@{}", g.name(m.ca), loc_name(m.a), g.name(m.cb), loc_name(m.b));
    case MoveKind::Lone: return fmt::format("lone {}@{}", g.name(m.ca), loc_name(m.a));
    case MoveKind::Draw: return fmt::format("draw w{}", m.pile + 1);
    case MoveKind::Recycle: return "recycle";
    }
    return "?";
}

inline std::set<std::string> legal(const Game& g) {
    pyr::MoveList list;
    g.legal_moves(list);
    std::set<std::string> out;
    for (const Move& m : list) out.insert(show(g, m));
    REQUIRE(static_cast<int>(out.size()) == list.size);  // no move listed twice
    return out;
}

// A position as bytes, for the plain exhaustive searches the solvers are
// checked against: every field that decides the future (and, with
// `with_score`, the score: the pass the pyramid was cleared in), arrays
// zeroed beyond their length.
inline std::string state_key(const State& s, bool with_score) {
    State c{};
    c.present = s.present;
    c.stock_len = s.stock_len;
    c.stock_pos = s.stock_pos;
    for (int i = s.stock_pos; i < s.stock_len; ++i) c.stock[i] = s.stock[i];
    for (int k = 0; k < MaxWastePiles; ++k) {
        c.waste_len[k] = s.waste_len[k];
        for (int i = 0; i < s.waste_len[k]; ++i) c.waste[k][i] = s.waste[k][i];
    }
    c.turned = s.turned;
    c.pass = s.pass;
    if (with_score) c.cleared_pass = s.cleared_pass;
    c.removed_this_pass = s.removed_this_pass;
    std::string bytes(sizeof(State), '\0');
    std::memcpy(bytes.data(), &c, sizeof(State));
    return bytes;
}

}  // namespace pyr::test
