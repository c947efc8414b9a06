// Tests for hostile input and faults: bounded reading, torn log
// lines, terminal-safe messages, variant names that survive a round trip,
// atomic output and its clean-up.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <unistd.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>

#include "formats/cards.hpp"
#include "formats/deal_format.hpp"
#include "formats/error.hpp"
#include "scratch.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "formats/text.hpp"
#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"

namespace {

using pyr::test::error_of;
using pyr::test::ScratchDir;

// The text form of deal `seed` of traditional, as a log with `moves` after it.
std::string log_text(const std::string& moves, std::uint64_t seed = 1) {
    pyr::RulesCache cache;
    const pyr::Rules& rules = cache.get("traditional");
    return pyr::format_log_header(rules, pyr::deal_from_seed(rules.variant, seed)) + moves;
}

pyr::MoveLog read_log_text(const std::string& text, pyr::RulesCache& cache) {
    std::istringstream in(text);
    pyr::LineReader lines(in, "t.log");
    return pyr::read_log(lines, cache, "");
}

}  // namespace

TEST_CASE("printable: controls, escapes, bidi controls and bad UTF-8 are shown escaped") {
    CHECK(pyr::printable("plain é ♥") == "plain é ♥");
    CHECK(pyr::printable("\x1b[2J") == "\\x1b[2J");
    CHECK(pyr::printable("a\tb\r\n") == "a\\tb\\r\\n");
    CHECK(pyr::printable("\xc2\x9b" "31m") == "\\u009b31m");  // 8-bit CSI
    CHECK(pyr::printable("abc\u202edef") == "abc\\u202edef");  // right-to-left override
    CHECK(pyr::printable("\u2066x\u2069") == "\\u2066x\\u2069");
    CHECK(pyr::printable("\xff\xfe") == "\\xff\\xfe");
}

TEST_CASE("excerpt: cut at a character count, escaped, marked") {
    CHECK(pyr::excerpt("short") == "short");
    CHECK(pyr::excerpt(std::string(41, 'x')) == std::string(40, 'x') + "...");
    CHECK(pyr::excerpt(std::string(40, 'x')) == std::string(40, 'x'));
    CHECK(pyr::excerpt("ééééé", 3) == "ééé...");  // characters, not bytes
    CHECK(pyr::excerpt("\x1b\x1b\x1b", 2) == "\\x1b\\x1b...");
}

TEST_CASE("json_quote: C1 controls are escaped, so JSON output cannot drive a terminal") {
    CHECK(pyr::json_quote("\xc2\x9b" "2J") == "\"\\u009b2J\"");
    CHECK(pyr::json_quote("\xc2\x85") == "\"\\u0085\"");
    CHECK(pyr::json_quote("\xc2\xa0") == "\"\xc2\xa0\"");  // no-break space is text
    CHECK(pyr::parse_json(pyr::json_quote("\xc2\x9b"), "t").text == "\xc2\x9b");
}

TEST_CASE("lines: a torn last line is held back only when asked") {
    for (const bool hold : {false, true}) {
        std::istringstream in("one\ntwo\nthr");
        pyr::LineReader lines(in, "t");
        lines.set_hold_back_torn_line(hold);
        std::vector<std::string> got;
        std::string line;
        while (lines.next(line)) got.push_back(line);
        if (hold) {
            CHECK(got == std::vector<std::string>{"one", "two"});
            CHECK(lines.torn_line() == 3);
            CHECK(lines.torn_text() == "thr");
        } else {
            CHECK(got == std::vector<std::string>{"one", "two", "thr"});
            CHECK(lines.torn_line() == 0);
        }
    }
    // A torn tail of zero bytes (a crash on some file systems) is torn, not binary data.
    std::istringstream in(std::string("one\n\0\0\0", 7));
    pyr::LineReader lines(in, "t");
    lines.set_hold_back_torn_line(true);
    std::string line;
    CHECK(lines.next(line));
    CHECK_FALSE(lines.next(line));
    CHECK(lines.torn_line() == 2);
}

