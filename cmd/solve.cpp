// pyramide solve: a winning line for a deal, or from where a move log stands,
// or the proof that none exists.
// Exit 0 solved, 1 no solution, 2 bad input, 3 gave up at --node-limit.
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"

namespace pyr::cmd {

namespace {
struct SolveCmdOptions {
    std::string variant;
    std::string deal_file;
    std::uint64_t seed = 0;
    std::string output = "-";
    bool shortest = false;
    bool any = false;  // scored variants: the first win, not the best score
    bool json = false;
    std::uint64_t node_limit = 0;
    std::optional<PysolfcNumber> pysolfc;
};

// Where the solve starts: a deal, or the position a move log reaches.
struct Start {
    const Rules* rules = nullptr;
    Deal deal;
    std::string log_file;      // the log's name, for messages; "" for a deal
    std::vector<Move> played;  // the log's moves, legal in turn
    std::optional<PysolfcNumber> pysolfc;  // PySolFC's game number the deal is
};

Start read_start(const SolveCmdOptions& o, bool seeded, RulesCache& cache) {
    Start s;
    if (seeded) {
        s.rules = &cache.get(o.variant.empty() ? "traditional" : o.variant);
        s.deal = deal_from_seed(s.rules->variant, o.seed);
        return s;
    }
    if (o.pysolfc) {
        s.rules = &cache.get(o.variant.empty() ? PysolfcDefaultVariant : o.variant);
        s.deal = pysolfc_deal(*s.rules, *o.pysolfc);
        s.pysolfc = o.pysolfc;
        return s;
    }
    const std::string path = o.deal_file.empty() ? "-" : o.deal_file;
    note_terminal_stdin(path, "a deal or a move log");
    Input in(path);
    // A series file goes to the log reader too, which says what to give instead.
    if (const InputKind kind = sniff_kind(in.lines()); kind == InputKind::Log || kind == InputKind::Series) {
        const MoveLog log = read_log(in.lines(), cache, o.variant);
        for (const InputError& w : log_warnings(log, in.name())) warn(w);
        s.rules = log.deal.rules;
        s.deal = log.deal.deal;
        s.log_file = in.name();
        Game game(*s.rules, s.deal);
        replay(log, game, [&s](const Game&, const Move& m) { s.played.push_back(m); });
        return s;
    }
    DealReader reader(in.lines(), cache, o.variant);
    std::optional<ReadDeal> first = reader.next();
    if (!first) throw InputError(in.name(), 0, 0, "no deal in the input");
    if (reader.next())
        throw InputError(in.name(), 0, 0, "the input holds several deals; solve takes one (stats takes many)");
    s.rules = first->rules;
    s.deal = std::move(first->deal);
    return s;
}

// Moves in their canonical spelling, one a line, played on `game` as they go.
std::string play_and_format(Game& game, const std::vector<Move>& line, std::vector<std::string>* texts) {
    std::string out;
    for (const Move& m : line) {
        const std::string text = format_move(game, m);
        out += text + "\n";
        if (texts) texts->push_back(text);
        game.apply(m);
    }
    return out;
}

void print_json(const Start& s, const SolveResult& r, const char* outcome, const std::vector<std::string>& moves,
                bool finished, const Game& end) {
    JsonWriter w;
    w.begin_object().key("variant").value(s.rules->variant.name);
    if (s.deal.has_seed) w.key("seed").value(s.deal.seed);
    // A string: PySolFC's numbers go past 2^64, and past what doubles keep exactly.
    if (s.pysolfc) w.key("pysolfc").value(s.pysolfc->decimal());
    // From a log: how many of its moves come before the line.
    if (!s.log_file.empty()) w.key("log_moves").value(static_cast<std::uint64_t>(s.played.size()));
    if (finished) w.key("finished").value(true);  // the log's game was over before any move of the solver's
    w.key("result").value(outcome).key("nodes").value(r.nodes);
    w.key("moves").begin_array();
    for (const std::string& m : moves) w.value(m);
    w.end_array();
    // The best score, proved, and whether the line that reaches it wins.
    if (r.best_score)
        w.key("best_score").value(static_cast<std::int64_t>(*r.best_score))
            .key("line_result").value(end.status() == Status::Won ? "won" : "lost");
    // The score the line reaches, where the variant scores.
    if (s.rules->variant.scored && (r.outcome == SolveOutcome::Won || r.best_score))
        w.key("score").value(static_cast<std::int64_t>(end.score()));
    w.end_object();
    fmt::print("{}\n", w.str());
}

// What is solved, for messages: "variant traditional, seed 7", after the log's name when from a log.
std::string solved_what(const Start& s) {
    const std::string deal =
        fmt::format("variant {}{}{}", printable(s.rules->variant.name),
                    s.deal.has_seed ? fmt::format(", seed {}", s.deal.seed) : "",
                    s.pysolfc ? fmt::format(", PySolFC game {}", s.pysolfc->decimal()) : "");
    return s.log_file.empty() ? deal : fmt::format("{} ({})", s.log_file, deal);
}

// Why there is no line to print: none exists, the node limit, or a log already at its end.
void say_no_line(const Start& s, const SolveResult& r, const Game& from) {
    const std::string where = solved_what(s);
    if (from.status() == Status::Lost)
        return message(fmt::format("{}: the game is already lost ({}): nothing to solve", where, from.end_reason()));
    message(r.outcome == SolveOutcome::NoSolution
                ? fmt::format("{}: no solution ({} position{} searched)", where, r.nodes, r.nodes == 1 ? "" : "s")
                : fmt::format("{}: gave up after {} position{} (--node-limit)", where, r.nodes, r.nodes == 1 ? "" : "s"));
}

// Where the line to the best score loses: said on stderr, with whether any win exists.
void say_best_score(const Start& s, const SolveResult& r, const Game& end) {
    const std::string where = solved_what(s);
    const int best = *r.best_score;
    if (end.status() == Status::Won) return;  // the log's comment says it
    const std::string by = fmt::format("best score {}, proved, by a lost game", best);
    switch (r.outcome) {
    case SolveOutcome::Won:
        return message(fmt::format("{}: {}; a win exists but scores less (--any finds one)", where, by));
    case SolveOutcome::NoSolution:
        return message(fmt::format("{}: no solution ({} position{} searched); {}", where, r.nodes,
                                   r.nodes == 1 ? "" : "s", by));
    case SolveOutcome::GaveUp:
        return message(fmt::format("{}: {}; gave up on whether a win exists (--node-limit)", where, by));
    }
}

SolveResult search(const SolveCmdOptions& o, const Game& from) {
    SolveOptions so;
    so.shortest = o.shortest;
    so.best_score = !o.any && !o.shortest;  // the solver asks only scored variants for it
    so.node_limit = o.node_limit;
    return Solver(so).solve(from);
}

int exit_status(SolveOutcome outcome) {
    return outcome == SolveOutcome::Won ? ExitOk : outcome == SolveOutcome::NoSolution ? ExitNegative : ExitUndecided;
}

int run_solve(const SolveCmdOptions& o, bool seeded) {
    RulesCache cache;
    const Start s = read_start(o, seeded, cache);
    Game game(*s.rules, s.deal);
    std::string log = format_log_header(*s.rules, s.deal) + play_and_format(game, s.played, nullptr);
    const Game from = game;
    const bool over = from.status() != Status::InProgress;
    const SolveResult r = search(o, from);
    std::vector<std::string> moves;
    const std::string line = play_and_format(game, r.line, &moves);
    const char* outcome = r.outcome == SolveOutcome::Won ? "won" : r.outcome == SolveOutcome::NoSolution
                                                                      ? "no solution"
                                                                      : "gave up";
    if (o.json) print_json(s, r, outcome, moves, over, game);
    // Where no line is printed: no win (unscored), the node limit, or a log already lost.
    if (r.outcome != SolveOutcome::Won && (!r.best_score || from.status() == Status::Lost)) {
        if (!o.json) say_no_line(s, r, from);
        return exit_status(r.outcome);
    }
    if (!o.json) {
        if (from.status() == Status::Won)
            message(fmt::format("{}: the game is already won ({}): nothing to solve", solved_what(s), from.end_reason()));
        else if (r.best_score)
            say_best_score(s, r, game);
    }
    // From a log, stdout gets the line that continues it; a file, the whole log.
    const std::string text = !s.log_file.empty() && o.output == "-" ? line : log + line;
    // The best score, in the log itself, where the result line gives the score of the line.
    const std::string best = r.best_score ? fmt::format("# best score {}, proved\n", *r.best_score) : "";
    if (!o.json || o.output != "-") write_file_atomic(o.output, text + best + format_result(game));
    return exit_status(r.outcome);
}
}  // namespace

Subcommand setup_solve(CLI::App& parent) {
    auto o = std::make_shared<SolveCmdOptions>();
    CLI::App* app = parent.add_subcommand(
        "solve", "Find a winning line for a deal, or from where a move log stands (the stock order\n"
                 "known), or prove there is none. Scored variants: the line to the best score.\n"
                 "Exit status: 0 solved, 1 no solution, 2 bad input, 3 gave up at --node-limit.");
    app->add_option("deal", o->deal_file, "Deal file with one deal, or a move log (- or nothing: stdin)");
    app->add_option("-v,--variant", o->variant, "Preset name or FILE.toml (default: traditional; --pysolfc: par)");
    CLI::Option* seed = add_number_option(*app, "-s,--seed", o->seed, "Solve this seed's deal");
    CLI::Option* pysolfc = add_pysolfc_option(*app, o->pysolfc, "Solve PySolFC's game number N (1 to 10^20)");
    app->add_option("-o,--output", o->output, "Write the whole winning log to FILE (default: stdout)");
    app->add_flag("--shortest", o->shortest, "A solution with the fewest moves (slower; not the best score)");
    app->add_flag("--any", o->any, "Scored variants: the first win found, not the best score (faster)");
    app->add_flag("--json", o->json, "Print the result as JSON");
    add_number_option(*app, "--node-limit", o->node_limit, "Give up after this many positions (0: never)");
    app->footer("Examples:\n  pyramide solve --seed 7 -o win.log && pyramide replay --final win.log\n"
                "  pyramide solve game.log -o finished.log   (from where a game stands)\n"
                "  pyramide solve --pysolfc 617   (PySolFC's Pyramid #617)");
    return {app, [o, seed, pysolfc] {
                if (seed->count() > 0 && !o->deal_file.empty())
                    throw UsageError("give a seed or a deal file, not both");
                check_one_deal_source(pysolfc->count() > 0, seed->count() > 0, !o->deal_file.empty());
                return run_solve(*o, seed->count() > 0);
            }};
}

}  // namespace pyr::cmd
