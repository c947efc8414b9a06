// play's status line (formats/status_line.hpp): one line, within the width,
// dropping the series, then the variant, then shortening the deal's name.
#include <catch2/catch.hpp>

#include <string>

#include "formats/status_line.hpp"
#include "formats/wrap.hpp"

using namespace pyr;

TEST_CASE("status line: everything when it fits", "[status_line]") {
    CHECK(status_line(12, {"traditional", "seed 7", ""}, 40) == "  move 12   traditional, seed 7");
    CHECK(status_line(0, {"par", "seed 7", "game 2/6"}, 40) == "  move 0   game 2/6   par, seed 7");
    CHECK(status_line(3, {"par", "PySolFC game 617", ""}, 40) == "  move 3   par, PySolFC game 617");
}

TEST_CASE("status line: a narrow window drops the series, then the variant", "[status_line]") {
    const GameName big{"traditional", "seed 18446744073709551615", "game 12/1000"};
    CHECK(status_line(52, big, 80) == "  move 52   game 12/1000   traditional, seed 18446744073709551615");
    CHECK(status_line(52, big, 50) == "  move 52   traditional, seed 18446744073709551615");
    CHECK(status_line(52, big, 40) == "  move 52   seed 18446744073709551615");
}

TEST_CASE("status line: a long deal name is shortened in the middle, never over the width", "[status_line]") {
    const std::string file = "deal 3 of a-very-long-file-name-for-the-round-of-tuesday.txt";
    const std::string line = status_line(104, {"traditional", file, ""}, 40);
    CHECK(line == "  move 104   deal 3 of a-...-tuesday.txt");
    CHECK(display_width(line) == 40);
    for (std::size_t width = 40; width <= 90; ++width) {
        INFO("width " << width);
        const std::string l = status_line(104, {"traditional", file + " ♥♥", "game 1/6"}, width);
        CHECK(display_width(l) <= width);
        CHECK(l.find('\n') == std::string::npos);
    }
}
