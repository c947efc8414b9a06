// The time stamps of a round's move log (formats/movelog.md, "Time stamps"):
// comment lines "#@ SEQ TIME WHAT" that play writes in a round, one for the
// game's start, each move and each aid, and that other readers skip.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

// What a stamp marks.
enum class StampKind { Start, Move, Hint, Undo, Redo };
std::string_view stamp_word(StampKind k);

struct Stamp {
    int seq = 0;           // 1, 2, 3, ... in the log's order
    std::int64_t ms = 0;   // UTC, milliseconds since 1970
    StampKind kind = StampKind::Move;
    int line = 0;
};

// "#@ 3 2026-12-04T18:03:11.532Z move\n".
std::string format_stamp(const Stamp& s);

struct LogStamps {
    std::vector<Stamp> stamps;
    int moves = 0, hints = 0, undos = 0, redos = 0;
    std::int64_t first_ms = 0, last_ms = 0;  // 0 when there are none
    std::int64_t elapsed_ms() const { return last_ms - first_ms; }
};

// The stamps of a log's text. Throws InputError (Severity::Invalid) naming
// `file` and the line for a line starting "#@" that is not a stamp, a
// sequence number that does not follow the one before, or a time earlier
// than the one before.
LogStamps read_stamps(std::string_view text, const std::string& file);

}  // namespace pyr
