// Where play's files go (paths.hpp): XDG base directories, `~`, shell words.
#include "paths.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "formats/error.hpp"
#include "formats/leftovers.hpp"
#include "formats/movelog.hpp"
#include "formats/series.hpp"
#include "formats/text.hpp"

namespace pyr::cmd::play {

namespace {

std::string data_dir() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    if (xdg && *xdg == '/') return std::string(xdg) + "/pyramide/games";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.local/share/pyramide/games";
}

// `mkdir -p`, naming the folder that could not be made and why (a read-only
// file system, a permission): only for the default log folder.
void make_folders(const std::string& dir) {
    std::error_code ec;
    if (dir.empty() || std::filesystem::is_directory(dir, ec)) return;
    const std::string parent = folder_of(dir);
    if (parent != dir) make_folders(parent);
    if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        throw InputError(dir, 0, 0, fmt::format("cannot create folder: {}", std::strerror(errno)));
}

// A path as one shell word.
std::string shell_word(const std::string& s) {
    bool plain = !s.empty();
    for (char c : s)
        plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_./-+=:,@%~", c) != nullptr);
    if (plain && s[0] != '~') return s;
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// A log read and replayed: its game at the end.
struct ReadGame {
    MoveLog log;
    Game game;
};
ReadGame read_game(const std::string& path, RulesCache& cache) {
    Input in(path);
    MoveLog log = read_log(in.lines(), cache, "");
    Game game(*log.deal.rules, log.deal.deal);
    replay(log, game);
    return {std::move(log), std::move(game)};
}

std::string game_text(const Deal& d, std::size_t moves) {
    return fmt::format("{}{}, {} move{}", d.variant, d.has_seed ? fmt::format(", seed {}", d.seed) : "", moves,
                       moves == 1 ? "" : "s");
}

std::time_t changed_at(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? st.st_mtime : 0;
}

// A series file's entry when it is unfinished; its logs go into `listed` either way.
void add_series(const std::string& path, RulesCache& cache, std::vector<UnfinishedGame>& out,
                std::set<std::string>& listed) {
    Input in(path);
    const Series s = read_series(in.lines());
    std::size_t k = 0;
    std::optional<ReadGame> last;
    for (const SeriesEntry& e : s.logs) {
        const std::string log = series_log_path(path, e.name);
        listed.insert(std::filesystem::weakly_canonical(log).string());
        if (++k == s.logs.size()) last = read_game(log, cache);
    }
    if (!last) return;
    const bool over = last->game.status() != Status::InProgress;
    if (over && (s.games == 0 || static_cast<int>(k) == s.games)) return;
    const std::string of = s.games > 0 ? fmt::format(" of {}", s.games) : "";
    out.push_back({path,
                   fmt::format("{} series, game {}{}{}", last->log.deal.deal.variant, k, of,
                               over ? ", over: the next one not dealt"
                                    : fmt::format(", {} move{}", last->log.moves.size(),
                                                  last->log.moves.size() == 1 ? "" : "s")),
                   changed_at(path)});
}

}  // namespace

std::string default_log_folder() { return data_dir(); }

std::vector<UnfinishedGame> unfinished_games() {
    std::vector<UnfinishedGame> out;
    std::set<std::string> listed;  // the logs of series files, listed with their series
    std::vector<std::string> logs;
    RulesCache cache;
    std::error_code ec;
    std::filesystem::directory_iterator it(data_dir(), ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const std::string path = it->path().string(), ext = it->path().extension().string();
        if (is_temporary_name(it->path().filename().string()) || !it->is_regular_file(ec)) continue;
        try {
            if (ext == ".series") add_series(path, cache, out, listed);
            else if (ext == ".log") logs.push_back(path);
        } catch (const InputError&) {
            // not a series play can resume: its logs may still be
        }
    }
    for (const std::string& path : logs) {
        if (listed.count(std::filesystem::weakly_canonical(path).string()) > 0) continue;
        try {
            const ReadGame g = read_game(path, cache);
            if (g.game.status() == Status::InProgress)
                out.push_back({path, game_text(g.log.deal.deal, g.log.moves.size()), changed_at(path)});
        } catch (const InputError&) {
            // not a log play can resume
        }
    }
    std::ranges::stable_sort(out, [](const UnfinishedGame& a, const UnfinishedGame& b) {
        return a.changed != b.changed ? a.changed > b.changed : a.path > b.path;
    });
    return out;
}

std::string unfinished_list_text() {
    const std::vector<UnfinishedGame> games = unfinished_games();
    if (games.empty()) return fmt::format("no unfinished game in {}\n", printable(data_dir()));
    std::string text = fmt::format("unfinished games in {}, the most recent first:\n", printable(data_dir()));
    const std::time_t now = std::time(nullptr);
    for (const UnfinishedGame& g : games)
        text += fmt::format("  {}, {}: {}\n", g.what, age_text(g.changed, now),
                            printable(std::filesystem::path(g.path).filename().string()));
    return text;
}

std::string last_unfinished() {
    const std::vector<UnfinishedGame> games = unfinished_games();
    if (games.empty()) throw InputError(data_dir(), 0, 0, "no unfinished game to resume here");
    return games.front().path;
}

std::string age_text(std::time_t then, std::time_t now) {
    const long s = std::max<long>(0, static_cast<long>(now - then));
    const auto unit = [](long n, const char* name) { return fmt::format("{} {}{} ago", n, name, n == 1 ? "" : "s"); };
    if (s < 60) return "just now";
    if (s < 3600) return unit(s / 60, "minute");
    if (s < 86400) return unit(s / 3600, "hour");
    return unit(s / 86400, "day");
}

std::string default_log_path(const Variant& v, const Deal& d, const PysolfcNumber* pysolfc) {
    make_folders(data_dir());
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&now, &tm);
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    const std::string base = fmt::format("{}/{}-{}{}", data_dir(), stamp, v.name,
                                         d.has_seed ? fmt::format("-seed{}", d.seed)
                                         : pysolfc  ? "-pysolfc" + pysolfc->decimal()
                                                    : std::string());
    std::string path = base + ".log";
    for (int k = 2; std::filesystem::exists(path); ++k) path = fmt::format("{}-{}.log", base, k);
    return path;
}

