// replay --analyse: one line (or one JSON object) per move of a played game,
// with the solver's verdict and the expert's counts before and after it.
#include "replay_analysis.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "common.hpp"
#include "formats/json.hpp"
#include "formats/wrap.hpp"
#include "lib/players/analysis.hpp"

namespace pyr::cmd {

namespace {
// One analysed move, with its texts (format_move needs the position before it).
struct AnalysedMove {
    int number = 0;
    const LoggedMove* logged = nullptr;
    std::string played, expert_move;
    MoveAnalysis a;
};

std::string verdict_cell(const MoveAnalysis& a) {
    if (a.before == a.after) return verdict_word(a.before);
    return fmt::format("{} -> {}", verdict_word(a.before), verdict_word(a.after));
}

// A position's value: one number (or "exact") a position, the same in the row
// that ends at it and the row that starts from it.
std::string value_text(const ExpertValue& v) { return v.exact ? "exact" : std::to_string(v.wins); }

std::string expert_cell(const MoveAnalysis& a) {
    if (a.expert_before == a.expert_after) return value_text(a.expert_before);
    return fmt::format("{} -> {}", value_text(a.expert_before), value_text(a.expert_after));
}

std::string note(const AnalysedMove& m) {
    std::string text = m.a.throws_win() ? "LOSES THE WIN" : "";
    if (!m.a.expert_differs()) return text;
    if (!text.empty()) text += "; ";
    text += "expert: " + unbreakable(m.expert_move);
    return m.a.exact ? text : text + fmt::format(" {}", m.a.expert_move_wins);
}

// The widths of the columns: "move line  played  solver  expert  note".
struct Columns {
    std::size_t expert;
    explicit Columns(int samples) : expert(std::max<std::size_t>(2 * std::to_string(samples).size() + 4, 6)) {}
    std::string row(const std::string& n, const std::string& line, const std::string& played, const std::string& solver,
                    const std::string& expert, const std::string& note) const {
        std::string text = fmt::format("{:>4} {:>4}  {:<7} {:<16}  {:<{}}  {}", n, line, played, solver, expert,
                                       this->expert, note);
        while (!text.empty() && text.back() == ' ') text.pop_back();
        return text;
    }
};

// A row too wide for the window goes on under the "played" column.
constexpr std::string_view RowIndent = "           ";

void print_row(const Columns& c, const AnalysedMove& m) {
    print_wrapped(c.row(std::to_string(m.number), std::to_string(m.logged->line), unbreakable(m.played), verdict_cell(m.a),
                        expert_cell(m.a), note(m)) + "\n",
                  RowIndent);
    std::fflush(stdout);  // an analysis is slow: each line as it is found
}

void print_text_head(const MoveLog& log, const Game& start, const AnalysisOptions& o, const Columns& c) {
    std::string title = "variant " + printable(start.variant().name);
    if (log.deal.deal.has_seed) title += fmt::format(", seed {}", log.deal.deal.seed);
    print_wrapped(title + "\n");
    if (start.unseen_stock().size() <= 1)
        print_wrapped("solver and expert: no card is unseen, the expert plays the solver's line\n");
    else
        print_wrapped(fmt::format("solver: the stock known; expert: wins of {} stock orders it cannot see\n",
                                  o.expert_samples));
    if (start.variant().scored) print_wrapped("(a scored variant: judged on winning only, not the score)\n");
    print_wrapped(c.row("move", "line", "played", "solver", "expert", "") + "\n", RowIndent);
}

// "moves that lost the win: 12" and "moves where the expert chose otherwise: 5, 12", or "none".
void print_text_summary(const std::vector<AnalysedMove>& moves) {
    std::vector<std::string> lost, differ;
    for (const AnalysedMove& m : moves) {
        if (m.a.throws_win()) lost.push_back(std::to_string(m.number));
        if (m.a.expert_differs()) differ.push_back(std::to_string(m.number));
    }
    if (lost.empty()) lost.push_back("none");
    if (differ.empty()) differ.push_back("none");
    const std::size_t width = text_columns(stdout);
    fmt::print("\n{}\n", wrap_list("moves that lost the win: ", lost, ", ", width, "  "));
    fmt::print("{}\n", wrap_list("moves where the expert chose otherwise: ", differ, ", ", width, "  "));
}

void verdict_json(JsonWriter& w, Verdict v) {
    if (v == Verdict::Unknown) w.null();
    else w.value(v != Verdict::Lost);
}

void move_json(JsonWriter& w, const AnalysedMove& m) {
    w.begin_object().key("move").value(m.played).key("line").value(m.logged->line).key("col").value(m.logged->col);
    w.key("winnable_before");
    verdict_json(w, m.a.before);
    w.key("winnable_after");
    verdict_json(w, m.a.after);
    w.key("expert_exact").value(m.a.exact);
    w.key("expert_move").value(m.expert_move);
    // Counts of K orders; null where nothing is unseen (the expert is the solver).
    const auto count = [&](const char* key, bool exact, int wins) {
        w.key(key);
        if (exact) w.null();
        else w.value(wins);
    };
    count("expert_before", m.a.expert_before.exact, m.a.expert_before.wins);
    count("expert_after", m.a.expert_after.exact, m.a.expert_after.wins);
    count("expert_move_wins", m.a.exact, m.a.expert_move_wins);
    w.key("flags").begin_array();
    if (m.a.throws_win()) w.value("loses_win");
    if (m.a.expert_differs()) w.value("expert_differs");
    w.end_array().end_object();
}

void print_json(const MoveLog& log, const std::string& file, const std::vector<InputError>& warnings,
                const AnalysisOptions& o, const std::vector<AnalysedMove>& moves, const Game& end,
                const std::optional<InputError>& illegal) {
    JsonWriter w;
    w.begin_object().key("file").value(file).key("variant").value(end.variant().name);
    if (log.deal.deal.has_seed) w.key("seed").value(log.deal.deal.seed);
    w.key("expert_samples").value(o.expert_samples).key("expert_seed").value(o.expert_seed);
    w.key("moves").begin_array();
    for (const AnalysedMove& m : moves) move_json(w, m);
    w.end_array();
    write_result_json(w, end, warnings, illegal);
    w.end_object();
    fmt::print("{}\n", w.str());
}
}  // namespace

std::string result_text(const Game& game) {
    const Status st = game.status();
    std::string line = fmt::format("result: {}", status_word(st));
    if (st != Status::InProgress) line += " (" + game.end_reason() + ")";
    line += fmt::format(", {} card{} left", game.cards_left(), game.cards_left() == 1 ? "" : "s");
    if (game.variant().scored) line += fmt::format(", score {}", game.score());
    return line;
}

void write_result_json(JsonWriter& w, const Game& game, const std::vector<InputError>& warnings,
                       const std::optional<InputError>& illegal) {
    w.key("result").value(status_word(game.status())).key("reason").value(game.end_reason());
    w.key("cards_left").value(game.cards_left());
    if (game.variant().scored) w.key("score").value(game.score());
    write_warnings(w, warnings);
    if (illegal) {
        w.key("error").begin_object().key("line").value(illegal->line).key("col").value(illegal->col);
        w.key("message").value(illegal->message).end_object();
    }
}

int run_analysis(const MoveLog& log, const std::string& file, const std::vector<InputError>& warnings,
                 const AnalysisOptions& o) {
    Game game(*log.deal.rules, log.deal.deal);
    SolveOptions so;
    so.node_limit = o.node_limit;
    ExpertOptions eo;
    eo.samples = o.expert_samples;
    eo.seed = o.expert_seed;
    const Columns columns(o.expert_samples);
    if (!o.json) print_text_head(log, game, o, columns);
    GameAnalyser analyser(game, so, eo);
    std::vector<AnalysedMove> moves;
    std::optional<InputError> illegal;
    try {
        // replay() checks each move; the analyser, one move behind, weighs it from the position before.
        replay(log, game, [&](const Game&, const Move& m) {
            AnalysedMove am;
            am.number = static_cast<int>(moves.size()) + 1;
            am.logged = &log.moves[moves.size()];
            const Game before = analyser.game().position();
            am.played = format_move(before, m);
            am.a = analyser.next(m);
            am.expert_move = format_move(before, am.a.expert_move);
            moves.push_back(std::move(am));
            if (!o.json) print_row(columns, moves.back());
        });
    } catch (const InputError& e) {
        if (e.severity != Severity::Invalid) throw;
        illegal = e;
    }
    if (o.json) print_json(log, file, warnings, o, moves, game, illegal);
    else print_text_summary(moves);
    if (illegal) return report(*illegal);
    if (!o.json) print_wrapped(result_text(game) + "\n");
    return game.status() == Status::Won ? ExitOk : ExitNegative;
}

}  // namespace pyr::cmd