TEST_CASE("logs: a torn last line is ignored with a warning, and the game is unfinished") {
    pyr::RulesCache cache;
    const pyr::MoveLog torn = read_log_text(log_text("draw\ndraw\nresult wo"), cache);
    CHECK(torn.moves.size() == 2);
    CHECK(torn.result == pyr::LogResult::None);
    CHECK(torn.torn_line == 19);
    const std::vector<pyr::InputError> warnings = pyr::log_warnings(torn, "t.log");
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].file == "t.log");
    CHECK(warnings[0].line == 19);
    CHECK(warnings[0].message == "torn last line ignored (no final newline): 'result wo'");
    // A move cut in half is not played as the half that is left ("QH" of "QH AS").
    const pyr::MoveLog half = read_log_text(log_text("draw\nQH"), cache);
    CHECK(half.moves.size() == 1);
    CHECK(half.torn_line == 18);
    // Whole lines: nothing torn. A last line of blanks or a comment loses nothing: no warning.
    CHECK(read_log_text(log_text("draw\n"), cache).torn_line == 0);
    CHECK(pyr::log_warnings(read_log_text(log_text("draw\n"), cache), "t.log").empty());
    CHECK(read_log_text(log_text("draw\n  # a comm"), cache).torn_line == 0);
    // The warning shows the torn text safely.
    const pyr::MoveLog binary = read_log_text(log_text("draw\n\x1b[2J" + std::string(100, 'x')), cache);
    CHECK(pyr::log_warnings(binary, "t.log").at(0).message ==
          "torn last line ignored (no final newline): '\\x1b[2J" + std::string(36, 'x') + "...'");
}

TEST_CASE("logs: past MaxLoggedMoves moves are checked but not kept, and never accepted") {
    pyr::RulesCache cache;
    std::string moves;
    for (std::size_t i = 0; i < pyr::MaxLoggedMoves + 5; ++i) moves += "draw\n";
    const std::string text = log_text(moves);
    const pyr::MoveLog log = read_log_text(text, cache);
    CHECK(log.moves.size() == pyr::MaxLoggedMoves);
    CHECK(log.moves_not_kept == 5);
    CHECK(log.first_not_kept_line == static_cast<int>(17 + pyr::MaxLoggedMoves));
    // The game ends long before: the first move after the end is the error.
    pyr::Game game(*log.deal.rules, log.deal.deal);
    CHECK(error_of([&] { pyr::replay(log, game); }).starts_with("t.log:42:1: "));
    // A bad line after the cap is still found.
    CHECK(error_of([&] { read_log_text(text + "jump\n", cache); }) ==
          "t.log:" + std::to_string(17 + pyr::MaxLoggedMoves + 5) +
              ":1: unknown move 'jump': expected a pair (QH AS), a King (KD), draw, recycle or result");
}

TEST_CASE("deals: thousands of cards in a text-form deal stop at twice the deck") {
    std::string text = "pyramide-deal 1\nvariant traditional\nstock\n";
    for (int i = 0; i < 2000; ++i) text += "  AS 2S 3S 4S 5S\n";
    pyr::RulesCache cache;
    std::istringstream in(text);
    pyr::LineReader lines(in, "t.txt");
    pyr::DealReader reader(lines, cache, "");
    CHECK(error_of([&] { reader.next(); }) ==
          "t.txt:24:15: too many cards: more than 104 in one deal (the French deck has 52)");
    // A few cards too many still get the precise count.
    pyr::RulesCache cache2;
    const pyr::Rules& rules = cache2.get("traditional");
    std::string one_more = pyr::format_deal(rules, pyr::deal_from_seed(rules.variant, 1), pyr::DealFormat::Text);
    one_more.insert(one_more.size() - 1, " AS");
    std::istringstream in2(one_more);
    pyr::LineReader lines2(in2, "t.txt");
    pyr::DealReader reader2(lines2, cache2, "");
    CHECK(error_of([&] { reader2.next(); }) == "t.txt:12: the stock has 25 cards, but variant 'traditional' has 24");
}

TEST_CASE("cards: a long token is not a card, and costs no more than its length") {
    std::string selectors;
    for (int i = 0; i < 20000; ++i) selectors += "\uFE0F";
    std::string why;
    CHECK_FALSE(pyr::parse_card(pyr::DeckKind::French, selectors + "KS", why).valid());
    CHECK(why.size() < 200);
    CHECK(pyr::parse_card(pyr::DeckKind::French, "\u2660\uFE0FK", why).valid());  // still read
    CHECK(pyr::parse_card(pyr::DeckKind::French, "K\u2660\uFE0F", why).valid());
}

TEST_CASE("variant names: only what a deal and a file name can carry") {
    auto error = [](const std::string& toml) {
        return error_of([&] { pyr::parse_variant(toml, "mine.toml"); });
    };
    CHECK(error("name = \"a#b\"\n") == "mine.toml:1:8: name may hold letters, digits and - _ . + only, not '#'");
    CHECK(error("name = \"a/b\"\n") == "mine.toml:1:8: name may hold letters, digits and - _ . + only, not '/'");
    CHECK(error("name = \"x.toml\"\n") == "mine.toml:1:8: name must not end in .toml: that spells a file");
    CHECK(error("name = \"a\\u202eb\"\n") == "mine.toml:1:8: name must not hold control characters");
    CHECK(error("name = \"" + std::string(65, 'a') + "\"\n") == "mine.toml:1:8: name is longer than 64 bytes");
    CHECK(error("name = \"pirámide-2.0+\"\n") == "no error");
    CHECK(error("name = \"x\"\nsummary = \"a\\u001b[2Jb\"\n") ==
          "mine.toml:2:11: summary must not hold control characters (tabs, escapes, line breaks)");
    CHECK(error("base = \"" + std::string(2000, 'a') + "\"\n") == "mine.toml:1:8: base is longer than 1024 bytes");
}

