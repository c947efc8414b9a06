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

struct StatsOptions {
    std::string variant;
    std::optional<SeedRange> seeds;
    std::vector<std::string> files;
    unsigned jobs = 0;  // 0: one per core
    Shard shard;
    bool json = false;
    bool csv = false;
    std::string measure = "won,pyramid,lock,blind";
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

int run_logs(const StatsOptions& o, RulesCache& cache) {
    LogTally t;
    std::int64_t series_total = 0;
    int in_series = 0;
    int series_len = 0;
    for (const std::string& path : o.files) {
        Input in(path);
        const MoveLog log = read_log(in.lines(), cache, o.variant);
        Game game(*log.deal.rules, log.deal.deal);
        replay(log, game);
        ++t.logs;
        const Status st = game.status();
        t.won += st == Status::Won;
        t.lost += st == Status::Lost;
        t.unfinished += st == Status::InProgress;
        t.total_score += game.score();
        series_len = game.variant().series;
        if (series_len > 0) {
            series_total += game.score();
            if (++in_series == series_len) {
                ++t.series;
                t.par_series += series_total >= 0;
                in_series = 0;
                series_total = 0;
            }
        }
    }
    const double mean = t.logs ? static_cast<double>(t.total_score) / static_cast<double>(t.logs) : 0;
    if (o.json) {
        JsonWriter w;
        w.begin_object().key("logs").value(t.logs).key("won").value(t.won).key("lost").value(t.lost);
        w.key("unfinished").value(t.unfinished).key("total_score").value(static_cast<std::int64_t>(t.total_score));
        w.key("mean_score").value(std::round(mean * 1e6) / 1e6);
        if (series_len > 0) w.key("series").value(t.series).key("par_series").value(t.par_series);
        w.end_object();
        fmt::print("{}\n", w.str());
    } else if (o.csv) {
        fmt::print("logs,won,lost,unfinished,total_score,mean_score,series,par_series\n{},{},{},{},{},{:.6f},{},{}\n",
                   t.logs, t.won, t.lost, t.unfinished, t.total_score, mean, t.series, t.par_series);
    } else {
        fmt::print("{} log{}: {} won, {} lost, {} unfinished\n", t.logs, t.logs == 1 ? "" : "s", t.won, t.lost,
                   t.unfinished);
        fmt::print("score: total {}, mean {:.2f}\n", t.total_score, mean);
        if (series_len > 0)
            fmt::print("series of {}: {} complete, {} par (total 0 or more)\n", series_len, t.series, t.par_series);
    }
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
    r.on = parse_measures(o.measure, "--measure");
    r.node_limit = o.node_limit;
    r.shard_count = shard.n;
    r.shards = {shard.k};
    if (!o.seeds && o.files.empty())
        throw InputError("", 0, 0, "nothing to measure: give --seeds A..B, deal files or move logs");
    if (o.seeds && !o.files.empty()) throw InputError("", 0, 0, "give --seeds or files, not both");
    if (!o.files.empty()) {
        // Move logs or deal files: the first file decides.
        Input probe(o.files[0]);
        std::string line;
        while (probe.lines().next(line)) {
            const std::string text = strip_comment(line);  // tokens point into it: keep it alive
            const std::vector<Token> toks = tokenize(text);
            if (toks.empty()) continue;
            if (toks[0].text == "pyramide-log") return run_logs(o, cache);
            break;
        }
    }
    const Rules& rules = cache.get(o.variant.empty() ? "traditional" : o.variant);
    r.variant = rules.variant.name;
    Pool pool(rules, r.on, o.node_limit, job_count(o.jobs));
    std::vector<Deal> chunk;
    if (o.seeds) {
        r.seeds = o.seeds;
        r.source = fmt::format("seeds {}..{}", o.seeds->first, o.seeds->last);
        measure_seeds(o, rules, pool, r);
    } else {
        r.source = o.files.size() == 1 ? printable(o.files[0]) : fmt::format("{} files", o.files.size());
        std::uint64_t index = 0;
        for (const std::string& path : o.files) {
            Input in(path);
            DealReader reader(in.lines(), cache, o.variant.empty() ? std::string() : o.variant);
            while (std::optional<ReadDeal> rd = reader.next()) {
                if (rd->rules->variant.name != rules.variant.name)
                    throw InputError(in.name(), rd->line, 0,
                                     fmt::format("deal of variant '{}' among deals of '{}': measure one variant at a time",
                                                 rd->rules->variant.name, rules.variant.name));
                if (index++ % shard.n != shard.k - 1) continue;
                chunk.push_back(std::move(rd->deal));
                if (chunk.size() == ChunkSize) {
                    pool.run(chunk, r.tally);
                    chunk.clear();
                }
            }
        }
        pool.run(chunk, r.tally);
        r.deals_read = index;
    }
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
    app->add_option("--measure", o->measure, "Which of won,pyramid,lock,blind")->capture_default_str();
    add_number_option(*app, "--node-limit", o->node_limit, "Give up a deal after this many positions (0: never)");
    app->add_flag("--json", o->json, "Print JSON (the input of stats merge)");
    app->add_flag("--csv", o->csv, "Print CSV");
    CLI::App* merge = app->add_subcommand("merge", "Add up the --json outputs of --shard runs");
    merge->add_option("parts", o->parts, "PART.json files")->required();
    merge->add_flag("--json", o->json, "Print JSON");
    merge->add_flag("--csv", o->csv, "Print CSV");
    app->footer("Examples:\n  pyramide stats --seeds 0..9999\n"
                "  pyramide stats --seeds 0..999999 --shard 3/8 --json > part3.json\n"
                "  pyramide stats merge part*.json");
    return {app, [o, merge] { return merge->parsed() ? run_merge(o->parts, o->form()) : run_stats(*o); }};
}

}  // namespace pyr::cmd
