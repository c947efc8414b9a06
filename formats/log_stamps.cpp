#include "log_stamps.hpp"

#include <array>

#include <fmt/format.h>

#include "error.hpp"
#include "numbers.hpp"
#include "utc_date.hpp"

namespace pyr {

namespace {
constexpr std::array<std::string_view, 5> Words = {"start", "move", "hint", "undo", "redo"};

[[noreturn]] void bad(const std::string& file, int line, const std::string& why) {
    throw InputError(file, line, 1, why, Severity::Invalid);
}

Stamp parse_stamp(std::string_view line, const std::string& file, int number) {
    // "#@ SEQ TIME WHAT": four words, one space between.
    std::array<std::string_view, 4> w{};
    std::size_t at = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const std::size_t end = i + 1 < w.size() ? line.find(' ', at) : line.size();
        if (end == std::string_view::npos) bad(file, number, "a time stamp is '#@ SEQ TIME WHAT'");
        w[i] = line.substr(at, end - at);
        at = end + 1;
    }
    Stamp s;
    s.line = number;
    const auto seq = parse_decimal(w[1], 1, 1'000'000'000);
    const auto ms = parse_utc_millis(w[2]);
    if (w[0] != "#@" || !seq || !ms) bad(file, number, "a time stamp is '#@ SEQ TIME WHAT', TIME as 2026-12-04T18:03:11.532Z");
    s.seq = static_cast<int>(*seq);
    s.ms = *ms;
    for (std::size_t k = 0; k < Words.size(); ++k)
        if (Words[k] == w[3]) {
            s.kind = static_cast<StampKind>(k);
            return s;
        }
    bad(file, number, fmt::format("a time stamp marks start, move, hint, undo or redo, not '{}'", excerpt(w[3])));
}
}  // namespace

std::string_view stamp_word(StampKind k) { return Words[static_cast<std::size_t>(k)]; }

std::string format_stamp(const Stamp& s) {
    return fmt::format("#@ {} {} {}\n", s.seq, format_utc_millis(s.ms), stamp_word(s.kind));
}

LogStamps read_stamps(std::string_view text, const std::string& file) {
    LogStamps out;
    int number = 0;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(at, end - at);
        at = end + 1;
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!line.starts_with("#@")) continue;
        const Stamp s = parse_stamp(line, file, number);
        const int want = out.stamps.empty() ? 1 : out.stamps.back().seq + 1;
        if (s.seq != want)
            bad(file, number, fmt::format("time stamp {} where {} should be: a stamp was taken out or added", s.seq, want));
        if (!out.stamps.empty() && s.ms < out.last_ms)
            bad(file, number, "a time stamp earlier than the one before: the times were changed");
        if (out.stamps.empty()) out.first_ms = s.ms;
        out.last_ms = s.ms;
        out.moves += s.kind == StampKind::Move;
        out.hints += s.kind == StampKind::Hint;
        out.undos += s.kind == StampKind::Undo;
        out.redos += s.kind == StampKind::Redo;
        out.stamps.push_back(s);
    }
    return out;
}

}  // namespace pyr