TEST_CASE("variant files: size limit, directories, file names as variant names") {
    ScratchDir dir;
    {
        std::ofstream big(dir.file("big.toml"));
        for (int i = 0; i < 30000; ++i) big << "# a comment line of some forty bytes...\n";
    }
    CHECK(error_of([&] { pyr::load_variant(dir.file("big.toml")); }) ==
          dir.file("big.toml") + ": larger than 1048576 bytes: too large for a variant file");
    // A device, or a FIFO with no writer (which would block an open), is refused at once.
    CHECK(error_of([&] { pyr::load_variant("/dev/zero"); }) ==
          "/dev/zero: cannot read: it is a character device, and a variant file must be a regular file");
    REQUIRE(::mkfifo(dir.file("fifo.toml").c_str(), 0600) == 0);
    CHECK(error_of([&] { pyr::load_variant(dir.file("fifo.toml")); }) ==
          dir.file("fifo.toml") + ": cannot read: it is a FIFO, and a variant file must be a regular file");
    std::filesystem::create_directory(dir.file("d.toml"));
    CHECK(error_of([&] { pyr::load_variant(dir.file("d.toml")); }) == dir.file("d.toml") + ": cannot read: it is a directory");
    std::ofstream(dir.file("two words.toml")) << "base = \"par\"\n";
    CHECK(error_of([&] { pyr::load_variant(dir.file("two words.toml")); }) ==
          dir.file("two words.toml") +
              ": the file name cannot serve as the variant's name (name may hold letters, digits and - _ . + only, not ' '): "
              "add a 'name' key");
}

TEST_CASE("format_variant: every preset writes out and reads back the same") {
    for (const pyr::Preset& p : pyr::presets()) {
        const pyr::Variant v = pyr::load_variant(std::string(p.name));
        const std::string text = pyr::format_variant(v);
        const pyr::Variant again = pyr::parse_variant(text, "again.toml");
        CHECK(pyr::format_variant(again) == text);
        CHECK(again.name == v.name);
        CHECK(again.pass_bonus == v.pass_bonus);
        CHECK(again.passes == v.passes);
        CHECK(again.waste_piles == v.waste_piles);
    }
    pyr::Variant quoted;
    quoted.summary = "a \"quoted\" \\ summary";
    CHECK(pyr::parse_variant(pyr::format_variant(quoted), "q.toml").summary == quoted.summary);
}

TEST_CASE("output: written whole, temporary file removed on failure and on a signal's clean-up") {
    ScratchDir dir;
    const std::string path = dir.file("out.txt");
    auto temporaries = [&] {
        int n = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir.path))
            n += entry.path().filename().string().starts_with(".pyramide-");
        return n;
    };
    {
        pyr::Output out(path);
        out.write("half");
        CHECK(temporaries() == 1);
        CHECK_FALSE(std::filesystem::exists(path));
        // What a SIGINT/SIGTERM handler calls: the temporary file goes at once.
        pyr::remove_temporary_files();
        CHECK(temporaries() == 0);
    }
    {
        pyr::Output out(path);
        out.write("dropped");
    }  // never committed
    CHECK_FALSE(std::filesystem::exists(path));
    CHECK(temporaries() == 0);
    pyr::write_file_atomic(path, "whole\n");
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    CHECK(line == "whole");
    CHECK(temporaries() == 0);
    // A file replaced keeps its permissions.
    std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    pyr::write_file_atomic(path, "again\n");
    CHECK(std::filesystem::status(path).permissions() ==
          (std::filesystem::perms::owner_read | std::filesystem::perms::owner_write));
    // A folder that does not exist: the path is in the message.
    CHECK(error_of([&] { pyr::write_file_atomic(dir.file("no/such/x.txt"), "x"); }) ==
          dir.file("no/such/x.txt") + ": cannot write: No such file or directory");
}

TEST_CASE("input: a directory is refused with a clear message") {
    ScratchDir dir;
    CHECK(error_of([&] { pyr::Input in(dir.path.string()); }) == dir.path.string() + ": cannot read: it is a directory");
}
