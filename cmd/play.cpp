// pyramide play: a line-by-line game for terminals, pipes and SSH sessions.
// Every move is appended to the move log as it is made, so nothing is lost
// when the connection drops; --resume continues a game where it stopped.
#include <csignal>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>

#include <unistd.h>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/deal_format.hpp"
#include "formats/log_writer.hpp"
#include "formats/movelog.hpp"
#include "formats/play_commands.hpp"
#include "formats/variant_toml.hpp"
#include "lib/shuffle.hpp"
#include "lib/strategy.hpp"

namespace pyr::cmd {

namespace {

struct PlayOptions {
    std::string variant;
    std::uint64_t seed = 0;
    std::string deal_file;
    std::string log;
    bool no_log = false;
    std::string resume;
    std::string color = "auto";
    bool ascii = false;
    int games = 0;
    bool seed_given = false;
};

constexpr std::size_t MaxCommandBytes = 1000;

// What a signal handler may print: prepared in advance, written with write(2).
char signal_note[600] = "";

extern "C" void on_signal(int sig) {
    if (signal_note[0]) {
        const ssize_t ignored = ::write(STDERR_FILENO, signal_note, std::strlen(signal_note));
        (void)ignored;
    }
    ::_exit(128 + sig);
}

void set_signal_note(const std::string& log_path) {
    const std::string note =
        log_path.empty() ? std::string("\npyramide: interrupted\n")
                         : fmt::format("\npyramide: interrupted; the game is saved: pyramide play --resume {}\n",
                                       log_path);
    std::snprintf(signal_note, sizeof signal_note, "%s", note.c_str());
}

std::string data_dir() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    if (xdg && *xdg == '/') return std::string(xdg) + "/pyramide/games";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.local/share/pyramide/games";
}

// A fresh default log name: DATA/pyramide/games/2026-11-30-141502-traditional-seed7.log
std::string default_log_path(const Variant& v, const Deal& d) {
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&now, &tm);
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    const std::string base = fmt::format("{}/{}-{}{}", data_dir(), stamp, v.name,
                                         d.has_seed ? fmt::format("-seed{}", d.seed) : std::string());
    std::string path = base + ".log";
    for (int k = 2; std::filesystem::exists(path); ++k) path = fmt::format("{}-{}.log", base, k);
    return path;
}

// Game k of a series logged under --log FILE: FILE, then FILE-2.log, FILE-3.log, ...
std::string numbered(const std::string& path, int k) {
    if (k <= 1) return path;
    const std::filesystem::path p(path);
    return (p.parent_path() / fmt::format("{}-{}{}", p.stem().string(), k, p.extension().string())).string();
}

class Session {
public:
    explicit Session(const PlayOptions& o) : o_(o) {
        style_ = render_style(o.color, o.ascii, stdout);
        echo_ = ::isatty(STDIN_FILENO) == 0;
    }

    int run();

private:
    enum class Outcome { Won, Lost, Quit, EndOfInput };

    bool read_line(std::string& line);
    void say(const std::string& text) { fmt::print("{}\n", text); }
    std::optional<ReadDeal> next_deal(int k);
    Outcome play(const Rules& rules, const Deal& deal, std::vector<std::string> moves, const std::string& log_path,
                 bool resumed, int k);
    std::string log_text(const Rules& rules, const Deal& deal, const std::vector<std::string>& moves) const;

    const PlayOptions& o_;
    RenderStyle style_;
    bool echo_ = false;
    RulesCache cache_;
    std::unique_ptr<Input> deal_input_;
    std::unique_ptr<DealReader> deal_reader_;
    std::uint64_t next_seed_ = 0;
    int total_score_ = 0;
};

