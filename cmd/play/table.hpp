// One game on the table: the engine's game, its move log on disk and undo/redo.
// Every move made is in the log before it is shown; nothing here prints.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "formats/deal_format.hpp"
#include "formats/log_writer.hpp"
#include "formats/movelog.hpp"
#include "lib/rules/game.hpp"

namespace pyr::cmd::play {

// What one typed line makes: one move, or two for `recycle` with a turned
// card showing; no move when it is refused, and `refusal` says why.
struct Plan {
    std::vector<Move> moves;
    std::string refusal;
};

// The move(s) `req` makes in `game`. `recycle` while the turned card is still
// showing (one waste pile, draw 1) is what a player means by "start the next
// pass": the turned card goes onto the waste first. Both moves are logged,
// `draw` then `recycle`, so the log stays in the canonical form validate expects.
Plan plan_move(const Game& game, const MoveRequest& req);

// With --auto: the forced moves (lib/solve/forced_move.hpp) after those of
// `plan`, added to it, so they are made, logged and taken back with the move
// that caused them; a line for each, for the player ("auto: KS (a King goes
// alone)"). `plan` may hold no move: the forced moves of the position.
std::vector<std::string> add_forced_moves(const Game& game, Plan& plan);

// "You won (...): 0 cards left, score 25."
std::string end_text(const Game& game);

class Table {
public:
    // A game on `deal`, at its start. `log`: the game's log when it is open
    // already (Table::open()); otherwise none until create_log().
    explicit Table(ReadDeal deal, std::unique_ptr<LogWriter> log = std::make_unique<LogWriter>());
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;

    // A logged game, locked, read and replayed, ready to go on: a `result
    // unfinished` line and a torn tail are dropped first. A finished game is
    // refused (InputError) unless `allow_finished` (the last game of a
    // series, whose end `undo` may still take back).
    static std::unique_ptr<Table> open(const std::string& path, RulesCache& cache, const std::string& variant,
                                       bool allow_finished);
    // The same in two steps, for a reader that needs the log read first (a
    // series, which checks every game): the log locked and read, ...
    struct Locked {
        std::unique_ptr<LogWriter> writer;
        MoveLog log;
    };
    static Locked lock_and_read(const std::string& path, RulesCache& cache, const std::string& variant);
    // ... then the game replayed from what was read, named `path` in messages.
    static std::unique_ptr<Table> open(Locked locked, const std::string& path, bool allow_finished);

    // Creates the game's log, holding its deal (InputError when it exists).
    void create_log(const std::string& path);
    // The log of a series' next game, at `path` if it can be: created there;
    // or, where a log of this very deal with no move is there already (a
    // play killed after creating it, before listing it in the series file),
    // taken over; or, where another file has the name, created at the first
    // free one (FILE-k-2.log, FILE-k-3.log, ...). Returns the path used.
    std::string create_series_log(const std::string& path, RulesCache& cache);

    const Rules& rules() const { return *deal_.rules; }
    const Deal& deal() const { return deal_.deal; }
    const Game& game() const { return game_; }
    const LogWriter& log() const { return *log_; }
    // For lines the game does not make itself: a round's time stamps (cmd/play/round).
    LogWriter& log_writer() { return *log_; }
    // The moves made so far, in canonical spelling.
    const std::vector<std::string>& moves() const { return moves_; }
    // No move made and none undone: the game has not started.
    bool untouched() const { return steps_.empty() && undone_.empty(); }

    // Makes a planned move, in the game and in the log; what undo took back
    // is no longer there to redo. The game's status after it. When the log
    // cannot be written (a full disk), the move is made all the same, kept
    // here, and written with the next step that can be: see take_save_note().
    Status make(const Plan& plan);
    // The moves made that the log does not hold yet.
    std::size_t unsaved() const { return moves_.size() - lines_.size(); }
    // What to tell the player after a step: that moves could not be saved (and
    // why), or that the log caught up. "" when nothing changed.
    std::string take_save_note();
    // Tries again to write the moves the log does not hold yet.
    void retry_save() { write_unsaved(); }

    bool can_undo() const { return !steps_.empty(); }
    // Takes back the last step (one typed move; can_undo() first), in the log
    // first: when the log cannot be rewritten (a full disk) this throws
    // InputError and the move stays, in the game as in the log. The moves
    // taken back.
    std::vector<std::string> undo();

    bool can_redo() const { return !undone_.empty(); }
    // The step redo() would make again (can_redo() first).
    const std::vector<std::string>& next_redo() const { return undone_.back(); }
    // Makes again the step undo took back last: the same moves, logged again.
    Status redo();

    // The log as it would be written now: the deal, then the moves made.
    std::string log_text() const;

    // Gives the game up before its first move: its log removed, its deal
    // handed back to be dealt again.
    ReadDeal give_up();
    // Removes the log of a game left before its first move (no log is kept).
    void drop_log() { log_->remove(); }

private:
    bool adopt(const std::string& path, RulesCache& cache);

    Status apply(const std::vector<Move>& moves);
    void write_unsaved();

    ReadDeal deal_;
    std::unique_ptr<LogWriter> log_;  // never null; held by pointer, as a LogWriter cannot move
    Game game_;
    std::vector<std::string> moves_;
    std::vector<int> lines_;  // the log line of each move in the log; 0 when no log is kept
    std::vector<int> steps_;  // how many moves each command made, for undo
    std::vector<std::vector<std::string>> undone_;  // the steps undo took back, for redo (last first)
    int result_line_ = 0;  // the log's result line, once the game is over
    std::string save_problem_;  // why the last write failed; "" when the log holds every move
    std::string note_;
};

}  // namespace pyr::cmd::play
