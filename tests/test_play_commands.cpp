// Tests for formats/play_commands: what play reads at its prompt.
#include <catch2/catch.hpp>

#include <string>

#include "formats/play_commands.hpp"

using pyr::DeckKind;

TEST_CASE("play commands: one unknown word is an unknown command, other bad moves keep their reason") {
    pyr::PlayCommand cmd;
    std::string why;
    CHECK_FALSE(pyr::parse_command(DeckKind::French, "xyz", cmd, why));
    CHECK(why == "unknown command 'xyz': type help for the list");
    CHECK_FALSE(pyr::parse_command(DeckKind::French, "RO", cmd, why));
    CHECK(why.starts_with("bad card 'RO'"));
    CHECK_FALSE(pyr::parse_command(DeckKind::French, "xyz QH", cmd, why));
    CHECK(why.starts_with("bad card 'xyz'"));
}
