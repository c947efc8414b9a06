// pyramide stats: measures many deals (solver win rate, pyramid-cleared rate,
// locks, the blind player) or many move logs (results, scores, par), on all
// cores, in constant memory; `--shard K/N` and `stats merge` split the work
// across machines and put it back together exactly.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <thread>

#include <unistd.h>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "usage.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "formats/variant_toml.hpp"
#include "lib/parallel.hpp"
#include "lib/shuffle.hpp"
#include "lib/solver.hpp"
#include "lib/strategy.hpp"
#include "stats_report.hpp"

namespace pyr::cmd {

namespace {

// Deals read and measured at a time: memory stays constant. Large enough that
// one hard deal does not leave the other threads idle at the end of a chunk.
constexpr std::size_t ChunkSize = 4096;

// Threads beyond this are not cores but a mistake (each has its own solver).
constexpr unsigned MaxJobs = 256;

constexpr const char* AllMeasures = "won,pyramid,lock,blind";

struct StatsOptions {
    std::string variant;
    std::optional<SeedRange> seeds;
    std::vector<std::string> files;
    unsigned jobs = 0;  // 0: one per core
    Shard shard;
    bool json = false;
    bool csv = false;
    MeasureSet measures = parse_measures(AllMeasures, "--measure");
    std::uint64_t node_limit = 0;
    std::vector<std::string> parts;  // stats merge
    ReportForm form() const { return json ? ReportForm::Json : csv ? ReportForm::Csv : ReportForm::Text; }
};

struct LogTally {
    std::uint64_t logs = 0, won = 0, lost = 0, unfinished = 0;
    std::int64_t total_score = 0;
    std::uint64_t series = 0, par_series = 0;
};

// --seeds A..B: the whole range of 2^64 seeds is more deals than a count holds.
SeedRange read_seeds(std::string_view text) {
    const SeedRange r = parse_seed_range(text, "--seeds");
    if (r.count_minus_one() == UINT64_MAX)
        throw InputError("", 0, 0,
                         fmt::format("--seeds: '{}' is 2^64 deals: at most {} at a time", excerpt(text), UINT64_MAX));
    return r;
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

// Measures batches of deals on up to `jobs` threads, each with its own solver,
// made only when a batch has deals enough for it (-j 256 on 10 deals makes 10).
class Pool {
public:
    Pool(const Rules& rules, const MeasureSet& on, std::uint64_t node_limit, unsigned jobs)
        : rules_(rules), on_(on), node_limit_(node_limit), jobs_(jobs) {}
    void run(const std::vector<Deal>& deals, Tally& total) {
        const std::size_t used = std::min<std::size_t>(jobs_, deals.size());
        while (workers_.size() < used) workers_.push_back(std::make_unique<DealMeasurer>(rules_, on_, node_limit_));
        std::vector<Tally> parts(used);
        parallel_for(deals.size(), jobs_, [&](unsigned w, std::size_t i) { workers_[w]->measure(deals[i], parts[w]); });
        for (const Tally& t : parts) total.add(t);
    }

private:
    const Rules& rules_;
    MeasureSet on_;
    std::uint64_t node_limit_;
    unsigned jobs_;
    std::vector<std::unique_ptr<DealMeasurer>> workers_;
};

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
    void print(ReportForm form) const;

private:
    LogTally t_;
    std::string variant_;
    std::int64_t series_total_ = 0;
    int in_series_ = 0, series_len_ = 0;
};

void LogCounter::print(ReportForm form) const {
    const double mean = t_.logs ? static_cast<double>(t_.total_score) / static_cast<double>(t_.logs) : 0;
    if (form == ReportForm::Json) {
        JsonWriter w;
        w.begin_object().key("variant").value(variant_).key("logs").value(t_.logs).key("won").value(t_.won);
        w.key("lost").value(t_.lost).key("unfinished").value(t_.unfinished);
        w.key("total_score").value(static_cast<std::int64_t>(t_.total_score));
        w.key("mean_score").value(std::round(mean * 1e6) / 1e6);
        if (series_len_ > 0) w.key("series").value(t_.series).key("par_series").value(t_.par_series);
        w.end_object();
        fmt::print("{}\n", w.str());
    } else if (form == ReportForm::Csv) {
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
    DealFeed(const StatsOptions& o, unsigned jobs, Report& r) : o_(o), jobs_(jobs), r_(r) {}
    void add(ReadDeal&& rd, const std::string& file) {
        if (!pool_) {
            rules_ = rd.rules;
            r_.variant = rules_->variant.name;
            pool_ = std::make_unique<Pool>(*rules_, r_.on, o_.node_limit, jobs_);
        }
        if (rd.rules->variant.name != rules_->variant.name)
            throw InputError(file, rd.line, 0,
                             fmt::format("deal of variant '{}' among deals of '{}': measure one variant at a time",
                                         printable(rd.rules->variant.name), printable(rules_->variant.name)));
        if (r_.deals_read++ % o_.shard.n != o_.shard.k - 1) return;
        chunk_.push_back(std::move(rd.deal));
        if (chunk_.size() == ChunkSize) flush();
    }
    void flush() {
        if (pool_ && !chunk_.empty()) pool_->run(chunk_, r_.tally);
        chunk_.clear();
    }

private:
    const StatsOptions& o_;
    unsigned jobs_;
    Report& r_;
    const Rules* rules_ = nullptr;
    std::unique_ptr<Pool> pool_;
    std::vector<Deal> chunk_;
};

// Deal files or move logs, each input opened and read once (stdin and pipes
// cannot be read twice); all deals, or all logs.
int run_files(const StatsOptions& o, RulesCache& cache, Report& r, unsigned jobs) {
    LogCounter logs;
    DealFeed deals(o, jobs, r);
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
        logs.print(o.form());
        return ExitOk;
    }
    deals.flush();
    if (r.variant.empty()) r.variant = cache.get(o.variant.empty() ? "traditional" : o.variant).variant.name;
    // Named as in messages: "<stdin>" for "-".
    r.source = o.files.size() == 1 ? printable(o.files[0] == "-" ? "<stdin>" : o.files[0])
                                   : fmt::format("{} files", o.files.size());
    print_report(r, o.form());
    return ExitOk;
}

// The deals of --seeds A..B that this shard takes, made and measured a chunk at a time.
void measure_seeds(const StatsOptions& o, const Rules& rules, Pool& pool, Report& r) {
    const SeedRange seeds = *o.seeds;
    const Shard shard = o.shard;
    const std::uint64_t count = seeds.count_minus_one() + 1;  // read_seeds() refuses all 2^64
    Progress progress(deals_in_shard(count, shard.k, shard.n));
    std::vector<Deal> chunk;
    std::uint64_t done = 0;
    for (std::uint64_t i = shard.k - 1; i < count; i += shard.n) {
        chunk.push_back(deal_from_seed(rules.variant, seeds.first + i));
        const bool last = count - i <= shard.n;  // i + n would pass the range (or 2^64)
        if (chunk.size() == ChunkSize || last) {
            pool.run(chunk, r.tally);
            done += chunk.size();
            chunk.clear();
            progress.update(done);
        }
        if (last) break;
    }
    progress.finish();
}

unsigned job_count(unsigned asked) {
    if (asked) return asked;
    return std::clamp(std::thread::hardware_concurrency(), 1u, MaxJobs);
}

int run_stats(const StatsOptions& o) {
    RulesCache cache;
    const Shard shard = o.shard;
    Report r;
    r.on = o.measures;
    r.node_limit = o.node_limit;
    r.shard_count = shard.n;
    r.shards = {shard.k};
    if (!o.seeds && o.files.empty())
        throw UsageError("nothing to measure: give --seeds A..B, deal files or move logs");
    if (o.seeds && !o.files.empty()) throw UsageError("give --seeds or files, not both");
    if (!o.files.empty()) return run_files(o, cache, r, job_count(o.jobs));
    const Rules& rules = cache.get(o.variant.empty() ? "traditional" : o.variant);
    r.variant = rules.variant.name;
    Pool pool(rules, r.on, o.node_limit, job_count(o.jobs));
    r.seeds = o.seeds;
    r.source = fmt::format("seeds {}..{}", o.seeds->first, o.seeds->last);
    measure_seeds(o, rules, pool, r);
    print_report(r, o.form());
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
    add_read_option(*app, "--seeds", "Measure the deals of seeds A..B (inclusive)",
                    [o](const std::string& text) { o->seeds = read_seeds(text); })
        ->type_name("A..B");
    add_number_option(*app, "-j,--jobs", o->jobs, fmt::format("Threads, 1 to {} (default: one per core)", MaxJobs), 1,
                      MaxJobs);
    add_read_option(*app, "--shard", "Take only every N-th deal, starting with the K-th (K/N), for `stats merge`",
                    [o](const std::string& text) { o->shard = parse_shard(text, "--shard"); })
        ->type_name("K/N");
    add_read_option(*app, "--measure", "Which of won,pyramid,lock,blind",
                    [o](const std::string& text) { o->measures = parse_measures(text, "--measure"); })
        ->default_str(AllMeasures);
    add_number_option(*app, "--node-limit", o->node_limit, "Give up a deal after this many positions (0: never)");
    app->add_flag("--json", o->json, "Print JSON (the input of stats merge)");
    app->add_flag("--csv", o->csv, "Print CSV");
    CLI::App* merge = app->add_subcommand("merge", "Add up the --json outputs of --shard runs");
    required_argument(merge->add_option("parts", o->parts, "PART.json files"),
                      "no part given: name the PART.json files that stats --shard K/N --json wrote");
    merge->add_flag("--json", o->json, "Print JSON");
    merge->add_flag("--csv", o->csv, "Print CSV");
    app->footer("Examples:\n  pyramide stats --seeds 0..9999\n"
                "  pyramide stats --seeds 0..999999 --shard 3/8 --json > part3.json\n"
                "  pyramide stats merge part*.json");
    return {app, [o, merge] { return merge->parsed() ? run_merge(o->parts, o->form()) : run_stats(*o); }};
}

}  // namespace pyr::cmd
