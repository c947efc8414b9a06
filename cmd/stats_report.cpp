// The report of `stats` over deals: parsing its measure list and shard,
// and printing it as text, CSV or JSON (the part `stats merge` reads).
#include "stats_report.hpp"

#include <cmath>

#include <fmt/format.h>

#include "common.hpp"
#include "formats/error.hpp"
#include "formats/json.hpp"

namespace pyr::cmd {

namespace {

// Within the 28 columns of the report's first field. A lock is RULES.md's: a
// card that can never be removed, all its partners lying on top of it.
const char* const MeasureTitles[Measures] = {"won (solver, stock known)", "pyramid cleared (solver)",
                                             "lock (can never be removed)", "won by the blind player",
                                             "won by the expert player"};

// Wilson score interval, 95%.
std::pair<double, double> wilson(std::uint64_t k, std::uint64_t n) {
    if (n == 0) return {0, 0};
    const double z = 1.959963984540054, nn = static_cast<double>(n), p = static_cast<double>(k) / nn;
    const double denom = 1 + z * z / nn;
    const double centre = (p + z * z / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double rate(std::uint64_t k, std::uint64_t n) { return n ? static_cast<double>(k) / static_cast<double>(n) : 0; }

// JSON rates are rounded so that one run and a merge of its shards print the same digits.
double rounded(double x) { return std::round(x * 1e9) / 1e9; }

// "seeds 0..29, shard 2/3", "deals.txt, shards 1, 3 of 4": where the deals came from, for people.
std::string source_text(const Report& r) {
    return r.shard_count == 1 ? r.source : r.source + ", " + shards_text(r);
}

void write_measures(JsonWriter& w, const Report& r) {
    w.key("measures").begin_object();
    for (int i = 0; i < Measures; ++i) {
        if (!r.on[i]) continue;
        const auto [lo, hi] = wilson(r.tally.hits[i], r.tally.deals);
        w.key(MeasureNames[i]).begin_object().key("count").value(r.tally.hits[i]);
        w.key("rate").value(rounded(rate(r.tally.hits[i], r.tally.deals))).key("low").value(rounded(lo));
        w.key("high").value(rounded(hi)).end_object();
    }
    w.end_object();
}

// The run the counts came from, as structured keys (after the ones older readers know).
void write_run(JsonWriter& w, const Report& r) {
    w.key("measures_run").begin_array();
    for (int i = 0; i < Measures; ++i)
        if (r.on[i]) w.value(MeasureNames[i]);
    w.end_array().key("node_limit").value(r.node_limit);
    if (r.on[ExpertMeasure]) w.key("expert_samples").value(r.expert_samples);
    if (r.seeds)
        w.key("seeds").begin_object().key("first").value(r.seeds->first).key("last").value(r.seeds->last).end_object();
    else
        w.key("deals_read").value(r.deals_read);
    w.key("shards").begin_object().key("of").value(r.shard_count).key("taken").begin_array();
    for (const std::uint64_t k : r.shards) w.value(k);
    w.end_array().end_object();
}

}  // namespace

int measure_index(std::string_view name) {
    for (int i = 0; i < Measures; ++i)
        if (name == MeasureNames[i]) return i;
    return -1;
}

MeasureSet parse_measures(const std::string& list, const std::string& what) {
    MeasureSet on{};
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = list.find(',', start);
        const std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        on[measure_index(choice_of(name, {std::begin(MeasureNames), std::end(MeasureNames)}, what))] = true;
        if (comma == std::string::npos) return on;
        start = comma + 1;
    }
}

Shard parse_shard(std::string_view text, std::string_view what) {
    const std::size_t slash = text.find('/');
    const std::optional<std::uint64_t> n =
        slash == std::string_view::npos ? std::nullopt : parse_decimal(text.substr(slash + 1), 1, MaxShards);
    const std::optional<std::uint64_t> k = n ? parse_decimal(text.substr(0, slash), 1, *n) : std::nullopt;
    if (!k)
        throw InputError("", 0, 0,
                         fmt::format("{}: '{}' is not K/N with 1 <= K <= N <= {}", what, excerpt(text), MaxShards));
    return {*k, *n};
}

std::string shards_text(const Report& r) {
    if (r.shard_count == 1) return "";
    if (r.shards.size() == 1) return fmt::format("shard {}/{}", r.shards[0], r.shard_count);
    return fmt::format("shards {} of {}", fmt::join(r.shards, ", "), r.shard_count);
}

std::uint64_t deals_in_shard(std::uint64_t count, std::uint64_t k, std::uint64_t n) {
    return count / n + (count % n >= k ? 1 : 0);
}

std::string report_json(const Report& r) {
    JsonWriter w;
    w.begin_object().key("variant").value(r.variant).key("source").value(r.source);
    w.key("deals").value(r.tally.deals);
    write_measures(w, r);
    w.key("gave_up").value(r.tally.gave_up);
    write_run(w, r);
    w.end_object();
    return w.str() + "\n";
}

void print_report(const Report& r, ReportForm form) {
    if (form == ReportForm::Json) {
        fmt::print("{}", report_json(r));
        return;
    }
    const Tally& t = r.tally;
    if (form == ReportForm::Csv) {
        fmt::print("measure,count,deals,rate,low95,high95\n");
        for (int i = 0; i < Measures; ++i) {
            if (!r.on[i]) continue;
            const auto [lo, hi] = wilson(t.hits[i], t.deals);
            fmt::print("{},{},{},{:.6f},{:.6f},{:.6f}\n", MeasureNames[i], t.hits[i], t.deals, rate(t.hits[i], t.deals),
                       lo, hi);
        }
        return;
    }
    // The variant and the source may come from a part's JSON: never raw to a terminal.
    fmt::print("variant {}, {} deal{} ({})\n", printable(r.variant), t.deals, t.deals == 1 ? "" : "s",
               printable(source_text(r)));
    for (int i = 0; i < Measures; ++i) {
        if (!r.on[i]) continue;
        const auto [lo, hi] = wilson(t.hits[i], t.deals);
        // At most 78 columns, "100.000-100.000%" included.
        fmt::print("  {:<27}{:>9} {:7.3f}%  95% interval {:.3f}-{:.3f}%\n", MeasureTitles[i], t.hits[i],
                   100 * rate(t.hits[i], t.deals), 100 * lo, 100 * hi);
    }
    if (t.gave_up) fmt::print("  {:<27}{:>9}\n", "gave up (--node-limit)", t.gave_up);
}

}  // namespace pyr::cmd
