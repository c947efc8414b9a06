// pyramide deal: seeded deals, one or many, in the text, line, JSON or mchung94 form.
#include <array>
#include <functional>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "deal_filter.hpp"
#include "progress.hpp"
#include "stats_report.hpp"
#include "formats/deal_format.hpp"
#include "formats/mchung94.hpp"
#include "formats/variant_toml.hpp"
#include "formats/utc_date.hpp"
#include "lib/players/daily.hpp"
#include "lib/rules/shuffle.hpp"

namespace pyr::cmd {

namespace {
constexpr std::uint64_t MaxDeals = std::uint64_t{1} << 40;
// --max-seeds' default: a variant whose deals are never won ends in a message, not a search for ever.
constexpr std::uint64_t DefaultMaxSeeds = 1'000'000;

struct DealOptions {
    std::string variant = "traditional";
    std::uint64_t seed = 0;
    std::uint64_t count = 1;
    std::string format = "text";
    std::string output = "-";
    bool json = false;
    std::optional<PysolfcNumber> pysolfc;
    bool winnable = false, unwinnable = false;  // keep only the seeds the solver wins, or proves lost
    std::string difficulty;  // keep only the winnable seeds of this band (lib/players/rating.hpp)
    RatingOptions rating;    // the expert's games that rate them
    std::uint64_t max_seeds = DefaultMaxSeeds;
    unsigned jobs = 0;  // 0: one a hardware thread
    std::uint64_t node_limit = 0;
    std::optional<SeedRange> seeds;  // --seeds A..B: every seed of the range (that the filter keeps)
    bool daily = false;      // --daily: the deal of the day
    std::string daily_date;  // its date, YYYY-MM-DD; empty: today (UTC)
    bool filtered() const { return winnable || unwinnable || !difficulty.empty(); }
};

// Which seeds a filtered deal keeps, and what the kept ones are called in messages.
struct DealFilter {
    DealTestMaker make_test;
    std::string kept;  // "winnable": "no winnable deal in seeds 0 to 9"
};

DealFilter deal_filter(const DealOptions& o, const Rules& rules) {
    if (!o.difficulty.empty()) {
        RatingOptions ro = o.rating;
        ro.node_limit = o.node_limit;
        ro.threads = job_count(o.jobs);
        return {rating_test(rules, *band_named(o.difficulty), ro), o.difficulty};
    }
    return {solver_verdict_test(rules, o.winnable, o.node_limit), o.winnable ? "winnable" : "unwinnable"};
}

DealFormat format_of(const DealOptions& o) {
    return o.format == "line"       ? DealFormat::Line
           : o.format == "json"     ? DealFormat::Json
           : o.format == "mchung94" ? DealFormat::Mchung94
                                    : DealFormat::Text;
}

// A deck string holds 28 pyramid cards and a stock of 24: other layouts have none.
void check_form(const Rules& rules, DealFormat format) {
    if (format == DealFormat::Mchung94)
        if (const std::string why = mchung94_problem(rules.variant); !why.empty())
            throw UsageError(fmt::format("--format mchung94: {}", why));
}

// `count` deals, deal i's text from `deal_text(i)`, written whole or not at
// all, in blocks so that memory stays bounded; text-form deals blank-line apart.
int write_deals(Output& out, const DealOptions& o, DealFormat format,
                const std::function<std::string(std::uint64_t)>& deal_text) {
    std::string buffer;
    for (std::uint64_t i = 0; i < o.count; ++i) {
        if (format == DealFormat::Text && i > 0) buffer += '\n';
        buffer += deal_text(i);
        if (buffer.size() > 1 << 16) {
            out.write(buffer);
            buffer.clear();
        }
    }
    out.write(buffer);
    out.commit();
    return ExitOk;
}

int write_deals(const DealOptions& o, DealFormat format, const std::function<std::string(std::uint64_t)>& deal_text) {
    Output out(o.output);
    return write_deals(out, o, format, deal_text);
}

// PySolFC's games N, N+1, ...: no pyramide seed; the text form says where the deal came from.
int run_pysolfc_deal(const DealOptions& o) {
    const Rules rules(load_variant(o.variant));
    const DealFormat format = format_of(o);
    check_form(rules, format);
    // check_pysolfc_count() has made sure that every number of the count is a game number.
    PysolfcNumber n = *o.pysolfc;
    return write_deals(o, format, [&](std::uint64_t i) {
        if (i > 0) n = *n.next();
        const std::string deal = format_deal(rules, pysolfc_deal(rules, n), format);
        return format == DealFormat::Text ? with_pysolfc_comment(deal, n) : deal;
    });
}

// Why a filtered deal found fewer deals than --count, and what to do.
std::string too_few(const DealOptions& o, const DealFilter& filter, const SeedScan& scan, const ScanResult& found) {
    const std::size_t n = found.kept.size();
    const std::string seeds = found.tried == 1 ? fmt::format("seed {}", scan.first)
                                               : fmt::format("seeds {} to {}", scan.first, scan.first + found.tried - 1);
    const std::string what = n == 0 ? fmt::format("no {} deal", filter.kept)
                                    : fmt::format("only {} {} deal{}", n, filter.kept, n == 1 ? "" : "s");
    const std::string head = fmt::format("{} in {} (asked for {})", what, seeds, o.count);
    if (found.tried < o.max_seeds)  // stopped by the last seed, not by the bound
        return fmt::format("{}: seed {} is the last: give a lower --seed or --count", head, UINT64_MAX);
    return fmt::format("--max-seeds {}: {}: raise --max-seeds or lower --count", o.max_seeds, head);
}

// The first --count seeds from `first` on that the filter keeps, each deal
// with its own seed and note; written only once all are found (exit 1 if not).
int run_filtered_deal(const DealOptions& o, const Rules& rules, DealFormat format, std::uint64_t first) {
    const DealFilter filter = deal_filter(o, rules);
    // A rating plays its expert's games on every thread: one seed at a time.
    const bool rated = !o.difficulty.empty();
    SeedScan scan;
    scan.first = first;
    scan.count = o.count;
    scan.max_seeds = o.max_seeds;
    scan.jobs = rated ? 1 : job_count(o.jobs);
    scan.max_chunk = rated ? 1 : SeedScan{}.max_chunk;
    // Opened first, so that a file that cannot be written is said before the
    // scan; dropped, never created, if the scan finds too few.
    Output out(o.output);
    // The kept seeds wait in memory (a seed and a note each), so nothing is
    // written, not even to stdout, unless the whole --count is found.
    Progress progress("deals", o.count);
    progress.count_also("seeds tried");  // a rating takes seconds: the seeds move while no deal is found
    const ScanResult found = scan_seeds(rules, scan, filter.make_test, progress);
    progress.finish();
    if (found.kept.size() < o.count) {
        message(too_few(o, filter, scan, found));
        return ExitNegative;
    }
    return write_deals(out, o, format, [&](std::uint64_t i) {
        const KeptDeal& k = found.kept[i];
        return format_deal(rules, deal_from_seed(rules.variant, k.seed), format, k.note);
    });
}

// --seeds A..B with a filter: every deal of the range it keeps, in seed order,
// written as each chunk of seeds is tested; none found: exit 1, as grep.
int run_range_filtered(const DealOptions& o, const Rules& rules, DealFormat format) {
    const DealFilter filter = deal_filter(o, rules);
    const bool rated = !o.difficulty.empty();
    const std::uint64_t size = o.seeds->count_minus_one() + 1;  // read_seeds() refuses all 2^64
    SeedScan scan;
    scan.first = o.seeds->first;
    scan.count = UINT64_MAX;
    scan.max_seeds = size;
    scan.jobs = rated ? 1 : job_count(o.jobs);
    scan.max_chunk = rated ? 1 : SeedScan{}.max_chunk;
    scan.progress_by_seeds = true;
    Output out(o.output);
    scan.on_kept = [&, first = true](const KeptDeal& k) mutable {
        if (format == DealFormat::Text && !first) out.write("\n");
        first = false;
        out.write(format_deal(rules, deal_from_seed(rules.variant, k.seed), format, k.note));
        if (o.output == "-") std::fflush(stdout);  // each deal as soon as it is found
    };
    Progress progress("seeds", size);
    progress.count_also(filter.kept);
    const ScanResult found = scan_seeds(rules, scan, filter.make_test, progress);
    progress.finish();
    if (found.found == 0) {
        message(fmt::format("no {} deal in seeds {} to {}", filter.kept, o.seeds->first, o.seeds->last));
        return ExitNegative;
    }
    out.commit();
    return ExitOk;
}

// "# deal of the day 2026-12-04 (friday: hard)", after the text form's first line.
std::string with_daily_comment(const std::string& text_form, std::int64_t days, const DailyDeal& d) {
    constexpr std::array<const char*, 7> Weekdays = {"monday", "tuesday", "wednesday", "thursday",
                                                     "friday", "saturday", "sunday"};
    const std::string day = Weekdays[static_cast<std::size_t>(((days + 3) % 7 + 7) % 7)];
    std::string band(band_name(daily_band(days)));
    if (d.band != daily_band(days)) band += fmt::format(", none in the first {} seeds: {}", DailyScanSeeds, band_name(d.band));
    const std::size_t first_line = text_form.find('\n') + 1;
    return text_form.substr(0, first_line) + fmt::format("# deal of the day {} ({}: {})\n", format_date(days), day, band) +
           text_form.substr(first_line);
}

// --daily: the day's seed (formats/deal.md, "The deal of the day"), with its rating.
int run_daily_deal(const DealOptions& o) {
    const std::int64_t days = o.daily_date.empty() ? today_utc() : read_date(o.daily_date, "--daily");
    const Rules rules(load_variant(o.variant));
    const DealFormat format = format_of(o);
    check_form(rules, format);
    const std::optional<DailyDeal> d = daily_deal(rules, days, job_count(o.jobs));
    if (!d) {
        message(fmt::format("--daily {}: none of the {} seeds from {} is winnable in variant '{}'", format_date(days),
                            DailyScanSeeds, daily_first_seed(days, rules.variant.name), rules.variant.name));
        return ExitNegative;
    }
    const std::string deal = format_deal(rules, deal_from_seed(rules.variant, d->seed), format, DealNote{true, d->rating});
    Output out(o.output);
    out.write(format == DealFormat::Text ? with_daily_comment(deal, days, *d) : deal);
    out.commit();
    return ExitOk;
}

int run_deal(DealOptions o, bool seeded) {
    if (o.daily) return run_daily_deal(o);
    if (o.pysolfc) return run_pysolfc_deal(o);
    if (o.seeds) {
        const Rules rules(load_variant(o.variant));
        const DealFormat format = format_of(o);
        check_form(rules, format);
        if (o.filtered()) return run_range_filtered(o, rules, format);
        o.count = o.seeds->count_minus_one() + 1;
        return write_deals(o, format, [&](std::uint64_t i) {
            return format_deal(rules, deal_from_seed(rules.variant, o.seeds->first + i), format);
        });
    }
    const Rules rules(load_variant(o.variant));
    const DealFormat format = format_of(o);
    check_form(rules, format);
    std::uint64_t seed = o.seed;
    if (!seeded) {
        seed = random_seed();
    }
    // The form that cannot carry the seed names it on stderr.
    if (!seeded && format == DealFormat::Mchung94)
        message(fmt::format("seed {}", seed));
    if (o.filtered()) return run_filtered_deal(o, rules, format, seed);
    return write_deals(o, format,
                       [&](std::uint64_t i) { return format_deal(rules, deal_from_seed(rules.variant, seed + i), format); });
}
// --difficulty and the expert's options that rate the deals, which go with it only.
std::vector<CLI::Option*> add_difficulty_options(CLI::App& app, DealOptions& o) {
    std::vector<std::string> bands;
    for (int b = 0; b < Bands; ++b) bands.emplace_back(band_name(static_cast<Band>(b)));
    add_choice_option(app, "--difficulty", o.difficulty,
                      "Deal only winnable seeds of this band: easy, medium,\nhard or expert (pyramide-rate(1))", bands);
    return {
        add_number_option(app, "-r,--runs", o.rating.runs, "With --difficulty: R, the expert's games a deal\n(default 16)",
                          1, MaxRatingRuns),
        add_number_option(app, "--expert-samples", o.rating.samples,
                          "With --difficulty: K, the stock orders each choice is\nweighed in (default 16)", 1,
                          MaxExpertSamples),
        add_number_option(app, "--expert-seed", o.rating.seed, "With --difficulty: the expert's first seed (default 0)"),
    };
}

// --winnable, --unwinnable and the options of their seed scan, which go with one of them only.
std::vector<CLI::Option*> add_filter_options(CLI::App& app, DealOptions& o) {
    app.add_flag("--winnable", o.winnable, "Deal only the seeds that the solver wins");
    app.add_flag("--unwinnable", o.unwinnable, "Deal only the seeds that the solver proves lost");
    return {
        add_number_option(app, "--max-seeds", o.max_seeds,
                          fmt::format("With --(un)winnable: try at most N seeds\n(default {})", DefaultMaxSeeds), 1),
        add_jobs_option(app, o.jobs),
        add_number_option(app, "--node-limit", o.node_limit,
                          "With --(un)winnable: skip a seed after N positions\n(0: never, the default)"),
    };
}

// --seeds A..B names every seed to try: not with --seed, --count, --max-seeds or --pysolfc.
void check_range_options(const DealOptions& o, const CLI::Option* seed, const CLI::Option* count,
                         const CLI::Option* pysolfc, const std::vector<CLI::Option*>& filter_options) {
    for (const CLI::Option* opt : {seed, count, pysolfc})
        if (opt->count() > 0)
            throw UsageError(fmt::format("--seeds: not with {} (the range names the seeds)", opt->get_name()));
    for (const CLI::Option* opt : filter_options)
        if (opt->get_name() == "--max-seeds" && opt->count() > 0)
            throw UsageError("--seeds: not with --max-seeds (the range bounds the seeds)");
    if (!o.filtered() && o.seeds->count_minus_one() >= MaxDeals)
        throw UsageError(fmt::format("--seeds: at most {} deals without --winnable, --unwinnable or --difficulty",
                                     MaxDeals));
}

// --daily names the deal: no other source, one deal, no filter.
void check_daily_options(const DealOptions& o, bool seeded) {
    const char* other = seeded ? "--seed" : o.seeds ? "--seeds" : o.pysolfc ? "--pysolfc" : o.count != 1 ? "--count" : o.winnable ? "--winnable"
                        : o.unwinnable ? "--unwinnable" : !o.difficulty.empty() ? "--difficulty" : nullptr;
    if (other) throw UsageError(fmt::format("--daily: one deal, the day's, chosen and rated by date: not with {}", other));
}

// A band no count of R games gives would have the scan rate every seed up
// to --max-seeds and find none: refused at once.
void check_band_reachable(Band band, int runs) {
    if (!band_wins(band, runs).none()) return;
    const int b = static_cast<int>(band);  // never easy (R wins) nor expert (none)
    throw UsageError(fmt::format("--difficulty {}: {} is {:g}% to below {:g}% of the expert's games won, which {} "
                                 "games never give: give --runs {} or more",
                                 band_name(band), band_name(band), 100 * band_floor(band),
                                 100 * band_floor(static_cast<Band>(b - 1)), runs, fewest_runs(band)));
}

void check_filter_options(const DealOptions& o, const std::vector<CLI::Option*>& filter_options,
                          const std::vector<CLI::Option*>& difficulty_options) {
    if (o.winnable && o.unwinnable) throw UsageError("--winnable and --unwinnable exclude each other: give one");
    if (!o.difficulty.empty() && o.unwinnable)
        throw UsageError("--difficulty: its deals are winnable (a band rates a winnable deal): not with --unwinnable");
    if (o.difficulty.empty())
        for (const CLI::Option* opt : difficulty_options)
            if (opt->count() > 0) throw UsageError(fmt::format("{}: only with --difficulty", opt->get_name()));
    if (!o.difficulty.empty()) check_band_reachable(*band_named(o.difficulty), o.rating.runs);
    const char* flag = !o.difficulty.empty() ? "--difficulty" : o.winnable ? "--winnable" : "--unwinnable";
    if (o.filtered() && o.pysolfc)
        throw UsageError(fmt::format("{}: not with --pysolfc (it picks seeds, and PySolFC's numbers are not seeds)", flag));
    if (o.filtered()) return;
    for (const CLI::Option* opt : filter_options)
        if (opt->count() > 0)
            throw UsageError(fmt::format("{}: only with --winnable, --unwinnable or --difficulty", opt->get_name()));
}
}  // namespace

Subcommand setup_deal(CLI::App& parent) {
    auto o = std::make_shared<DealOptions>();
    CLI::App* app = parent.add_subcommand("deal", "Deal games by seed, one or many, as text, one line each, or JSON.");
    CLI::Option* variant =
        app->add_option("-v,--variant", o->variant, "Preset name or FILE.toml (with --pysolfc: par)")
            ->capture_default_str();
    CLI::Option* seed = add_number_option(*app, "-s,--seed", o->seed,
                                          "Deal this seed (0 to 2^64-1); default: random, printed");
    CLI::Option* count =
        add_number_option(*app, "-n,--count", o->count, "Deal this many games, seeds N, N+1, ... (1 to 2^40)", 1,
                          MaxDeals)
            ->default_str("1");
    CLI::Option* pysolfc = add_pysolfc_option(
        *app, o->pysolfc, "Deal PySolFC's game number N (1 to 10^20), not a seed; -n: N, N+1, ...");
    CLI::Option* seeds = add_read_option(*app, "--seeds",
                                         "Every seed of A..B (inclusive); with a filter, every match,\n"
                                         "written as found (none: exit 1)",
                                         [o](const std::string& text) { o->seeds = read_seeds(text); })
                             ->type_name("A..B");
    CLI::Option* format =
        add_choice_option(*app, "-f,--format", o->format, "text, line, json or mchung94 (deck string)",
                          {"text", "line", "json", "mchung94"});
    app->add_flag("--json", o->json, "The same as --format json");
    CLI::Option* daily = app->add_option("--daily", o->daily_date,
                                         "The deal of the day, rated: today (UTC) or DATE,\nYYYY-MM-DD (pyramide-deal(1))")
                             ->expected(0, 1)
                             ->type_name("[DATE]");
    app->add_option("-o,--output", o->output, "Write to FILE (whole or not at all); - is stdout")->capture_default_str();
    const std::vector<CLI::Option*> filter_options = add_filter_options(*app, *o);
    const std::vector<CLI::Option*> difficulty_options = add_difficulty_options(*app, *o);
    app->footer("Examples:\n  pyramide deal --seed 7 --count 3 --format line\n"
                "  pyramide deal --winnable --seed 1 --count 10 --format json\n"
                "  pyramide deal --seeds 0..999 --winnable --format line\n"
                "  pyramide deal --pysolfc 617   (PySolFC's Pyramid #617)");
    return {app, [o, seed, count, seeds, format, variant, pysolfc, filter_options, difficulty_options, daily] {
                if (o->json) {
                    if (format->count() > 0 && o->format != "json")
                        throw UsageError(
                            fmt::format("--json: it means --format json, but --format {} is given too", o->format));
                    o->format = "json";
                }
                check_one_deal_source(pysolfc->count() > 0, seed->count() > 0, false);
                if (seeds->count() > 0) check_range_options(*o, seed, count, pysolfc, filter_options);
                o->daily = daily->count() > 0;
                if (o->daily) check_daily_options(*o, seed->count() > 0);
                check_filter_options(*o, filter_options, difficulty_options);
                // A filtered deal's seeds are not consecutive; its scan stops at the last seed.
                if (seed->count() > 0 && !o->filtered()) check_seed_count(o->seed, o->count);
                if (o->pysolfc) {
                    check_pysolfc_count(*o->pysolfc, o->count);
                    if (variant->count() == 0) o->variant = PysolfcDefaultVariant;
                }
                return run_deal(*o, seed->count() > 0);
            }};
}

}  // namespace pyr::cmd
