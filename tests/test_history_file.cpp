// Tests of play's history file (formats/history_file.hpp): libedit's escapes
// decoded and checked, the text written back, and only regular files read.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <fstream>
#include <string>
#include <vector>

#include "formats/history_file.hpp"
#include "scratch.hpp"

namespace {

using pyr::test::error_of;
using Entries = std::vector<std::string>;

TEST_CASE("history: libedit's escapes decode to the lines typed", "[history]") {
    // What libedit 3.1 writes (H_SAVE_FP) for these lines: octal, \M- and \^ forms.
    const std::string text = "_HiStOrY_V2_\nJC\\0402D\nQ\\M-b\\M^Y\\M-%\\0407S\nctl\\^Ax\nback\\134slash\nmeta\\M^?\n";
    CHECK(pyr::parse_history(text, "h") ==
          Entries{"JC 2D", "Q\xe2\x99\xa5 7S", "ctl\x01x", "back\\slash", "meta\xff"});
    CHECK(pyr::parse_history("", "h").empty());
    CHECK(pyr::parse_history("_HiStOrY_V2_\n", "h").empty());
}

TEST_CASE("history: a malformed escape is refused where it stands", "[history]") {
    // libedit's own H_LOAD reads past the end of the line on "\xzz".
    CHECK(error_of([] { pyr::parse_history("_HiStOrY_V2_\n\\xzz\n", "h"); }) ==
          "h:2:1: not a history file pyramide can read: a malformed escape");
    CHECK(error_of([] { pyr::parse_history("_HiStOrY_V2_\nok\nab\\", "h"); }) ==
          "h:3:3: not a history file pyramide can read: a malformed escape");
    CHECK(error_of([] { pyr::parse_history("_HiStOrY_V2_\n\\M-", "h"); }) ==
          "h:2:1: not a history file pyramide can read: a malformed escape");
    CHECK(error_of([] { pyr::parse_history("_HiStOrY_V2_\n\\777\n", "h"); }) ==
          "h:2:1: not a history file pyramide can read: a malformed escape");
    CHECK(error_of([] { pyr::parse_history("my notes\n", "h"); }) == "h:1:1: not a history file pyramide can read");
}

TEST_CASE("history: what is written reads back the same", "[history]") {
    const Entries entries{"JC 2D", "tab\there", "back\\slash", "Q\xe2\x99\xa5 7S", "ctl\x01x", "", "0\\0402"};
    const std::string text = pyr::format_history(entries);
    CHECK(text.starts_with("_HiStOrY_V2_\nJC\\0402D\n"));
    CHECK(pyr::parse_history(text, "h") == entries);
}

TEST_CASE("history: a line is added once, and the oldest go past the limit", "[history]") {
    CHECK(pyr::with_entry({"a", "b"}, "c", 3) == Entries{"a", "b", "c"});
    CHECK(pyr::with_entry({"a", "b"}, "b", 3) == Entries{"a", "b"});
    CHECK(pyr::with_entry({"a", "b", "c"}, "d", 3) == Entries{"b", "c", "d"});
}

TEST_CASE("history: only a regular file of sane size is read", "[history]") {
    pyr::test::ScratchDir dir;
    CHECK(pyr::read_history_file(dir.file("none")).empty());
    REQUIRE(::mkfifo(dir.file("fifo").c_str(), 0600) == 0);
    CHECK(error_of([&] { pyr::read_history_file(dir.file("fifo")); }).find("must be a regular file") !=
          std::string::npos);
    std::filesystem::create_symlink("/dev/zero", dir.file("zero"));
    CHECK(error_of([&] { pyr::read_history_file(dir.file("zero")); }).find("must be a regular file") !=
          std::string::npos);
    std::ofstream(dir.file("huge")) << "_HiStOrY_V2_\n" << std::string(pyr::MaxHistoryBytes, 'x') << "\n";
    CHECK(error_of([&] { pyr::read_history_file(dir.file("huge")); }).find("too large") != std::string::npos);
    std::ofstream(dir.file("real")) << "_HiStOrY_V2_\nmoves\n";
    std::filesystem::create_symlink("real", dir.file("link"));
    CHECK(pyr::read_history_file(dir.file("link")) == Entries{"moves"});
}

}  // namespace
