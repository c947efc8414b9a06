// Tests for formats/round: the round file written and read back, and its errors.
#include <catch2/catch.hpp>

#include <string>

#include "formats/error.hpp"
#include "formats/round.hpp"

namespace {
pyr::Round sample() {
    pyr::Round r;
    r.name = "friday-club";
    r.variant = "traditional";
    r.deal_count = 3;
    r.deals_sha256 = std::string(64, 'a');
    r.deals_from = "seeds 1,2,3";
    r.attempts = 2;
    r.hint = pyr::AidRule::Refused;
    r.undo = pyr::AidRule::Counted;
    r.opens = 1'800'000'000;
    r.closes = 1'800'086'400;
    return r;
}

std::string error_of(const std::string& text) {
    try {
        pyr::parse_round(text, "round.toml");
    } catch (const pyr::InputError& e) {
        return e.format();
    }
    return "no error";
}
}  // namespace

TEST_CASE("A round file reads back as written", "[round]") {
    const pyr::Round r = sample();
    const pyr::Round back = pyr::parse_round(pyr::format_round(r), "round.toml");
    CHECK(back.name == r.name);
    CHECK(back.variant == r.variant);
    CHECK(back.deal_count == 3);
    CHECK(back.deals_sha256 == r.deals_sha256);
    CHECK(back.deals_from == r.deals_from);
    CHECK(back.attempts == 2);
    CHECK(back.hint == pyr::AidRule::Refused);
    CHECK(back.undo == pyr::AidRule::Counted);
    CHECK(back.opens == r.opens);
    CHECK(back.closes == r.closes);
    CHECK(back.logs == "logs");
    CHECK(pyr::format_round(back) == pyr::format_round(r));
}

TEST_CASE("A round file's defaults: one attempt, hint counted, undo allowed, always open", "[round]") {
    const pyr::Round r = pyr::parse_round("format = \"pyramide-round\"\nversion = 1\nname = \"r\"\nvariant = \"giza\"\n"
                                          "deals = 1\nsha256 = \"" + std::string(64, '0') + "\"\n",
                                          "round.toml");
    CHECK(r.attempts == 1);
    CHECK(r.hint == pyr::AidRule::Counted);
    CHECK(r.undo == pyr::AidRule::Allowed);
    CHECK_FALSE(r.opens.has_value());
    CHECK_FALSE(r.closes.has_value());
    CHECK(r.logs == "logs");
}

TEST_CASE("A round file's errors name line and column", "[round]") {
    const std::string head = "format = \"pyramide-round\"\nversion = 1\nname = \"r\"\nvariant = \"traditional\"\n"
                             "deals = 2\nsha256 = \"" + std::string(64, 'f') + "\"\n";
    CHECK(error_of(head + "attempts = 0\n") == "round.toml:7:12: attempts must be an integer from 1 to 100");
    CHECK(error_of(head + "colour = 1\n") == "round.toml:7:10: unknown key 'colour'");
    CHECK(error_of(head + "[aids]\nhint = \"sometimes\"\n") ==
          "round.toml:8:8: aids.hint must be \"allowed\", \"counted\" or \"refused\", not \"sometimes\"");
    CHECK(error_of(head + "opens = \"2026-12-04 18:00\"\n") ==
          "round.toml:7:9: opens must be a UTC time YYYY-MM-DDTHH:MM:SSZ, not \"2026-12-04 18:00\"");
    CHECK(error_of(head + "logs = \"../elsewhere\"\n") ==
          "round.toml:7:8: logs must name a folder inside the round's folder: it must start with a letter or a "
          "digit, not '.'");
    CHECK(error_of("version = 1\n") == "round.toml:1:1: not a round file: it needs format = \"pyramide-round\"");
    CHECK(error_of("format = \"pyramide-round\"\nversion = 2\n").starts_with("round.toml:2:11: round file version 1"));
}

TEST_CASE("Names of rounds and players are words", "[round]") {
    CHECK(pyr::word_problem("alice_2", 32).empty());
    CHECK(pyr::word_problem("-x", 32) == "must start with a letter or a digit, not '-'");
    CHECK(pyr::word_problem("a b", 32) == "may hold letters, digits, - and _ only, not ' '");
    CHECK(pyr::word_problem(std::string(33, 'a'), 32) == "is longer than 32 characters");
    CHECK(pyr::word_problem("", 32) == "must not be empty");
}
