// pyramide rate: how hard deals are for a player who does not see the stock
// (lib/players/rating.hpp): the solver's verdict, the fewest moves of a win, the
// expert player's chance of winning from R games of its own, and the band.
// Exit 0 rated, 2 bad input.
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "deal_stream.hpp"
#include "usage.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/rating_text.hpp"
#include "lib/rules/shuffle.hpp"
#include "stats_report.hpp"

namespace pyr::cmd {

namespace {


struct RateCmdOptions {
    std::vector<std::string> files;
    std::string variant;
    std::uint64_t seed = 0;
    std::uint64_t count = 1;
    std::optional<PysolfcNumber> pysolfc;
    RatingOptions rating;
    unsigned jobs = 0;
    bool json = false;
};

// Which deal a line is about: "seed 5", "PySolFC game 617", "deals.txt:12 (seed 5)".
struct DealName {
    std::string file;
    int line = 0;
    std::optional<std::uint64_t> seed;
    std::optional<PysolfcNumber> pysolfc;
};

std::string name_text(const DealName& n) {
    const std::string seed = n.seed ? fmt::format("seed {}", *n.seed) : "";
    if (n.pysolfc) return fmt::format("PySolFC game {}", n.pysolfc->decimal());
    if (n.file.empty()) return seed;
    const std::string at = fmt::format("{}:{}", printable(n.file), n.line);
    return seed.empty() ? at : fmt::format("{} ({})", at, seed);
}

void rate_one(const RateCmdOptions& o, const Rules& rules, const Deal& deal, const DealName& name) {
    const Rating r = rate_deal(rules, deal, o.rating);
    if (!o.json) {
        print_wrapped(fmt::format("{}: {}\n", name_text(name), rating_text(r)));
    } else {
        JsonWriter w;
        w.begin_object().key("variant").value(rules.variant.name);
        if (!name.file.empty()) w.key("file").value(name.file).key("line").value(name.line);
        if (name.seed) w.key("seed").value(*name.seed);
        if (name.pysolfc) w.key("pysolfc").value(name.pysolfc->decimal());
        w.key("rating");
        write_rating(w, r);
        w.end_object();
        fmt::print("{}\n", w.str());
    }
    std::fflush(stdout);  // a rating takes seconds: each line as soon as it is known
}

void rate_files(const RateCmdOptions& o) {
    RulesCache cache;
    DealStream deals(o.files, cache, o.variant, "deals");
    while (std::optional<StreamDeal> d = deals.next()) {
        DealName name{d->file, d->line, std::nullopt, std::nullopt};
        if (d->deal.has_seed) name.seed = d->deal.seed;
        rate_one(o, *d->rules, d->deal, name);
    }
}

int run_rate(RateCmdOptions o, bool seeded) {
    o.rating.threads = job_count(o.jobs);
    if (!o.files.empty()) {
        rate_files(o);
        return ExitOk;
    }
    if (!seeded && !o.pysolfc) throw UsageError("nothing to rate: give deal files, --seed N or --pysolfc N");
    RulesCache cache;
    const Rules& rules = cache.get(o.variant.empty() ? (o.pysolfc ? PysolfcDefaultVariant : "traditional") : o.variant);
    std::optional<PysolfcNumber> n = o.pysolfc;
    for (std::uint64_t i = 0; i < o.count; ++i) {
        if (n) {
            if (i > 0) n = *n->next();
            rate_one(o, rules, pysolfc_deal(rules, *n), {"", 0, std::nullopt, n});
        } else {
            rate_one(o, rules, deal_from_seed(rules.variant, o.seed + i), {"", 0, o.seed + i, std::nullopt});
        }
    }
    return ExitOk;
}
}  // namespace

Subcommand setup_rate(CLI::App& parent) {
    auto o = std::make_shared<RateCmdOptions>();
    CLI::App* app = parent.add_subcommand(
        "rate", "Rate deals for a player who does not see the stock: the solver's verdict, the\n"
                "fewest moves of a win, the expert player's chance from R games of its own, and\n"
                "the band it gives (easy, medium, hard, expert; winnable deals only).");
    app->add_option("files", o->files, "Deal files (- is stdin), instead of --seed or --pysolfc");
    app->add_option("-v,--variant", o->variant, "Preset name or FILE.toml (default: traditional; --pysolfc: par)");
    CLI::Option* seed = add_number_option(*app, "-s,--seed", o->seed, "Rate this seed's deal");
    add_number_option(*app, "-n,--count", o->count, "Rate this many deals, seeds N, N+1, ... (or PySolFC numbers)", 1,
                      std::uint64_t{1} << 40)
        ->default_str("1");
    CLI::Option* pysolfc = add_pysolfc_option(*app, o->pysolfc, "Rate PySolFC's game number N (1 to 10^20)");
    add_number_option(*app, "-r,--runs", o->rating.runs, fmt::format("R: the expert's games (1 to {}, default 16)", MaxRatingRuns),
                      1, MaxRatingRuns);
    add_number_option(*app, "--expert-samples", o->rating.samples,
                      fmt::format("K: each choice weighed in K stock orders (1 to {}, default 16)", MaxExpertSamples), 1,
                      MaxExpertSamples);
    add_number_option(*app, "--expert-seed", o->rating.seed, "The expert's game r samples with seed S + r (default 0)");
    add_number_option(*app, "--node-limit", o->rating.node_limit,
                      "Give up the verdict after this many positions (0: never,\nthe default)");
    add_number_option(*app, "--fewest-node-limit", o->rating.fewest_node_limit,
                      "Give up the fewest moves after this many positions\n(default 1000000; 0: never)");
    add_jobs_option(*app, o->jobs);
    app->add_flag("--json", o->json, "Print one JSON object a deal (JSON Lines)");
    app->footer("Examples:\n  pyramide rate --seed 18\n  pyramide rate --seed 0 --count 100 --json | jq -r .rating.band");
    return {app, [o, seed, pysolfc] {
                if (seed->count() > 0 && !o->files.empty()) throw UsageError("give a seed or deal files, not both");
                check_one_deal_source(pysolfc->count() > 0, seed->count() > 0, !o->files.empty());
                if (seed->count() > 0) check_seed_count(o->seed, o->count);
                if (o->pysolfc) check_pysolfc_count(*o->pysolfc, o->count);
                return run_rate(*o, seed->count() > 0);
            }};
}

}  // namespace pyr::cmd