std::string tidy_log_folder(const std::string& log) {
    if (log == "-") return "";
    const std::string folder = log.empty() ? data_dir() : folder_of(log);
    return leftovers_note(folder, remove_dead_temporaries(folder));
}

std::string default_history_path() {
    const char* state = std::getenv("XDG_STATE_HOME");
    if (state && *state == '/') return std::string(state) + "/pyramide/history";
    const char* home = std::getenv("HOME");
    if (!home || !*home) return "";
    return std::string(home) + "/.local/state/pyramide/history";
}

std::string expand_tilde(const std::string& path) {
    if (!path.starts_with('~')) return path;
    const std::size_t slash = path.find('/');
    const std::string user = path.substr(1, slash == std::string::npos ? std::string::npos : slash - 1);
    std::string home;
    if (!user.empty()) {
        if (const passwd* pw = ::getpwnam(user.c_str())) home = pw->pw_dir;
        if (home.empty()) throw InputError(path, 0, 0, fmt::format("no such user '{}'", user));
    } else if (const char* env = std::getenv("HOME"); env && *env) {
        home = env;
    } else if (const passwd* pw = ::getpwuid(::getuid())) {
        home = pw->pw_dir;
    }
    if (home.empty()) throw InputError(path, 0, 0, "no home folder: HOME is not set");
    return home + (slash == std::string::npos ? "" : path.substr(slash));
}

std::string resume_hint(const std::string& log_path) {
    return "pyramide play --resume " + printable(shell_word(log_path));
}

}  // namespace pyr::cmd::play
