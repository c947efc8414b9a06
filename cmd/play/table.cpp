// One game on the table (table.hpp): moves planned, made and logged in one
// write, taken back log first.
#include "table.hpp"

#include <filesystem>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "cmd/common.hpp"
#include "formats/movelog.hpp"
#include "formats/series.hpp"
#include "formats/text.hpp"
#include "lib/solve/forced_move.hpp"

namespace pyr::cmd::play {

Plan plan_move(const Game& game, const MoveRequest& req) {
    Reason<Refusal> refusal;
    const Move m = game.resolve(req, refusal);
    if (!refusal) return {{m}, ""};
    const Variant& v = game.variant();
    const State& s = game.state();
    if (req.kind != MoveKind::Recycle || v.draw != 1 || v.waste_piles != 1 || !s.turned.valid() ||
        s.stock_left() > 0)
        return {{}, refusal.text};
    Game trial = game;
    Reason<Refusal> trial_why;
    MoveRequest draw;
    draw.kind = MoveKind::Draw;
    const Move d = trial.resolve(draw, trial_why);
    if (trial_why) return {{}, refusal.text};
    trial.apply(d);
    const Move r = trial.resolve(req, trial_why);
    // Say why the recycle itself is refused ("one pass"), not "draw first".
    if (trial_why) return {{}, trial_why.text};
    return {{d, r}, ""};
}

std::vector<std::string> add_forced_moves(const Game& game, Plan& plan) {
    Game after = game.position();
    for (const Move& m : plan.moves) after.apply(m);
    std::vector<std::string> lines;
    const PairingFacts facts = pairing_facts(after);
    while (const std::optional<ForcedMove> f = forced_move(after, facts)) {
        const std::string text = format_move(after, f->move);
        if (f->kind == ForcedKind::Lone)
            lines.push_back(fmt::format("auto: {} (a {} goes alone)", text, lone_name(after.variant().deck)));
        else
            lines.push_back(fmt::format("auto: {} ({}'s only partner left)", text, after.name(f->alone)));
        after.apply(f->move);
        plan.moves.push_back(f->move);
    }
    return lines;
}

std::string end_text(const Game& game) {
    const int left = game.cards_left();
    std::string end = fmt::format("You {} ({}): {} card{} left", status_word(game.status()), game.end_reason(), left,
                                  left == 1 ? "" : "s");
    if (game.variant().scored) end += fmt::format(", score {}", game.score());
    return end + ".";
}

Table::Table(ReadDeal deal, std::unique_ptr<LogWriter> log)
    : deal_(std::move(deal)), log_(std::move(log)), game_(*deal_.rules, deal_.deal) {}

std::unique_ptr<Table> Table::open(const std::string& path, RulesCache& cache, const std::string& variant,
                                   bool allow_finished) {
    return open(lock_and_read(path, cache, variant), path, allow_finished);
}

Table::Locked Table::lock_and_read(const std::string& path, RulesCache& cache, const std::string& variant) {
    // Locked before it is read: no other game can change it from here on.
    Locked l{std::make_unique<LogWriter>(), {}};
    l.writer->open_existing(path);
    Input in(path);
    l.log = read_log(in.lines(), cache, variant);
    return l;
}

std::unique_ptr<Table> Table::open(Locked locked, const std::string& path, bool allow_finished) {
    const MoveLog& log = locked.log;
    auto t = std::make_unique<Table>(log.deal, std::move(locked.writer));
    // The moves in canonical spelling, whatever spelling the file used; each
    // is its own step for undo.
    Game before = t->game_;
    replay(log, t->game_, [&](const Game&, const Move& m) {
        t->lines_.push_back(log.moves[t->moves_.size()].line);
        t->moves_.push_back(format_move(before, m));
        t->steps_.push_back(1);
        before.apply(m);
    });
    const Status st = t->game_.status();
    if (st != Status::InProgress) {
        // A finished game is a usage error (exit 2), not a log that breaks the rules.
        if (!allow_finished)
            throw InputError(path, 0, 0,
                             fmt::format("the game is over ({}: {}): nothing to resume", status_word(st),
                                         t->game_.end_reason()));
        t->result_line_ = log.result == LogResult::None ? 0 : log.result_line;
        return t;
    }
    // Moves may follow neither a result line nor a torn last line (a write cut
    // off by a crash, which the reader ignores): drop both, keeping everything
    // else (comments too), before appending.
    if (log.result == LogResult::Unfinished || t->log_->torn()) {
        for (const InputError& e : log_warnings(log, path)) warn(e);
        t->log_->drop_lines(log.result == LogResult::Unfinished ? std::vector<int>{log.result_line}
                                                               : std::vector<int>{});
    }
    return t;
}

void Table::create_log(const std::string& path) {
    log_->create(path, log_text(), ": continue it with --resume, or choose another --log");
}

namespace {
// "g-2.log", n -> "g-2-n.log": another name for a series' game.
std::string numbered(const std::string& path, int n) {
    const std::filesystem::path p(path);
    return (p.parent_path() / fmt::format("{}-{}{}", p.stem().string(), n, p.extension().string())).string();
}
}  // namespace

std::string Table::create_series_log(const std::string& path, RulesCache& cache) {
    for (int n = 1;; ++n) {
        const std::string at = n == 1 ? path : numbered(path, n);
        try {
            log_->create(at, log_text());
            return at;
        } catch (const InputError& e) {
            std::error_code ec;
            if (!std::filesystem::exists(at, ec) || n == MaxSeriesGames) throw;
        }
        if (adopt(at, cache)) return at;
    }
}

// Takes over the log at `path` if it is this game's, with no move yet.
bool Table::adopt(const std::string& path, RulesCache& cache) {
    auto writer = std::make_unique<LogWriter>();
    try {
        writer->open_existing(path);
        Input in(path);
        const MoveLog log = read_log(in.lines(), cache, "");
        const Deal& d = log.deal.deal;
        if (!log.moves.empty() || log.result != LogResult::None || writer->torn() || d.variant != deal().variant ||
            d.tableau != deal().tableau || d.stock != deal().stock)
            return false;
    } catch (const InputError&) {
        return false;  // not a log, another game's, or open elsewhere: not ours
    }
    log_ = std::move(writer);
    return true;
}

Status Table::make(const Plan& plan) {
    undone_.clear();  // a new move: what undo took back is no longer there to redo
    return apply(plan.moves);
}

Status Table::apply(const std::vector<Move>& moves) {
    for (const Move& m : moves) {
        moves_.push_back(format_move(game_, m));
        game_.apply(m);
    }
    steps_.push_back(static_cast<int>(moves.size()));
    write_unsaved();
    return game_.status();
}

// The moves not in the log yet (all the new ones, unless a write failed
// before) and the result once the game is over, in one write: a log is never
// left with a finished game and no result line. On failure (a full disk) the
// log is as it was; they are tried again at the next step.
void Table::write_unsaved() {
    if (!log_->active()) {
        lines_.resize(moves_.size(), 0);
        return;
    }
    const bool over = game_.status() != Status::InProgress;
    if (lines_.size() == moves_.size() && (!over || result_line_)) return;
    std::string lines;
    for (std::size_t i = lines_.size(); i < moves_.size(); ++i) lines += moves_[i] + "\n";
    if (over && !result_line_) lines += format_result(game_);
    int first = 0;
    try {
        first = log_->append(lines);
    } catch (const InputError& e) {
        save_problem_ = e.format();
        return;
    }
    while (lines_.size() < moves_.size()) lines_.push_back(first++);
    if (over && !result_line_) result_line_ = first;
    if (!save_problem_.empty()) note_ = "saved again: the log holds every move";
    save_problem_.clear();
}

std::string Table::take_save_note() {
    if (!save_problem_.empty()) {
        const std::size_t n = unsaved();
        note_ = fmt::format("not saved: {}; {} move{} kept here only, written again at your next move "
                            "(save FILE writes the game elsewhere)",
                            save_problem_, n, n == 1 ? "" : "s");
    }
    return std::exchange(note_, "");
}

std::vector<std::string> Table::undo() {
    const auto n = static_cast<std::size_t>(steps_.back());
    // The log first, so that a failure leaves game and log as they were. A
    // game that was over loses its result line too. Moves a full disk kept
    // out of the log are only taken back here.
    const std::size_t kept = std::min(lines_.size(), moves_.size() - n);
    if (log_->active() && (kept < lines_.size() || result_line_)) {
        std::vector<int> drop(lines_.begin() + static_cast<std::ptrdiff_t>(kept), lines_.end());
        if (result_line_) drop.push_back(result_line_);
        log_->drop_lines(drop);
    }
    lines_.resize(kept);
    result_line_ = 0;
    std::vector<std::string> step(n);
    for (std::size_t i = n; i-- > 0;) {
        game_.undo();
        step[i] = moves_.back();
        moves_.pop_back();
    }
    steps_.pop_back();
    undone_.push_back(step);
    return step;
}

Status Table::redo() {
    std::vector<Move> moves;
    Game trial = game_;
    for (const std::string& text : undone_.back()) {
        MoveRequest req;
        Reason<MoveSyntax> syntax;
        Reason<Refusal> refusal;
        int col = 0;
        // Written by format_move() in this very position: it reads back the same.
        parse_move(trial.variant().deck, text, req, syntax, col);
        const Move m = trial.resolve(req, refusal);
        trial.apply(m);
        moves.push_back(m);
    }
    undone_.pop_back();
    return apply(moves);
}

std::string Table::log_text() const {
    std::string text = format_log_header(rules(), deal());
    for (const std::string& m : moves_) text += m + "\n";
    return text;
}

ReadDeal Table::give_up() {
    log_->remove();
    return std::move(deal_);
}

}  // namespace pyr::cmd::play
