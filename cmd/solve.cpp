// pyramide solve: a winning line for a deal, or the proof that none exists.
// Exit 0 solved, 1 no solution, 2 bad input, 3 gave up at --node-limit.
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "formats/variant_toml.hpp"
#include "lib/shuffle.hpp"
#include "lib/solver.hpp"

namespace pyr::cmd {

namespace {
struct SolveCmdOptions {
    std::string variant;
    std::string deal_file;
    std::uint64_t seed = 0;
    std::string output = "-";
    bool shortest = false;
    bool json = false;
    std::uint64_t node_limit = 0;
};

int run_solve(const SolveCmdOptions& o, bool seeded) {
    RulesCache cache;
    ReadDeal rd;
    if (seeded) {
        rd.rules = &cache.get(o.variant.empty() ? "traditional" : o.variant);
        rd.deal = deal_from_seed(rd.rules->variant, o.seed);
    } else {
        const std::string path = o.deal_file.empty() ? "-" : o.deal_file;
        note_terminal_stdin(path, "a deal");
        Input in(path);
        DealReader reader(in.lines(), cache, o.variant);
        std::optional<ReadDeal> first = reader.next();
        if (!first) throw InputError(in.name(), 0, 0, "no deal in the input");
        if (reader.next())
            throw InputError(in.name(), 0, 0, "the input holds several deals; solve takes one (stats takes many)");
        rd = std::move(*first);
    }
    SolveOptions so;
    so.shortest = o.shortest;
    so.node_limit = o.node_limit;
    const SolveResult r = solve(*rd.rules, rd.deal, so);
    Game game(*rd.rules, rd.deal);
    std::string log = format_log_header(*rd.rules, rd.deal);
    std::vector<std::string> moves;
    for (const Move& m : r.line) {
        moves.push_back(format_move(game, m));
        log += moves.back() + "\n";
        game.apply(m);
    }
    const char* outcome = r.outcome == SolveOutcome::Won ? "won" : r.outcome == SolveOutcome::NoSolution
                                                                      ? "no solution"
                                                                      : "gave up";
    if (o.json) {
        JsonWriter w;
        w.begin_object().key("variant").value(rd.rules->variant.name);
        if (rd.deal.has_seed) w.key("seed").value(rd.deal.seed);
        w.key("result").value(outcome).key("nodes").value(r.nodes);
        w.key("moves").begin_array();
        for (const std::string& m : moves) w.value(m);
        w.end_array();
        // The score the line reaches, where the variant scores.
        if (rd.rules->variant.scored && r.outcome == SolveOutcome::Won) w.key("score").value(game.score());
        w.end_object();
        fmt::print("{}\n", w.str());
    }
    if (r.outcome != SolveOutcome::Won) {
        if (!o.json) {
            const std::string deal = fmt::format("variant {}{}", printable(rd.rules->variant.name),
                                                 rd.deal.has_seed ? fmt::format(", seed {}", rd.deal.seed) : "");
            message(r.outcome == SolveOutcome::NoSolution
                        ? fmt::format("{}: no solution ({} position{} searched)", deal, r.nodes, r.nodes == 1 ? "" : "s")
                        : fmt::format("{}: gave up after {} position{} (--node-limit)", deal, r.nodes,
                                      r.nodes == 1 ? "" : "s"));
        }
        return r.outcome == SolveOutcome::NoSolution ? ExitNegative : ExitUndecided;
    }
    if (!o.json || o.output != "-") write_file_atomic(o.output, log + format_result(game));
    return ExitOk;
}
}  // namespace

Subcommand setup_solve(CLI::App& parent) {
    auto o = std::make_shared<SolveCmdOptions>();
    CLI::App* app = parent.add_subcommand(
        "solve", "Find a winning line for a deal (the stock order known), or prove there is none.\n"
                 "Exit status: 0 solved, 1 no solution, 2 bad input, 3 gave up at --node-limit.");
    app->add_option("deal", o->deal_file, "Deal file with one deal (- or nothing: stdin)");
    app->add_option("-v,--variant", o->variant, "Preset name or FILE.toml (default: traditional)");
    CLI::Option* seed = add_number_option(*app, "-s,--seed", o->seed, "Solve this seed's deal");
    app->add_option("-o,--output", o->output, "Write the winning move log to FILE (default: stdout)");
    app->add_flag("--shortest", o->shortest, "A solution with the fewest moves (slower)");
    app->add_flag("--json", o->json, "Print the result as JSON");
    add_number_option(*app, "--node-limit", o->node_limit, "Give up after this many positions (0: never)");
    app->footer("Example:\n  pyramide solve --seed 7 -o win.log && pyramide replay --final win.log");
    return {app, [o, seed] {
                if (seed->count() > 0 && !o->deal_file.empty())
                    throw UsageError("give a seed or a deal file, not both");
                return run_solve(*o, seed->count() > 0);
            }};
}

}  // namespace pyr::cmd
