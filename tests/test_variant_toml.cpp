// Tests for formats/variant_toml: the presets load, `base` chains (presets and
// user files, relative paths, cycles), and every error names file, line, column.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "formats/error.hpp"
#include "formats/variant_toml.hpp"
#include "lib/rules/variant.hpp"

namespace fs = std::filesystem;
using pyr::Variant;

namespace {

// A fresh directory under the system temp dir, removed when the test ends.
class TempDir {
public:
    TempDir() {
        static int counter = 0;
        path_ = fs::temp_directory_path() / ("pyramide-toml-test-" + std::to_string(::getpid()) + "-" +
                                             std::to_string(counter++));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    // Writes `text` to `name` (may contain folders) and returns its full path.
    std::string write(const std::string& name, const std::string& text) const {
        const fs::path p = path_ / name;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
        return p.string();
    }
    std::string str() const { return path_.string(); }

private:
    fs::path path_;
};

// Runs in `dir` until destroyed, for specs relative to the working directory.
class WorkingDir {
public:
    explicit WorkingDir(const std::string& dir) : saved_(fs::current_path()) { fs::current_path(dir); }
    ~WorkingDir() { fs::current_path(saved_); }
    WorkingDir(const WorkingDir&) = delete;
    WorkingDir& operator=(const WorkingDir&) = delete;

private:
    fs::path saved_;
};

// "file:line:col: message" of loading `spec`, or "no error".
std::string load_error(const std::string& spec) {
    try {
        pyr::load_variant(spec);
    } catch (const pyr::InputError& e) {
        CHECK(e.severity == pyr::Severity::Unreadable);
        return e.format();
    }
    return "no error";
}

// "file:line:col: message" of parsing `text` as the file "mine.toml", or "no error".
std::string parse_error(const std::string& text) {
    try {
        pyr::parse_variant(text, "mine.toml");
    } catch (const pyr::InputError& e) {
        CHECK(e.severity == pyr::Severity::Unreadable);
        return e.format();
    }
    return "no error";
}

}  // namespace

TEST_CASE("variant toml: every preset loads, by name and from its text") {
    REQUIRE(pyr::presets().size() == 11);
    CHECK(pyr::presets().front().name == "traditional");
    for (const pyr::Preset& p : pyr::presets()) {
        const std::string name(p.name);
        CAPTURE(name);
        const Variant v = pyr::load_variant(name);
        CHECK(v.name == name);
        CHECK_FALSE(v.summary.empty());
        CHECK(pyr::check(v).empty());
        const Variant again = pyr::parse_variant(p.text, name + ".toml");
        CHECK(again.name == v.name);
        CHECK(again.passes == v.passes);
        CHECK(pyr::find_preset(name) == &p);
        // Preset names are keywords: any case, and the preset's own spelling after.
        std::string upper = name;
        for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        CHECK(pyr::find_preset(upper) == &p);
        CHECK(pyr::load_variant(upper).name == name);
    }
    CHECK(pyr::find_preset("nosuch") == nullptr);
    CHECK(load_error("nosuch") ==
          "unknown variant 'nosuch' (presets: traditional, par, pyramid-only, microsoft, overlapping, giza, spanish, reserve, "
          "apophis, triangle, tut)");
}

TEST_CASE("variant toml: a user file starts from a preset and overrides some keys") {
    const Variant v = pyr::parse_variant("base = \"traditional\"\npasses = 3\ndraw = 3\n", "mine.toml");
    CHECK(v.name == "mine");  // no name: called after the file
    CHECK(v.passes == 3);
    CHECK(v.draw == 3);
    CHECK(v.deck == pyr::DeckKind::French);
    CHECK(v.rows == 7);
    CHECK(v.target == 13);
    CHECK(v.goal == pyr::Goal::AllCards);
    // Not the base's text, which would contradict the rules: what this file changed.
    CHECK(v.summary == "traditional, but passes = 3, draw = 3");
    CHECK(pyr::parse_variant("base = \"par\"\npasses = \"unlimited\"\n", "u.toml").summary ==
          "par, but passes = unlimited");
    // No rule changed: the base's summary is still true.
    CHECK(pyr::parse_variant("base = \"giza\"\nname = \"g\"\n", "g.toml").summary.rfind("no stock: ", 0) == 0);

    const Variant w = pyr::parse_variant(
        "base = \"par\"\nname = \"quick-par\"\nsummary = \"par with two passes\"\npasses = 2\npass_bonus = [50, 35]\n"
        "goal = \"pyramid\"\n",
        "x.toml");
    CHECK(w.name == "quick-par");
    CHECK(w.summary == "par with two passes");
    CHECK(w.passes == 2);
    CHECK(w.pass_bonus == std::vector<int>{50, 35});
    CHECK(w.scored);
    CHECK(w.card_penalty == 1);
    CHECK(w.goal == pyr::Goal::Pyramid);

    const Variant t = pyr::parse_variant("base = \"tut\"\npasses = \"unlimited\"\n", "t.toml");
    CHECK(t.passes == pyr::UnlimitedPasses);
    CHECK(t.draw == 3);
    CHECK_FALSE(t.turned_pairs_waste);

    // Without a base, every key not given keeps the built-in default (traditional's values).
    const Variant d = pyr::parse_variant("name = \"bare\"\n", "bare.toml");
    CHECK(d.name == "bare");
    CHECK(d.passes == 1);
    CHECK(d.rows == 7);
}

TEST_CASE("variant toml: base chains through user files with relative paths") {
    TempDir tmp;
    tmp.write("common/slow.toml", "base = \"par\"\nname = \"slow\"\ndraw = 2\n");
    const std::string two = tmp.write("mine/two.toml", "base = \"../common/slow.toml\"\nwaste_piles = 1\ngoal = \"pyramid\"\n");
    tmp.write("mine/three.toml", "base = \"two.toml\"\nname = \"three\"\noverlapping = true\n");

    const Variant v = pyr::load_variant(two);
    CHECK(v.name == "two");  // the name of the base is not inherited by a file without one
    CHECK(v.draw == 2);
    CHECK(v.passes == 3);
    CHECK(v.scored);
    CHECK(v.goal == pyr::Goal::Pyramid);

    // Relative to the working directory, and from there relative to each file.
    WorkingDir cwd(tmp.str());
    const Variant w = pyr::load_variant("mine/three.toml");
    CHECK(w.name == "three");
    CHECK(w.overlapping);
    CHECK(w.draw == 2);
    CHECK(w.goal == pyr::Goal::Pyramid);
    CHECK(w.passes == 3);

    // A missing base is reported where it is named.
    tmp.write("mine/lost.toml", "name = \"lost\"\nbase = \"../nowhere.toml\"\n");
    CHECK(load_error("mine/lost.toml") == "mine/lost.toml:2:8: nowhere.toml: cannot open: No such file or directory");
    CHECK(load_error("nowhere.toml") == "nowhere.toml: cannot open: No such file or directory");
    // An error inside a base file is reported in that file.
    tmp.write("mine/broken.toml", "base = \"../common/bad.toml\"\n");
    tmp.write("common/bad.toml", "base = \"traditional\"\n\ndraw = 9\n");
    CHECK(load_error("mine/broken.toml") == "common/bad.toml:3:8: draw must be 1 to 3, not 9");
}

TEST_CASE("variant toml: a base cycle is an error at the base that closes it, not a hang") {
    TempDir tmp;
    tmp.write("a.toml", "name = \"a\"\nbase = \"b.toml\"\n");
    tmp.write("b.toml", "base = \"a.toml\"\n");
    tmp.write("self.toml", "base = \"./self.toml\"\n");
    WorkingDir cwd(tmp.str());
    CHECK(load_error("a.toml") == "b.toml:1:8: base cycle: a.toml -> b.toml -> a.toml");
    CHECK(load_error("b.toml") == "a.toml:2:8: base cycle: b.toml -> a.toml -> b.toml");
    CHECK(load_error("self.toml") == "self.toml:1:8: base cycle: self.toml -> self.toml");

    // A chain too deep to be meant (and not a cycle) stops too.
    for (int i = 0; i < 20; ++i)
        tmp.write("deep" + std::to_string(i) + ".toml", "base = \"deep" + std::to_string(i + 1) + ".toml\"\n");
    tmp.write("deep20.toml", "base = \"traditional\"\n");
    CHECK(load_error("deep0.toml") == "deep15.toml:1:8: base chain deeper than 16 files");
    CHECK(load_error("deep5.toml") == "deep20.toml:1:8: base chain deeper than 16 files");  // 16 files and a preset
    CHECK(load_error("deep6.toml") == "no error");
}

TEST_CASE("variant toml: unknown key, wrong type, out of range: file, line and column") {
    // An unknown key points at the key; a bad value at the value.
    CHECK(parse_error("base = \"traditional\"\n\n  drawz = 3\n") == "mine.toml:3:3: unknown key 'drawz'; did you mean 'draw'?");
    CHECK(parse_error("base = \"traditional\"\ndraw = \"two\"\n") == "mine.toml:2:8: draw must be an integer, not a string");
    CHECK(parse_error("base = \"traditional\"\ndraw = 1.5\n") ==
          "mine.toml:2:8: draw must be an integer, not a number with a fraction");
    CHECK(parse_error("draw = 7\n") == "mine.toml:1:8: draw must be 1 to 3, not 7");
    CHECK(parse_error("rows = 0\n") == "mine.toml:1:8: rows must be 1 to 9, not 0");
    CHECK(parse_error("overlapping = \"yes\"\n") == "mine.toml:1:15: overlapping must be true or false, not a string");
    CHECK(parse_error("deck = \"german\"\n") == "mine.toml:1:8: deck must be one of \"french\", \"spanish\", not \"german\"");
    CHECK(parse_error("deck = 52\n") == "mine.toml:1:8: deck must be one of \"french\", \"spanish\", not an integer");
    CHECK(parse_error("passes = \"many\"\n") == "mine.toml:1:10: passes must be one of \"unlimited\", not \"many\"");
    CHECK(parse_error("passes = true\n") ==
          "mine.toml:1:10: passes must be an integer or \"unlimited\", not a boolean");
    CHECK(parse_error("pass_bonus = [50, \"x\"]\n") ==
          "mine.toml:1:19: pass_bonus entries must be integers from -10000 to 10000");
    CHECK(parse_error("name = \"two words\"\n") == "mine.toml:1:8: name must be one word, without spaces");
    CHECK(parse_error("base = 3\n") == "mine.toml:1:8: base must be a string, not an integer");
    CHECK(parse_error("base = \"nosuch\"\n") ==
          "mine.toml:1:8: unknown variant 'nosuch' (presets: traditional, par, pyramid-only, microsoft, overlapping, giza, "
          "spanish, reserve, apophis, triangle, tut)");
    CHECK(parse_error("[rules]\ndraw = 1\n") ==
          "mine.toml:1:2: unknown table 'rules': a variant's keys stand at the top of the file, under no [table]");
    CHECK(parse_error("[[rule]]\ndraw = 1\n") ==
          "mine.toml:1:3: unknown table 'rule': a variant's keys stand at the top of the file, under no [table]");
    CHECK(parse_error(std::string("draw = 1\0", 9)) == "mine.toml: binary data (a NUL byte): not a TOML file");
    // TOML syntax errors come from toml++, with its position.
    CHECK(parse_error("draw = \n") == "mine.toml:1:8: TOML: Error while parsing key-value pair: expected value, saw '\\n'");
}

TEST_CASE("variant toml: impossible combinations point at the key that makes them so") {
    // A 9-row pyramid (45 cards) and a reserve of 7 need 52 cards; the Spanish deck has 48.
    CHECK(parse_error("base = \"spanish\"\nrows = 9\nreserve = 7\n") ==
          "mine.toml:2:1: the layout needs 52 cards but the Spanish deck has only 48");
    CHECK(parse_error("deck = \"spanish\"\nrows = 9\nreserve = 7\ntarget = 12\n") ==
          "mine.toml:2:1: the layout needs 52 cards but the Spanish deck has only 48");
    CHECK(parse_error("base = \"traditional\"\npiles = 3\n") ==
          "mine.toml:2:1: piles and pile_depth must both be 0 or both be positive");
    CHECK(parse_error("base = \"traditional\"\ndraw = 3\nwaste_piles = 2\n") ==
          "mine.toml:3:1: drawing more than one card at a time needs a single waste pile");

    // One check of target, whatever the value: the same range for 0, 1 and a number past an int.
    for (const char* target : {"0", "1", "2", "26", "-1", "99999999999"})
        CHECK(parse_error(fmt::format("base = \"traditional\"\ntarget = {}\n", target)) ==
              fmt::format("mine.toml:2:1: target must be 3 to 25 for the French deck, not {}", target));
    // The Spanish deck is played to 12: its deck key says what to set.
    const std::string spanish_12 = "the Spanish deck's pairs make 12 (the rey goes alone): set target = 12, not ";
    CHECK(parse_error("base = \"traditional\"\ndeck = \"spanish\"\n") == "mine.toml:2:1: " + spanish_12 + "13");
    CHECK(parse_error("deck = \"spanish\"\ntarget = 24\n") == "mine.toml:1:1: " + spanish_12 + "24");
    CHECK(parse_error("base = \"spanish\"\n\ntarget = 99999999999\n") ==
          "mine.toml:3:1: " + spanish_12 + "99999999999");
    CHECK(parse_error("base = \"spanish\"\ntarget = 12\n") == "no error");

    // The key named by the problem lies in a base (here a preset the user cannot
    // edit): point at the key of this file that makes the combination impossible.
    CHECK(parse_error("base = \"par\"\npasses = 2\n") == "mine.toml:2:1: 3 pass bonuses for 2 passes");
    CHECK(parse_error("base = \"apophis\"\n\ndraw = 2\n") ==
          "mine.toml:3:1: drawing more than one card at a time needs a single waste pile");
    CHECK(parse_error("base = \"giza\"\ndeck = \"spanish\"\nrows = 8\n") ==
          "mine.toml:3:1: the layout needs 60 cards but the Spanish deck has only 48");
    TempDir tmp;
    tmp.write("big.toml", "base = \"traditional\"\nrows = 9\n");
    const std::string reserve = tmp.write("reserve.toml", "base = \"big.toml\"\nreserve = 8\n");
    CHECK(load_error(reserve) == reserve + ":2:1: the layout needs 53 cards but the French deck has only 52");
    const std::string spanish = tmp.write("spanish.toml", "base = \"big.toml\"\ndeck = \"spanish\"\nreserve = 4\n");
    CHECK(load_error(spanish) == spanish + ":3:1: the layout needs 49 cards but the Spanish deck has only 48");
}

TEST_CASE("variant toml: format_variant writes what reaches a terminal escaped, and it reads back") {
    Variant v = pyr::load_variant("traditional");
    v.name = "caf\xc3\xa9";  // printable: kept as it is
    v.summary = "csi \xc2\x9b" "2J, bidi \xe2\x80\xae, esc \x1b, quote \" and \\";
    const std::string text = pyr::format_variant(v);
    CHECK(text.find("name = \"caf\xc3\xa9\"\n") != std::string::npos);
    CHECK(text.find("summary = \"csi \\u009B2J, bidi \\u202E, esc \\u001B, quote \\\" and \\\\\"\n") != std::string::npos);
    // Line breaks apart, nothing printable() would escape is left raw.
    std::string lines = text;
    std::erase(lines, '\n');
    CHECK(pyr::printable(lines) == lines);
    // A summary with controls cannot be read back (the reader refuses them), but the name can.
    v.summary = "plain";
    CHECK(pyr::format_variant(pyr::parse_variant(pyr::format_variant(v), "back.toml")) == pyr::format_variant(v));
}
