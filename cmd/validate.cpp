// pyramide validate: checks deal files and move logs against the rules.
// Exit 0 all valid, 1 a rule broken (illegal move, impossible deal), 2 unreadable.
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "usage.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "formats/series.hpp"
#include "formats/numbers.hpp"
#include "lib/rules/shuffle.hpp"

namespace pyr::cmd {

namespace {
// What --seed or --seeds requires of every deal read.
struct SeedRequirement {
    bool any = false;
    std::uint64_t first = 0, last = 0;
    std::string option;  // "--seed 7" or "--seeds 100..109", for messages
};

struct ValidateOptions {
    std::vector<std::string> files;
    std::string variant;
    SeedRequirement seed;  // --seed N or --seeds A..B
    bool json = false;
    bool quiet = false;
};

// Without a seed line, a deal is looked for among the seeds; past this many,
// the deal must name its seed.
constexpr std::uint64_t MaxSeedsSearched = 1000000;

void check_required_seed(const std::string& file, const ReadDeal& rd, const SeedRequirement& req) {
    if (!req.any) return;
    const std::string why = fmt::format("not the deal {} requires", req.option);
    if (req.first == req.last) return check_dealt_by(file, rd, req.first, why);
    if (rd.deal.has_seed) {
        if (rd.deal.seed < req.first || rd.deal.seed > req.last)
            throw InputError(file, rd.seed_line, rd.seed_col,
                             fmt::format("seed {} is not among the seeds {} allows", rd.deal.seed, req.option),
                             Severity::Invalid);
        return;  // the reader checked that the seed deals these cards
    }
    if (req.last - req.first >= MaxSeedsSearched)
        throw InputError(file, rd.line, 0,
                         fmt::format("the deal names no seed, and {} spans more than {} seeds to search: add its "
                                     "'seed' line or give a narrower range",
                                     req.option, MaxSeedsSearched));
    const Variant& v = rd.rules->variant;
    const std::vector<Card> cards = line_order(v, rd.deal);
    for (std::uint64_t s = req.first;; ++s) {
        if (shuffled_deck(v.deck, s) == cards) return;
        if (s == req.last) break;
    }
    throw InputError(file, rd.line, 0, fmt::format("the deal is none of the deals {} allows", req.option),
                     Severity::Invalid);
}

struct FileReport {
    std::string file;
    InputKind kind = InputKind::Empty;
    std::uint64_t deals = 0;  // a streamed file may hold billions
    // Deals per variant, in the order first seen (a log has one).
    std::vector<std::pair<std::string, std::uint64_t>> variants;
    int moves = 0;
    // What was read but is worth saying: a log's torn last line, ignored
    // (formats/movelog.md). Printed on stderr, and listed in the JSON.
    std::vector<InputError> warnings;
    bool torn = false;
    std::string result;
    // A series file: its games, how many it has (0: open), and their results.
    int games = 0, of_games = 0, won = 0, lost = 0, unfinished = 0;
    bool ok = true;
    int exit = ExitOk;
    InputError error{"", 0, 0, ""};

