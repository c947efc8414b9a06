// pyramide deal: seeded deals, one or many, in the text, line, JSON or mchung94 form.
#include <functional>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/deal_format.hpp"
#include "formats/mchung94.hpp"
#include "formats/variant_toml.hpp"
#include "lib/shuffle.hpp"

namespace pyr::cmd {

namespace {
constexpr std::uint64_t MaxDeals = std::uint64_t{1} << 40;

struct DealOptions {
    std::string variant = "traditional";
    std::uint64_t seed = 0;
    std::uint64_t count = 1;
    std::string format = "text";
    std::string output = "-";
    bool json = false;
    std::optional<PysolfcNumber> pysolfc;
};

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
int write_deals(const DealOptions& o, DealFormat format, const std::function<std::string(std::uint64_t)>& deal_text) {
    Output out(o.output);
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

int run_deal(const DealOptions& o, bool seeded) {
    if (o.pysolfc) return run_pysolfc_deal(o);
    const Rules rules(load_variant(o.variant));
    const DealFormat format = format_of(o);
    check_form(rules, format);
    std::uint64_t seed = o.seed;
    if (!seeded) {
        seed = random_seed();
    }
    // Forms that cannot carry the seed name it on stderr.
    if (!seeded && (format == DealFormat::Line || format == DealFormat::Mchung94))
        message(fmt::format("seed {}", seed));
    return write_deals(o, format,
                       [&](std::uint64_t i) { return format_deal(rules, deal_from_seed(rules.variant, seed + i), format); });
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
    add_number_option(*app, "-n,--count", o->count, "Deal this many games, seeds N, N+1, ... (1 to 2^40)", 1, MaxDeals)
        ->default_str("1");
    CLI::Option* pysolfc = add_pysolfc_option(
        *app, o->pysolfc, "Deal PySolFC's game number N (1 to 10^20), not a seed; -n: N, N+1, ...");
    CLI::Option* format =
        add_choice_option(*app, "-f,--format", o->format, "text, line, json or mchung94 (deck string)",
                          {"text", "line", "json", "mchung94"});
    app->add_flag("--json", o->json, "The same as --format json");
    app->add_option("-o,--output", o->output, "Write to FILE (whole or not at all); - is stdout")->capture_default_str();
    app->footer("Examples:\n  pyramide deal --seed 7 --count 3 --format line\n"
                "  pyramide deal --pysolfc 617   (PySolFC's Pyramid #617)");
    return {app, [o, seed, format, variant, pysolfc] {
                if (o->json) {
                    if (format->count() > 0 && o->format != "json")
                        throw UsageError(
                            fmt::format("--json: it means --format json, but --format {} is given too", o->format));
                    o->format = "json";
                }
                check_one_deal_source(pysolfc->count() > 0, seed->count() > 0, false);
                if (seed->count() > 0) check_seed_count(o->seed, o->count);
                if (o->pysolfc) {
                    check_pysolfc_count(*o->pysolfc, o->count);
                    if (variant->count() == 0) o->variant = PysolfcDefaultVariant;
                }
                return run_deal(*o, seed->count() > 0);
            }};
}

}  // namespace pyr::cmd
