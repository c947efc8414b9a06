#include "round_standings.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "formats/json.hpp"
#include "formats/log_stamps.hpp"
#include "formats/movelog.hpp"
#include "formats/text.hpp"

namespace pyr::cmd {

namespace {
namespace fs = std::filesystem;

// A log's game, replayed: its result, moves and stamps. Throws InputError.
struct GameResult {
    Status status = Status::InProgress;
    int score = 0, moves = 0;
    LogStamps stamps;
};

// Same variant and the same cards in the same places.
bool same_deal(const Deal& a, const Deal& b) {
    return a.variant == b.variant && a.tableau == b.tableau && a.stock == b.stock;
}

GameResult replay_round_log(const RoundFolder& round, const std::string& path, std::size_t deal) {
    const std::string text = read_file(path, 16 * 1024 * 1024, "a move log");
    std::istringstream in(text);
    LineReader lines(in, path);
    lines.set_hold_back_torn_line(true);
    RulesCache cache;
    const MoveLog log = read_log(lines, cache, round.file(RoundVariantName));
    if (!same_deal(log.deal.deal, round.deals[deal - 1]))
        throw InputError(path, log.deal.line, 0,
                         fmt::format("not deal {} of the round: its cards are not those of {}", deal, RoundDealsName),
                         Severity::Invalid);
    Game game(*log.deal.rules, log.deal.deal);
    replay(log, game);
    GameResult r;
    r.status = game.status();
    r.score = game.score();
    r.moves = static_cast<int>(log.moves.size());
    r.stamps = read_stamps(text, path);
    if (r.stamps.moves < r.moves)
        throw InputError(path, 0, 0,
                         fmt::format("{} moves but {} move time stamps: stamps were taken out", r.moves, r.stamps.moves),
                         Severity::Invalid);
    return r;
}

// The player's logs by deal, then attempt.
std::map<std::size_t, std::map<int, std::string>> logs_of(const RoundFolder& round, const std::string& player,
                                                          Standing& s) {
    std::map<std::size_t, std::map<int, std::string>> logs;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(fs::path(round.logs_dir()) / player, ec)) {
        const std::string name = entry.path().filename().string();
        const auto parsed = parse_round_log_name(name);
        if (!parsed) continue;  // a lock or temporary file, or anything else
        if (parsed->deal > round.deals.size() || parsed->attempt > round.round.attempts) {
            if (s.invalid.empty())
                s.invalid = fmt::format("{}: invalid: the round has {} deals and {} attempt{} a deal", printable(name),
                                        round.deals.size(), round.round.attempts, round.round.attempts == 1 ? "" : "s");
            continue;
        }
        logs[parsed->deal][parsed->attempt] = entry.path().string();
    }
    return logs;
}

void add_deal(const RoundFolder& round, std::size_t deal, const std::map<int, std::string>& attempts, Standing& s) {
    DealResult& d = s.deals[deal - 1];
    int expected = 1;
    for (const auto& [attempt, path] : attempts) {
        if (attempt != expected && s.invalid.empty())
            s.invalid = fmt::format("{}: invalid: attempt {} is missing", printable(path), expected);
        expected = attempt + 1;
        const GameResult g = replay_round_log(round, path, deal);
        ++d.games;
        s.hints += g.stamps.hints;
        s.undos += g.stamps.undos;
        s.redos += g.stamps.redos;
        if (g.status == Status::InProgress || d.won) continue;
        d.score = d.finished ? std::max(d.score, g.score) : g.score;
        d.finished = true;
        d.won = g.status == Status::Won;
        d.moves = g.moves;
        d.ms = g.stamps.elapsed_ms();
    }
    if (!d.won && d.games < round.round.attempts) d.finished = false;  // another attempt may still win
    if (d.finished || d.won) {
        ++s.finished;
        s.won += d.won;
        s.score += d.score;
        s.moves += d.moves;
        s.ms += d.ms;
    }
}

// Better first: more deals won, a higher score, fewer moves, less time.
auto rank_key(const Standing& s, bool scored) {
    return std::make_tuple(-s.won, scored ? -s.score : 0, s.moves, s.ms);
}

std::string duration(std::int64_t ms) {
    const std::int64_t s = ms / 1000;
    return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60) : fmt::format("{}:{:02}", s / 60, s % 60);
}

std::string aids_text(const Standing& s) {
    std::string out;
    if (s.hints) out += fmt::format("{} hint{}", s.hints, s.hints == 1 ? "" : "s");
    if (s.undos) out += fmt::format("{}{} undo{}", out.empty() ? "" : ", ", s.undos, s.undos == 1 ? "" : "s");
    if (s.redos) out += fmt::format("{}{} redo{}", out.empty() ? "" : ", ", s.redos, s.redos == 1 ? "" : "s");
    return out.empty() ? "-" : out;
}
}  // namespace

