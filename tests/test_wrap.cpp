// Tests for formats/wrap (display width, wrapping at words and between items)
// and for what play draws with it: every position and help text of every
// preset, and of layouts wider than a narrow screen, fits the width asked for.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "formats/play_commands.hpp"
#include "formats/position.hpp"
#include "formats/variant_toml.hpp"
#include "formats/wrap.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/players/strategy.hpp"

using pyr::display_width;
using pyr::wrap_list;
using pyr::wrap_text;

namespace {

// The lines of `text` wider than `width`, for a message that shows them.
std::vector<std::string> wider_lines(const std::string& text, std::size_t width) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (display_width(line) > width) out.push_back(line);
    return out;
}

// The cards of a position drawn in letters, sorted.
std::vector<std::string> card_words(std::string text) {
    for (char& c : text)
        if (c == '[' || c == ']' || c == '\n') c = ' ';
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;)
        if (w.size() == 2 && std::string_view("A23456789TJQK").find(w[0]) != std::string_view::npos &&
            std::string_view("SHDC").find(w[1]) != std::string_view::npos)
            out.push_back(w);
    std::sort(out.begin(), out.end());
    return out;
}

// Custom layouts at the limits: 12 piles, a reserve of 12, 9 rows.
std::vector<pyr::Variant> wide_variants() {
    return {
        pyr::parse_variant("base = \"giza\"\nname = \"g12\"\npiles = 12\npile_depth = 2\n", "g12.toml"),
        pyr::parse_variant("base = \"par\"\nname = \"r12\"\nreserve = 12\nrows = 6\n", "r12.toml"),
        pyr::parse_variant("base = \"traditional\"\nname = \"rows9\"\nrows = 9\n", "rows9.toml"),
    };
}

std::vector<pyr::Variant> all_variants() {
    std::vector<pyr::Variant> out;
    for (const pyr::Preset& p : pyr::presets()) out.push_back(pyr::load_variant(std::string(p.name)));
    for (pyr::Variant& v : wide_variants()) out.push_back(std::move(v));
    return out;
}

}  // namespace

TEST_CASE("wrap: display width counts characters, not bytes or escapes") {
    CHECK(display_width("QH AS") == 5);
    CHECK(display_width("Q\u2665") == 2);
    CHECK(display_width("\x1b[1m[\x1b[0m\x1b[31mQ\u2665\x1b[0m\x1b[1m]\x1b[0m") == 4);
    CHECK(display_width("") == 0);
}

TEST_CASE("wrap: wrap_text breaks long lines at spaces and keeps the rest") {
    // A line that fits is kept as it is, its runs of spaces too.
    CHECK(wrap_text("  undo, u            take back", 40) == "  undo, u            take back");
    CHECK(wrap_text("one two three four", 9, "  ") == "one two\n  three\n  four");
    // Its own line breaks are kept; a word wider than the width stands alone.
    CHECK(wrap_text("a b\nverylongword c", 6) == "a b\nverylongword\nc");
    CHECK(wrap_text("  indented text here", 10) == "  indented\ntext here");
    // Width counts characters: four suit symbols are four columns.
    CHECK(wrap_text("\u2660\u2665\u2666\u2663 x", 6) == "\u2660\u2665\u2666\u2663 x");
}

TEST_CASE("wrap: wrap_list never breaks an item") {
    const std::vector<std::string> moves = {"QH AS", "KD", "JC 2D", "draw"};
    CHECK(wrap_list("moves: ", moves, ", ", 80, "       ") == "moves: QH AS, KD, JC 2D, draw");
    CHECK(wrap_list("moves: ", moves, ", ", 20, "       ") == "moves: QH AS, KD,\n       JC 2D, draw");
    CHECK(wrap_list("  ", {"stock 23", "left 52"}, "   ", 14, "  ") == "  stock 23\n  left 52");
    CHECK(wrap_list("x: ", {}, ", ", 10, "") == "x: ");
    // A head of words that leaves no room for the first item: the item starts the next line.
    CHECK(wrap_list("all moves: ", moves, ", ", 14, "  ") == "all moves:\n  QH AS, KD,\n  JC 2D, draw");
    CHECK(wrap_list("moves: ", moves, ", ", pyr::NoWrap, "  ") == "moves: QH AS, KD, JC 2D, draw");
}

