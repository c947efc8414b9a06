// pyramide play: a line-by-line game for terminals, pipes and SSH sessions.
// Every move is appended to the move log as it is made, so nothing is lost
// when the connection drops; --resume continues a game where it stopped.
#include <algorithm>
#include <memory>
#include <optional>
#include <system_error>
#include <utility>

#include <unistd.h>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/file_lock.hpp"
#include "formats/hint_text.hpp"
#include "formats/log_writer.hpp"
#include "formats/movelog.hpp"
#include "formats/play_commands.hpp"
#include "formats/text.hpp"
#include "formats/wrap.hpp"
#include "lib/players/expert.hpp"
#include "lib/players/strategy.hpp"
#include "line_editor.hpp"
#include "play/daily.hpp"
#include "play/deal_source.hpp"
#include "play/game_name.hpp"
#include "play/round.hpp"
#include "play/paths.hpp"
#include "play/series.hpp"
#include "play/signals.hpp"
#include "play/table.hpp"

namespace pyr::cmd {

namespace play {

namespace {

struct PlayOptions {
    std::string variant;
    std::uint64_t seed = 0;
    std::string deal_file;
    std::string log;
    bool no_log = false;
    bool list = false;  // --list
    std::string lock = "warn";  // --lock: warn or require
    std::string resume;
    std::string color = "auto";
    bool ascii = false;
    int games = 0;
    bool auto_play = false;  // --auto: forced moves made at once
    bool seed_given = false;
    std::optional<PysolfcNumber> pysolfc;  // --pysolfc N: PySolFC's games N, N+1, ...
    std::string daily;                     // --daily [DATE]: the deal of the day (cmd/play/daily.hpp)
    std::string round, player;             // --round, --player: a hosted round (cmd/play/round.hpp)
};

// A typed line longer than this is refused whole: no command is that long, and
// memory stays bounded whatever arrives on stdin.
constexpr std::size_t MaxCommandBytes = 1000;
// The stock orders the expert tries each move in, for a hint: within a second
// at the start of a traditional game (bench/expert).
constexpr int HintSamples = 64;
// Wider than this, lines of text only get harder to read.
constexpr std::size_t MaxScreenWidth = 160;

// A line typed at a prompt, cut at MaxCommandBytes (`too_long` when it was).
struct TypedLine {
    std::string text;
    bool too_long = false;
};

// Tab completes from the game being played, and from none once its play
// stops, whichever way it stops (an outcome, an exception).
class PlayingNow {
public:
    PlayingNow(const Table*& current, const Table& t) : current_(current) { current_ = &t; }
    ~PlayingNow() { current_ = nullptr; }
    PlayingNow(const PlayingNow&) = delete;
    PlayingNow& operator=(const PlayingNow&) = delete;

private:
    const Table*& current_;
};

// The games of one `play` run: reads a line, does what it says, shows the
// result. The game itself is a Table's, the deals come from a DealSource, the
// scores and the series file are the Series'.
class Session {
public:
    explicit Session(const PlayOptions& o)
        : o_(o),
          editor_(::isatty(STDIN_FILENO) != 0 && ::isatty(STDOUT_FILENO) != 0, default_history_path(),
                  [this](bool first) { return completion_words(first); }),
          deals_(cache_, o.deal_file, o.variant, o.seed_given ? std::optional(o.seed) : std::nullopt, o.pysolfc),
          series_(o.games) {
        style_ = render_style(o.color, o.ascii, stdout);
        // A person's terminal echoes what they type; a script's input does not
        // show otherwise, and the transcript would be unreadable without it.
        echo_ = ::isatty(STDIN_FILENO) == 0;
        auto_ = o.auto_play;
    }

    int run();

private:
    // Back: `undo` before the first move of a series' next game, which
    // takes back the last move of the game before it.
    enum class Outcome { Won, Lost, Quit, EndOfInput, Back };

