#include "series.hpp"

#include <filesystem>
#include <map>
#include <unordered_map>
#include <utility>

#include <sys/stat.h>

#include <fmt/format.h>

#include "error.hpp"
#include "lib/rules/pysolfc.hpp"
#include "numbers.hpp"

namespace pyr {

namespace {
constexpr std::string_view SeriesHeader = "pyramide-series";
constexpr int SeriesVersion = 1;

bool blank(char c) { return c == ' ' || c == '\t'; }

// What follows the keyword on a `game` or `deals` line, as written: a name
// may hold '#' and inner blanks, so these lines take no comment.
std::string rest_of_line(const std::string& raw, std::size_t keyword_end) {
    std::size_t from = keyword_end;
    while (from < raw.size() && blank(raw[from])) ++from;
    std::size_t to = raw.size();
    while (to > from && blank(raw[to - 1])) --to;
    return raw.substr(from, to - from);
}

// A path named in a file is not a pipe the user chose to read: a FIFO or a
// device would be waited on, or read without end.
void require_regular_file(const std::string& path, const std::string& file, int line, int col,
                          const std::string& what) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw InputError(file, line, col, fmt::format("{} is not a regular file", what));
}

}  // namespace

Series read_series(LineReader& lines) {
    Series s;
    lines.set_hold_back_torn_line(true);
    read_format_header(lines, SeriesHeader, SeriesVersion, "series", "series of games");
    std::string raw;
    bool games_seen = false, deals_seen = false, pysolfc_seen = false;
    std::unordered_map<std::string, int> listed;  // each log's name, made plain (./a.log is a.log), and its line
    while (lines.next(raw)) {
        const std::string line = strip_comment(raw);
        const std::vector<Token> toks = tokenize(line);
        if (toks.empty()) continue;
        const std::string word = ascii_lower(toks[0].text);
        const int col = toks[0].col;
        // Where the keyword ends in the raw line (it starts the line, after blanks).
        const std::size_t end = raw.find_first_not_of(" \t") + toks[0].text.size();
        if (word == "game") {
            SeriesEntry e{rest_of_line(raw, end), lines.line_number(), col};
            if (e.name.empty()) lines.fail(col, "'game' needs the name of a move log");
            const auto [other, added] =
                listed.emplace(std::filesystem::path(e.name).lexically_normal().string(), e.line);
            if (!added) lines.fail(col, fmt::format("'{}' is listed twice (line {} too)", excerpt(e.name), other->second));
            if (s.games > 0 && static_cast<int>(s.logs.size()) == s.games)
                lines.fail(col, fmt::format("more games than the series has ('games {}')", s.games));
            if (static_cast<int>(s.logs.size()) == MaxSeriesLogs)
                lines.fail(col, fmt::format("more than {} games: a series holds at most {}", MaxSeriesLogs, MaxSeriesLogs));
            s.logs.push_back(std::move(e));
        } else if (word == "games" || word == "deals" || word == "pysolfc") {
            if (!s.logs.empty()) lines.fail(col, fmt::format("'{}' must come before the first 'game'", word));
            bool& seen = word == "games" ? games_seen : word == "deals" ? deals_seen : pysolfc_seen;
            if (seen) lines.fail(col, fmt::format("'{}' is given twice", word));
            seen = true;
            if (word == "deals") {
                s.deals = rest_of_line(raw, end);
                s.deals_line = lines.line_number();
                s.deals_col = col;
                if (s.deals.empty()) lines.fail(col, "'deals' needs the name of a deal file");
            } else if (word == "pysolfc") {
                if (toks.size() != 2) lines.fail(col, "expected 'pysolfc N'");
                const std::optional<PysolfcNumber> n = PysolfcNumber::parse(toks[1].text);
                if (!n) lines.fail(toks[1].col, fmt::format("'{}' is not a PySolFC game number, 1 to {}",
                                                            excerpt(toks[1].text), PysolfcNumber::Max));
                s.pysolfc = n->decimal();
                s.pysolfc_line = lines.line_number();
                s.pysolfc_col = col;
            } else {
                if (toks.size() != 2) lines.fail(col, "expected 'games N'");
                const auto n = parse_decimal(toks[1].text, 1, MaxSeriesGames);
                if (!n) lines.fail(toks[1].col, not_a_number(toks[1].text, "games", 1, MaxSeriesGames));
                s.games = static_cast<int>(*n);
            }
        } else {
            lines.fail(col, fmt::format("expected 'game', 'games', 'deals' or 'pysolfc', got '{}'",
                                        excerpt(toks[0].text)));
        }
    }
    if (!s.deals.empty() && !s.pysolfc.empty())
        throw InputError(lines.name(), s.pysolfc_line, s.pysolfc_col,
                         "a series takes its deals from 'deals' or 'pysolfc', not both");
    s.torn_line = lines.torn_line();
    s.torn_text = lines.torn_text();
    return s;
}

