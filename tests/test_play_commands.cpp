// Tests for formats/play_commands: what play reads at its prompt.
#include <catch2/catch.hpp>

#include <string>

#include "formats/play_commands.hpp"
#include "formats/variant_toml.hpp"

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

TEST_CASE("help in a round lists what the round allows, and no save or set", "[play]") {
    const pyr::Variant v = pyr::load_variant("traditional");
    const std::string game = pyr::help_text(v, 80);
    CHECK(game.find("  save FILE") != std::string::npos);
    CHECK(game.find("  set auto") != std::string::npos);
    const pyr::RoundAids all;
    const std::string round = pyr::help_text(v, 80, &all);
    CHECK(round.find("  save") == std::string::npos);
    CHECK(round.find("  set") == std::string::npos);
    CHECK(round.find("  hint, h ") != std::string::npos);
    CHECK(round.find("hint all") == std::string::npos);  // a round's hint is the quick one
    CHECK(round.find("  undo, u") != std::string::npos);
    CHECK(round.find("next login") != std::string::npos);
    const pyr::RoundAids none{false, false};
    const std::string strict = pyr::help_text(v, 40, &none);
    CHECK(strict.find("  hint") == std::string::npos);
    CHECK(strict.find("  undo") == std::string::npos);
    CHECK(strict.find("  redo") == std::string::npos);
    CHECK(strict.find("  draw, d") != std::string::npos);
}
