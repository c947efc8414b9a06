// Tests for formats/near_name: the one did-you-mean of every name.
#include <catch2/catch.hpp>

#include "formats/near_name.hpp"

using namespace pyr;

TEST_CASE("near name: edit distance", "[near_name]") {
    CHECK(edit_distance("gisa", "giza") == 1);
    CHECK(edit_distance("pases", "passes") == 1);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("dael", "deal") == 2);
}

TEST_CASE("near name: a typo gets the nearest name, anything else none", "[near_name]") {
    CHECK(near_name("gisa", {"traditional", "par", "giza", "tut"}) == "giza");
    CHECK(near_name("pases", {"passes", "piles", "rows"}) == "passes");
    CHECK(near_name("bst", {"won", "pyramid", "best"}) == "best");
    CHECK(near_name("hitn", {"draw", "hint", "undo"}) == "hint");
    CHECK(near_name("xyzzy", {"draw", "hint", "undo"}).empty());
    CHECK(near_name("--bogus", {"--jobs"}).empty());
    CHECK(did_you_mean("gisa", {"giza"}) == "; did you mean 'giza'?");
    CHECK(did_you_mean("zz", {"giza"}).empty());
}