bool Session::read_line(std::string& line) {
    line.clear();
    bool any = false, too_long = false;
    for (;;) {
        const int ch = std::getchar();
        if (ch == EOF) break;
        any = true;
        if (ch == '\n') break;
        if (line.size() < MaxCommandBytes) line += static_cast<char>(ch);
        else too_long = true;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (echo_ && any) fmt::print("{}\n", printable(line));
    if (too_long) line = "\x01";  // reported as an unknown command, never acted on
    return any;
}

std::string Session::log_text(const Rules& rules, const Deal& deal, const std::vector<std::string>& moves) const {
    std::string text = format_log_header(rules, deal);
    for (const std::string& m : moves) text += m + "\n";
    return text;
}

std::optional<ReadDeal> Session::next_deal(int k) {
    if (!o_.deal_file.empty()) {
        if (!deal_reader_) {
            deal_input_ = std::make_unique<Input>(o_.deal_file);
            deal_reader_ = std::make_unique<DealReader>(deal_input_->lines(), cache_, o_.variant);
        }
        return deal_reader_->next();
    }
    ReadDeal rd;
    rd.rules = &cache_.get(o_.variant.empty() ? "traditional" : o_.variant);
    if (k == 1) {
        if (o_.seed_given) next_seed_ = o_.seed;
        else {
            std::random_device dev;
            next_seed_ = ((std::uint64_t{dev()} << 32) | dev()) & ((std::uint64_t{1} << 53) - 1);
        }
    }
    rd.deal = deal_from_seed(rd.rules->variant, next_seed_++);
    return rd;
}

Session::Outcome Session::play(const Rules& rules, const Deal& deal, std::vector<std::string> moves,
                               const std::string& log_path, bool resumed, int k) {
    Game game(rules, deal);
    const Variant& v = rules.variant;
    LogWriter log;
    std::string why;
    // Replay what the log already holds (--resume).
    for (const std::string& text : moves) {
        MoveRequest req;
        int col = 0;
        parse_move(v.deck, text, req, why, col);
        game.apply(game.resolve(req, why));
    }
    if (!log_path.empty()) {
        if (resumed) log.open_existing(log_path);
        else log.create(log_path, log_text(rules, deal, moves));
    }
    set_signal_note(log.path());
    std::string title = fmt::format("{}variant {}", o_.games > 1 ? fmt::format("game {} of {}: ", k, o_.games) : "",
                                    v.name);
    if (deal.has_seed) title += fmt::format(", seed {}", deal.seed);
    say(title + (resumed ? fmt::format(", resumed after {} moves", moves.size()) : ""));
    if (log.active()) say("log: " + printable(log.path()));
    say("type help for the commands");
    fmt::print("\n{}", render_position(game, style_));
    std::string line;
    for (;;) {
        fmt::print("> ");
        std::fflush(stdout);
        if (!read_line(line)) {
            say("");
            if (log.active())
                say(fmt::format("end of input: the game is saved; continue with: pyramide play --resume {}",
                                printable(log.path())));
            return Outcome::EndOfInput;
        }
        PlayCommand cmd;
        if (!parse_command(v.deck, line, cmd, why)) {
            say(why);
            continue;
        }
        switch (cmd.kind) {
        case CommandKind::Move: {
            const Move m = game.resolve(cmd.move, why);
            if (!why.empty()) {
                say(why);
                continue;
            }
            const std::string text = format_move(game, m);
            game.apply(m);
            moves.push_back(text);
            if (log.active()) log.append(text + "\n");
            fmt::print("\n{}", render_position(game, style_));
            const Status st = game.status();
            if (st == Status::InProgress) continue;
            if (log.active()) log.append(format_result(game));
            std::string end = st == Status::Won ? "You won: " + game.end_reason() : "Game over: " + game.end_reason();
            end += fmt::format(". {} card{} left", game.cards_left(), game.cards_left() == 1 ? "" : "s");
            if (v.scored) end += fmt::format(", score {}", game.score());
            say(end + ".");
            total_score_ += game.score();
            return st == Status::Won ? Outcome::Won : Outcome::Lost;
        }
        case CommandKind::Undo:
            if (!game.undo()) {
                say("nothing to undo");
                continue;
            }
            moves.pop_back();
            if (log.active()) log.rewrite(log_text(rules, deal, moves));
            fmt::print("\n{}", render_position(game, style_));
            continue;
        case CommandKind::Moves: {
            MoveList list;
            game.legal_moves(list);
            std::string text;
            for (const Move& m : list) text += (text.empty() ? "" : ", ") + format_move(game, m);
            say("moves: " + text);
            continue;
        }
        case CommandKind::Hint:
            say("hint: " + format_move(game, blind_choice(game)));
            continue;
        case CommandKind::Show:
            fmt::print("\n{}", render_position(game, style_));
            continue;
        case CommandKind::Help:
            for (const CommandInfo& c : play_commands()) {
                std::string names(c.name);
                for (std::string_view a : c.aliases) names += fmt::format(", {}", a);
                if (!c.argument.empty()) names += fmt::format(" {}", c.argument);
                say(fmt::format("  {:<22}{}", names, c.help));
            }
            continue;
        case CommandKind::Save:
            try {
                LogWriter copy;
                copy.create(cmd.argument, log_text(rules, deal, moves));
                say("saved " + printable(cmd.argument));
            } catch (const InputError& e) {
                say(printable(e.format()));
            }
            continue;
        case CommandKind::Quit:
            if (log.active())
                say(fmt::format("the game is saved; continue with: pyramide play --resume {}", printable(log.path())));
            return Outcome::Quit;
        }
    }
}

int Session::run() {
    bool last_lost = false;
    int k = 1;
    if (!o_.resume.empty()) {
        Input in(o_.resume);
        const MoveLog log = read_log(in.lines(), cache_, o_.variant);
        Game game(*log.deal.rules, log.deal.deal);
        std::vector<std::string> texts;
        Game before = game;
        replay(log, game, [&](const Game&, const Move& m) {
            texts.push_back(format_move(before, m));
            before.apply(m);
        });
        if (game.status() != Status::InProgress || log.result != LogResult::None)
            throw InputError(in.name(), 0, 0,
                             fmt::format("the game is over ({}): nothing to resume", result_word(
                                 game.status() == Status::Won ? LogResult::Won : LogResult::Lost)),
                             Severity::Invalid);
        const Outcome out = play(*log.deal.rules, log.deal.deal, texts, o_.resume, true, k);
        if (out == Outcome::Quit || out == Outcome::EndOfInput) return ExitOk;
        last_lost = out == Outcome::Lost;
        return last_lost ? ExitNegative : ExitOk;
    }
    for (;; ++k) {
        std::optional<ReadDeal> rd = next_deal(k);
        if (!rd) {
            say("no more deals in " + printable(o_.deal_file));
            break;
        }
        std::string log_path;
        if (!o_.no_log && o_.log != "-")
            log_path = o_.log.empty() ? default_log_path(rd->rules->variant, rd->deal) : numbered(o_.log, k);
        const Outcome out = play(*rd->rules, rd->deal, {}, log_path, false, k);
        if (out == Outcome::Quit || out == Outcome::EndOfInput) return ExitOk;
        last_lost = out == Outcome::Lost;
        const Variant& v = rd->rules->variant;
        if (o_.games > 0) {
            if (v.scored) say(fmt::format("series: {} of {} games, total score {}", k, o_.games, total_score_));
            if (k < o_.games) continue;
            if (v.scored && v.series == o_.games)
                say(total_score_ >= 0 ? fmt::format("total {}: par, played well", total_score_)
                                      : fmt::format("total {}: below par", total_score_));
            break;
        }
        fmt::print("another game? [y/N] ");
        std::fflush(stdout);
        std::string answer;
        if (!read_line(answer) || (answer != "y" && answer != "Y" && answer != "yes")) break;
    }
    return last_lost ? ExitNegative : ExitOk;
}

}  // namespace

