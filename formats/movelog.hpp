// The move log (formats/movelog.md): a header, the deal, one move per line,
// an optional result line. How a move is written and read lives here.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "deal_format.hpp"
#include "lib/rules/game.hpp"

namespace pyr {

// Why a text is not a move.
enum class MoveSyntax : std::uint8_t {
    Ok,
    Empty,
    UnknownWord,       // one word that is neither a command nor a card
    BadCard,           // a word where a card was expected
    ThirdCard,         // more than two cards
    BadPile,           // "draw N" with N not a number (which piles there are is the variant's)
    DrawArguments,     // more than "draw N"
    RecycleArguments,  // anything after "recycle"
};

// A move as a person types it: "QH AS", "KD", "draw", "draw 2", "recycle"
// (also "d", "r", "10h", "q♥"). False with `why` when it is not a move;
// `col` is where the move starts, or where its problem does (1-based within `text`).
// `also`: another word the caller reads in the same place ("result" in a log),
// named with the moves when a word is none of them.
bool parse_move(DeckKind deck, std::string_view text, MoveRequest& req, Reason<MoveSyntax>& why, int& col,
                std::string_view also = "");

// The canonical spelling of a legal move, given the game before it.
std::string format_move(const Game& before, const Move& m);

enum class LogResult { None, Won, Lost, Unfinished };
const char* result_word(LogResult r);
// "won", "lost" or "unfinished": how logs and reports name a game's status.
const char* status_word(Status st);

struct LoggedMove {
    MoveRequest req;
    int line = 0, col = 0;
};

// More moves than any game can have (each pass must remove a card, and
// there are at most 99 passes): the reader keeps checking the lines after
// this many moves but no longer stores them, so memory stays bounded.
inline constexpr std::size_t MaxLoggedMoves = 100000;

struct MoveLog {
    ReadDeal deal;
    std::vector<LoggedMove> moves;
    // Moves read after the first MaxLoggedMoves, not stored; where the first was.
    std::size_t moves_not_kept = 0;
    int first_not_kept_line = 0, first_not_kept_col = 0;
    // A last line cut off without its newline (a log being appended when the
    // program was killed): ignored, and the log counts as unfinished. 0 = none.
    int torn_line = 0;
    std::string torn_text;
    LogResult result = LogResult::None;
    bool has_score = false;
    int score = 0;
    int result_line = 0;
    int result_col = 0, score_col = 0;  // of the result word and the score, for messages
    std::string file;
};

// Reads a whole log. Syntax errors throw InputError; legality is replay()'s job.
// A torn last line is not an error: see MoveLog::torn_line.
MoveLog read_log(LineReader& lines, RulesCache& cache, const std::string& variant);

// What a reader of the log should also say, as (file, line, col, message):
// "torn last line ignored (no final newline): 'JC 2'". Empty for most logs.
std::vector<InputError> log_warnings(const MoveLog& log, const std::string& file);
// The warning of a torn last line (0: none), as every append-only file's reader says it.
std::vector<InputError> torn_line_warnings(const std::string& file, int torn_line, const std::string& torn_text);

// "pyramide-log 1", the deal, and the "moves" line.
std::string format_log_header(const Rules& rules, const Deal& deal);
// "result won" / "result lost score -12" / "result unfinished", with newline.
std::string format_result(const Game& game);

// Plays the log's moves on `game` (made from the log's deal), calling
// `after_move` after each. An illegal move, a move after the end, or a result
// line that disagrees throws InputError with Severity::Invalid.
void replay(const MoveLog& log, Game& game, const std::function<void(const Game&, const Move&)>& after_move = {});

}  // namespace pyr
