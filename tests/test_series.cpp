// Tests for formats/series: the series file play writes, read back, torn
// lines, and errors with line and column.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "formats/error.hpp"
#include "formats/series.hpp"
#include "formats/text.hpp"

namespace {
pyr::Series series_of(const std::string& text) {
    std::istringstream in(text);
    pyr::LineReader lines(in, "s.series");
    return pyr::read_series(lines);
}
std::string series_error(const std::string& text) {
    try {
        series_of(text);
    } catch (const pyr::InputError& e) {
        return e.format();
    }
    return "no error";
}
}  // namespace

TEST_CASE("series: the file play writes reads back") {
    const std::string text = pyr::format_series_header(6, "/deals/my deals#1.txt") +
                             pyr::format_series_entry("g.log") + pyr::format_series_entry("g #2.log");
    const pyr::Series s = series_of(text);
    CHECK(s.games == 6);
    CHECK(s.deals == "/deals/my deals#1.txt");  // a name may hold '#' and blanks
    REQUIRE(s.logs.size() == 2);
    CHECK(s.logs[0].name == "g.log");
    CHECK(s.logs[1].name == "g #2.log");
    CHECK(s.logs[1].line == s.logs[0].line + 1);
    CHECK(series_of("PYRAMIDE-SERIES 1\n# open\nGAME a.log   \n").logs[0].name == "a.log");
    CHECK(pyr::format_series_entry(" a.log").empty());
    CHECK(pyr::format_series_entry("a\nb.log").empty());
    CHECK(pyr::series_path_for("dir/g.log") == "dir/g.series");
    CHECK(pyr::series_path_for("g") == "g.series");
    CHECK(pyr::series_log_path("dir/g.series", "g-2.log") == "dir/g-2.log");
    CHECK(pyr::series_log_path("g.series", "g-2.log") == "g-2.log");
    CHECK(pyr::series_log_path("dir/g.series", "/abs/g.log") == "/abs/g.log");
}

TEST_CASE("series: a torn last line is held back") {
    const pyr::Series s = series_of("pyramide-series 1\ngame a.log\ngame b.l");
    CHECK(s.logs.size() == 1);
    CHECK(s.torn_line == 3);
    CHECK(s.torn_text == "game b.l");
}

TEST_CASE("series: errors name the line and column") {
    CHECK(series_error("") == "s.series: empty file: expected a series of games");
    CHECK(series_error("pyramide-log 1\n") == "s.series:1:1: expected 'pyramide-series 1'");
    CHECK(series_error("pyramide-series 2\n") ==
          "s.series:1:17: unsupported series version (this program reads 'pyramide-series 1')");
    CHECK(series_error("pyramide-series 1\ngames 0\n") == "s.series:2:7: games: '0' is not a number from 1 to 1000");
    CHECK(series_error("pyramide-series 1\ngames 2\ngames 2\n") == "s.series:3:1: 'games' is given twice");
    CHECK(series_error("pyramide-series 1\ngame a.log\ngames 2\n") ==
          "s.series:3:1: 'games' must come before the first 'game'");
    CHECK(series_error("pyramide-series 1\ngames 1\ngame a.log\n  game b.log\n") ==
          "s.series:4:3: more games than the series has ('games 1')");
    CHECK(series_error("pyramide-series 1\ngame a.log\ngame a.log\n") ==
          "s.series:3:1: 'a.log' is listed twice (line 2 too)");
    CHECK(series_error("pyramide-series 1\ngame\n") == "s.series:2:1: 'game' needs the name of a move log");
    CHECK(series_error("pyramide-series 1\nplay a.log\n") ==
          "s.series:2:1: expected 'game', 'games', 'deals' or 'pysolfc', got 'play'");
}