Subcommand setup_play(CLI::App& parent) {
    auto o = std::make_shared<PlayOptions>();
    CLI::App* app = parent.add_subcommand(
        "play", "Play a game line by line: type a move, see the position. Works in any terminal, over SSH and\n"
                "through pipes. Every move is saved to the move log at once.\n"
                "Exit status: 0 won, quit or end of input; 1 the last game was lost; 2 bad input; 130 interrupted.");
    app->add_option("deal", o->deal_file, "Play the deals in this file (- reads stdin) instead of a seed");
    app->add_option("-v,--variant", o->variant, "Preset name or FILE.toml (default: traditional)");
    CLI::Option* seed = app->add_option("-s,--seed", o->seed, "Deal this seed; default: random");
    app->add_option("--log", o->log,
                    "Write the move log to FILE (default: $XDG_DATA_HOME/pyramide/games/...; - for none)");
    app->add_flag("--no-log", o->no_log, "Keep no move log");
    app->add_option("--resume", o->resume, "Continue the unfinished game in this move log");
    app->add_option("--color", o->color, "auto, always or never")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "always", "never"}));
    app->add_flag("--ascii", o->ascii, "Suit letters instead of symbols");
    app->add_option("--games", o->games, "Play a series of N games (Par Pyramide: 6) and total the score")
        ->check(CLI::Range(1, 1000));
    app->footer("Examples:\n  pyramide play --seed 7\n  pyramide play --variant par --games 6\n"
                "  pyramide play --resume ~/.local/share/pyramide/games/2026-11-30-141502-traditional-seed7.log");
    return {app, [o, seed] {
                o->seed_given = seed->count() > 0;
                if (!o->resume.empty() && (seed->count() > 0 || !o->deal_file.empty()))
                    throw InputError("", 0, 0, "--resume continues a logged game: give no seed or deal file with it");
                if (seed->count() > 0 && !o->deal_file.empty())
                    throw InputError("", 0, 0, "give a seed or a deal file, not both");
                for (int sig : {SIGHUP, SIGTERM, SIGINT}) std::signal(sig, on_signal);
                Session session(*o);
                return session.run();
            }};
}

}  // namespace pyr::cmd
