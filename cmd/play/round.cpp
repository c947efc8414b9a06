#include "round.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <fmt/format.h>

#include "table.hpp"
#include "cmd/common.hpp"
#include "cmd/round_standings.hpp"
#include "formats/hint_text.hpp"
#include "formats/log_stamps.hpp"
#include "formats/play_commands.hpp"
#include "formats/position.hpp"
#include "formats/round.hpp"
#include "formats/text.hpp"
#include "formats/utc_date.hpp"
#include "formats/wrap.hpp"
#include "lib/players/strategy.hpp"

namespace pyr::cmd::play {

namespace {
namespace fs = std::filesystem;
constexpr std::size_t MaxLineBytes = 1000;

// Nothing of the connecting side's environment reaches the game: no preset
// folder, no PYRAMIDE_* setting, no pager or editor (none is ever started).
void clear_environment() {
    std::vector<std::string> names;
    for (char** e = environ; e && *e; ++e) {
        const std::string entry = *e;
        const std::string name = entry.substr(0, entry.find('='));
        if (name.starts_with("PYRAMIDE_") || name.starts_with("XDG_") || name == "PAGER" || name == "EDITOR" ||
            name == "VISUAL" || name == "MANPAGER" || name == "COLUMNS")
            names.push_back(name);
    }
    for (const std::string& n : names) ::unsetenv(n.c_str());
}

// A line of input, at most MaxLineBytes kept; false at the end of input.
bool read_line(std::string& line) {
    line.clear();
    int c;
    bool any = false;
    while ((c = std::getchar()) != EOF) {
        any = true;
        if (c == '\n') return true;
        if (line.size() < MaxLineBytes) line += static_cast<char>(c);
    }
    return any;
}

class RoundGame {
public:
    RoundGame(RoundFolder& f, std::string player) : f_(f), player_(std::move(player)) {
        const char* lang = std::getenv("LC_ALL");
        if (!lang || !*lang) lang = std::getenv("LC_CTYPE");
        if (!lang || !*lang) lang = std::getenv("LANG");
        const std::string l = lang ? lang : "";
        style_.unicode = l.find("UTF-8") != std::string::npos || l.find("utf8") != std::string::npos;
    }
    int run();

private:
    std::string dir() const { return f_.logs_dir() + "/" + player_; }
    void stamp(Table& t, StampKind kind);
    // False: the player quit or the input ended.
    bool play(Table& t, std::size_t deal);
    bool command(Table& t, const PlayCommand& cmd, bool& done);
    // The client's window, within what a board can use (160 columns at most).
    std::size_t width() const { return std::clamp(terminal_columns(stdout), MinScreenWidth, std::size_t{160}); }
    void say(const std::string& s) { fmt::print("{}\n", wrap_text(s, width(), "  ")); }