    // None at the end of the input. `remember`: the line goes into the history.
    std::optional<TypedLine> read_line(const std::string& prompt, bool remember = true);
    // The answer to a question, in lower case; none at the end of the input.
    std::optional<std::string> answer(const std::string& question);
    std::vector<std::string> completion_words(bool first) const;
    // The window's width, read again for every screen: a resized window is
    // followed. Narrower than MinScreenWidth, lines wrap as the terminal wraps them.
    std::size_t width() const { return std::clamp(terminal_columns(stdout), MinScreenWidth, MaxScreenWidth); }
    // A message wrapped at words, the next lines indented.
    void say(const std::string& text) { fmt::print("{}\n", wrap_text(text, width(), "  ")); }
    // A message ending in a command to paste, kept whole on a line of its own
    // when both do not fit on one.
    void say_command(const std::string& text, const std::string& command);
    // The position, then the moves made and which game this is.
    void show(const Game& game) {
        fmt::print("\n{}{}\n", render_position(game, style_, width()), status_line(game.moves_made(), name_, width()));
    }

    Outcome play(Table& t, bool resumed, int k, bool intro = true, bool back_allowed = false);
    std::optional<Outcome> dispatch(Table& t, const PlayCommand& cmd, bool back_allowed);
    void introduce(const Table& t, bool resumed, int k);
    std::optional<Outcome> move(Table& t, const MoveRequest& req);
    std::optional<Outcome> set(Table& t, const std::string& argument);
    std::optional<Outcome> forced_now(Table& t);
    std::optional<Outcome> shown(Table& t, Status st);
    bool undo(Table& t);
    std::optional<Outcome> redo(Table& t);
    void list_moves(const Game& game);
    void hint(const Game& game, const std::string& argument);
    void save(const Table& t, const std::string& argument);
    bool confirm_quit(const Table& t);
    // Moves the log could not take (a full disk) are tried again; if still
    // not written, quit (or the answer to "another game?") says so once and
    // takes a second one.
    bool confirm_unsaved(Table& t) {
        t.retry_save();
        if (t.unsaved() == 0 || std::exchange(quit_unsaved_, true)) return true;
        const std::size_t n = t.unsaved();
        say(fmt::format("{} move{} not in the log, which cannot be written: save FILE keeps the game (after undo, "
                        "once it is over); the same answer again leaves without them",
                        n, n == 1 ? " is" : "s are"));
        return false;
    }
    // A fresh game quit before its first move, outside a series: its log removed.
    bool drop_unplayed(Table& t) {
        if (!o_.resume.empty() || series_.kept() || !t.untouched() || !t.log().active()) return false;
        t.drop_log();
        set_signal_note("");
        return true;
    }
    const std::string& resume_target(const Table& t) const { return series_.kept() ? series_.path() : t.log().path(); }

    std::unique_ptr<Table> resume_log();
    std::unique_ptr<Table> resume_series(int& k);
    std::unique_ptr<Table> new_game(int k);
    Outcome play_game(std::unique_ptr<Table>& table, std::unique_ptr<Table>& prev, int& k, bool resumed);
    bool back_to(std::unique_ptr<Table>& table, std::unique_ptr<Table>& prev);
    std::optional<int> another_game(Table& t, int k, Outcome out);
    std::optional<int> next_in_series(std::unique_ptr<Table>& table, std::unique_ptr<Table>& prev, int k, Outcome out);

