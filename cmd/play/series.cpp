// play's series (series.hpp): the series file kept beside the first log, and
// the totals of the games over.
#include "series.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "cmd/common.hpp"
#include "formats/error.hpp"
#include "formats/series.hpp"
#include "formats/text.hpp"

namespace pyr::cmd::play {

bool is_series_file(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    Input in(path);
    return sniff_kind(in.lines()) == InputKind::Series;
}

std::string Series::log_path(int k) const {
    if (k <= 1) return first_log_;
    const std::filesystem::path p(first_log_);
    return (p.parent_path() / fmt::format("{}-{}{}", p.stem().string(), k, p.extension().string())).string();
}

std::string Series::add(int k, const std::string& log_path, const std::string& deal_file, const std::string& pysolfc) {
    if (k == 1) first_log_ = log_path;
    const std::string name = std::filesystem::path(log_path).filename().string();
    if (file_.active()) {
        if (const std::string entry = format_series_entry(name); !entry.empty()) lines_.push_back(file_.append(entry));
        return "";
    }
    if (!(k == 1 && games_ > 1) && !(k == 2 && games_ == 0)) return "";
    const std::string deals = deal_file.empty() ? "" : std::filesystem::absolute(deal_file).string();
    std::string text = format_series_header(games_, deals, pysolfc);
    std::vector<std::string> entries;
    if (k == 2) entries.push_back(format_series_entry(std::filesystem::path(first_log_).filename().string()));
    entries.push_back(format_series_entry(name));
    const std::string path = series_path_for(first_log_);
    if (text.empty() || std::ranges::count(entries, "") > 0)
        return "no series file is kept: a file name holds a line break or blanks at its ends";
    int line = static_cast<int>(std::ranges::count(text, '\n'));
    for (const std::string& e : entries) {
        text += e;
        lines_.push_back(++line);
    }
    try {
        file_.create(path, text, "");
    } catch (const InputError& e) {
        lines_.clear();
        return "no series file is kept: " + printable(e.format());
    }
    return "";
}

void Series::drop_last() {
    if (!file_.active() || lines_.empty()) return;
    file_.drop_lines({lines_.back()});
    lines_.pop_back();
}

void Series::finish(const Game& game) {
    scores_.push_back(game.score());
    won_.push_back(game.status() == Status::Won);
}

void Series::unfinish() {
    scores_.pop_back();
    won_.pop_back();
}

int Series::total(const Variant& v) const {
    std::size_t from = 0;
    if (games_ == 0 && v.series > 0 && !scores_.empty())
        from = scores_.size() - ((scores_.size() - 1) % static_cast<std::size_t>(v.series) + 1);
    int total = 0;
    for (std::size_t i = from; i < scores_.size(); ++i) total += scores_[i];
    return total;
}

std::string Series::running_total(const Variant& v) const {
    const int games = static_cast<int>(scores_.size()), sum = total(v);
    if (v.series == 0) return fmt::format("total score after {} game{}: {}", games, games == 1 ? "" : "s", sum);
    const int in_series = (games - 1) % v.series + 1;
    std::string text = fmt::format("total score after {} of {}: {}", in_series, games_text(v.series), sum);
    if (in_series == v.series) text += fmt::format(", {}", sum >= 0 ? "par: played well" : "below par");
    return text;
}

Series::End Series::end(const Variant& v) const {
    const int sum = total(v);
    if (!v.scored)
        return {fmt::format("series of {}: {} won", games_text(games_), std::ranges::count(won_, true)), won_.back()};
    if (v.series != games_) return {fmt::format("series of {}: total score {}", games_text(games_), sum), won_.back()};
    // Par Pyramide: a series of six scoring 0 or more is "par".
    const bool par = sum >= 0;
    return {fmt::format("series of {}: total score {}, {}", games_text(games_), sum, par ? "par: played well" : "below par"),
            par};
}

Series::Resumed Series::resume(const std::string& series_path, RulesCache& cache, const std::string& variant) {
    file_.open_existing(series_path, "this series is ");
    Input in(series_path);
    const pyr::Series s = read_series(in.lines());
    if (s.torn_line) {
        for (const InputError& e : series_warnings(s, in.name())) warn(e);
        file_.drop_lines({});
    }
    if (s.logs.empty()) throw InputError(in.name(), 0, 0, "the series lists no game: nothing to resume");
    games_ = s.games;
    first_log_ = series_log_path(series_path, s.logs.front().name);
    // The last game's log is locked before it is read, and read once.
    Table::Locked locked;
    const auto read_last = [&](const std::string& path) {
        locked = Table::lock_and_read(path, cache, variant);
        return locked.log;
    };
    for_each_series_game(
        in.name(), s, cache, variant,
        [&](const SeriesEntry& e, const MoveLog&, const Game& game) {
            if (&e == &s.logs.back()) return;  // opened below, to go on with
            finish(game);
            lines_.push_back(e.line);
        },
        read_last);
    lines_.push_back(s.logs.back().line);
    Resumed r{Table::open(std::move(locked), series_log_path(series_path, s.logs.back().name), true),
              static_cast<int>(s.logs.size()), series_deals_file(in.name(), s), s.pysolfc};
    const Game& last = r.last->game();
    if (last.status() != Status::InProgress) {
        finish(last);
        if (games_ > 0 && r.k == games_)
            throw InputError(in.name(), 0, 0,
                             fmt::format("the series is over ({} of {}{}): nothing to resume", r.k, games_text(games_),
                                         last.variant().scored ? fmt::format(", total score {}", total(last.variant()))
                                                               : ""));
    }
    return r;
}

}  // namespace pyr::cmd::play
