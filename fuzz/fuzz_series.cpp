// Fuzz target: the series file reader.
// Invariants: (1) what is read writes back (header, games, deals, one line a
// game) and reads again the same; (2) every message is safe to print and
// names a line; (3) a torn last line is held back, never read as a game.
#include <sstream>
#include <string>

#include "formats/series.hpp"
#include "fuzz_common.hpp"

namespace {

using namespace pyr;

std::string write_back(const Series& s) {
    std::string text = format_series_header(s.games, s.deals);
    if (text.empty()) fuzz::fail("a deals name read could not be written back: " + printable(s.deals));
    for (const SeriesEntry& e : s.logs) {
        const std::string line = format_series_entry(e.name);
        if (line.empty()) fuzz::fail("a game name read could not be written back: " + printable(e.name));
        text += line;
    }
    return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::fix_environment();
    if (size == 0) return 0;
    fuzz::ReaderInput input(data, size);
    Series s;
    try {
        s = read_series(input.lines);
    } catch (const InputError& e) {
        fuzz::check_message(e);
        return 0;
    }
    fuzz::require(s.games == 0 || static_cast<int>(s.logs.size()) <= s.games, "more games listed than 'games N'");
    fuzz::require(s.torn_line == 0 || s.torn_line > (s.logs.empty() ? 0 : s.logs.back().line),
                  "the torn line is not the last");
    for (const InputError& w : series_warnings(s, "fuzz.series"))
        fuzz::require(printable(w.message) == w.message, "torn line warning not safe to print");

    const std::string text = write_back(s);
    std::istringstream in(text);
    LineReader lines(in, "round-trip");
    Series again;
    try {
        again = read_series(lines);
    } catch (const InputError& e) {
        fuzz::fail("the written-back series does not read back: " + e.format() + "\n" + printable(text));
    }
    fuzz::require(again.games == s.games && again.deals == s.deals && again.logs.size() == s.logs.size(),
                  "the written-back series reads differently");
    for (std::size_t i = 0; i < s.logs.size(); ++i)
        fuzz::require(again.logs[i].name == s.logs[i].name, "game " + std::to_string(i + 1) + " changed name");
    fuzz::require(write_back(again) == text, "the written-back series is not canonical");
    return 0;
}