    void count_variant(const std::string& name) {
        for (auto& [n, count] : variants)
            if (n == name) return void(++count);
        variants.emplace_back(name, 1);
    }
};

FileReport check_file(const std::string& path, const ValidateOptions& o, const SeedRequirement& req,
                      RulesCache& cache) {
    FileReport r;
    r.file = path == "-" ? "<stdin>" : path;
    try {
        note_terminal_stdin(path, "deals or a move log");
        Input in(path);
        r.kind = sniff_kind(in.lines());
        if (r.kind == InputKind::Empty)
            throw InputError(in.name(), 0, 0, "empty file: expected a deal or a move log");
        if (r.kind == InputKind::Log) {
            const MoveLog log = read_log(in.lines(), cache, o.variant);
            r.count_variant(log.deal.rules->variant.name);
            check_required_seed(in.name(), log.deal, req);
            Game game(*log.deal.rules, log.deal.deal);
            r.torn = log.torn_line > 0;
            r.warnings = log_warnings(log, in.name());
            replay(log, game);
            r.moves = static_cast<int>(log.moves.size());
            const Status st = game.status();
            r.result = status_word(st);
        } else if (r.kind == InputKind::Series) {
            const Series series = read_series(in.lines());
            r.warnings = series_warnings(series, in.name());
            r.of_games = series.games;
            for_each_series_game(in.name(), series, cache, o.variant, [&](const SeriesEntry&, const MoveLog& log,
                                                                          const Game& game) {
                if (r.variants.empty()) r.count_variant(log.deal.rules->variant.name);
                check_required_seed(log.file, log.deal, req);
                ++r.games;
                r.won += game.status() == Status::Won;
                r.lost += game.status() == Status::Lost;
                r.unfinished += game.status() == Status::InProgress;
            });
        } else {
            DealReader reader(in.lines(), cache, o.variant);
            while (const std::optional<ReadDeal> rd = reader.next()) {
                check_required_seed(in.name(), *rd, req);
                r.count_variant(rd->rules->variant.name);
                ++r.deals;
            }
        }
    } catch (const InputError& e) {
        r.ok = false;
        r.exit = e.severity == Severity::Invalid ? ExitNegative : ExitError;
        r.error = e;
    }
    return r;
}

// "variant giza" or "variants traditional (3), giza (2)".
std::string variants_text(const FileReport& r) {
    if (r.variants.size() == 1) return "variant " + printable(r.variants[0].first);
    std::string out = "variants ";
    for (std::size_t i = 0; i < r.variants.size(); ++i)
        out += fmt::format("{}{} ({})", i ? ", " : "", printable(r.variants[i].first), r.variants[i].second);
    return out;
}

// A file that breaks the rules is a verdict, on stdout beside the valid ones
// ("FILE:LINE:COL: invalid: why"); one that cannot be read is an error, on
// stderr.
void print_text(const FileReport& r, bool quiet) {
    if (!r.ok && r.error.severity == Severity::Invalid)
        return void(fmt::print("{}invalid: {}\n", printable(r.error.where()), printable(r.error.message)));
    if (!r.ok) return void(report(r.error));
    if (quiet) return;
    if (r.kind == InputKind::Series)
        fmt::print("{}: ok: series, {}, {}{} game{}: {} won, {} lost, {} unfinished\n", printable(r.file),
                   variants_text(r), r.games, r.of_games ? fmt::format(" of {}", r.of_games) : "",
                   (r.of_games ? r.of_games : r.games) == 1 ? "" : "s", r.won, r.lost, r.unfinished);
    else if (r.kind == InputKind::Log)
        fmt::print("{}: ok: move log, {}, {} move{}, {}{}\n", printable(r.file), variants_text(r), r.moves,
                   r.moves == 1 ? "" : "s", r.result, r.torn ? " (torn last line ignored)" : "");
    else
        fmt::print("{}: ok: {} deal{}, {}\n", printable(r.file), r.deals, r.deals == 1 ? "" : "s", variants_text(r));
}

void write_json(const FileReport& r, JsonWriter& w) {
    w.begin_object().key("file").value(r.file).key("valid").value(r.ok);
    if (r.kind != InputKind::Empty)
        w.key("kind").value(r.kind == InputKind::Log ? "log" : r.kind == InputKind::Series ? "series" : "deals");
    if (r.kind != InputKind::Deals && !r.variants.empty()) w.key("variant").value(r.variants[0].first);
    if (r.kind == InputKind::Series && r.ok) {
        w.key("games").value(r.games);
        if (r.of_games) w.key("of").value(r.of_games);
        w.key("won").value(r.won).key("lost").value(r.lost).key("unfinished").value(r.unfinished);
    }
    if (r.kind == InputKind::Deals && r.ok) {
        w.key("deals").value(r.deals).key("variants").begin_object();
        for (const auto& [name, count] : r.variants) w.key(name).value(count);
        w.end_object();
    }
    if (r.kind == InputKind::Log && r.ok) w.key("moves").value(r.moves).key("result").value(r.result);
    write_warnings(w, r.warnings);
    if (!r.ok) {
        w.key("error").begin_object().key("line").value(r.error.line).key("col").value(r.error.col);
        w.key("message").value(r.error.message);
        w.key("severity").value(r.error.severity == Severity::Invalid ? "invalid" : "unreadable");
        w.end_object();
    }
    w.end_object();
}

int run_validate(const ValidateOptions& o) {
    RulesCache cache;
    const SeedRequirement& req = o.seed;
    int rc = ExitOk;
    JsonWriter w;
    w.begin_object().key("files").begin_array();
    for (const std::string& path : o.files) {
        const FileReport r = check_file(path, o, req, cache);
        rc = std::max(rc, r.exit);
        for (const InputError& e : r.warnings) warn(e);
        if (o.json) write_json(r, w);
        else print_text(r, o.quiet);
    }
    w.end_array().key("valid").value(rc == ExitOk).end_object();
    if (o.json) fmt::print("{}\n", w.str());
    return rc;
}
}  // namespace

Subcommand setup_validate(CLI::App& parent) {
    auto o = std::make_shared<ValidateOptions>();
    CLI::App* app = parent.add_subcommand(
        "validate", "Check deal files and move logs against the rules.\n"
                    "Exit status: 0 all valid, 1 a rule is broken (illegal move, impossible deal), 2 unreadable input.");
    required_argument(app->add_option("files", o->files, "Deal files and move logs; - reads stdin"),
                      "no file given: name one or more deal files or move logs, or - for stdin");
    app->add_option("-v,--variant", o->variant,
                    "Read with this preset or FILE.toml (needed for one-line deals of other variants)");
    CLI::Option* seed = add_read_option(*app, "--seed", "Require every deal to be this seed's deal (fair play)",
                                        [o](const std::string& text) {
                                            if (o->seed.any) throw InputError("", 0, 0, "give --seed or --seeds, not both");
                                            o->seed.first = o->seed.last = parse_number(text, "--seed", 0, UINT64_MAX);
                                            o->seed.option = "--seed " + text;
                                            o->seed.any = true;
                                        });
    seed->type_name("N");
    CLI::Option* seeds = add_read_option(*app, "--seeds", "Require every deal to be the deal of one of the seeds A..B",
                                         [o](const std::string& text) {
                                             if (o->seed.any) throw InputError("", 0, 0, "give --seed or --seeds, not both");
                                             const SeedRange r = parse_seed_range(text, "--seeds");
                                             o->seed = {true, r.first, r.last, "--seeds " + text};
                                         });
    seeds->type_name("A..B");
    app->add_flag("--json", o->json, "Print a JSON report on stdout");
    app->add_flag("-q,--quiet", o->quiet, "Say nothing about valid files");
    app->footer("Example:\n  pyramide deal --variant giza --seed 7 | pyramide validate -");
    return {app, [o] { return run_validate(*o); }};
}

}  // namespace pyr::cmd