TEST_CASE("wrap: reflow joins the lines of a sentence, keeps paragraphs, lists and examples") {
    using pyr::reflow;
    CHECK(reflow("Deal games: easy,\nmedium, hard or expert") == "Deal games: easy, medium, hard or expert");
    CHECK(reflow("One sentence.\nAnother one") == "One sentence.\nAnother one");
    CHECK(reflow("Examples:\n  pyramide deal\n  pyramide play") == "Examples:\n  pyramide deal\n  pyramide play");
    CHECK(reflow("a\n\nb\n") == "a\n\nb\n");
    CHECK(reflow("trailing   \nspaces") == "trailing spaces");
    CHECK(reflow("  \nx") == "  \nx");
    CHECK(reflow("") == "");
}

TEST_CASE("wrap: a no-break space keeps words together and is written as a space") {
    const std::string pair = pyr::unbreakable("JH 2H");
    CHECK(pair == "JH\u00a02H");
    CHECK(display_width(pair) == 5);
    CHECK(wrap_text("hint: " + pair + " (wins 3 of 9)", 9, "  ") == "hint:\n  JH 2H\n  (wins 3\n  of 9)");
    CHECK(wrap_text("hint: " + pair, 40) == "hint: JH 2H");
    CHECK(wrap_text("hint: " + pair, pyr::NoWrap) == "hint: JH 2H");
    CHECK(wrap_list("x: ", {pair}, ", ", 4, "") == "x:\nJH 2H");
    // NoWrap: no line is too long.
    const std::string long_line(500, 'a');
    CHECK(wrap_text(long_line + " " + long_line, pyr::NoWrap) == long_line + " " + long_line);
}

TEST_CASE("wrap: every position of every variant fits widths from 40 to 80") {
    for (const pyr::Variant& v : all_variants()) {
        const pyr::Rules rules(v);
        const pyr::Deal deal = pyr::deal_from_seed(v, 7);
        pyr::Game game(rules, deal);
        // The positions of a blind player's game, in colour with suit symbols
        // (the widest a cell gets in bytes, the same in columns).
        const pyr::RenderStyle style{true, true};
        for (int move = 0; move < 40 && game.status() == pyr::Status::InProgress; ++move) {
            for (std::size_t width : {40u, 41u, 45u, 52u, 60u, 80u}) {
                INFO(v.name << " after " << move << " moves at " << width << " columns");
                CHECK(wider_lines(pyr::render_position(game, style, width), width).empty());
            }
            game.apply(pyr::blind_choice(game));
        }
    }
}

TEST_CASE("wrap: at 80 columns a position is drawn as before, at 40 the parts are numbered") {
    const pyr::Variant g12 = wide_variants()[0];
    const pyr::Rules rules(g12);
    const pyr::Game game(rules, pyr::deal_from_seed(g12, 5));
    const std::string wide = pyr::render_position(game, {}, 80), narrow = pyr::render_position(game, {}, 40);
    CHECK(wide.find("  piles\n") != std::string::npos);
    CHECK(narrow.find("  piles 1-9\n") != std::string::npos);
    CHECK(narrow.find("  piles 10-12\n") != std::string::npos);
    // The same cards either way.
    CHECK(card_words(narrow) == card_words(wide));
    CHECK(card_words(narrow).size() == 28 + 24);
}

TEST_CASE("wrap: play's help fits widths from 40 to 100 for every variant") {
    for (const pyr::Variant& v : all_variants()) {
        for (std::size_t width = 40; width <= 100; width += 3) {
            INFO(v.name << " at " << width << " columns");
            const std::string help = pyr::help_text(v, width);
            CHECK(wider_lines(help, width).empty());
            CHECK(help.find("this list") != std::string::npos);
        }
    }
}
