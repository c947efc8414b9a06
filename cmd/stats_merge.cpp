// pyramide stats merge: adds up the --json parts of one measurement split with
// --shard K/N. Every part is checked on its own (counts within its deals, its
// deals the share of its shards) and against the first (same variant, measures,
// node limit, seeds or files, shard count; each shard once), so that the sum is
// what one run gives, or a refusal naming the file and the key.
#include <map>

#include <fmt/format.h>

#include "common.hpp"
#include "formats/json.hpp"
#include "formats/text.hpp"
#include "stats_report.hpp"

namespace pyr::cmd {

namespace {

// A part is one small JSON object: a larger file is not one, and is not read whole.
constexpr std::size_t MaxPartBytes = std::size_t{1} << 20;

struct Part {
    std::string file;  // as named in messages
    JsonValue doc;
    Report report;
};

// The keys of one part, each read with its position for messages.
class PartReader {
public:
    PartReader(std::string file, const JsonValue& doc) : file_(std::move(file)), doc_(doc) {}

    [[noreturn]] void fail(const JsonValue& at, const std::string& message) const {
        throw InputError(file_, at.line, at.col, message);
    }
    // obj[key] of the given kind; `path` names it in messages ("shards.of").
    const JsonValue& need(const JsonValue& obj, std::string_view key, JsonValue::Kind kind,
                          std::string_view path) const {
        const JsonValue* v = obj.find(key);
        if (!v)
            fail(obj, fmt::format("no \"{}\": not a stats part (or one from an older pyramide: measure again)", path));
        expect(*v, kind, path);
        return *v;
    }
    void expect(const JsonValue& v, JsonValue::Kind kind, std::string_view path) const {
        if (v.kind != kind)
            fail(v, fmt::format("\"{}\": expected {}, got {}", path, kind_name(kind), kind_name(v.kind)));
    }
    std::uint64_t number(const JsonValue& v, std::string_view path, std::uint64_t min, std::uint64_t max) const {
        expect(v, JsonValue::Kind::Number, path);
        const std::optional<std::uint64_t> n = parse_decimal(v.text, min, max);
        if (!n) fail(v, not_a_number(v.text, fmt::format("\"{}\"", path), min, max));
        return *n;
    }
    std::uint64_t number(const JsonValue& obj, std::string_view key, std::string_view path, std::uint64_t min = 0,
                         std::uint64_t max = UINT64_MAX) const {
        return number(need(obj, key, JsonValue::Kind::Number, path), path, min, max);
    }
    const JsonValue& doc() const { return doc_; }

private:
    std::string file_;
    const JsonValue& doc_;
};

JsonValue read_part_json(const std::string& path, std::string& name) {
    Input in(path);
    name = in.name();
    std::string text, line;
    while (in.lines().next(line)) {
        if (text.size() + line.size() + 1 > MaxPartBytes)
            in.lines().fail(0, fmt::format("larger than {} bytes: too large for a stats part", MaxPartBytes));
        text += line + "\n";
    }
    return parse_json(text, name);
}

// measures.best, or measures.expert.score (`path`): the deals of each score
// (no more than the part's deals), and the par series.
void read_scores(const PartReader& in, const JsonValue& best, const std::string& path, std::uint64_t deals_in_part,
                 BestTally& b) {
    const JsonValue& scores = in.need(best, "scores", JsonValue::Kind::Array, path + ".scores");
    std::uint64_t deals = 0;
    for (const JsonValue& row : scores.items) {
        in.expect(row, JsonValue::Kind::Object, path + ".scores");
        const JsonValue& score = in.need(row, "score", JsonValue::Kind::Number, path + ".scores.score");
        const std::optional<std::int64_t> value = parse_signed_decimal(score.text, -1000000, 1000000);
        if (!value)
            in.fail(score, fmt::format("\"{}.scores.score\": '{}' is not a whole number from -1000000 to 1000000", path,
                                       excerpt(score.text)));
        const std::uint64_t n = in.number(row, "deals", path + ".scores.deals", 1, deals_in_part - deals);
        if (!b.scores.emplace(static_cast<int>(*value), n).second)
            in.fail(score, fmt::format("\"{}.scores\": score {} twice", path, *value));
        deals += n;
    }
    if (!best.find("series_of")) return;
    b.series_of = static_cast<int>(in.number(best, "series_of", path + ".series_of", 1, 100));
    b.series = in.number(best, "series", path + ".series", 0, deals_in_part);
    b.par_series = in.number(best, "par_series", path + ".par_series", 0, b.series);
}

void read_measures(const PartReader& in, Report& r) {
    const JsonValue& run = in.need(in.doc(), "measures_run", JsonValue::Kind::Array, "measures_run");
    for (const JsonValue& name : run.items) {
        in.expect(name, JsonValue::Kind::String, "measures_run");
        const int i = measure_index(name.text);
        if (i < 0)
            in.fail(name, fmt::format("\"measures_run\": '{}' is not a measure (won, pyramid, lock, blind, best, expert)",
                                      excerpt(name.text)));
        r.on[i] = true;
    }
    const JsonValue& measures = in.need(in.doc(), "measures", JsonValue::Kind::Object, "measures");
    for (const auto& [key, value] : measures.members) {
        const int i = measure_index(key);
        if (i < 0 || !r.on[i]) in.fail(value, fmt::format("\"measures.{}\" is not in \"measures_run\"", excerpt(key)));
    }
    for (int i = 0; i < Measures; ++i) {
        if (!r.on[i]) continue;
        if (i == BestMeasure) {
            read_scores(in, in.need(measures, "best", JsonValue::Kind::Object, "measures.best"), "measures.best",
                        r.tally.deals, r.tally.best);
            continue;
        }
        const std::string path = fmt::format("measures.{}", MeasureNames[i]);
        const JsonValue& m = in.need(measures, MeasureNames[i], JsonValue::Kind::Object, path);
        r.tally.hits[i] = in.number(m, "count", path + ".count", 0, r.tally.deals);
        // A scored variant's expert games: their scores, one a deal.
        if (i == ExpertMeasure && m.find("score")) {
            r.scored = true;
            read_scores(in, in.need(m, "score", JsonValue::Kind::Object, path + ".score"), path + ".score",
                        r.tally.deals, r.tally.expert_score);
        }
    }
}

// Which deals the part measured: its seeds or how many deals its files held, and its shards.
void read_source(const PartReader& in, Report& r) {
    if (in.doc().find("seeds")) {
        const JsonValue& seeds = in.need(in.doc(), "seeds", JsonValue::Kind::Object, "seeds");
        SeedRange s{in.number(seeds, "first", "seeds.first"), 0};
        // Not all 2^64 seeds: no run measures them (their count does not fit in "deals").
        s.last = in.number(seeds, "last", "seeds.last", s.first, UINT64_MAX - (s.first == 0 ? 1 : 0));
        r.seeds = s;
    } else {
        r.deals_read = in.number(in.doc(), "deals_read", "deals_read");
    }
    const JsonValue& shards = in.need(in.doc(), "shards", JsonValue::Kind::Object, "shards");
    r.shard_count = in.number(shards, "of", "shards.of", 1, MaxShards);
    const JsonValue& taken = in.need(shards, "taken", JsonValue::Kind::Array, "shards.taken");
    if (taken.items.empty()) in.fail(taken, "\"shards.taken\" lists no shard");
    r.shards.clear();
    for (const JsonValue& k : taken.items) {
        const std::uint64_t shard = in.number(k, "shards.taken", 1, r.shard_count);
        if (!r.shards.empty() && shard <= r.shards.back())
            in.fail(k, fmt::format("\"shards.taken\": {} after {}: each shard once, in increasing order", shard,
                                   r.shards.back()));
        r.shards.push_back(shard);
    }
}

// A part's "deals" must be exactly the share of its shards: more is a part of something else.
void check_deal_count(const PartReader& in, const Report& r) {
    const std::uint64_t count = r.seeds ? r.seeds->count_minus_one() + 1 : r.deals_read;
    std::uint64_t share = 0;
    for (const std::uint64_t k : r.shards) share += deals_in_shard(count, k, r.shard_count);
    if (r.tally.deals == share) return;
    const std::string deals = r.seeds ? fmt::format("seeds {}..{}", r.seeds->first, r.seeds->last)
                                      : fmt::format("the {} deals read", r.deals_read);
    in.fail(*in.doc().find("deals"), fmt::format("\"deals\" is {}, but {} of {} is {} deal{}", r.tally.deals,
                                                 r.shard_count == 1 ? "all" : shards_text(r), deals, share,
                                                 share == 1 ? "" : "s"));
}

Part read_part(const std::string& path) {
    Part p;
    p.doc = read_part_json(path, p.file);
    const PartReader in(p.file, p.doc);
    if (p.doc.kind != JsonValue::Kind::Object) in.fail(p.doc, "not a stats part: expected a JSON object");
    Report& r = p.report;
    r.variant = in.need(p.doc, "variant", JsonValue::Kind::String, "variant").text;
    r.source = in.need(p.doc, "source", JsonValue::Kind::String, "source").text;
    r.tally.deals = in.number(p.doc, "deals", "deals");
    r.tally.gave_up = in.number(p.doc, "gave_up", "gave_up", 0, r.tally.deals);
    read_measures(in, r);
    r.node_limit = in.number(p.doc, "node_limit", "node_limit");
    if (r.on[ExpertMeasure]) r.expert_samples = in.number(p.doc, "expert_samples", "expert_samples", 1, MaxExpertSamples);
    read_source(in, r);
    check_deal_count(in, r);
    return p;
}

// What must be the same in every part of one run: each key as text, for comparing and for messages.
std::vector<std::pair<const char*, std::string>> run_keys(const Report& r) {
    std::string measures;
    for (int i = 0; i < Measures; ++i)
        if (r.on[i]) measures += (measures.empty() ? "" : ",") + std::string(MeasureNames[i]);
    return {{"variant", "'" + excerpt(r.variant) + "'"},
            {"measures_run", measures},
            {"node_limit", std::to_string(r.node_limit)},
            {"expert_samples", r.on[ExpertMeasure] ? std::to_string(r.expert_samples) : "none"},
            {"measures.expert.score", r.scored ? "present" : "absent"},
            {"seeds", r.seeds ? fmt::format("{}..{}", r.seeds->first, r.seeds->last) : "none (deals from files)"},
            {"deals_read", r.seeds ? "none (deals by seed)" : std::to_string(r.deals_read)},
            {"shards.of", std::to_string(r.shard_count)},
            {"source", "'" + excerpt(r.source) + "'"}};
}

void check_same_run(const Part& first, const Part& p) {
    const auto expected = run_keys(first.report), got = run_keys(p.report);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        if (expected[i].second == got[i].second) continue;
        const std::string key = expected[i].first;
        const JsonValue* at = p.doc.find(key.substr(0, key.find('.')));
        throw InputError(p.file, at ? at->line : 0, at ? at->col : 0,
                         fmt::format("\"{}\" is {}, but {} in {}: parts of different runs", key, got[i].second,
                                     expected[i].second, first.file));
    }
}

}  // namespace