std::vector<InputError> series_warnings(const Series& series, const std::string& file) {
    return torn_line_warnings(file, series.torn_line, series.torn_text);
}

std::string series_log_path(const std::string& series_file, const std::string& entry) {
    const std::filesystem::path name(entry);
    if (name.is_absolute()) return entry;
    const std::filesystem::path folder = std::filesystem::path(series_file).parent_path();
    return folder.empty() ? entry : (folder / name).string();
}

std::string series_deals_file(const std::string& series_file, const Series& series) {
    if (series.deals.empty()) return "";
    const std::string path = series_log_path(series_file, series.deals);
    require_regular_file(path, series_file, series.deals_line, series.deals_col,
                         fmt::format("the deal file ({})", printable(series.deals)));
    return path;
}

void for_each_series_game(const std::string& series_file, const Series& series, RulesCache& cache,
                          const std::string& variant, const SeriesGameFn& fn, const SeriesLogReader& read_last) {
    std::string first_variant;
    std::map<std::pair<dev_t, ino_t>, std::size_t> files;  // each game's file, and its game
    for (std::size_t i = 0; i < series.logs.size(); ++i) {
        const SeriesEntry& e = series.logs[i];
        const std::string path = series_log_path(series_file, e.name);
        require_regular_file(path, series_file, e.line, e.col, fmt::format("game {} ({})", i + 1, printable(e.name)));
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0) {
            const auto [earlier, added] = files.emplace(std::pair(st.st_dev, st.st_ino), i);
            if (!added)
                throw InputError(series_file, e.line, e.col,
                                 fmt::format("game {} ({}) is the same file as game {} ({})", i + 1, printable(e.name),
                                             earlier->second + 1, printable(series.logs[earlier->second].name)));
        }
        const bool last = i + 1 == series.logs.size();
        const MoveLog log = last && read_last ? read_last(path) : [&] {
            Input in(path);
            return read_log(in.lines(), cache, variant);
        }();
        const std::string& name = log.deal.rules->variant.name;
        if (i == 0) first_variant = name;
        else if (name != first_variant)
            throw InputError(series_file, e.line, e.col,
                             fmt::format("game {} is of variant '{}', the series of '{}'", i + 1, printable(name),
                                         printable(first_variant)));
        Game game(*log.deal.rules, log.deal.deal);
        replay(log, game);
        if (i + 1 < series.logs.size() && game.status() == Status::InProgress)
            throw InputError(series_file, e.line, e.col,
                             fmt::format("game {} ({}) is unfinished: only the last game of a series can be", i + 1,
                                         printable(e.name)));
        fn(e, log, game);
    }
}

std::string format_series_header(int games, const std::string& deals, const std::string& pysolfc) {
    std::string out = fmt::format("{} {}\n", SeriesHeader, SeriesVersion);
    out += "# The games of one series, in order: pyramide play --resume FILE continues\n"
           "# it, pyramide stats FILE measures it (formats/series.md).\n";
    if (games > 0) out += fmt::format("games {}\n", games);
    if (!deals.empty()) {
        const std::string line = format_series_entry(deals);
        if (line.empty()) return "";
        out += "deals" + line.substr(4);
    }
    if (!pysolfc.empty()) out += "pysolfc " + pysolfc + "\n";
    return out;
}

std::string format_series_entry(const std::string& name) {
    if (name.empty() || blank(name.front()) || blank(name.back()) ||
        name.find_first_of("\r\n") != std::string::npos)
        return "";
    return "game " + name + "\n";
}

std::string series_path_for(const std::string& first_log) {
    std::filesystem::path p(first_log);
    if (p.extension() == ".log") p.replace_extension(".series");
    else p += ".series";
    return p.string();
}

}  // namespace pyr