Standing player_standing(const RoundFolder& round, const std::string& player) {
    Standing s;
    s.player = player;
    s.deals.resize(round.deals.size());
    for (const auto& [deal, attempts] : logs_of(round, player, s)) {
        try {
            add_deal(round, deal, attempts, s);
        } catch (const InputError& e) {
            if (s.invalid.empty()) s.invalid = e.where() + "invalid: " + e.message;
        }
    }
    return s;
}

std::vector<Standing> round_standings(const RoundFolder& round) {
    std::vector<Standing> all;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(round.logs_dir(), ec)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_directory(ec) || !word_problem(name, MaxPlayerName).empty()) continue;
        all.push_back(player_standing(round, name));
    }
    if (ec) throw InputError(round.logs_dir(), 0, 0, fmt::format("cannot read the round's logs: {}", ec.message()));
    const bool scored = round.rules->variant.scored;
    std::sort(all.begin(), all.end(), [scored](const Standing& a, const Standing& b) {
        if (a.invalid.empty() != b.invalid.empty()) return a.invalid.empty();
        if (a.invalid.empty() && rank_key(a, scored) != rank_key(b, scored)) return rank_key(a, scored) < rank_key(b, scored);
        return a.player < b.player;
    });
    for (std::size_t i = 0; i < all.size() && all[i].invalid.empty(); ++i)
        all[i].place = i > 0 && rank_key(all[i], scored) == rank_key(all[i - 1], scored) ? all[i - 1].place
                                                                                        : static_cast<int>(i + 1);
    return all;
}

std::string standings_text(const RoundFolder& round, const std::vector<Standing>& all) {
    const bool scored = round.rules->variant.scored;
    std::string out = fmt::format("round {}: {} deal{}, {} player{}\n", round.round.name, round.deals.size(),
                                  round.deals.size() == 1 ? "" : "s", all.size(), all.size() == 1 ? "" : "s");
    if (all.empty()) return out;
    out += fmt::format("{:>5}  {:<16}  {:>6}  {:>4}{}  {:>6}  {:>8}  {}\n", "place", "player", "played", "won",
                       scored ? "   score" : "", "moves", "time", "aids");
    for (const Standing& s : all) {
        if (!s.invalid.empty()) {
            out += fmt::format("{:>5}  {:<16}  invalid, not ranked (below)\n", "-", s.player);
            continue;
        }
        out += fmt::format("{:>5}  {:<16}  {:>6}  {:>4}{}  {:>6}  {:>8}  {}\n", *s.place, s.player,
                           fmt::format("{}/{}", s.finished, round.deals.size()), s.won,
                           scored ? fmt::format("  {:>6}", s.score) : "", s.moves, duration(s.ms), aids_text(s));
    }
    for (const Standing& s : all)
        if (!s.invalid.empty()) out += s.invalid + "\n";
    return out;
}

std::string standings_json(const RoundFolder& round, const std::vector<Standing>& all) {
    JsonWriter w;
    w.begin_object().key("round").value(round.round.name).key("deals").value(round.deals.size());
    w.key("scored").value(round.rules->variant.scored).key("players").begin_array();
    for (const Standing& s : all) {
        w.begin_object().key("player").value(s.player).key("place");
        if (s.place) w.value(*s.place);
        else w.null();
        w.key("valid").value(s.invalid.empty());
        if (!s.invalid.empty()) w.key("error").value(s.invalid);
        w.key("finished").value(s.finished).key("won").value(s.won).key("score").value(s.score);
        w.key("moves").value(s.moves).key("ms").value(s.ms);
        w.key("aids").begin_object().key("hint").value(s.hints).key("undo").value(s.undos).key("redo").value(s.redos);
        w.end_object().key("games").begin_array();
        for (const DealResult& d : s.deals) {
            w.begin_object().key("games").value(d.games).key("result");
            w.value(d.won ? "won" : d.finished ? "lost" : d.games > 0 ? "unfinished" : "not played");
            w.key("score").value(d.score).key("moves").value(d.moves).key("ms").value(d.ms).end_object();
        }
        w.end_array().end_object();
    }
    w.end_array().end_object();
    return w.str() + "\n";
}

std::string standings_csv(const RoundFolder& round, const std::vector<Standing>& all) {
    (void)round;
    std::string out = "place,player,valid,finished,won,score,moves,ms,hints,undos,redos,error\n";
    for (const Standing& s : all) {
        std::string error = s.invalid;
        std::replace(error.begin(), error.end(), '"', '\'');
        out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}\n", s.place ? std::to_string(*s.place) : "", s.player,
                           s.invalid.empty() ? "yes" : "no", s.finished, s.won, s.score, s.moves, s.ms, s.hints,
                           s.undos, s.redos, error.empty() ? "" : "\"" + error + "\"");
    }
    return out;
}

}  // namespace pyr::cmd