int run_merge(const std::vector<std::string>& paths, ReportForm form) {
    std::optional<Part> first;
    Report total;
    std::map<std::uint64_t, std::string> shard_files;  // each shard once
    for (const std::string& path : paths) {
        const Part p = read_part(path);
        if (!first) {
            first = p;
            total = p.report;
            total.tally = {};
            total.shards.clear();
        }
        check_same_run(*first, p);
        for (const std::uint64_t k : p.report.shards) {
            const auto [seen, fresh] = shard_files.emplace(k, p.file);
            const JsonValue* at = p.doc.find("shards");
            if (!fresh)
                throw InputError(p.file, at->line, at->col,
                                 fmt::format("shard {} of {} is in {} too", k, total.shard_count, seen->second));
        }
        // No sum can overflow: each part holds its shards' share of one count, and no shard twice.
        total.tally.add(p.report.tally);
    }
    for (const auto& [k, file] : shard_files) total.shards.push_back(k);
    if (total.shards.size() == total.shard_count) {
        total.shard_count = 1;  // all of them: what one run gives
        total.shards = {1};
    } else {
        message(fmt::format("warning: {} of {} shards merged: the result covers only those", total.shards.size(),
                            total.shard_count));
    }
    print_report(total, form);
    return ExitOk;
}

}  // namespace pyr::cmd
