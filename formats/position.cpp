// Drawing a position in a terminal, and describing it in JSON.
#include "position.hpp"

#include <bit>

#include <fmt/format.h>

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

std::string render_position(const Game& g, const RenderStyle& style) {
    const Variant& v = g.variant();
    const Layout& l = g.rules().layout;
    const State& s = g.state();
    const std::uint64_t free = g.free_mask();
    std::string out;
    auto row_text = [&](const std::vector<int>& row, std::size_t indent) {
        std::string line(indent, ' ');
        for (int pos : row) {
            const bool present = (s.present >> pos & 1) != 0;
            line += cell(g, present ? g.tableau_card(pos) : NoCard, (free >> pos & 1) != 0, style);
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        return line + "\n";
    };
    std::size_t widest = 0;
    for (const auto& row : l.pyramid_rows) widest = std::max(widest, row.size());
    for (const auto& row : l.pyramid_rows) out += row_text(row, 2 + 2 * (widest - row.size()));
    if (!l.reserve.empty()) out += "  reserve\n" + row_text(l.reserve, 2);
    if (!l.pile_layers.empty()) {
        out += "  piles\n";
        for (const auto& layer : l.pile_layers) out += row_text(layer, 2);
    }
    std::string info, piles;
    if (v.stock_size() > 0) {
        info += fmt::format("  stock {:2}", s.stock_left());
        if (v.draw == 1)
            info += "   turned " + (s.turned.valid() ? cell(g, s.turned, true, style) : std::string("--"));
        // Several waste piles (Apophis) get a line of their own: on the status
        // line they would run past 80 columns.
        for (int k = 0; k < v.waste_piles; ++k) {
            const Card top = s.waste_top(k);
            std::string pile = v.waste_piles > 1 ? fmt::format("waste {} ", k + 1) : std::string("waste ");
            pile += top.valid() ? cell(g, top, true, style) : std::string("--");
            if (s.waste_len[k] > 1) pile += fmt::format(" +{}", s.waste_len[k] - 1);
            if (v.waste_piles == 1) info += "   " + pile;
            else piles += (piles.empty() ? "  " : "   ") + pile;
        }
        if (v.passes != 1)
            info += v.passes == UnlimitedPasses ? fmt::format("   pass {}", s.pass)
                                                 : fmt::format("   pass {}/{}", s.pass, v.passes);
    }
    // No stock (Giza): the line starts with the count, indented like the others.
    info += fmt::format("{}left {}", info.empty() ? "  " : "   ", g.cards_left());
    if (v.scored) info += fmt::format("   score {}", g.score());
    out += info + "\n";
    if (!piles.empty()) out += piles + "\n";
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
