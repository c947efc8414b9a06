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

// What --deal FILE or --deals FILE requires: the deals handed out, by their
// cards, so that PySolFC and hand-made deals are checked as seeds are.
struct HandedOut {
    std::string file, option;  // the file, and "--deal" or "--deals"
    std::vector<Deal> deals;
    bool any() const { return !file.empty(); }
};
// A round's deal file is read whole: more deals than this is not a round.
constexpr std::size_t MaxHandedOut = 100000;

struct ValidateOptions {
    std::vector<std::string> files;
    std::string variant;
    SeedRequirement seed;  // --seed N or --seeds A..B
    std::string deal_file, deals_file;  // --deal FILE, --deals FILE
    HandedOut handed_out;
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

// The number (from 1) of the handed-out deal `rd` is, or an InputError at
// the deal: the same variant and the same cards in the same places.
std::size_t check_handed_out(const std::string& file, const ReadDeal& rd, const HandedOut& h) {
    const Deal& d = rd.deal;
    for (std::size_t i = 0; i < h.deals.size(); ++i) {
        const Deal& e = h.deals[i];
        if (e.variant == d.variant && e.tableau == d.tableau && e.stock == d.stock) return i + 1;
    }
    throw InputError(file, rd.line, 0,
                     h.deals.size() == 1
                         ? fmt::format("not the deal in {} ({})", printable(h.file), h.option)
                         : fmt::format("none of the {} deals in {} ({})", h.deals.size(), printable(h.file), h.option),
                     Severity::Invalid);
}

HandedOut read_handed_out(const ValidateOptions& o, RulesCache& cache) {
    HandedOut h;
    if (o.deal_file.empty() && o.deals_file.empty()) return h;
    if (!o.deal_file.empty() && !o.deals_file.empty()) throw UsageError("give --deal or --deals, not both");
    h.option = o.deal_file.empty() ? "--deals" : "--deal";
    h.file = o.deal_file.empty() ? o.deals_file : o.deal_file;
    Input in(h.file);
    DealReader reader(in.lines(), cache, o.variant);
    while (const std::optional<ReadDeal> rd = reader.next()) {
        if (h.deals.size() == MaxHandedOut)
            throw InputError(in.name(), rd->line, 0, fmt::format("more than {} deals: not a round", MaxHandedOut));
        h.deals.push_back(rd->deal);
    }
    if (h.deals.empty()) throw InputError(in.name(), 0, 0, fmt::format("{}: no deal in it", h.option));
    if (h.option == "--deal" && h.deals.size() > 1)
        throw UsageError(fmt::format("--deal {} holds {} deals: give a round's deals with --deals",
                                     printable(h.file), h.deals.size()));
    return h;
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
    std::vector<std::size_t> handed_out;  // with --deal(s): which deal each log or deal is
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
            if (o.handed_out.any()) r.handed_out.push_back(check_handed_out(in.name(), log.deal, o.handed_out));
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
                if (o.handed_out.any()) r.handed_out.push_back(check_handed_out(log.file, log.deal, o.handed_out));
                ++r.games;
                r.won += game.status() == Status::Won;
                r.lost += game.status() == Status::Lost;
                r.unfinished += game.status() == Status::InProgress;
            });
        } else {
            DealReader reader(in.lines(), cache, o.variant);
            while (const std::optional<ReadDeal> rd = reader.next()) {
                check_required_seed(in.name(), *rd, req);
                if (o.handed_out.any()) r.handed_out.push_back(check_handed_out(in.name(), *rd, o.handed_out));
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
// ", deal 3 of round.txt", ", deals 1, 4 of round.txt": which deals handed out these are.
std::string handed_out_text(const FileReport& r, const HandedOut& h) {
    if (r.handed_out.empty() || h.deals.size() == 1) return "";
    std::string list;
    for (std::size_t i = 0; i < r.handed_out.size() && i < 10; ++i) list += fmt::format("{}{}", i ? ", " : "", r.handed_out[i]);
    if (r.handed_out.size() > 10) list += ", ...";
    return fmt::format(", deal{} {} of {}", r.handed_out.size() == 1 ? "" : "s", list, printable(h.file));
}

void print_text(const FileReport& r, bool quiet, const HandedOut& h) {
    if (!r.ok && r.error.severity == Severity::Invalid)
        return void(wrapped_print("{}invalid: {}\n", printable(r.error.where()), printable(r.error.message)));
    if (!r.ok) return void(report(r.error));
    if (quiet) return;
    if (r.kind == InputKind::Series)
        wrapped_print("{}: ok: series, {}, {}{} game{}: {} won, {} lost, {} unfinished{}\n", printable(r.file),
                   variants_text(r), r.games, r.of_games ? fmt::format(" of {}", r.of_games) : "",
                   (r.of_games ? r.of_games : r.games) == 1 ? "" : "s", r.won, r.lost, r.unfinished,
                   handed_out_text(r, h));
    else if (r.kind == InputKind::Log)
        wrapped_print("{}: ok: move log, {}, {} move{}, {}{}{}\n", printable(r.file), variants_text(r), r.moves,
                   r.moves == 1 ? "" : "s", r.result, handed_out_text(r, h), r.torn ? " (torn last line ignored)" : "");
    else
        wrapped_print("{}: ok: {} deal{}, {}{}\n", printable(r.file), r.deals, r.deals == 1 ? "" : "s", variants_text(r),
                   handed_out_text(r, h));
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
    if (!r.handed_out.empty()) {
        w.key("handed_out").begin_array();
        for (const std::size_t k : r.handed_out) w.value(static_cast<std::uint64_t>(k));
        w.end_array();
    }
    write_warnings(w, r.warnings);
    if (!r.ok) {
        w.key("error").begin_object().key("line").value(r.error.line).key("col").value(r.error.col);
        w.key("message").value(r.error.message);
        w.key("severity").value(r.error.severity == Severity::Invalid ? "invalid" : "unreadable");
        w.end_object();
    }
    w.end_object();
}

int run_validate(ValidateOptions& o) {
    RulesCache cache;
    o.handed_out = read_handed_out(o, cache);
    const SeedRequirement& req = o.seed;
    int rc = ExitOk;
    JsonWriter w;
    w.begin_object().key("files").begin_array();
    for (const std::string& path : o.files) {
        const FileReport r = check_file(path, o, req, cache);
        rc = std::max(rc, r.exit);
        for (const InputError& e : r.warnings) warn(e);
        if (o.json) write_json(r, w);
        else print_text(r, o.quiet, o.handed_out);
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
    app->add_option("--deal", o->deal_file,
                    "Require every deal, and every log's, to be the one in FILE, by its cards")
        ->type_name("FILE");
    app->add_option("--deals", o->deals_file,
                    "Require every deal to be one of FILE's (a round), and say which")
        ->type_name("FILE");
    app->add_flag("--json", o->json, "Print a JSON report on stdout");
    app->add_flag("-q,--quiet", o->quiet, "Say nothing about valid files");
    app->footer("Examples:\n  pyramide deal --variant giza --seed 7 | pyramide validate -\n"
                "  pyramide validate --deals round1/deals.txt logs/*.log");
    return {app, [o] {
                o->files = without_temporary_files(o->files);
                return run_validate(*o);
            }};
}

}  // namespace pyr::cmd
