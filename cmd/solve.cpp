// pyramide solve: a winning line for a deal, or from where a move log stands,
// or the proof that none exists; for several deals, one verdict a deal.
// Exit 0 solved, 1 no solution, 2 bad input, 3 gave up at --node-limit;
// several deals: 0 every deal decided, 3 a search gave up, 2 bad input.
#include <exception>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "deal_stream.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "formats/variant_toml.hpp"
#include "lib/parallel.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"

namespace pyr::cmd {

namespace {
struct SolveCmdOptions {
    std::string variant;
    std::vector<std::string> files;
    std::uint64_t seed = 0;
    std::string output = "-";
    bool shortest = false;
    bool any = false;  // scored variants: the first win, not the best score
    bool json = false;
    std::uint64_t node_limit = 0;
    unsigned jobs = 0;  // several deals: 0, one a hardware thread
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

Start start_of(const StreamDeal& d) {
    Start s;
    s.rules = d.rules;
    s.deal = d.deal;
    return s;
}

// A move log: the solve starts where its moves reach.
Start read_log_start(Input& in, RulesCache& cache, const std::string& variant) {
    Start s;
    const MoveLog log = read_log(in.lines(), cache, variant);
    for (const InputError& w : log_warnings(log, in.name())) warn(w);
    s.rules = log.deal.rules;
    s.deal = log.deal.deal;
    s.log_file = in.name();
    Game game(*s.rules, s.deal);
    replay(log, game, [&s](const Game&, const Move& m) { s.played.push_back(m); });
    return s;
}

Start read_start(const SolveCmdOptions& o, bool seeded, RulesCache& cache) {
    Start s;
    if (seeded) {
        s.rules = &cache.get(o.variant.empty() ? "traditional" : o.variant);
        s.deal = deal_from_seed(s.rules->variant, o.seed);
        return s;
    }
    s.rules = &cache.get(o.variant.empty() ? PysolfcDefaultVariant : o.variant);
    s.deal = pysolfc_deal(*s.rules, *o.pysolfc);
    s.pysolfc = o.pysolfc;
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

// `from`: several deals, the file and line a deal was read at (null: one deal).
void print_json(const Start& s, const SolveResult& r, const char* outcome, const std::vector<std::string>& moves,
                bool finished, const Game& end, const StreamDeal* from = nullptr) {
    JsonWriter w;
    w.begin_object().key("variant").value(s.rules->variant.name);
    if (from) w.key("file").value(from->file).key("line").value(from->line);
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

SolveOptions solve_options(const SolveCmdOptions& o) {
    SolveOptions so;
    so.shortest = o.shortest;
    so.best_score = !o.any && !o.shortest;  // the solver asks only scored variants for it
    so.node_limit = o.node_limit;
    return so;
}

SolveResult search(const SolveCmdOptions& o, const Game& from) { return Solver(solve_options(o)).solve(from); }

const char* outcome_text(SolveOutcome outcome) {
    return outcome == SolveOutcome::Won ? "won" : outcome == SolveOutcome::NoSolution ? "no solution" : "gave up";
}

int exit_status(SolveOutcome outcome) {
    return outcome == SolveOutcome::Won ? ExitOk : outcome == SolveOutcome::NoSolution ? ExitNegative : ExitUndecided;
}

int solve_start(const SolveCmdOptions& o, const Start& s) {
    Game game(*s.rules, s.deal);
    std::string log = format_log_header(*s.rules, s.deal) + play_and_format(game, s.played, nullptr);
    const Game from = game;
    const bool over = from.status() != Status::InProgress;
    const SolveResult r = search(o, from);
    std::vector<std::string> moves;
    const std::string line = play_and_format(game, r.line, &moves);
    const char* outcome = outcome_text(r.outcome);
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

// Several deals: a table, its columns of fixed width first and the deal's name last.
constexpr const char* TableFormat = "{:<11}  {:>5}  {:>5}  {:<11}  {}\n";

// "deals.txt:3 (seed 7)": which deal a row is about.
std::string deal_name(const StreamDeal& d) {
    const std::string at = fmt::format("{}:{}", printable(d.file), d.line);
    return d.deal.has_seed ? fmt::format("{} (seed {})", at, d.deal.seed) : at;
}

// One deal's verdict: a table row, or a JSON line as `solve --json` writes for one deal.
void print_verdict(const SolveCmdOptions& o, const StreamDeal& d, const SolveResult& r) {
    Game end(*d.rules, d.deal);
    std::vector<std::string> moves;
    play_and_format(end, r.line, &moves);
    const bool scored = d.rules->variant.scored && (r.outcome == SolveOutcome::Won || r.best_score);
    if (o.json) return print_json(start_of(d), r, outcome_text(r.outcome), moves, false, end, &d);
    // A narrow window: the deal's name goes to the next line, whole.
    print_wrapped(fmt::format(TableFormat, outcome_text(r.outcome), moves.empty() ? "-" : fmt::to_string(moves.size()),
                              scored ? fmt::to_string(end.score()) : "-", printable(d.rules->variant.name),
                              deal_name(d)),
                  "    ");
}

// Up to `want` deals more from the stream into `batch`; a deal that cannot be read
// stops the reading, its error kept in `error` until the deals before it are out.
void read_batch(DealStream& deals, std::vector<StreamDeal>& batch, std::size_t want, std::exception_ptr& error) {
    try {
        while (batch.size() < want) {
            std::optional<StreamDeal> d = deals.next();
            if (!d) return;
            batch.push_back(std::move(*d));
        }
    } catch (const InputError&) {
        error = std::current_exception();
    }
}

// Several deals: each solved on one of the threads, the verdicts printed in input order
// a batch at a time (a thread each, then more as the batches double).
int solve_many(const SolveCmdOptions& o, DealStream& deals, std::vector<StreamDeal> batch) {
    if (o.output != "-") throw UsageError("-o writes one deal's line: not with several deals");
    const unsigned jobs = job_count(o.jobs);
    std::vector<std::unique_ptr<Solver>> solvers;
    if (!o.json) print_wrapped(fmt::format(TableFormat, "result", "moves", "score", "variant", "deal"), "    ");
    std::size_t want = jobs;
    bool gave_up = false;
    std::exception_ptr error;
    for (;;) {
        read_batch(deals, batch, want, error);
        std::vector<SolveResult> results(batch.size());
        while (solvers.size() < std::min<std::size_t>(jobs, batch.size()))
            solvers.push_back(std::make_unique<Solver>(solve_options(o)));
        parallel_for(batch.size(), jobs,
                     [&](unsigned w, std::size_t i) { results[i] = solvers[w]->solve(*batch[i].rules, batch[i].deal); });
        for (std::size_t i = 0; i < batch.size(); ++i) {
            print_verdict(o, batch[i], results[i]);
            gave_up = gave_up || results[i].outcome == SolveOutcome::GaveUp;
        }
        std::fflush(stdout);  // each batch as soon as it is known
        if (error || batch.size() < want) break;
        batch.clear();
        want = std::min<std::size_t>(want * 2, std::size_t{8} * jobs);
    }
    if (error) {
        try {
            std::rethrow_exception(error);
        } catch (const InputError& e) {
            report(e);
            return ExitError;
        }
    }
    return gave_up ? ExitUndecided : ExitOk;
}

// Deal files, stdin or a move log: one deal (or a log) is solved as always; several, one verdict each.
int solve_inputs(const SolveCmdOptions& o) {
    RulesCache cache;
    DealStream deals(o.files, cache, o.variant, o.files.size() > 1 ? "deals" : "a deal or a move log");
    deals.on_log("solve takes a move log as its only input");
    if (deals.inputs() == 1) {
        // A series file goes to the log reader too, which says what to give instead.
        if (const InputKind kind = deals.peek_kind(); kind == InputKind::Log || kind == InputKind::Series)
            return solve_start(o, read_log_start(deals.input(), cache, o.variant));
    }
    std::vector<StreamDeal> first;
    first.push_back(*deals.next());  // an input with no deal throws
    if (deals.inputs() == 1) {
        std::optional<StreamDeal> second = deals.next();
        if (!second) return solve_start(o, start_of(first.front()));
        first.push_back(std::move(*second));
    }
    return solve_many(o, deals, std::move(first));
}

int run_solve(const SolveCmdOptions& o, bool seeded) {
    if (!seeded && !o.pysolfc) return solve_inputs(o);
    RulesCache cache;
    return solve_start(o, read_start(o, seeded, cache));
}
}  // namespace

Subcommand setup_solve(CLI::App& parent) {
    auto o = std::make_shared<SolveCmdOptions>();
    CLI::App* app = parent.add_subcommand(
        "solve", "Find a winning line for a deal, or from where a move log stands (the stock order\n"
                 "known), or prove there is none. Scored variants: the line to the best score.\n"
                 "Exit status: 0 solved, 1 no solution, 2 bad input, 3 gave up at --node-limit.");
    app->add_option("files", o->files, "Deal files, or one move log (- or nothing: stdin);\nseveral deals: one verdict each");
    app->add_option("-v,--variant", o->variant, "Preset name or FILE.toml (default: traditional; --pysolfc: par)");
    CLI::Option* seed = add_number_option(*app, "-s,--seed", o->seed, "Solve this seed's deal");
    CLI::Option* pysolfc = add_pysolfc_option(*app, o->pysolfc, "Solve PySolFC's game number N (1 to 10^20)");
    app->add_option("-o,--output", o->output, "Write the whole winning log to FILE (default: stdout)");
    app->add_flag("--shortest", o->shortest, "A solution with the fewest moves (slower; not the best score)");
    app->add_flag("--any", o->any, "Scored variants: the first win found, not the best score (faster)");
    app->add_flag("--json", o->json, "Print the result as JSON");
    add_number_option(*app, "--node-limit", o->node_limit, "Give up after this many positions (0: never)");
    add_jobs_option(*app, o->jobs);
    app->footer("Examples:\n  pyramide solve --seed 7 -o win.log && pyramide replay --final win.log\n"
                "  pyramide solve game.log -o finished.log   (from where a game stands)\n"
                "  pyramide solve --pysolfc 617   (PySolFC's Pyramid #617)\n"
                "  pyramide deal --count 5 --format line | pyramide solve --json -");
    return {app, [o, seed, pysolfc] {
                if (seed->count() > 0 && !o->files.empty())
                    throw UsageError("give a seed or a deal file, not both");
                check_one_deal_source(pysolfc->count() > 0, seed->count() > 0, !o->files.empty());
                return run_solve(*o, seed->count() > 0);
            }};
}

}  // namespace pyr::cmd
