// Drawing a position in a terminal, and describing it in JSON.
#include "position.hpp"

#include <algorithm>
#include <bit>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "wrap.hpp"

namespace pyr {

namespace {
constexpr const char* Red = "\x1b[31m";
constexpr const char* Bold = "\x1b[1m";
constexpr const char* Reset = "\x1b[0m";

bool red(DeckKind deck, Card c) { return deck == DeckKind::French && (c.suit() == 1 || c.suit() == 2); }

// A 4-column cell: "[QH]" for a card in play, " QH " for a covered one, " .. " for a gap.
std::string cell(const Game& g, Card c, bool in_play, const RenderStyle& style) {
    if (!c.valid()) return "    ";
    const std::string name = show_card(g.variant().deck, c, style);
    std::string body = style.color && red(g.variant().deck, c) ? Red + name + Reset : name;
    if (!in_play) return " " + body + " ";
    if (style.color) return std::string(Bold) + "[" + Reset + body + Bold + "]" + Reset;
    return "[" + body + "]";
}
}  // namespace

std::string show_card(DeckKind deck, Card c, const RenderStyle& style) {
    std::string name = card_name(deck, c);
    if (style.unicode && deck == DeckKind::French && c.valid()) {
        static constexpr const char* symbols[] = {"\u2660", "\u2665", "\u2666", "\u2663"};
        name = name.substr(0, 1) + symbols[c.suit()];
    }
    return name;
}

namespace {
// A row of cells after an indent, without trailing blanks.
std::string row_text(const Game& g, std::span<const int> row, const RenderStyle& style, std::size_t indent = 2) {
    const State& s = g.state();
    const std::uint64_t free = g.free_mask();
    std::string line(indent, ' ');
    for (int pos : row) {
        const bool present = (s.present >> pos & 1) != 0;
        line += cell(g, present ? g.tableau_card(pos) : NoCard, (free >> pos & 1) != 0, style);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line + "\n";
}

// The reserve, `per_line` cells to a line; the piles `per_line` to a part,
// each part all the layers of its piles (numbered when there are several parts).
std::string reserve_and_piles(const Game& g, const RenderStyle& style, std::size_t per_line) {
    const Layout& l = g.rules().layout;
    std::string out;
    if (!l.reserve.empty()) {
        out += "  reserve\n";
        const std::span<const int> reserve(l.reserve);
        for (std::size_t first = 0; first < reserve.size(); first += per_line)
            out += row_text(g, reserve.subspan(first, std::min(per_line, reserve.size() - first)), style);
    }
    const std::size_t piles = l.pile_layers.empty() ? 0 : l.pile_layers[0].size();
    for (std::size_t first = 0; first < piles; first += per_line) {
        const std::size_t n = std::min(per_line, piles - first);
        out += piles <= per_line ? std::string("  piles\n") : fmt::format("  piles {}-{}\n", first + 1, first + n);
        for (const auto& layer : l.pile_layers)
            out += row_text(g, std::span<const int>(layer).subspan(first, n), style);
    }
    return out;
}

// "stock 23", "turned [QH]", "waste [9S] +3", "pass 1/3", "left 52", "score -52";
// several waste piles (Apophis) in `piles`, for a line of their own.
std::vector<std::string> status_items(const Game& g, const RenderStyle& style, std::vector<std::string>& piles) {
    const Variant& v = g.variant();
    const State& s = g.state();
    std::vector<std::string> items;
    if (v.stock_size() > 0) {
        items.push_back(fmt::format("stock {:2}", s.stock_left()));
        if (v.draw == 1) items.push_back("turned " + (s.turned.valid() ? cell(g, s.turned, true, style) : "--"));
        for (int k = 0; k < v.waste_piles; ++k) {
            const Card top = s.waste_top(k);
            std::string pile = v.waste_piles > 1 ? fmt::format("waste {} ", k + 1) : std::string("waste ");
            pile += top.valid() ? cell(g, top, true, style) : std::string("--");
            if (s.waste_len[k] > 1) pile += fmt::format(" +{}", s.waste_len[k] - 1);
            (v.waste_piles == 1 ? items : piles).push_back(pile);
        }
        if (v.passes != 1)
            items.push_back(v.passes == UnlimitedPasses ? fmt::format("pass {}", s.pass)
                                                        : fmt::format("pass {}/{}", s.pass, v.passes));
    }
    items.push_back(fmt::format("left {}", g.cards_left()));
    if (v.scored) items.push_back(fmt::format("score {}", g.score()));
    return items;
}
}  // namespace

std::string status_legend(const Variant& v, std::size_t width, const RenderStyle& style) {
    std::vector<std::pair<std::string, std::string>> items;
    // Example cards in this deck's names: a Queen (a caballo in the Spanish deck) and a 5.
    const RenderStyle plain{style.unicode, false};  // no colour in a sentence
    const std::string turned = "[" + show_card(v.deck, Card::make(v.deck == DeckKind::Spanish ? 11 : 12, 1), plain) + "]";
    const std::string top = "[" + show_card(v.deck, Card::make(5, 2), plain) + "]";
    if (v.stock_size() > 0) {
        items.emplace_back(fmt::format("stock {}", v.stock_size() - 1), "cards still in the stock, face down");
        if (v.draw == 1)
            items.emplace_back("turned " + turned, "the card turned from the stock: in play; the next draw puts it on the "
                                              "waste");
        const std::string pile = (v.waste_piles > 1 ? "waste 2 " : "waste ") + top + " +3";
        items.emplace_back(pile, fmt::format("the top card of the waste{}, in play, and 3 more cards under it "
                                             "(+3; none: no number)",
                                             v.waste_piles > 1 ? " pile 2" : ""));
        if (v.passes == UnlimitedPasses)
            items.emplace_back("pass 2", "the pass through the stock under way (passes unlimited)");
        else if (v.passes != 1)
            items.emplace_back(fmt::format("pass 1/{}", v.passes),
                               fmt::format("the pass through the stock under way, of the {} allowed", v.passes));
    }
    const int cards = deck_size(v.deck);
    items.emplace_back(fmt::format("left {}", cards), "cards not removed yet");
    if (v.scored)
        items.emplace_back(fmt::format("score -{}", cards), "the score if the game ended now: the bonus of the pass in which the pyramid "
                                        "was cleared, less a point for every card left");
    std::size_t column = 0;
    for (const auto& [name, _] : items) column = std::max(column, display_width(name) + 4);
    std::string out = wrap_text("The line under the cards (-- for an empty place):", width, "  ") + "\n";
    for (const auto& [name, meaning] : items)
        out += wrap_text(fmt::format("  {:<{}}{}", name, column - 2, meaning), width, std::string(column, ' ')) + "\n";
    return out;
}

std::string render_position(const Game& g, const RenderStyle& style, std::size_t width) {
    width = std::max(width, MinScreenWidth);
    const Layout& l = g.rules().layout;
    std::string out;
    std::size_t widest = 0;
    for (const auto& row : l.pyramid_rows) widest = std::max(widest, row.size());
    for (const auto& row : l.pyramid_rows) out += row_text(g, row, style, 2 + 2 * (widest - row.size()));
    out += reserve_and_piles(g, style, (width - 2) / 4);
    std::vector<std::string> piles;
    const std::vector<std::string> items = status_items(g, style, piles);
    out += wrap_list("  ", items, "   ", width, "  ") + "\n";
    if (!piles.empty()) out += wrap_list("  ", piles, "   ", width, "  ") + "\n";
    return out;
}

void position_json(const Game& g, JsonWriter& w, std::string_view move) {
    const Variant& v = g.variant();
    const Layout& l = g.rules().layout;
    const State& s = g.state();
    const std::uint64_t free = g.free_mask();
    auto cards = [&](const std::vector<int>& row) {
        w.begin_array();
        for (int pos : row) {
            if (s.present >> pos & 1) w.value(card_name(v.deck, g.tableau_card(pos)));
            else w.null();
        }
        w.end_array();
    };
    w.begin_object();
    if (!move.empty()) w.key("move").value(move);
    w.key("pyramid").begin_array();
    for (const auto& row : l.pyramid_rows) cards(row);
    w.end_array();
    if (!l.reserve.empty()) {
        w.key("reserve");
        cards(l.reserve);
    }
    if (!l.pile_layers.empty()) {
        w.key("piles").begin_array();
        for (const auto& layer : l.pile_layers) cards(layer);
        w.end_array();
    }
    w.key("free").begin_array();
    for (std::uint64_t m = free; m; m &= m - 1) w.value(card_name(v.deck, g.tableau_card(std::countr_zero(m))));
    w.end_array();
    w.key("stock").value(s.stock_left());
    // The stock's cards, the next to be turned first: the log's deal is known.
    w.key("stock_cards").begin_array();
    for (int i = s.stock_pos; i < s.stock_len; ++i) w.value(card_name(v.deck, s.stock[i]));
    w.end_array();
    w.key("turned");
    if (s.turned.valid()) w.value(card_name(v.deck, s.turned));
    else w.null();
    w.key("waste").begin_array();
    for (int k = 0; k < v.waste_piles; ++k) {
        w.begin_array();
        for (int i = 0; i < s.waste_len[k]; ++i) w.value(card_name(v.deck, s.waste[k][i]));
        w.end_array();
    }
    w.end_array();
    w.key("pass").value(static_cast<int>(s.pass));
    w.key("cards_left").value(g.cards_left());
    if (v.scored) w.key("score").value(g.score());
    w.end_object();
}

}  // namespace pyr
