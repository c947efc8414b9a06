// pyramide replay: plays a move log over its deal, showing each position (or
// only the last) and the result. Exit 0 won, 1 lost, unfinished or illegal, 2 unreadable.
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "replay_analysis.hpp"
#include "stats_report.hpp"
#include "usage.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "formats/wrap.hpp"

namespace pyr::cmd {

namespace {
struct ReplayOptions {
    std::string file;
    std::string variant;
    bool final_only = false;
    bool json = false;
    bool ascii = false;
    std::string color = "auto";
    bool analyse = false;
    AnalysisOptions analysis;
};

// A heading ("move 3: JH 2H"), then the position drawn for the window.
void print_board(const std::string& heading, const Game& g, const RenderStyle& style) {
    print_wrapped(heading);
    fmt::print("{}", render_position(g, style, terminal_columns(stdout)));
}

int run_replay(const ReplayOptions& o) {
    RulesCache cache;
    note_terminal_stdin(o.file, "a move log");
    Input in(o.file);
    const MoveLog log = read_log(in.lines(), cache, o.variant);
    const std::vector<InputError> warnings = log_warnings(log, in.name());
    for (const InputError& e : warnings) warn(e);
    if (o.analyse) {
        AnalysisOptions ao = o.analysis;
        ao.json = o.json;
        return run_analysis(log, in.name(), warnings, ao);
    }
    Game game(*log.deal.rules, log.deal.deal);
    const RenderStyle style = render_style(o.color, o.ascii, stdout);
    JsonWriter w;
    w.begin_object().key("file").value(in.name()).key("variant").value(game.variant().name);
    if (log.deal.deal.has_seed) w.key("seed").value(log.deal.deal.seed);
    if (o.json && !o.final_only) {
        w.key("positions").begin_array();
        position_json(game, w);
    }
    if (!o.json) {
        // Name the rules the log was checked against.
        std::string title = "variant " + printable(game.variant().name);
        if (log.deal.deal.has_seed) title += fmt::format(", seed {}", log.deal.deal.seed);
        print_wrapped(title + "\n");
    }
    if (!o.json && !o.final_only) fmt::print("start\n{}", render_position(game, style, terminal_columns(stdout)));
    int n = 0;
    // format_move needs the position before the move: keep a copy one move behind.
    Game before = game;
    // An illegal move ends the replay at the last legal position, which is
    // still shown (and written as JSON, with the error) before exit 1.
    std::optional<InputError> illegal;
    try {
        replay(log, game, [&](const Game& g, const Move& m) {
            ++n;
            const std::string text = format_move(before, m);
            before.apply(m);
            if (o.final_only) return;
            if (o.json) position_json(g, w, text);
            else print_board(fmt::format("\nmove {}: {}\n", n, unbreakable(text)), g, style);
        });
    } catch (const InputError& e) {
        if (e.severity != Severity::Invalid) throw;
        illegal = e;
    }
    if (o.json && !o.final_only) w.end_array();
    if (o.json) {
        if (o.final_only) {
            w.key("final");
            position_json(game, w);
        }
        w.key("moves").value(n);
        write_result_json(w, game, warnings, illegal);
        w.end_object();
        fmt::print("{}\n", w.str());
    } else {
        if (o.final_only) print_board(fmt::format("after {} move{}\n", n, n == 1 ? "" : "s"), game, style);
        if (!illegal || o.final_only) print_wrapped(fmt::format("\n{}\n", result_text(game)));
    }
    if (illegal) return report(*illegal);
    return game.status() == Status::Won ? ExitOk : ExitNegative;
}
}  // namespace

Subcommand setup_replay(CLI::App& parent) {
    auto o = std::make_shared<ReplayOptions>();
    CLI::App* app = parent.add_subcommand(
        "replay", "Replay a move log over its deal: every position, the result and the score.\n"
                  "Exit status: 0 won, 1 lost, unfinished or an illegal move, 2 unreadable input.");
    required_argument(app->add_option("log", o->file, "The move log; - reads stdin"),
                      "no move log given: name the log to replay, or - for stdin");
    app->add_option("-v,--variant", o->variant, "Variant FILE.toml for a log of a user variant");
    CLI::Option* final_only = app->add_flag("--final", o->final_only, "Show only the last position");
    app->add_flag("--analyse", o->analyse,
                  "Judge every move: still winnable before and after it (the solver), the expert's wins before and after");
    CLI::Option* samples = add_number_option(
        *app, "--expert-samples", o->analysis.expert_samples,
        fmt::format("--analyse: K, the stock orders the expert tries each move in (1 to {}, default 32)", MaxExpertSamples),
        1, MaxExpertSamples);
    CLI::Option* seed = add_number_option(*app, "--expert-seed", o->analysis.expert_seed,
                                          "--analyse: a seed mixed into the expert's draws (default 0)");
    CLI::Option* limit = add_number_option(*app, "--node-limit", o->analysis.node_limit,
                                           "--analyse: a solve gives up after N positions, unknown (0: never)");
    app->add_flag("--json", o->json, "Print JSON on stdout");
    app->add_flag("--ascii", o->ascii, "Suit letters instead of symbols");
    add_choice_option(*app, "--color", o->color, "auto, always or never", {"auto", "always", "never"});
    app->footer("Examples:\n  pyramide replay --final game.log\n  pyramide replay --analyse game.log");
    return {app, [o, final_only, samples, seed, limit] {
                if (o->analyse && final_only->count() > 0) throw UsageError("--analyse shows every move: not with --final");
                for (const CLI::Option* only : {samples, seed, limit})
                    if (!o->analyse && only->count() > 0)
                        throw UsageError(only->get_name() + " goes with --analyse");
                return run_replay(*o);
            }};
}

}  // namespace pyr::cmd
