// pyramide round: hosted rounds. `round new` makes a round's folder (the round
// file, its frozen variant and deals, the players' log folder), `round show`
// prints it, `round standings` ranks its players (formats/round.md).
#include <filesystem>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "deal_filter.hpp"
#include "progress.hpp"
#include "round_standings.hpp"
#include "usage.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/round.hpp"
#include "formats/sha256.hpp"
#include "formats/text.hpp"
#include "formats/utc_date.hpp"
#include "formats/variant_toml.hpp"
#include "lib/rules/shuffle.hpp"

namespace pyr::cmd {

namespace {
namespace fs = std::filesystem;

// Seeds a --winnable scan tries at most.
constexpr std::uint64_t MaxRoundSeeds = 1'000'000;
constexpr std::uint64_t MaxRoundDeals = 10'000;

struct RoundOptions {
    std::string dir;  // new: the folder to make; show: the round
    std::string name;
    std::string variant = "traditional";
    std::string deals_file;
    std::string seeds;  // "1,5,9"
    std::uint64_t winnable = 0;
    std::string band;
    std::uint64_t seed = 0;
    int attempts = 1;
    std::string hint = "counted", undo = "allowed";
    std::string opens, closes;
    bool json = false, csv = false;
};

// The round as JSON: its rules, and the seed of each deal (null: none).
std::string round_json(const Round& r, const std::vector<Deal>& deals, const std::string& dir) {
    JsonWriter w;
    w.begin_object().key("round").value(r.name).key("folder").value(dir).key("variant").value(r.variant);
    w.key("deals").value(r.deal_count).key("sha256").value(r.deals_sha256).key("deals_from").value(r.deals_from);
    w.key("attempts").value(r.attempts).key("aids").begin_object();
    w.key("hint").value(aid_rule_name(r.hint)).key("undo").value(aid_rule_name(r.undo)).end_object();
    w.key("opens");
    if (r.opens) w.value(format_utc_time(*r.opens));
    else w.null();
    w.key("closes");
    if (r.closes) w.value(format_utc_time(*r.closes));
    else w.null();
    w.key("logs").value(r.logs).key("seeds").begin_array();
    for (const Deal& d : deals) {
        if (d.has_seed) w.value(d.seed);
        else w.null();
    }
    w.end_array().end_object();
    return w.str() + "\n";
}

std::vector<Deal> deals_of_file(const RoundOptions& o, const Rules& rules, std::string& from) {
    RulesCache cache;
    Input in(o.deals_file);
    DealReader reader(in.lines(), cache, o.variant);
    std::vector<Deal> deals;
    while (auto rd = reader.next()) {
        if (rd->rules->variant.name != rules.variant.name)
            throw InputError(in.name(), rd->line, 0,
                             fmt::format("a deal of variant '{}' in a round of '{}'", rd->rules->variant.name,
                                         rules.variant.name),
                             Severity::Invalid);
        if (deals.size() == MaxRoundDeals)
            throw InputError(in.name(), rd->line, 0, fmt::format("more than {} deals", MaxRoundDeals), Severity::Invalid);
        deals.push_back(rd->deal);
    }
    if (deals.empty()) throw InputError(in.name(), 0, 0, "no deal in it", Severity::Invalid);
    from = fmt::format("the deals of {}", printable(fs::path(o.deals_file).filename().string()));
    return deals;
}

std::vector<Deal> deals_of_seeds(const RoundOptions& o, const Rules& rules, std::string& from) {
    std::vector<Deal> deals;
    std::stringstream list(o.seeds);
    std::string word;
    while (std::getline(list, word, ',')) {
        if (deals.size() == MaxRoundDeals) throw UsageError(fmt::format("--seeds: more than {} seeds", MaxRoundDeals));
        try {
            deals.push_back(deal_from_seed(rules.variant, parse_number(word, "--seeds")));
        } catch (const InputError& e) {
            throw UsageError(e.message);
        }
    }
    if (deals.empty()) throw UsageError("--seeds: give seeds, a comma between them: --seeds 1,5,9");
    from = "seeds " + o.seeds;
    return deals;
}

std::vector<Deal> deals_of_scan(const RoundOptions& o, const Rules& rules, std::string& from) {
    DealTestMaker test = solver_verdict_test(rules, true, 0);
    if (!o.band.empty()) {
        RatingOptions ro;
        ro.threads = job_count(0);
        test = rating_test(rules, *band_named(o.band), ro);
    }
    SeedScan scan;
    scan.first = o.seed;
    scan.count = o.winnable;
    scan.max_seeds = MaxRoundSeeds;
    if (!o.band.empty()) scan.jobs = scan.max_chunk = 1;  // a rating's games have the threads
    else scan.jobs = job_count(0);
    Progress progress("deals", o.winnable);
    const ScanResult found = scan_seeds(rules, scan, test, progress);
    progress.finish();
    if (found.kept.size() < o.winnable)
        throw InputError("", 0, 0,
                         fmt::format("--winnable {}: only {} such deals in the {} seeds from {}", o.winnable,
                                     found.kept.size(), found.tried, o.seed),
                         Severity::Invalid);
    std::vector<Deal> deals;
    for (const KeptDeal& k : found.kept) deals.push_back(deal_from_seed(rules.variant, k.seed));
    from = fmt::format("{} winnable deals{} from seed {}", o.winnable,
                       o.band.empty() ? "" : fmt::format(" of band {}", o.band), o.seed);
    return deals;
}

std::optional<std::int64_t> time_option(const std::string& text, const char* option) {
    if (text.empty()) return std::nullopt;
    const auto t = parse_utc_time(text);
    if (!t) throw UsageError(fmt::format("{}: '{}' is not a UTC time YYYY-MM-DDTHH:MM:SSZ", option, printable(text)));
    return t;
}

// The folder to make: new, or empty.
void make_round_folder(const std::string& dir, const std::string& logs) {
    std::error_code ec;
    if (fs::exists(dir, ec) && !(fs::is_directory(dir, ec) && fs::is_empty(dir, ec)))
        throw InputError(dir, 0, 0, "already exists and is not an empty folder: a round is made in a new one");
    fs::create_directories(fs::path(dir) / logs, ec);
    if (ec) throw InputError(dir, 0, 0, fmt::format("cannot make the round's folders: {}", ec.message()));
}

int run_new(const RoundOptions& o) {
    Round r;
    r.name = o.name.empty() ? fs::path(o.dir).lexically_normal().filename().string() : o.name;
    if (r.name.empty() || r.name == ".") r.name = fs::absolute(o.dir).lexically_normal().filename().string();
    if (const std::string why = word_problem(r.name, 64); !why.empty())
        throw UsageError(fmt::format("the round's name '{}' {}: give --name", printable(r.name), why));
    const Rules rules(load_variant(o.variant));
    r.variant = rules.variant.name;
    r.attempts = o.attempts;
    r.hint = *aid_rule_named(o.hint);
    r.undo = *aid_rule_named(o.undo);
    r.opens = time_option(o.opens, "--opens");
    r.closes = time_option(o.closes, "--closes");
    if (r.opens && r.closes && *r.closes <= *r.opens) throw UsageError("--closes: it must come after --opens");
    const std::vector<Deal> deals = !o.deals_file.empty() ? deals_of_file(o, rules, r.deals_from)
                                    : !o.seeds.empty()    ? deals_of_seeds(o, rules, r.deals_from)
                                                          : deals_of_scan(o, rules, r.deals_from);
    const std::string deals_text = format_round_deals(rules, deals);
    r.deal_count = deals.size();
    r.deals_sha256 = sha256_hex(deals_text);
    make_round_folder(o.dir, r.logs);
    write_file_atomic(o.dir + "/" + RoundVariantName, format_variant(rules.variant));
    write_file_atomic(o.dir + "/" + RoundDealsName, deals_text);
    write_file_atomic(o.dir + "/" + RoundFileName, format_round(r));
    const std::string out = o.json ? round_json(r, deals, o.dir)
                                   : fmt::format("round {} made in {}: {} deal{}\nSHA-256 {}\n",
                                                 r.name, printable(o.dir), r.deal_count, r.deal_count == 1 ? "" : "s",
                                                 r.deals_sha256);
    if (o.json) std::fputs(out.c_str(), stdout);
    else print_wrapped(out, "  ");
    return ExitOk;
}

std::string when(const std::optional<std::int64_t>& t, const char* otherwise) {
    return t ? format_utc_time(*t) : otherwise;
}

int run_show(const RoundOptions& o) {
    RulesCache cache;
    const RoundFolder f = load_round(o.dir, cache);
    const Round& r = f.round;
    if (o.json) {
        std::fputs(round_json(r, f.deals, f.dir).c_str(), stdout);
        return ExitOk;
    }
    std::string out = fmt::format("round {}\n", r.name);
    out += fmt::format("  variant   {}\n", r.variant);
    out += fmt::format("  deals     {}: {}\n", r.deal_count, r.deals_from);
    out += fmt::format("  frozen    in {}, checked against its SHA-256:\n            {}\n",
                       printable(f.file(RoundDealsName)), r.deals_sha256);
    out += fmt::format("  attempts  {} a deal\n", r.attempts);
    out += fmt::format("  aids      hint {}, undo {}\n", aid_rule_name(r.hint), aid_rule_name(r.undo));
    out += fmt::format("  opens     {}\n  closes    {}\n", when(r.opens, "at once"), when(r.closes, "never"));
    out += fmt::format("  logs      {}\n", printable(f.logs_dir()));
    for (std::size_t i = 0; i < f.deals.size(); ++i)
        out += f.deals[i].has_seed ? fmt::format("  deal {:<5} seed {}\n", i + 1, f.deals[i].seed)
                                   : fmt::format("  deal {:<5} (no seed)\n", i + 1);
    print_wrapped(out, "            ");
    return ExitOk;
}

int run_standings(const RoundOptions& o) {
    RulesCache cache;
    const RoundFolder f = load_round(o.dir, cache);
    const std::vector<Standing> all = round_standings(f);
    if (!o.json && !o.csv) {
        print_wrapped(standings_text(f, all), "    ");  // a report for people, wrapped to the window
        return ExitOk;
    }
    std::fputs((o.json ? standings_json(f, all) : standings_csv(f, all)).c_str(), stdout);
    return ExitOk;
}

void check_new_options(const RoundOptions& o, const CLI::Option* seed, const CLI::Option* band) {
    const int sources = !o.deals_file.empty() + !o.seeds.empty() + (o.winnable > 0);
    if (sources != 1)
        throw UsageError("round new: give the deals one way: --deals FILE, --seeds LIST or --winnable N --seed S");
    if (o.winnable == 0 && seed->count() > 0) throw UsageError("--seed: only with --winnable");
    if (o.winnable == 0 && band->count() > 0) throw UsageError("--band: only with --winnable");
    if (o.winnable > 0 && seed->count() == 0) throw UsageError("--winnable: give the first seed of the scan, --seed S");
}

std::vector<std::string> band_names() {
    std::vector<std::string> bands;
    for (int b = 0; b < Bands; ++b) bands.emplace_back(band_name(static_cast<Band>(b)));
    return bands;
}

CLI::App* add_new(CLI::App& app, RoundOptions& o, CLI::Option*& seed, CLI::Option*& band) {
    CLI::App* n = app.add_subcommand("new", "Make a round in a new folder: its rules, its deals frozen");
    required_argument(n->add_option("folder", o.dir, "The round's folder (new, or empty)"),
                      "round new: give the folder to make the round in");
    n->add_option("--name", o.name, "The round's name (default: the folder's)");
    n->add_option("-v,--variant", o.variant, "Preset name or FILE.toml (default: traditional)");
    n->add_option("--deals", o.deals_file, "The deals: those of FILE");
    n->add_option("--seeds", o.seeds, "The deals: these seeds, a comma between (1,5,9)");
    add_number_option(*n, "--winnable", o.winnable, "The deals: the first N winnable seeds from --seed", 1,
                      MaxRoundDeals);
    seed = add_number_option(*n, "-s,--seed", o.seed, "With --winnable: the first seed tried");
    band = add_choice_option(*n, "--band", o.band, "With --winnable: only deals of this band (easy,\nmedium, hard, expert)",
                             band_names());
    add_number_option(*n, "--attempts", o.attempts, "Games a player may start on each deal (default 1)", 1, 100);
    const std::vector<std::string> rules = {"allowed", "counted", "refused"};
    add_choice_option(*n, "--hint", o.hint, "hint: allowed, counted (default) or refused", rules);
    add_choice_option(*n, "--undo", o.undo, "undo and redo: allowed (default), counted or\nrefused", rules);
    n->add_option("--opens", o.opens, "No game before TIME, YYYY-MM-DDTHH:MM:SSZ (UTC)");
    n->add_option("--closes", o.closes, "No move from TIME on, YYYY-MM-DDTHH:MM:SSZ (UTC)");
    n->add_flag("--json", o.json, "Print the round made as JSON");
    n->footer("Examples:\n  pyramide round new friday --winnable 5 --seed 100\n"
              "  pyramide round new club --seeds 17,23,99 --attempts 2 --hint refused\n"
              "  pyramide round new cup --deals cup.txt --variant par");
    return n;
}
}  // namespace

Subcommand setup_round(CLI::App& parent) {
    auto o = std::make_shared<RoundOptions>();
    CLI::App* app = parent.add_subcommand("round", "Hosted rounds: make one, show it, rank its players.");
    CLI::Option *seed = nullptr, *band = nullptr;
    CLI::App* make = add_new(*app, *o, seed, band);
    CLI::App* show = app->add_subcommand("show", "Print a round: its rules and deals, checked");
    required_argument(show->add_option("round", o->dir, "The round's folder or its round.toml"),
                      "round show: give the round's folder");
    show->add_flag("--json", o->json, "Print JSON");
    show->footer("Examples:\n  pyramide round show friday\n  pyramide round show friday --json | jq .seeds");
    CLI::App* standings = app->add_subcommand("standings", "Rank the players: every log checked against the deals");
    required_argument(standings->add_option("round", o->dir, "The round's folder or its round.toml"),
                      "round standings: give the round's folder");
    standings->add_flag("--json", o->json, "Print JSON");
    standings->add_flag("--csv", o->csv, "Print CSV");
    standings->footer("Examples:\n  pyramide round standings friday\n  pyramide round standings friday --csv > friday.csv");
    app->require_subcommand(1);
    app->footer("Examples:\n  pyramide round new friday --winnable 5 --band medium --seed 100\n"
                "  pyramide round show friday\n  pyramide round standings friday --csv");
    return {app, [o, make, standings, seed, band] {
                if (make->parsed()) {
                    check_new_options(*o, seed, band);
                    return run_new(*o);
                }
                if (standings->parsed()) {
                    if (o->json && o->csv) throw UsageError("--json and --csv exclude each other: give one");
                    return run_standings(*o);
                }
                return run_show(*o);
            }};
}

}  // namespace pyr::cmd
