// pyramide stats: measures many deals (solver win rate, pyramid-cleared rate,
// locks, the blind player) or many move logs (results, scores, par), on all
// cores, in constant memory; `--shard K/N` and `stats merge` split the work
// across machines and put it back together exactly.
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <thread>

#include <unistd.h>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "formats/variant_toml.hpp"
#include "lib/shuffle.hpp"
#include "lib/solver.hpp"
#include "lib/strategy.hpp"

namespace pyr::cmd {

namespace {

// Deals read and measured at a time: memory stays constant. Large enough that
// one hard deal does not leave the other threads idle at the end of a chunk.
constexpr std::size_t ChunkSize = 4096;

struct StatsOptions {
    std::string variant;
    std::string seeds;
    std::vector<std::string> files;
    unsigned jobs = 0;
    std::string shard;
    bool json = false;
    bool csv = false;
    std::string measure = "won,pyramid,lock,blind";
    std::uint64_t node_limit = 0;
    std::vector<std::string> parts;  // stats merge
};

const char* const MeasureNames[] = {"won", "pyramid", "lock", "blind"};
const char* const MeasureTitles[] = {"won (solver, stock known)", "pyramid cleared (solver)",
                                     "lock (a card never free)", "won by the blind player"};
constexpr int Measures = 4;

// Counts only: everything else is derived, so parts add up exactly.
struct Tally {
    std::uint64_t deals = 0;
    std::array<std::uint64_t, Measures> hits{};
    std::uint64_t gave_up = 0;
    void add(const Tally& o) {
        deals += o.deals;
        for (int i = 0; i < Measures; ++i) hits[i] += o.hits[i];
        gave_up += o.gave_up;
    }
};

struct LogTally {
    std::uint64_t logs = 0, won = 0, lost = 0, unfinished = 0;
    std::int64_t total_score = 0;
    std::uint64_t series = 0, par_series = 0;
};

// Wilson score interval, 95%.
std::pair<double, double> wilson(std::uint64_t k, std::uint64_t n) {
    if (n == 0) return {0, 0};
    const double z = 1.959963984540054, nn = static_cast<double>(n), p = static_cast<double>(k) / nn;
    const double denom = 1 + z * z / nn;
    const double centre = (p + z * z / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

struct Shard {
    std::uint64_t k = 1, n = 1;  // this machine takes deals i with i % n == k - 1
};

Shard parse_shard(const std::string& s) {
    Shard sh;
    if (s.empty()) return sh;
    unsigned long long k = 0, n = 0;
    char extra = 0;
    if (std::sscanf(s.c_str(), "%llu/%llu%c", &k, &n, &extra) != 2 || n == 0 || k == 0 || k > n)
        throw InputError("", 0, 0, fmt::format("--shard '{}': expected K/N with 1 <= K <= N", printable(s)));
    sh.k = k;
    sh.n = n;
    return sh;
}

std::pair<std::uint64_t, std::uint64_t> parse_seeds(const std::string& s) {
    unsigned long long a = 0, b = 0;
    char extra = 0;
    if (std::sscanf(s.c_str(), "%llu..%llu%c", &a, &b, &extra) == 2 && a <= b) return {a, b};
    if (std::sscanf(s.c_str(), "%llu%c", &a, &extra) == 1) return {a, a};
    throw InputError("", 0, 0, fmt::format("--seeds '{}': expected A..B (inclusive), e.g. 0..999999", printable(s)));
}

class Progress {
public:
    Progress(std::uint64_t total) : total_(total), on_(::isatty(STDERR_FILENO) != 0) {}
    void update(std::uint64_t done) {
        if (!on_) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < std::chrono::milliseconds(250) && done < total_) return;
        last_ = now;
        const double secs = std::chrono::duration<double>(now - start_).count();
        const double rate = secs > 0 ? static_cast<double>(done) / secs : 0;
        std::string eta = "?";
        if (rate > 0 && total_ >= done) {
            const auto left = static_cast<long>(static_cast<double>(total_ - done) / rate);
            eta = fmt::format("{}:{:02}:{:02}", left / 3600, left / 60 % 60, left % 60);
        }
        fmt::print(stderr, "\r{} / {} deals, {:.0f}/s, ETA {}   ", done, total_, rate, eta);
    }
    void finish() {
        if (on_) fmt::print(stderr, "\n");
    }

private:
    std::uint64_t total_;
    bool on_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
};

class DealMeasurer {
public:
    DealMeasurer(const Rules& rules, const std::array<bool, Measures>& on, std::uint64_t node_limit)
        : rules_(rules), on_(on) {
        Variant pv = rules.variant;
        pv.goal = Goal::Pyramid;
        pyramid_rules_ = std::make_unique<Rules>(pv);
        SolveOptions so;
        so.node_limit = node_limit;
        so.table_bytes = 32u << 20;
        solver_ = std::make_unique<Solver>(so);
    }
    void measure(const Deal& d, Tally& t) {
        ++t.deals;
        // With the pyramid goal already, "won" and "pyramid cleared" are one solve.
        const bool pyramid_goal = rules_.variant.goal == Goal::Pyramid;
        SolveOutcome won = SolveOutcome::NoSolution, cleared = SolveOutcome::NoSolution;
        if (on_[0] || (on_[1] && pyramid_goal)) won = solver_->solve(rules_, d).outcome;
        if (on_[1]) cleared = pyramid_goal ? won : solver_->solve(*pyramid_rules_, d).outcome;
        t.hits[0] += on_[0] && won == SolveOutcome::Won;
        t.hits[1] += on_[1] && cleared == SolveOutcome::Won;
        t.gave_up += won == SolveOutcome::GaveUp || cleared == SolveOutcome::GaveUp;
        if (on_[2]) t.hits[2] += has_lock(rules_, d);
        if (on_[3]) {
            Game g(rules_, d);
            while (g.status() == Status::InProgress) g.apply(blind_choice(g));
            t.hits[3] += g.status() == Status::Won;
        }
    }

private:
    const Rules& rules_;
    std::unique_ptr<Rules> pyramid_rules_;
    std::array<bool, Measures> on_;
    std::unique_ptr<Solver> solver_;
};

struct Report {
    std::string variant;
    std::string source;
    std::array<bool, Measures> on{};
    Tally tally;
};

std::string report_json(const Report& r) {
    JsonWriter w;
    w.begin_object().key("variant").value(r.variant).key("source").value(r.source);
    w.key("deals").value(r.tally.deals);
    w.key("measures").begin_object();
    for (int i = 0; i < Measures; ++i) {
        if (!r.on[i]) continue;
        const auto [lo, hi] = wilson(r.tally.hits[i], r.tally.deals);
        const double rate = r.tally.deals ? static_cast<double>(r.tally.hits[i]) / static_cast<double>(r.tally.deals) : 0;
        w.key(MeasureNames[i]).begin_object().key("count").value(r.tally.hits[i]);
        w.key("rate").value(std::round(rate * 1e9) / 1e9).key("low").value(std::round(lo * 1e9) / 1e9);
        w.key("high").value(std::round(hi * 1e9) / 1e9).end_object();
    }
    w.end_object().key("gave_up").value(r.tally.gave_up).end_object();
    return w.str() + "\n";
}

void print_report(const Report& r, const StatsOptions& o) {
    if (o.json) {
        fmt::print("{}", report_json(r));
        return;
    }
    if (o.csv) {
        fmt::print("measure,count,deals,rate,low95,high95\n");
        for (int i = 0; i < Measures; ++i) {
            if (!r.on[i]) continue;
            const auto [lo, hi] = wilson(r.tally.hits[i], r.tally.deals);
            fmt::print("{},{},{},{:.6f},{:.6f},{:.6f}\n", MeasureNames[i], r.tally.hits[i], r.tally.deals,
                       r.tally.deals ? static_cast<double>(r.tally.hits[i]) / static_cast<double>(r.tally.deals) : 0.0,
                       lo, hi);
        }
        return;
    }
    fmt::print("variant {}, {} deal{} ({})\n", printable(r.variant), r.tally.deals, r.tally.deals == 1 ? "" : "s",
               printable(r.source));
    for (int i = 0; i < Measures; ++i) {
        if (!r.on[i]) continue;
        const auto [lo, hi] = wilson(r.tally.hits[i], r.tally.deals);
        const double rate = r.tally.deals ? 100.0 * static_cast<double>(r.tally.hits[i]) / static_cast<double>(r.tally.deals) : 0;
        fmt::print("  {:<28}{:>10}  {:7.3f}%   95% interval {:.3f}% to {:.3f}%\n", MeasureTitles[i], r.tally.hits[i],
                   rate, 100 * lo, 100 * hi);
    }
    if (r.tally.gave_up) fmt::print("  gave up (--node-limit)     {:>10}\n", r.tally.gave_up);
}

// Measures a batch of deals on `jobs` threads, each with its own solver.
class Pool {
public:
    Pool(const Rules& rules, const std::array<bool, Measures>& on, std::uint64_t node_limit, unsigned jobs) {
        for (unsigned i = 0; i < jobs; ++i) workers_.push_back(std::make_unique<DealMeasurer>(rules, on, node_limit));
    }
    void run(const std::vector<Deal>& deals, Tally& total) {
        std::atomic<std::size_t> next{0};
        std::vector<Tally> parts(workers_.size());
        std::vector<std::thread> threads;
        for (std::size_t w = 0; w < workers_.size(); ++w)
            threads.emplace_back([&, w] {
                for (std::size_t i; (i = next.fetch_add(1)) < deals.size();) workers_[w]->measure(deals[i], parts[w]);
            });
        for (std::thread& t : threads) t.join();
        for (const Tally& t : parts) total.add(t);
    }

private:
    std::vector<std::unique_ptr<DealMeasurer>> workers_;
};

std::array<bool, Measures> parse_measures(const std::string& list) {
    std::array<bool, Measures> on{};
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = list.find(',', start);
        const std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        bool found = false;
        for (int i = 0; i < Measures; ++i)
            if (name == MeasureNames[i]) on[i] = found = true;
        if (!found)
            throw InputError("", 0, 0, fmt::format("--measure: unknown '{}' (choose from won, pyramid, lock, blind)",
                                                   printable(name)));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return on;
}

// Adds one log's result to the tally; a series counts as par at 0 or more.
class LogCounter {
public:
    void add(const MoveLog& log, const std::string& file) {
        const std::string& name = log.deal.rules->variant.name;
        if (t_.logs == 0) variant_ = name;
        else if (name != variant_)
            throw InputError(file, log.deal.line, 0,
                             fmt::format("log of variant '{}' among logs of '{}': measure one variant at a time",
                                         printable(name), printable(variant_)));
        Game game(*log.deal.rules, log.deal.deal);
        replay(log, game);
        ++t_.logs;
        const Status st = game.status();
        t_.won += st == Status::Won;
        t_.lost += st == Status::Lost;
        t_.unfinished += st == Status::InProgress;
        t_.total_score += game.score();
        series_len_ = game.variant().series;
        if (series_len_ > 0) {
            series_total_ += game.score();
            if (++in_series_ == series_len_) {
                ++t_.series;
                t_.par_series += series_total_ >= 0;
                in_series_ = 0;
                series_total_ = 0;
            }
        }
    }
    void print(const StatsOptions& o) const;

private:
    LogTally t_;
    std::string variant_;
    std::int64_t series_total_ = 0;
    int in_series_ = 0, series_len_ = 0;
};

void LogCounter::print(const StatsOptions& o) const {
    const double mean = t_.logs ? static_cast<double>(t_.total_score) / static_cast<double>(t_.logs) : 0;
    if (o.json) {
        JsonWriter w;
        w.begin_object().key("variant").value(variant_).key("logs").value(t_.logs).key("won").value(t_.won);
        w.key("lost").value(t_.lost).key("unfinished").value(t_.unfinished);
        w.key("total_score").value(static_cast<std::int64_t>(t_.total_score));
        w.key("mean_score").value(std::round(mean * 1e6) / 1e6);
        if (series_len_ > 0) w.key("series").value(t_.series).key("par_series").value(t_.par_series);
        w.end_object();
        fmt::print("{}\n", w.str());
    } else if (o.csv) {
        fmt::print("logs,won,lost,unfinished,total_score,mean_score,series,par_series\n{},{},{},{},{},{:.6f},{},{}\n",
                   t_.logs, t_.won, t_.lost, t_.unfinished, t_.total_score, mean, t_.series, t_.par_series);
    } else {
        fmt::print("variant {}, {} log{}: {} won, {} lost, {} unfinished\n", printable(variant_), t_.logs,
                   t_.logs == 1 ? "" : "s", t_.won, t_.lost, t_.unfinished);
        fmt::print("score: total {}, mean {:.2f}\n", t_.total_score, mean);
        if (series_len_ > 0)
            fmt::print("series of {}: {} complete, {} par (total 0 or more)\n", series_len_, t_.series, t_.par_series);
    }
}

// Deals from files, measured in chunks: the rules are --variant's, or else
// those of the first deal read, and every deal must be of that variant.
class DealFeed {
public:
    DealFeed(const StatsOptions& o, const std::array<bool, Measures>& on, unsigned jobs, Shard shard, Report& r)
        : o_(o), on_(on), jobs_(jobs), shard_(shard), r_(r) {}
    void add(ReadDeal&& rd, const std::string& file) {
        if (!pool_) {
            rules_ = rd.rules;
            r_.variant = rules_->variant.name;
            pool_ = std::make_unique<Pool>(*rules_, on_, o_.node_limit, jobs_);
        }
        if (rd.rules->variant.name != rules_->variant.name)
            throw InputError(file, rd.line, 0,
                             fmt::format("deal of variant '{}' among deals of '{}': measure one variant at a time",
                                         printable(rd.rules->variant.name), printable(rules_->variant.name)));
        if (index_++ % shard_.n != shard_.k - 1) return;
        chunk_.push_back(std::move(rd.deal));
        if (chunk_.size() == ChunkSize) flush();
    }
    void flush() {
        if (pool_ && !chunk_.empty()) pool_->run(chunk_, r_.tally);
        chunk_.clear();
    }

private:
    const StatsOptions& o_;
    std::array<bool, Measures> on_;
    unsigned jobs_;
    Shard shard_;
    Report& r_;
    const Rules* rules_ = nullptr;
    std::unique_ptr<Pool> pool_;
    std::vector<Deal> chunk_;
    std::uint64_t index_ = 0;
};

// Deal files or move logs, each input opened and read once (stdin and pipes
// cannot be read twice); all deals, or all logs.
int run_files(const StatsOptions& o, RulesCache& cache, Report& r, unsigned jobs, Shard shard) {
    LogCounter logs;
    DealFeed deals(o, r.on, jobs, shard, r);
    InputKind seen = InputKind::Empty;
    for (const std::string& path : o.files) {
        note_terminal_stdin(path, "deals or move logs");
        Input in(path);
        const InputKind kind = sniff_kind(in.lines());
        if (kind == InputKind::Empty) continue;
        if (seen != InputKind::Empty && kind != seen)
            throw InputError(in.name(), 0, 0,
                             kind == InputKind::Log ? "a move log among deal files: measure deals or logs, not both"
                                                    : "deals among move logs: measure deals or logs, not both");
        seen = kind;
        if (kind == InputKind::Log) {
            logs.add(read_log(in.lines(), cache, o.variant), in.name());
            continue;
        }
        DealReader reader(in.lines(), cache, o.variant);
        while (std::optional<ReadDeal> rd = reader.next()) deals.add(std::move(*rd), in.name());
    }
    if (seen == InputKind::Log) {
        logs.print(o);
        return ExitOk;
    }
    deals.flush();
    if (r.variant.empty()) r.variant = cache.get(o.variant.empty() ? "traditional" : o.variant).variant.name;
    // Named as in messages: "<stdin>" for "-".
    r.source = o.files.size() == 1 ? printable(o.files[0] == "-" ? "<stdin>" : o.files[0])
                                   : fmt::format("{} files", o.files.size());
    if (shard.n > 1) r.source += fmt::format(", shard {}/{}", shard.k, shard.n);
    print_report(r, o);
    return ExitOk;
}

int run_stats(const StatsOptions& o) {
    RulesCache cache;
    const Shard shard = parse_shard(o.shard);
    const unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
    Report r;
    r.on = parse_measures(o.measure);
    if (o.seeds.empty() && o.files.empty())
        throw InputError("", 0, 0, "nothing to measure: give --seeds A..B, deal files or move logs");
    if (!o.seeds.empty() && !o.files.empty()) throw InputError("", 0, 0, "give --seeds or files, not both");
    if (!o.files.empty()) return run_files(o, cache, r, jobs, shard);
    const Rules& rules = cache.get(o.variant.empty() ? "traditional" : o.variant);
    r.variant = rules.variant.name;
    Pool pool(rules, r.on, o.node_limit, jobs);
    std::vector<Deal> chunk;
    const auto [first, last] = parse_seeds(o.seeds);
    r.source = fmt::format("seeds {}..{}", first, last);
    const std::uint64_t count = last - first + 1;
    Progress progress(count / shard.n + (count % shard.n >= shard.k ? 1 : 0));
    std::uint64_t done = 0;
    for (std::uint64_t i = shard.k - 1; i < count; i += shard.n) {
        chunk.push_back(deal_from_seed(rules.variant, first + i));
        if (chunk.size() == ChunkSize || i + shard.n >= count) {
            pool.run(chunk, r.tally);
            done += chunk.size();
            chunk.clear();
            progress.update(done);
        }
        if (i + shard.n < i) break;  // wrapped around at 2^64
    }
    progress.finish();
    if (shard.n > 1) r.source += fmt::format(", shard {}/{}", shard.k, shard.n);
    print_report(r, o);
    return ExitOk;
}

// Adds up parts written with --json --shard K/N; the result is what one run gives.
int run_merge(const StatsOptions& o) {
    Report total;
    std::string base_source;
    std::vector<std::uint64_t> shards_seen;
    std::uint64_t shard_n = 0;
    for (const std::string& path : o.parts) {
        Input in(path);
        std::string text, line;
        while (in.lines().next(line)) text += line + "\n";
        const JsonValue doc = parse_json(text, in.name());
        auto need = [&](const char* key, JsonValue::Kind kind) -> const JsonValue& {
            const JsonValue* v = doc.find(key);
            if (!v || v->kind != kind)
                throw InputError(in.name(), doc.line, doc.col, fmt::format("not a stats part: no \"{}\"", key));
            return *v;
        };
        const std::string variant = need("variant", JsonValue::Kind::String).text;
        std::string source = need("source", JsonValue::Kind::String).text;
        const std::size_t at = source.rfind(", shard ");
        unsigned long long k = 1, n = 1;
        if (at != std::string::npos) {
            std::sscanf(source.c_str() + at, ", shard %llu/%llu", &k, &n);
            source.erase(at);
        }
        if (total.variant.empty()) {
            total.variant = variant;
            base_source = source;
            shard_n = n;
        } else if (variant != total.variant || source != base_source || n != shard_n) {
            throw InputError(in.name(), 0, 0, "this part is of another run (variant, source or shard count differ)");
        }
        for (std::uint64_t seen : shards_seen)
            if (seen == k) throw InputError(in.name(), 0, 0, fmt::format("shard {}/{} given twice", k, n));
        shards_seen.push_back(k);
        total.tally.deals += need("deals", JsonValue::Kind::Number).as_uint();
        total.tally.gave_up += need("gave_up", JsonValue::Kind::Number).as_uint();
        const JsonValue& measures = need("measures", JsonValue::Kind::Object);
        for (int i = 0; i < Measures; ++i)
            if (const JsonValue* m = measures.find(MeasureNames[i])) {
                total.on[i] = true;
                const JsonValue* c = m->find("count");
                if (!c || !c->is_uint()) throw InputError(in.name(), m->line, m->col, "measure without a count");
                total.tally.hits[i] += c->as_uint();
            }
    }
    if (shards_seen.size() != shard_n)
        message(fmt::format("warning: {} of {} shards merged: the result covers only those", shards_seen.size(),
                            shard_n));
    total.source = base_source;
    print_report(total, o);
    return ExitOk;
}

}  // namespace

Subcommand setup_stats(CLI::App& parent) {
    auto o = std::make_shared<StatsOptions>();
    CLI::App* app = parent.add_subcommand(
        "stats", "Measure many deals (solver win rate, pyramid cleared, locks, blind player; 95% Wilson intervals)\n"
                 "or many move logs (results, scores, par series).");
    app->add_option("files", o->files, "Deal files or move logs (instead of --seeds)");
    app->add_option("-v,--variant", o->variant, "Preset name or FILE.toml (default: traditional)");
    app->add_option("--seeds", o->seeds, "Measure the deals of seeds A..B (inclusive)");
    app->add_option("-j,--jobs", o->jobs, "Threads (default: all cores)");
    app->add_option("--shard", o->shard, "Take only every N-th deal, starting with the K-th (K/N), for `stats merge`");
    app->add_option("--measure", o->measure, "Which of won,pyramid,lock,blind")->capture_default_str();
    app->add_option("--node-limit", o->node_limit, "Give up a deal after this many positions (0: never)");
    app->add_flag("--json", o->json, "Print JSON (the input of stats merge)");
    app->add_flag("--csv", o->csv, "Print CSV");
    CLI::App* merge = app->add_subcommand("merge", "Add up the --json outputs of --shard runs");
    merge->add_option("parts", o->parts, "PART.json files")->required();
    merge->add_flag("--json", o->json, "Print JSON");
    merge->add_flag("--csv", o->csv, "Print CSV");
    app->footer("Examples:\n  pyramide stats --seeds 0..9999\n"
                "  pyramide stats --seeds 0..999999 --shard 3/8 --json > part3.json\n"
                "  pyramide stats merge part*.json");
    return {app, [o, merge] { return merge->parsed() ? run_merge(*o) : run_stats(*o); }};
}

}  // namespace pyr::cmd