    RoundFolder& f_;
    std::string player_;
    RenderStyle style_;
    int seq_ = 0;
    std::int64_t last_ms_ = 0;
};

void RoundGame::stamp(Table& t, StampKind kind) {
    Stamp s;
    s.seq = ++seq_;
    s.kind = kind;
    s.ms = std::max(now_utc_millis(), last_ms_);
    last_ms_ = s.ms;
    t.log_writer().append(format_stamp(s));
}

bool RoundGame::command(Table& t, const PlayCommand& cmd, bool& done) {
    const Round& r = f_.round;
    switch (cmd.kind) {
    case CommandKind::Move: {
        const Plan plan = plan_move(t.game(), cmd.move);
        if (plan.moves.empty()) {
            say(plan.refusal);
            return true;
        }
        const Status st = t.make(plan);
        for (std::size_t i = 0; i < plan.moves.size(); ++i) stamp(t, StampKind::Move);
        fmt::print("\n{}", render_position(t.game(), style_, width()));
        if (st != Status::InProgress) {
            say(end_text(t.game()));
            done = true;
        }
        return true;
    }
    case CommandKind::Undo:
    case CommandKind::Redo: {
        if (r.undo == AidRule::Refused) return say("undo and redo are not allowed in this round"), true;
        const bool undo = cmd.kind == CommandKind::Undo;
        if (undo ? !t.can_undo() : !t.can_redo()) return say(undo ? "nothing to undo" : "nothing to redo"), true;
        if (undo) t.undo();
        else t.redo();
        stamp(t, undo ? StampKind::Undo : StampKind::Redo);
        fmt::print("\n{}", render_position(t.game(), style_, width()));
        return true;
    }
    case CommandKind::Hint:
        if (r.hint == AidRule::Refused) return say("hints are not allowed in this round"), true;
        stamp(t, StampKind::Hint);
        say(quick_hint_text(t.game(), blind_choice(t.game()), width()));
        return true;
    case CommandKind::Help: {
        const RoundAids aids{r.hint != AidRule::Refused, r.undo != AidRule::Refused};
        fmt::print("{}", help_text(t.rules().variant, width(), &aids));
        return true;
    }
    case CommandKind::Set: say("set is not available in a round: every player plays the same way"); return true;
    case CommandKind::Quit: return false;
    case CommandKind::Save: say("save is not available in a round: the game is kept on the server"); return true;
    default: fmt::print("\n{}", render_position(t.game(), style_, width())); return true;
    }
}

bool RoundGame::play(Table& t, std::size_t deal) {
    say(fmt::format("round {}, deal {} of {}, player {}", f_.round.name, deal, f_.deals.size(), player_));
    fmt::print("\n{}", render_position(t.game(), style_, width()));
    std::string line;
    bool done = false;
    while (!done) {
        fmt::print("> ");
        std::fflush(stdout);
        if (!read_line(line)) return false;
        if (f_.round.closes && now_utc_millis() / 1000 >= *f_.round.closes) {
            say("the round has closed: no more moves");
            return false;
        }
        PlayCommand cmd;
        std::string why;
        if (!parse_command(t.rules().variant.deck, line, cmd, why)) {
            say(printable(why));
            continue;
        }
        if (!command(t, cmd, done)) return false;
    }
    return true;
}

int RoundGame::run() {
    fs::create_directories(dir());
    // One connection a player: the second is told, and leaves the game alone.
    const std::string lock_path = dir() + "/.lock";
    const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0 || ::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        say(fmt::format("{}, your game is open elsewhere: finish it there, or close it first", player_));
        return ExitError;
    }
    RulesCache cache;
    for (std::size_t deal = 1; deal <= f_.deals.size(); ++deal) {
        const Standing s = player_standing(f_, player_);
        if (!s.invalid.empty()) {
            say("your logs do not check: ask the organiser");
            return ExitError;
        }
        const DealResult& d = s.deals[deal - 1];
        if (d.won || (d.finished && d.games >= f_.round.attempts)) continue;
        std::unique_ptr<Table> t;
        const std::string last = dir() + "/" + round_log_name(deal, std::max(d.games, 1));
        bool resumed = false;
        if (d.games > 0) {
            const LogStamps old = read_stamps(read_file(last, 16 << 20, "a move log"), last);
            t = Table::open(last, cache, f_.file(RoundVariantName), true);
            if (t->game().status() == Status::InProgress) {
                seq_ = old.stamps.empty() ? 0 : old.stamps.back().seq;
                last_ms_ = old.last_ms;
                resumed = true;
            }
        }
        if (!resumed) {
            ReadDeal rd;
            rd.deal = f_.deals[deal - 1];
            rd.rules = f_.rules;
            t = std::make_unique<Table>(rd);
            t->create_log(dir() + "/" + round_log_name(deal, d.games + 1));
            seq_ = 0;
            last_ms_ = 0;
        }
        stamp(*t, StampKind::Start);
        if (resumed) say("your game goes on where it stopped");
        if (!play(*t, deal)) {
            say("the game is kept: it goes on at your next login");
            return ExitOk;
        }
        --deal;  // the same deal again: another attempt, or the next deal
    }
    const std::vector<Standing> all = round_standings(f_);
    for (const Standing& s : all)
        if (s.player == player_)
            say(fmt::format("round {} done: {} of {} deals won, {} moves; place {} of {} so far", f_.round.name,
                            s.won, f_.deals.size(), s.moves, s.place ? std::to_string(*s.place) : "-", all.size()));
    return ExitOk;
}
}  // namespace

int play_round(const std::string& round, const std::string& player) {
    clear_environment();
    if (const std::string why = word_problem(player, MaxPlayerName); !why.empty()) {
        message(fmt::format("--player: the name {}", why));
        return ExitError;
    }
    RulesCache cache;
    RoundFolder f = load_round(round, cache);
    const std::int64_t now = now_utc_millis() / 1000;
    if (f.round.opens && now < *f.round.opens) {
        fmt::print("round {} opens at {}\n", f.round.name, format_utc_time(*f.round.opens));
        return ExitOk;
    }
    if (f.round.closes && now >= *f.round.closes) {
        fmt::print("round {} has closed\n", f.round.name);
        return ExitOk;
    }
    RoundGame g(f, player);
    return g.run();
}

}  // namespace pyr::cmd::play
