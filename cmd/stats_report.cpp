// The report of `stats` over deals: parsing its measure list and shard,
// and printing it as text, CSV or JSON (the part `stats merge` reads).
#include "stats_report.hpp"

#include <cmath>

#include <fmt/format.h>

#include "common.hpp"
#include "formats/error.hpp"
#include "formats/json.hpp"
#include "lib/players/interval.hpp"

namespace pyr::cmd {

namespace {

// Within the 28 columns of the report's first field. A lock is docs/rules.md's: a
// card that can never be removed, all its partners lying on top of it.
const char* const MeasureTitles[Measures] = {"won (solver, stock known)", "pyramid cleared (solver)",
                                             "lock (can never be removed)", "won by the blind player",
                                             "best score (solver)", "won by the expert player"};

double rate(std::uint64_t k, std::uint64_t n) { return n ? static_cast<double>(k) / static_cast<double>(n) : 0; }

// JSON rates are rounded so that one run and a merge of its shards print the same digits.
double rounded(double x) { return std::round(x * 1e9) / 1e9; }

// "seeds 0..29, shard 2/3", "deals.txt, shards 1, 3 of 4": where the deals came from, for people.
std::string source_text(const Report& r) {
    return r.shard_count == 1 ? r.source : r.source + ", " + shards_text(r);
}

double mean_best(const BestTally& b) {
    return b.deals() ? static_cast<double>(static_cast<long double>(b.total()) / static_cast<long double>(b.deals())) : 0;
}

// A tally of scores as the object `key`: "best" (the solver's best scores),
// or "score" within "expert" (the expert's games).
void write_scores(JsonWriter& w, const char* key, const BestTally& b) {
    w.key(key).begin_object().key("deals").value(b.deals()).key("total").value(b.total());
    w.key("mean").value(std::round(mean_best(b) * 1e6) / 1e6).key("scores").begin_array();
    for (const auto& [score, n] : b.scores)
        w.begin_object().key("score").value(static_cast<std::int64_t>(score)).key("deals").value(n).end_object();
    w.end_array();
    if (b.series_of > 0) {
        const auto [lo, hi] = wilson(b.par_series, b.series);
        w.key("series_of").value(static_cast<std::int64_t>(b.series_of)).key("series").value(b.series);
        w.key("par_series").value(b.par_series).key("par_rate").value(rounded(rate(b.par_series, b.series)));
        w.key("low").value(rounded(lo)).key("high").value(rounded(hi));
    }
    w.end_object();
}

void write_measures(JsonWriter& w, const Report& r) {
    w.key("measures").begin_object();
    for (int i = 0; i < Measures; ++i) {
        if (!r.on[i]) continue;
        if (i == BestMeasure) {
            write_scores(w, "best", r.tally.best);
            continue;
        }
        const auto [lo, hi] = wilson(r.tally.hits[i], r.tally.deals);
        w.key(MeasureNames[i]).begin_object().key("count").value(r.tally.hits[i]);
        w.key("rate").value(rounded(rate(r.tally.hits[i], r.tally.deals))).key("low").value(rounded(lo));
        w.key("high").value(rounded(hi));
        if (i == ExpertMeasure && r.scored) write_scores(w, "score", r.tally.expert_score);
        w.end_object();
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

void csv_row(const std::string& measure, std::uint64_t count, std::uint64_t of) {
    const auto [lo, hi] = wilson(count, of);
    fmt::print("{},{},{},{:.6f},{:.6f},{:.6f}\n", measure, count, of, rate(count, of), lo, hi);
}

// A row per score (the deals with it, of the deals counted), then the par
// series: `prefix` "best" (best_score=..., par_series) or "expert".
void scores_csv(const std::string& prefix, const BestTally& b) {
    for (const auto& [score, n] : b.scores) csv_row(fmt::format("{}_score={}", prefix, score), n, b.deals());
    if (b.series_of > 0) csv_row(prefix == "best" ? "par_series" : prefix + "_par_series", b.par_series, b.series);
}

// Scores in at most about 12 bands of 1, 2, 5, 10, 20, 50 ... points.
int band_width(const BestTally& b) {
    const long long span = static_cast<long long>(b.scores.rbegin()->first) - b.scores.begin()->first + 1;
    for (long long w = 1;; w *= 10)
        for (const long long m : {1, 2, 5})
            if (span <= 12 * w * m) return static_cast<int>(w * m);
}

int band_start(int score, int width) { return score >= 0 ? score / width * width : -((-score + width - 1) / width) * width; }

// The mean, a table of how many deals reach each band of scores, and the par
// series; `who`: "best" (the solver's) or "expert".
void scores_text(const std::string& title, const std::string& who, const BestTally& b) {
    wrapped_print("  {:<27}{:>9} deals, mean {:.3f}\n", title, b.deals(), mean_best(b));
    if (b.scores.empty()) return;
    const int width = band_width(b);
    std::map<int, std::uint64_t> bands;
    for (const auto& [score, n] : b.scores) bands[band_start(score, width)] += n;
    for (const auto& [start, n] : bands) {
        const std::string scores =
            width == 1 ? fmt::format("{}", start) : fmt::format("{} to {}", start, start + width - 1);
        wrapped_print("    score {:<19}{:>9} {:7.3f}%\n", scores, n, 100 * rate(n, b.deals()));
    }
    if (b.series_of == 0) return;
    if (b.series == 0) {
        wrapped_print("  {:<27}{:>9}: fewer than {} deals in a row\n", fmt::format("par series of {} ({})", b.series_of, who),
                   "none", b.series_of);
        return;
    }
    const auto [lo, hi] = wilson(b.par_series, b.series);
    wrapped_print("  {:<27}{:>9} {:7.3f}%  95% interval {:.3f}-{:.3f}%\n", fmt::format("par series of {} ({})", b.series_of, who),
               b.par_series, 100 * rate(b.par_series, b.series), 100 * lo, 100 * hi);
    wrapped_print("    of {} series: {} consecutive deals each, total 0 or more\n", b.series, b.series_of);
}

}  // namespace

std::uint64_t BestTally::deals() const {
    std::uint64_t n = 0;
    for (const auto& [score, count] : scores) n += count;
    return n;
}

WideInt BestTally::total() const {
    WideInt sum = 0;
    for (const auto& [score, count] : scores) sum += static_cast<WideInt>(score) * static_cast<WideInt>(count);
    return sum;
}

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
        for (int i = 0; i < Measures; ++i)
            if (r.on[i] && i != BestMeasure) csv_row(MeasureNames[i], t.hits[i], t.deals);
        if (r.on[BestMeasure]) scores_csv("best", t.best);
        if (r.on[ExpertMeasure] && r.scored) scores_csv("expert", t.expert_score);
        return;
    }
    // The variant and the source may come from a part's JSON: never raw to a terminal.
    wrapped_print("variant {}, {} deal{} ({})\n", printable(r.variant), t.deals, t.deals == 1 ? "" : "s",
               printable(source_text(r)));
    for (int i = 0; i < Measures; ++i) {
        if (!r.on[i] || i == BestMeasure) continue;
        const auto [lo, hi] = wilson(t.hits[i], t.deals);
        // At most 78 columns, "100.000-100.000%" included.
        wrapped_print("  {:<27}{:>9} {:7.3f}%  95% interval {:.3f}-{:.3f}%\n", MeasureTitles[i], t.hits[i],
                   100 * rate(t.hits[i], t.deals), 100 * lo, 100 * hi);
    }
    if (r.on[BestMeasure]) scores_text(MeasureTitles[BestMeasure], "best", t.best);
    if (r.on[ExpertMeasure] && r.scored) scores_text("score of the expert player", "expert", t.expert_score);
    if (t.gave_up) wrapped_print("  {:<27}{:>9}\n", "gave up (--node-limit)", t.gave_up);
}

}  // namespace pyr::cmd