    const PlayOptions& o_;
    RenderStyle style_;
    bool echo_ = false;
    bool auto_ = false;  // forced moves made at once (--auto, set auto on)
    GameName name_;      // of the game shown, for the status line
    LineEditor editor_;
    std::unique_ptr<Expert> expert_;  // made at the first hint
    const Table* current_ = nullptr;  // the game being played, for Tab
    bool quit_unsaved_ = false;       // quit was told that moves are not in the log
    RulesCache cache_;
    DealSource deals_;
    Series series_;
};

void Session::say_command(const std::string& text, const std::string& command) {
    if (display_width(text) + 1 + display_width(command) <= width()) {
        say(text + " " + command);
        return;
    }
    say(text);
    fmt::print("  {}\n", command);
}

std::optional<TypedLine> Session::read_line(const std::string& prompt, bool remember) {
    TypedLine line;
    bool any = editor_.read(prompt, line.text, line.too_long, MaxCommandBytes, remember);
    // Ctrl-C gives up the line typed, as in a shell; at an empty prompt it
    // says how to leave. A question takes it as its default answer.
    for (; any && editor_.cancelled() && remember;
         any = editor_.read(prompt, line.text, line.too_long, MaxCommandBytes, remember))
        if (line.text.empty())
            say(current_ && current_->log().active() ? "type quit to leave (the game is saved)"
                                                     : "type quit to leave (no log keeps this game)");
    if (any && editor_.cancelled()) line.text.clear();
    if (echo_ && any)
        fmt::print("{}\n", line.too_long ? printable(line.text.substr(0, 40)) + "..." : printable(line.text));
    if (const std::string problem = editor_.take_history_problem(); !problem.empty()) message(problem);
    if (!any) return std::nullopt;
    return line;
}

// Questions are not commands: their answers stay out of the history.
std::optional<std::string> Session::answer(const std::string& question) {
    const std::optional<TypedLine> line = read_line(question, false);
    if (!line) return std::nullopt;
    return ascii_lower(line->text);
}

// What Tab completes to: the commands (first word only) and the cards a move
// can take right now: free tableau cards, the turned card, the waste tops.
std::vector<std::string> Session::completion_words(bool first) const {
    std::vector<std::string> words;
    if (first)
        for (const CommandInfo& c : play_commands())  // words, not the moves' examples ("QH AS")
            if (!c.name.empty() && c.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz") == std::string_view::npos)
                words.emplace_back(c.name);
    if (!current_) return words;
    const Game& g = current_->game();
    const DeckKind deck = g.variant().deck;
    for (std::uint64_t m = g.free_mask(); m; m &= m - 1) words.push_back(card_name(deck, g.tableau_card(std::countr_zero(m))));
    const State& s = g.state();
    if (s.turned.valid()) words.push_back(card_name(deck, s.turned));
    for (int k = 0; k < g.variant().waste_piles; ++k)
        if (s.waste_top(k).valid()) words.push_back(card_name(deck, s.waste_top(k)));
    return words;
}

// One game, line by line, until it is over, left or given up for the game
// before it (Back, only when `back_allowed`).
Session::Outcome Session::play(Table& t, bool resumed, int k, bool intro, bool back_allowed) {
    const PlayingNow playing(current_, t);
    set_signal_note(resume_target(t));
    name_ = game_name(t, deals_, k, series_.games());
    if (intro) introduce(t, resumed, k);
    if (const std::optional<Outcome> end = intro && auto_ ? forced_now(t) : std::nullopt) return *end;
    for (;;) {
        const std::optional<TypedLine> line = read_line("> ");
        if (!line) {
            say("");
            if (t.log().active())
                say_command("end of input: the game is saved; continue with:", resume_hint(resume_target(t)));
            else
                say("end of input");
            return Outcome::EndOfInput;
        }
        if (line->too_long) {
            say(fmt::format("line too long (over {} bytes): ignored", MaxCommandBytes));
            continue;
        }
        PlayCommand cmd;
        if (std::string why; !parse_command(t.rules().variant.deck, line->text, cmd, why)) {
            say(why);
            continue;
        }
        if (const std::optional<Outcome> end = dispatch(t, cmd, back_allowed)) return *end;
    }
}

// Does what a command says; the outcome when it ends the game's play.
std::optional<Session::Outcome> Session::dispatch(Table& t, const PlayCommand& cmd, bool back_allowed) {
    const Variant& v = t.rules().variant;
    switch (cmd.kind) {
    case CommandKind::Move:
        return move(t, cmd.move);
    case CommandKind::Undo:
        if (back_allowed && t.untouched()) return Outcome::Back;
        undo(t);
        return std::nullopt;
    case CommandKind::Redo:
        return redo(t);
    case CommandKind::Moves:
        list_moves(t.game());
        return std::nullopt;
    case CommandKind::Hint:
        hint(t.game(), cmd.argument);
        return std::nullopt;
    case CommandKind::Show:
        show(t.game());
        return std::nullopt;
    case CommandKind::Help:
        fmt::print("{}", cmd.argument == "status" ? status_legend(v, width(), style_) + status_line_legend(width())
                                                  : help_text(v, width()));
        return std::nullopt;
    case CommandKind::Save:
        save(t, cmd.argument);
        return std::nullopt;
    case CommandKind::Set:
        return set(t, cmd.argument);
    case CommandKind::Quit:
        if (!confirm_quit(t) || !confirm_unsaved(t)) return std::nullopt;
        if (drop_unplayed(t)) say("quit before the first move: no log is kept");
        else if (t.log().active()) say_command("the game is saved; continue with:", resume_hint(resume_target(t)));
        else say("quit: no log was kept");
        return Outcome::Quit;
    case CommandKind::Nothing:
        return std::nullopt;
    }
    return std::nullopt;
}

void Session::introduce(const Table& t, bool resumed, int k) {
    const Variant& v = t.rules().variant;
    const int games = series_.games();
    name_ = game_name(t, deals_, k, games);
    std::string title = fmt::format("{}variant {}", games > 1 ? fmt::format("game {} of {}: ", k, games) : "", v.name);
    if (t.deal().has_seed) title += fmt::format(", seed {}", t.deal().seed);
    if (const PysolfcNumber* n = deals_.pysolfc_game(k)) title += ", PySolFC game " + n->decimal();
    const std::size_t made = t.moves().size();
    say(title + (resumed ? fmt::format(", resumed after {} move{}", made, made == 1 ? "" : "s") : ""));
    say(t.log().active() ? "log: " + printable(t.log().path()) : std::string("no log is kept"));
    if (const std::string note = take_unlocked_note(); !note.empty()) say(note);
    if (series_.kept()) say("series: " + printable(series_.path()));
    say("type help for the commands");
    show(t.game());
}

// Plays a typed move and logs it; the outcome when it ended the game.
std::optional<Session::Outcome> Session::move(Table& t, const MoveRequest& req) {
    Plan plan = plan_move(t.game(), req);
    if (plan.moves.empty()) {
        say(plan.refusal);
        return std::nullopt;
    }
    if (plan.moves.size() > 1)
        say(fmt::format("the turned card {} goes onto the waste first (draw), then recycle",
                        t.game().name(t.game().state().turned)));
    const std::vector<std::string> forced = auto_ ? add_forced_moves(t.game(), plan) : std::vector<std::string>{};
    const Status st = t.make(plan);
    for (const std::string& line : forced) say(line);
    return shown(t, st);
}

// `set auto on|off`; turned on, the position's forced moves are made at once.
std::optional<Session::Outcome> Session::set(Table& t, const std::string& argument) {
    auto_ = argument == "auto on";
    say(auto_ ? "auto on: forced moves are made at once" : "auto off");
    return auto_ ? forced_now(t) : std::nullopt;
}

// The position's forced moves, made as one step (one undo takes them back).
std::optional<Session::Outcome> Session::forced_now(Table& t) {
    Plan plan;
    const std::vector<std::string> lines = add_forced_moves(t.game(), plan);
    if (plan.moves.empty()) return std::nullopt;
    const Status st = t.make(plan);
    for (const std::string& line : lines) say(line);
    return shown(t, st);
}

// Shows the position after a step, `st` the game's status; the outcome when
// the step ended the game.
std::optional<Session::Outcome> Session::shown(Table& t, Status st) {
    show(t.game());
    if (const std::string note = t.take_save_note(); !note.empty()) say(note);
    if (st == Status::InProgress) return std::nullopt;
    // The game is over: nothing left to resume but the series it is in.
    set_signal_note(series_.kept() ? series_.path() : "");
    say(end_text(t.game()));
    return st == Status::Won ? Outcome::Won : Outcome::Lost;
}

// Takes back the last step; the game goes on when the log cannot be rewritten
// (a full disk), the move kept in both. False when nothing was taken back.
bool Session::undo(Table& t) {
    if (!t.can_undo()) {
        say("nothing to undo");
        return false;
    }
    std::vector<std::string> step;
    try {
        step = t.undo();
    } catch (const InputError& e) {
        say("cannot undo: the log could not be rewritten: " + printable(e.format()));
        return false;
    }
    say("undone: " + fmt::format("{}", fmt::join(step, ", ")));
    show(t.game());
    return true;
}

std::optional<Session::Outcome> Session::redo(Table& t) {
    if (!t.can_redo()) {
        say("nothing to redo");
        return std::nullopt;
    }
    say("redone: " + fmt::format("{}", fmt::join(t.next_redo(), ", ")));
    return shown(t, t.redo());
}

void Session::list_moves(const Game& game) {
    MoveList list;
    game.legal_moves(list);
    std::vector<std::string> texts;
    for (const Move& m : list) texts.push_back(format_move(game, m));
    say(wrap_list("moves: ", texts, ", ", width(), "       "));
}

// The expert's move (lib/players/expert.hpp), or the blind player's for
// `hint quick`; the expert is made at the first hint, which takes a moment.
void Session::hint(const Game& game, const std::string& argument) {
    if (argument == "quick") return say(quick_hint_text(game, blind_choice(game), width()));
    if (!expert_) {
        ExpertOptions eo;
        eo.samples = HintSamples;
        expert_ = std::make_unique<Expert>(eo);
    }
    say(hint_text(game, expert_->choose(game), argument == "all", width()));
}

void Session::save(const Table& t, const std::string& argument) {
    try {
        if (argument == "-") {
            std::fflush(stdout);
            write_file_atomic("-", t.log_text());
            return;
        }
        const std::string path = expand_tilde(argument);
        LogWriter copy;
        copy.create(path, t.log_text(), ": choose another name (nothing is overwritten)");
        const std::size_t made = t.moves().size();
        say(fmt::format("saved {} ({} move{})", printable(path), made, made == 1 ? "" : "s"));
    } catch (const InputError& e) {
        say("cannot save: " + printable(e.format()));
    }
}

// On a terminal, quitting a game that no log keeps asks first: it would be
// gone. (A script that pipes `quit` means it.) The end of input is a yes.
bool Session::confirm_quit(const Table& t) {
    if (t.log().active() || ::isatty(STDIN_FILENO) == 0 || t.moves().empty()) return true;
    const std::optional<std::string> a = answer("no log keeps this game: quit and lose it? [y/N] ");
    return !a || *a == "y" || *a == "yes";
}

// A logged game, to go on with as game 1: once it is over, "another game?"
// (where undo takes its last move back) deals the seed after its own, and a
// second game starts a series beside it, as after a fresh game.
std::unique_ptr<Table> Session::resume_log() {
    std::unique_ptr<Table> t = Table::open(o_.resume, cache_, o_.variant, false);
    series_.add(1, o_.resume, "");
    deals_.go_on_after(o_.resume, "", t->rules(), t->deal());
    return t;
}

// A series file, read and locked, to go on with its last game, which is game `k`.
std::unique_ptr<Table> Session::resume_series(int& k) {
    Series::Resumed r = series_.resume(o_.resume, cache_, o_.variant);
    deals_.go_on_after(o_.resume, r.deals, r.last->rules(), r.last->deal(), r.pysolfc, r.k);
    k = r.k;
    return std::move(r.last);
}

// The next game: its deal, and its log, created (a series' game k is named
// after the first game's log, with -k).
std::unique_ptr<Table> Session::new_game(int k) {
    std::optional<ReadDeal> rd = deals_.next(k);
    if (!rd) return nullptr;
    auto t = std::make_unique<Table>(std::move(*rd));
    if (!o_.no_log && o_.log != "-") {
        const Variant& v = t->rules().variant;
        const std::string path = k > 1            ? series_.log_path(k)
                                 : o_.log.empty() ? default_log_path(v, t->deal(), deals_.pysolfc_game(k))
                                                  : o_.log;
        std::string at = path;
        if (k == 1) {
            t->create_log(path);
        } else {
            at = t->create_series_log(path, cache_);
            if (at != path) say(fmt::format("{} is another file: this game's log is {}", printable(path), printable(at)));
        }
        const std::string problem = series_.add(k, at, deals_.deal_file(), deals_.first_pysolfc());
        if (!problem.empty()) say(problem);
    }
    return t;
}

// Game k, from its start or where it was resumed; an undo before its first
// move may go back into the game before (`prev`), which is game k then.
Session::Outcome Session::play_game(std::unique_ptr<Table>& table, std::unique_ptr<Table>& prev, int& k,
                                    bool resumed) {
    if (resumed && table->game().status() != Status::InProgress) {
        // The series stopped between games: where it stands, then on.
        introduce(*table, true, k);
        say(end_text(table->game()));
        return table->game().status() == Status::Won ? Outcome::Won : Outcome::Lost;
    }
    if (k > 1) say("");
    Outcome out = play(*table, resumed, k, true, prev != nullptr);
    while (out == Outcome::Back) {
        const bool back = back_to(table, prev);
        k -= back;
        out = play(*table, false, k, false, !back);
    }
    if (out == Outcome::Won || out == Outcome::Lost) series_.finish(table->game());
    return out;
}

// `undo` before the first move of the next game: that game is given up (its
// log, which holds no move, removed; its deal dealt again next), and the last
// move of the game before it is taken back. False when it cannot be.
bool Session::back_to(std::unique_ptr<Table>& table, std::unique_ptr<Table>& prev) {
    say(fmt::format("back to game {}: the next game has not started", series_.finished()));
    if (!prev->can_undo()) {
        say("nothing to undo");
        return false;
    }
    // In this order, a kill between two writes leaves a series that resumes:
    // the next game unlisted first (its log, with no move, is taken over
    // when the game comes again), then the move taken back, then the log removed.
    try {
        series_.drop_last();
    } catch (const InputError& e) {
        say("cannot undo: the series file could not be rewritten: " + printable(e.format()));
        return false;
    }
    if (!undo(*prev)) {
        series_.add(series_.finished() + 1, table->log().path(), deals_.deal_file(), deals_.first_pysolfc());
        return false;
    }
    deals_.give_back(table->give_up());
    table = std::move(prev);
    series_.unfinish();
    return true;
}

// Without --games, after a game that ended: "another game?". `undo` there
// takes the last move back and the game goes on. The exit status, or none
// when another game follows.
std::optional<int> Session::another_game(Table& t, int k, Outcome out) {
    const Variant& v = t.rules().variant;
    bool more = false;
    while (out == Outcome::Won || out == Outcome::Lost) {
        if (v.scored) say(series_.running_total(v));
        const std::optional<std::string> a = answer("another game? [y/N] ");
        if (!a) {
            say("");
            break;
        }
        if (*a != "u" && *a != "undo") {
            if (!confirm_unsaved(t)) continue;
            more = *a == "y" || *a == "yes";
            break;
        }
        if (!undo(t)) continue;
        series_.unfinish();
        out = play(t, false, k, false);
        if (out == Outcome::Won || out == Outcome::Lost) series_.finish(t.game());
    }
    if (out == Outcome::Quit || out == Outcome::EndOfInput) return ExitOk;
    if (!more) return out == Outcome::Lost ? ExitNegative : ExitOk;
    return std::nullopt;
}

// With --games N, after game k: the series' result after the last, else the
// total so far, the game kept as `prev` for an undo before the next game's
// first move. The exit status, or none when another game follows.
std::optional<int> Session::next_in_series(std::unique_ptr<Table>& table, std::unique_ptr<Table>& prev, int k,
                                           Outcome out) {
    if (out == Outcome::Quit || out == Outcome::EndOfInput) return ExitOk;
    const Variant& v = table->rules().variant;
    if (k == series_.games()) {
        const Series::End end = series_.end(v);
        say(end.text);
        return end.good ? ExitOk : ExitNegative;
    }
    if (v.scored) say(fmt::format("total score after {} of {}: {}", k, games_text(series_.games()), series_.total(v)));
    prev = std::move(table);
    return std::nullopt;
}

int Session::run() {
    int k = 1;
    std::unique_ptr<Table> table, prev;
    if (const std::string note = tidy_log_folder(!o_.resume.empty() ? o_.resume : o_.no_log ? "-" : o_.log);
        !note.empty())
        say(note);
    if (!o_.resume.empty()) table = is_series_file(o_.resume) ? resume_series(k) : resume_log();
    for (;; ++k) {
        const bool resumed = table != nullptr;
        if (!table && !(table = new_game(k))) {
            say(deals_.none_left());
            return series_.none_lost_last() ? ExitOk : ExitNegative;
        }
        const Outcome out = play_game(table, prev, k, resumed);
        prev.reset();
        const std::optional<int> exit =
            series_.games() == 0 ? another_game(*table, k, out) : next_in_series(table, prev, k, out);
        if (exit) return *exit;
        table.reset();  // moved to `prev` in a series of --games N
    }
}

}  // namespace

}  // namespace play

namespace play {
// The option that names another deal than --daily's, "" when none does.
std::string daily_conflict(const PlayOptions& o, bool seeded) {
    return seeded ? "--seed" : o.pysolfc ? "--pysolfc" : !o.deal_file.empty() ? "a deal file" : !o.resume.empty() ? "--resume"
           : o.games > 1 ? "--games" : "";
}
// --round and --player: everything else comes from the round.
int round_only(const CLI::App& app, const PlayOptions& o) {
    for (const CLI::Option* opt : app.get_options())
        if (opt->count() > 0 && opt->get_name() != "--round" && opt->get_name() != "--player")
            throw UsageError(fmt::format("--round: the round gives everything: not with {}", opt->get_name()));
    if (o.round.empty() || o.player.empty()) throw UsageError("--round and --player go together");
    return play_round(o.round, o.player);
}
}  // namespace play

Subcommand setup_play(CLI::App& parent) {
    auto o = std::make_shared<play::PlayOptions>();
    CLI::App* app = parent.add_subcommand(
        "play", "Play a game line by line: type a move, see the position. Works in any terminal,\n"
                "over SSH and through pipes (pyramide play --seed 7 < moves.txt). Every move is\n"
                "appended to the move log at once; a game cut off by a dropped connection, a\n"
                "signal or the end of input continues with --resume.\n"
                "Exit status: 0 won, quit or end of input; 1 lost (a Par Pyramide series: below\n"
                "par); 2 bad input; 130 interrupted (129 hangup, 143 terminated).");
    // Option help is kept within 80 columns (CLI11 puts it in column 31).
    app->add_option("deal", o->deal_file, "Play the deals in this file instead of a seed");
    app->add_option("-v,--variant", o->variant, "Preset name or FILE.toml (default: traditional;\n--pysolfc: par)");
    CLI::Option* seed = add_number_option(*app, "-s,--seed", o->seed, "Deal this seed; default: random");
    CLI::Option* pysolfc =
        add_pysolfc_option(*app, o->pysolfc, "Deal PySolFC's game number N (1 to 10^20);\n--games: N, N+1, ...");
    app->add_option("--log", o->log,
                    "Write the move log to FILE, which must not exist\n"
                    "(- for none). Default: a new file in\n"
                    "$XDG_DATA_HOME/pyramide/games/, or in\n"
                    "~/.local/share/pyramide/games/ without it");
    app->add_flag("--no-log", o->no_log, "Keep no move log");
    CLI::Option* resume =
        app->add_option("--resume", o->resume,
                        "Continue the game in this log or series; alone\nor 'last': the most recent unfinished one")
            ->expected(0, 1);
    app->add_flag("--list", o->list, "List the unfinished games in the log folder");
    add_choice_option(*app, "--lock", o->lock,
                      "Where the log cannot be locked (a file system\n"
                      "without flock): warn and play, or require: refuse",
                      {"warn", "require"});
    add_choice_option(*app, "--color", o->color,
                      "auto (a terminal, NO_COLOR unset or empty, TERM\nnot dumb), always or never",
                      {"auto", "always", "never"});
    app->add_flag("--ascii", o->ascii, "Suit letters, not symbols (always so when the\nlocale is not UTF-8)");
    app->add_flag("--auto", o->auto_play,
                  "Make forced moves at once: a King; a pair of a\n"
                  "card and its only partner left (scored: Kings)");
    CLI::Option* daily = play::add_daily_option(*app, o->daily);
    app->add_option("--round", o->round, "Play the next deal of this hosted round (with\n--player; pyramide-round(1))")
        ->type_name("ROUND");
    app->add_option("--player", o->player, "With --round: the player's name")->type_name("NAME");
    add_number_option(*app, "--games", o->games,
                      "Play N games (1 to 1000) and total the score\n(Par Pyramide's series is 6 games)", 1, 1000);
    app->footer("Examples:\n  pyramide play --seed 7\n  pyramide play --variant par --games 6\n"
                "  pyramide play --seed 7 --log - < moves.txt\n"
                "  pyramide play --resume \\\n"
                "      ~/.local/share/pyramide/games/2026-11-30-141502-traditional-seed7.log\n"
                "  pyramide play --list\n  pyramide play --resume last");
    return {app, [o, app, seed, pysolfc, resume, daily] {
                o->seed_given = seed->count() > 0;
                if (!o->round.empty() || !o->player.empty()) return play::round_only(*app, *o);
                if (o->list) {
                    print_wrapped(play::unfinished_list_text(), "    ");
                    return static_cast<int>(ExitOk);
                }
                if (resume->count() > 0 && o->resume.empty()) o->resume = "last";
                if (daily->count() > 0) {
                    o->seed = play::daily_seed(o->variant, o->daily, play::daily_conflict(*o, seed->count() > 0));
                    o->seed_given = true;
                }
                if (!o->resume.empty() && pysolfc->count() > 0)
                    throw UsageError("--resume continues a logged game, whose log holds its deal: give no --pysolfc "
                                     "with it");
                if (!o->resume.empty() && (seed->count() > 0 || !o->deal_file.empty() || !o->log.empty() ||
                                           o->no_log || o->games > 0))
                    throw UsageError("--resume continues one logged game, appending to its log: give no seed, deal "
                                     "file, --log, --no-log or --games with it");
                if (o->resume == "-") throw UsageError("--resume needs a log file to append to, not -");
                if (o->deal_file == "-")
                    throw UsageError(
                        "the deals cannot come from -: play reads its commands from stdin; give the deals in a file");
                if (seed->count() > 0 && !o->deal_file.empty())
                    throw UsageError("give a seed or a deal file, not both");
                check_one_deal_source(pysolfc->count() > 0, seed->count() > 0, !o->deal_file.empty());
                if (seed->count() > 0 && o->games > 1) check_seed_count(o->seed, static_cast<std::uint64_t>(o->games));
                if (o->pysolfc && o->games > 1) check_pysolfc_count(*o->pysolfc, static_cast<std::uint64_t>(o->games));
                if (o->resume == "last") o->resume = play::last_unfinished();
                set_lock_policy(o->lock == "require" ? LockPolicy::Require : LockPolicy::Warn);
                play::catch_signals();
                play::Session session(*o);
                try {
                    return session.run();
                } catch (const std::system_error&) {
                    // stdout is gone (a closed terminal): the log is complete, and
                    // there is nobody left to tell.
                    return static_cast<int>(ExitError);
                }
            }};
}

}  // namespace pyr::cmd
