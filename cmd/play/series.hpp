// The games of one `play` run as a series: the series file beside the first
// game's log (formats/series.md), the finished games' scores and the running
// total, and a series resumed where it stopped.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "formats/deal_format.hpp"
#include "formats/log_writer.hpp"
#include "lib/rules/game.hpp"
#include "table.hpp"

namespace pyr::cmd::play {

// "1 game", "6 games".
inline std::string games_text(int n) { return std::to_string(n) + (n == 1 ? " game" : " games"); }

// Whether `path` is a series file rather than a move log (for --resume).
bool is_series_file(const std::string& path);

class Series {
public:
    // `games`: --games N, or 0 for "another game?" after each.
    explicit Series(int games) : games_(games) {}

    int games() const { return games_; }
    // Whether a series file is kept, and where.
    bool kept() const { return file_.active(); }
    const std::string& path() const { return file_.path(); }

    // The log of game k > 1: the first game's log name with -k (FILE-2.log).
    std::string log_path(int k) const;
    // Game k, logged in `log_path`, joins the series. The series file is
    // started with --games N at the first game, without it at the second,
    // and names `deal_file` ("": seeds). Returns why no series file is kept
    // ("" when it is, or is not wanted yet): the games go on, each logged.
    // `pysolfc`: PySolFC's number of the first game, when the games are PySolFC's.
    std::string add(int k, const std::string& log_path, const std::string& deal_file, const std::string& pysolfc = "");
    // The series file without its last game (given up by an undo before its
    // first move). Throws InputError, the file as it was, when it cannot be rewritten.
    void drop_last();

    // A game over, for the running total; unfinish() takes the last back.
    void finish(const Game& game);
    void unfinish();
    std::size_t finished() const { return scores_.size(); }
    // No game over yet, or the last one won.
    bool none_lost_last() const { return won_.empty() || won_.back(); }

    // The total of the series under way: every game with --games N; without
    // it, a series of the variant's length (Par Pyramide: six) starts anew.
    int total(const Variant& v) const;
    // "total score after 2 games: 15", and after a whole series of the
    // variant (Par Pyramide: six games) whether it is par.
    std::string running_total(const Variant& v) const;

    // After the last game of --games N: the series' result, and whether it is
    // good (the last game won; a Par Pyramide series: par).
    struct End {
        std::string text;
        bool good = false;
    };
    End end(const Variant& v) const;

    // A series file, read and locked: its games in order, all but the last
    // over (their scores make the running total); the last is returned to go
    // on with, over or not, as game `k`. `deals` is the series' deal file,
    // `pysolfc` PySolFC's number of its first game; each log is read once.
    // Throws InputError when nothing is left to play.
    struct Resumed {
        std::unique_ptr<Table> last;
        int k = 0;
        std::string deals;
        std::string pysolfc;
    };
    Resumed resume(const std::string& series_path, RulesCache& cache, const std::string& variant);

private:
    int games_ = 0;
    std::string first_log_;  // game k's log is this one's name with -k
    LogWriter file_;         // the series file, once it is kept
    std::vector<int> lines_;  // the line of each game in it
    std::vector<int> scores_;  // the finished games, in order
    std::vector<bool> won_;
};

}  // namespace pyr::cmd::play
