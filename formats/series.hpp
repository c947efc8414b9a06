// The series file (formats/series.md): the games of one `play` session in
// order, each a move log of its own, named in a small index that
// `play --resume` continues and `stats` and `validate` read as a series.
#pragma once
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "deal_format.hpp"
#include "movelog.hpp"
#include "text.hpp"

namespace pyr {

inline constexpr int MaxSeriesGames = 1000;
// The most `game` lines a series file may hold (an open series, "another
// game?" after each, has no `games N` to bound it).
inline constexpr int MaxSeriesLogs = 10000;

struct SeriesEntry {
    std::string name;  // as written: a file name in the series file's folder, or a path
    int line = 0, col = 0;
};

struct Series {
    int games = 0;      // the games the series has (play --games N); 0: open, "another game?" after each
    std::string deals;  // the deal file the games come from, in order; "": seeds, one after another
    int deals_line = 0, deals_col = 0;
    std::string pysolfc;  // PySolFC's number of the first game (game k: + k - 1); "": none
    int pysolfc_line = 0, pysolfc_col = 0;
    std::vector<SeriesEntry> logs;
    int torn_line = 0;  // a last line without its newline, ignored (as in a move log)
    std::string torn_text;
};

// Reads a series file whole. Throws InputError at file:line:col.
Series read_series(LineReader& lines);

// What a reader of the series should also say (a torn last line ignored), as
// log_warnings() says it of a log.
std::vector<InputError> series_warnings(const Series& series, const std::string& file);

// The file a series entry names: a relative name is in the series file's folder.
std::string series_log_path(const std::string& series_file, const std::string& entry);

// The deal file a series names (its `deals` line), which must be a regular
// file if it exists: a FIFO or a device named in a file is never waited on
// or read without end. Throws InputError at the `deals` line.
std::string series_deals_file(const std::string& series_file, const Series& series);

// Each game a series lists, its log read and replayed, in order, given to
// `fn` with its entry and the game at the log's end. Throws InputError: in a
// log, as its reader does; at the series file's line, for a game that is not
// over but not last, of another variant than the first game, or the same
// file as an earlier game under another name (./won.log, a link).
// `read_last`, when given, reads the last game's log instead (play locks it
// first and keeps what it read): each log is read once.
using SeriesGameFn = std::function<void(const SeriesEntry&, const MoveLog&, const Game&)>;
using SeriesLogReader = std::function<MoveLog(const std::string& path)>;
void for_each_series_game(const std::string& series_file, const Series& series, RulesCache& cache,
                          const std::string& variant, const SeriesGameFn& fn, const SeriesLogReader& read_last = {});

// The first lines of a new series file, up to its first game; empty when
// `deals` cannot be written (see format_series_entry). `pysolfc`: PySolFC's
// number of the first game, when the games are PySolFC's ("": none).
std::string format_series_header(int games, const std::string& deals, const std::string& pysolfc = "");
// One "game NAME" line. Empty when `name` cannot be written on one line as it
// is (a line break, blanks at its ends): no series file is kept then.
std::string format_series_entry(const std::string& name);

// The series file kept beside the first game's log: "game.log" -> "game.series".
std::string series_path_for(const std::string& first_log);

}  // namespace pyr
