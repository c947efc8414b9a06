// pyramide stats: measures many deals (solver win rate, pyramid-cleared rate,
// locks, the blind player) or many move logs (results, scores, par), on all
// cores, in constant memory; `--shard K/N` and `stats merge` split the work
// across machines and put it back together exactly.
#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "usage.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"
#include "lib/players/expert.hpp"
#include "formats/series.hpp"
#include "formats/variant_toml.hpp"
#include "lib/parallel.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"
#include "lib/players/strategy.hpp"
#include "progress.hpp"
#include "stats_report.hpp"

namespace pyr::cmd {

namespace {

// Deals read and measured at a time: memory stays constant. Large enough that
// one hard deal does not leave the other threads idle at the end of a chunk.
constexpr std::size_t ChunkSize = 4096;

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
    std::uint64_t expert_samples = 32;
    std::vector<std::string> parts;  // stats merge
    ReportForm form() const { return json ? ReportForm::Json : csv ? ReportForm::Csv : ReportForm::Text; }
};

struct LogTally {
    std::uint64_t logs = 0, won = 0, lost = 0, unfinished = 0;
    std::int64_t total_score = 0;
    std::uint64_t series = 0, par_series = 0;
};

// --measure best needs a variant that scores.
void check_scored(const MeasureSet& on, const Variant& v) {
    if (on[BestMeasure] && !v.scored)
        throw UsageError(fmt::format("--measure best: variant '{}' is not scored (par is; or a preset with scored = true)",
                                     printable(v.name)));
}

struct DealScores {
    std::optional<int> best, expert;
};

class DealMeasurer {
public:
    DealMeasurer(const Rules& rules, const std::array<bool, Measures>& on, std::uint64_t node_limit,
                 std::uint64_t expert_samples)
        : rules_(rules), on_(on) {
        if (on_[ExpertMeasure]) {
            ExpertOptions eo;
            eo.samples = static_cast<int>(expert_samples);
            expert_ = std::make_unique<Expert>(eo);
        }
        Variant pv = rules.variant;
        pv.goal = Goal::Pyramid;
        pyramid_rules_ = std::make_unique<Rules>(pv);
        so_.node_limit = node_limit;
        solver_ = std::make_unique<Solver>(so_);
        if (on_[BestMeasure]) {
            SolveOptions best = so_;
            best.best_score = true;
            best_solver_ = std::make_unique<Solver>(best);
        }
    }
    // The deal's best score where --measure best asks for it and the search
    // decides it; the expert's score where it plays a scored variant.
    DealScores measure(const Deal& d, Tally& t) {
        ++t.deals;
        // With the pyramid goal already, "won" and "pyramid cleared" are one solve.
        const bool pyramid_goal = rules_.variant.goal == Goal::Pyramid;
        SolveOutcome won = SolveOutcome::NoSolution, cleared = SolveOutcome::NoSolution;
        if (on_[0] || (on_[1] && pyramid_goal)) won = solver_->solve(rules_, d).outcome;
        if (on_[1]) cleared = pyramid_goal ? won : solver_->solve(*pyramid_rules_, d).outcome;
        t.hits[0] += on_[0] && won == SolveOutcome::Won;
        t.hits[1] += on_[1] && cleared == SolveOutcome::Won;
        std::optional<int> best = on_[BestMeasure] ? best_score(d) : std::nullopt;
        t.gave_up += won == SolveOutcome::GaveUp || cleared == SolveOutcome::GaveUp || (on_[BestMeasure] && !best);
        if (best) ++t.best.scores[*best];
        if (on_[2]) t.hits[2] += has_lock(rules_, d);
        if (on_[3]) {
            Game g(rules_, d);
            while (g.status() == Status::InProgress) g.apply(blind_choice(g));
            t.hits[3] += g.status() == Status::Won;
        }
        std::optional<int> expert_score;
        if (on_[ExpertMeasure]) {
            const ExpertGame game = expert_game(*expert_, rules_, d);
            t.hits[ExpertMeasure] += game.won;
            if (rules_.variant.scored) {
                ++t.expert_score.scores[game.score];
                expert_score = game.score;
            }
        }
        return {best, expert_score};
    }

private:
    std::optional<int> best_score(const Deal& d) { return best_solver_->solve(rules_, d).best_score; }

    const Rules& rules_;
    std::unique_ptr<Rules> pyramid_rules_;
    std::array<bool, Measures> on_;
    SolveOptions so_;
    std::unique_ptr<Solver> solver_;
    std::unique_ptr<Expert> expert_;
    std::unique_ptr<Solver> best_solver_;  // for --measure best
};

// The series of --measure best (or of the expert's games): consecutive deals,
// in the order measured, `series_of` at a time; a series with a deal
// undecided (--node-limit) is not counted.
class SeriesCounter {
public:
    explicit SeriesCounter(int series_of) : series_of_(series_of) {}
    void add(const std::optional<int>& best, BestTally& t) {
        if (series_of_ == 0) return;
        t.series_of = series_of_;
        total_ += best.value_or(0);
        decided_ = decided_ && best.has_value();
        if (++in_series_ < series_of_) return;
        if (decided_) {
            ++t.series;
            t.par_series += total_ >= 0;
        }
        in_series_ = 0;
        total_ = 0;
        decided_ = true;
    }

private:
    int series_of_;
    int in_series_ = 0;
    std::int64_t total_ = 0;
    bool decided_ = true;
};

// Measures batches of deals on up to `jobs` threads, each with its own solver,
// made only when a batch has deals enough for it (-j 256 on 10 deals makes 10).
// Each deal measured moves the progress on, however large the batch.
class Pool {
public:
    Pool(const Rules& rules, const MeasureSet& on, std::uint64_t node_limit, std::uint64_t expert_samples,
         unsigned jobs, Progress& progress)
        : rules_(rules), on_(on), node_limit_(node_limit), expert_samples_(expert_samples), jobs_(jobs),
          progress_(progress), series_(on[BestMeasure] ? rules.variant.series : 0),
          expert_series_(on[ExpertMeasure] && rules.variant.scored ? rules.variant.series : 0) {}
    void run(const std::vector<Deal>& deals, Tally& total) {
        const std::size_t used = std::min<std::size_t>(jobs_, deals.size());
        while (workers_.size() < used) workers_.push_back(std::make_unique<DealMeasurer>(rules_, on_, node_limit_, expert_samples_));
        std::vector<Tally> parts(used);
        std::vector<DealScores> scores(deals.size());  // by deal, for the series in order
        parallel_for(deals.size(), jobs_, [&](unsigned w, std::size_t i) {
            scores[i] = workers_[w]->measure(deals[i], parts[w]);
            progress_.advance();
        });
        for (const Tally& t : parts) total.add(t);
        for (const DealScores& s : scores) {
            series_.add(s.best, total.best);
            expert_series_.add(s.expert, total.expert_score);
        }
    }

private:
    const Rules& rules_;
    MeasureSet on_;
    std::uint64_t node_limit_, expert_samples_;
    unsigned jobs_;
    Progress& progress_;
    std::vector<std::unique_ptr<DealMeasurer>> workers_;
    SeriesCounter series_, expert_series_;
};

// Adds one log's result to the tally; a series counts as par at 0 or more.
class LogCounter {
public:
    // A series file's games: a series of its own, not run into the logs before
    // or after it (formats/series.md).
    void add_series(Input& in, RulesCache& cache, const std::string& variant) {
        const Series series = read_series(in.lines());
        // All its games are read before any is counted: a series that
        // breaks the rules at its third game is not counted at all.
        std::vector<std::tuple<MoveLog, Game, std::string>> games;
        for_each_series_game(in.name(), series, cache, variant, [&](const SeriesEntry& e, const MoveLog& log,
                                                                     const Game& game) {
            games.emplace_back(log, game, series_log_path(in.name(), e.name));
        });
        in_series_ = 0;
        series_total_ = 0;
        for (const auto& [log, game, file] : games) add(log, game, file);
        in_series_ = 0;
        series_total_ = 0;
    }
    // A log (or series) that breaks the rules or cannot be read is reported
    // with the others, not instead of them.
    void add_invalid(const InputError& e) { invalid_.push_back(e); }
    int exit_code() const {
        int rc = ExitOk;
        for (const InputError& e : invalid_) rc = std::max<int>(rc, e.severity == Severity::Invalid ? ExitNegative : ExitError);
        return rc;
    }
    void print(ReportForm form) const;

    // A log replayed to its end.
    void add(const MoveLog& log, const Game& game, const std::string& file) {
        const std::string& name = log.deal.rules->variant.name;
        if (t_.logs == 0) variant_ = name;
        else if (name != variant_)
            throw InputError(file, log.deal.line, 0,
                             fmt::format("log of variant '{}' among logs of '{}': measure one variant at a time",
                                         printable(name), printable(variant_)));
        ++t_.logs;
        const Status st = game.status();
        t_.won += st == Status::Won;
        t_.lost += st == Status::Lost;
        t_.unfinished += st == Status::InProgress;
        t_.total_score += game.score();
        scored_ = game.variant().scored;
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

private:
    LogTally t_;
    std::string variant_;
    std::int64_t series_total_ = 0;
    bool scored_ = false;  // scores and series are shown only for a scored variant
    int in_series_ = 0, series_len_ = 0;
    std::vector<InputError> invalid_;
};

void LogCounter::print(ReportForm form) const {
    const double mean = t_.logs ? static_cast<double>(t_.total_score) / static_cast<double>(t_.logs) : 0;
    if (form == ReportForm::Json) {
        JsonWriter w;
        w.begin_object().key("variant").value(variant_).key("logs").value(t_.logs).key("won").value(t_.won);
        w.key("lost").value(t_.lost).key("unfinished").value(t_.unfinished);
        if (scored_) {
            w.key("total_score").value(static_cast<std::int64_t>(t_.total_score));
            w.key("mean_score").value(std::round(mean * 1e6) / 1e6);
        }
        if (series_len_ > 0) w.key("series").value(t_.series).key("par_series").value(t_.par_series);
        if (!invalid_.empty()) {
            w.key("invalid").begin_array();
            for (const InputError& e : invalid_)
                w.begin_object().key("file").value(e.file).key("line").value(e.line).key("col").value(e.col)
                    .key("message").value(e.message).end_object();
            w.end_array();
        }
        w.end_object();
        fmt::print("{}\n", w.str());
    } else if (form == ReportForm::Csv) {
        std::string head = "logs,won,lost,unfinished", row = fmt::format("{},{},{},{}", t_.logs, t_.won, t_.lost, t_.unfinished);
        if (scored_) {
            head += ",total_score,mean_score";
            row += fmt::format(",{},{:.6f}", t_.total_score, mean);
        }
        if (series_len_ > 0) {
            head += ",series,par_series";
            row += fmt::format(",{},{}", t_.series, t_.par_series);
        }
        if (!invalid_.empty()) {
            head += ",invalid";
            row += fmt::format(",{}", invalid_.size());
        }
        fmt::print("{}\n{}\n", head, row);
    } else {
        if (t_.logs == 0)
            wrapped_print("no valid log to count\n");
        else
            wrapped_print("variant {}, {} log{}: {} won, {} lost, {} unfinished\n", printable(variant_), t_.logs,
                       t_.logs == 1 ? "" : "s", t_.won, t_.lost, t_.unfinished);
        if (scored_) wrapped_print("score: total {}, mean {:.2f}\n", t_.total_score, mean);
        if (series_len_ > 0)
            wrapped_print("series of {}: {} complete, {} par (total 0 or more)\n", series_len_, t_.series, t_.par_series);
        if (!invalid_.empty()) wrapped_print("invalid: {}, not counted above\n", invalid_.size());
        for (const InputError& e : invalid_) wrapped_print("  {}\n", printable(e.format()));
    }
}

// The bytes of all the inputs when every one is a regular file (stdin too),
// else 0: how far through them the reading is tells how many deals to expect.
std::uint64_t input_bytes(const std::vector<std::string>& files) {
    std::uint64_t sum = 0;
    for (const std::string& path : files) {
        struct stat st {};
        const int rc = path == "-" ? ::fstat(STDIN_FILENO, &st) : ::stat(path.c_str(), &st);
        if (rc != 0 || !S_ISREG(st.st_mode)) return 0;
        sum += static_cast<std::uint64_t>(st.st_size);
    }
    return sum;
}

// Deals from files, measured in chunks: the rules are --variant's, or else
// those of the first deal read, and every deal must be of that variant. The
// progress total is estimated from the bytes read until the last file ends.
class DealFeed {
public:
    DealFeed(const StatsOptions& o, unsigned jobs, Report& r, bool show_progress)
        : o_(o), jobs_(jobs), r_(r), bytes_total_(input_bytes(o.files)), progress_("deals", 0, show_progress) {}
    void read(DealReader& reader, const Input& in, const LineReader& lines) {
        while (std::optional<ReadDeal> rd = reader.next()) {
            add(std::move(*rd), in.name());
            const std::uint64_t at = bytes_done_ + lines.bytes_read();
            if (bytes_total_ > 0 && at > 0 && fed_ > 0)
                progress_.set_total(static_cast<std::uint64_t>(static_cast<double>(fed_) *
                                                               static_cast<double>(bytes_total_) /
                                                               static_cast<double>(at)),
                                    true);
        }
        bytes_done_ += lines.bytes_read();
    }
    // The last file is read: the total is known; the deals left are measured.
    void finish() {
        progress_.set_total(fed_, false);
        if (pool_ && !chunk_.empty()) pool_->run(chunk_, r_.tally);
        chunk_.clear();
        progress_.finish();
    }

private:
    void add(ReadDeal&& rd, const std::string& file) {
        if (!pool_) {
            check_scored(o_.measures, rd.rules->variant);
            rules_ = rd.rules;
            r_.variant = rules_->variant.name;
            r_.scored = rules_->variant.scored;
            pool_ = std::make_unique<Pool>(*rules_, r_.on, o_.node_limit, o_.expert_samples, jobs_, progress_);
        }
        if (rd.rules->variant.name != rules_->variant.name)
            throw InputError(file, rd.line, 0,
                             fmt::format("deal of variant '{}' among deals of '{}': measure one variant at a time",
                                         printable(rd.rules->variant.name), printable(rules_->variant.name)));
        if (r_.deals_read++ % o_.shard.n != o_.shard.k - 1) return;
        chunk_.push_back(std::move(rd.deal));
        ++fed_;
        if (chunk_.size() == ChunkSize) {
            pool_->run(chunk_, r_.tally);
            chunk_.clear();
        }
    }

    const StatsOptions& o_;
    unsigned jobs_;
    Report& r_;
    std::uint64_t bytes_total_, bytes_done_ = 0;
    std::uint64_t fed_ = 0;  // deals of this shard read so far
    Progress progress_;
    const Rules* rules_ = nullptr;
    std::unique_ptr<Pool> pool_;
    std::vector<Deal> chunk_;
};

// One log or series file into `logs`; one that breaks the rules or is not a
// log after all is counted as invalid. A log of another variant than the
// others is still an error: the report would mean nothing.
void add_log_file(LogCounter& logs, Input& in, bool series, RulesCache& cache, const std::string& variant) {
    std::optional<MoveLog> log;
    std::optional<Game> game;
    try {
        if (series) return logs.add_series(in, cache, variant);
        log = read_log(in.lines(), cache, variant);
        game.emplace(*log->deal.rules, log->deal.deal);
        replay(*log, *game);
    } catch (const InputError& e) {
        return logs.add_invalid(e);
    }
    logs.add(*log, *game, in.name());
}

// Deal files or move logs, each input opened and read once (stdin and pipes
// cannot be read twice); all deals, or all logs. Deals typed at the terminal
// would be drawn over: no progress then.
int run_files(const StatsOptions& o, RulesCache& cache, Report& r, unsigned jobs) {
    const bool typed = ::isatty(STDIN_FILENO) != 0 && std::ranges::count(o.files, "-") > 0;
    LogCounter logs;
    std::optional<Progress> log_progress;
    std::optional<DealFeed> deals;
    InputKind seen = InputKind::Empty;
    for (const std::string& path : o.files) {
        note_terminal_stdin(path, "deals or move logs");
        Input in(path);
        InputKind kind = sniff_kind(in.lines());
        if (kind == InputKind::Empty) continue;
        const bool series = kind == InputKind::Series;
        if (series) kind = InputKind::Log;  // its games are logs
        if (seen != InputKind::Empty && kind != seen)
            throw InputError(in.name(), 0, 0,
                             kind == InputKind::Log ? "a move log among deal files: measure deals or logs, not both"
                                                    : "deals among move logs: measure deals or logs, not both");
        seen = kind;
        if (kind == InputKind::Log) {
            // One log (or one series) a file: the files are the total.
            if (!log_progress) log_progress.emplace("logs", o.files.size(), !typed);
            add_log_file(logs, in, series, cache, o.variant);
            log_progress->advance();
            continue;
        }
        if (!deals) deals.emplace(o, jobs, r, !typed);
        DealReader reader(in.lines(), cache, o.variant);
        deals->read(reader, in, in.lines());
    }
    if (seen == InputKind::Log) {
        log_progress->finish();
        logs.print(o.form());
        return logs.exit_code();
    }
    if (deals) deals->finish();
    if (r.variant.empty()) r.variant = cache.get(o.variant.empty() ? "traditional" : o.variant).variant.name;
    // Named as in messages: "<stdin>" for "-".
    r.source = o.files.size() == 1 ? printable(o.files[0] == "-" ? "<stdin>" : o.files[0])
                                   : fmt::format("{} files", o.files.size());
    print_report(r, o.form());
    return ExitOk;
}

// The deals of --seeds A..B that this shard takes, made and measured a chunk at a time.
void measure_seeds(const StatsOptions& o, const Rules& rules, unsigned jobs, Report& r) {
    const SeedRange seeds = *o.seeds;
    const Shard shard = o.shard;
    const std::uint64_t count = seeds.count_minus_one() + 1;  // read_seeds() refuses all 2^64
    Progress progress("deals", deals_in_shard(count, shard.k, shard.n));
    Pool pool(rules, r.on, o.node_limit, o.expert_samples, jobs, progress);
    std::vector<Deal> chunk;
    for (std::uint64_t i = shard.k - 1; i < count; i += shard.n) {
        chunk.push_back(deal_from_seed(rules.variant, seeds.first + i));
        const bool last = count - i <= shard.n;  // i + n would pass the range (or 2^64)
        if (chunk.size() == ChunkSize || last) {
            pool.run(chunk, r.tally);
            chunk.clear();
        }
        if (last) break;
    }
}

int run_stats(const StatsOptions& o) {
    RulesCache cache;
    const Shard shard = o.shard;
    Report r;
    r.on = o.measures;
    r.node_limit = o.node_limit;
    r.expert_samples = r.on[ExpertMeasure] ? o.expert_samples : 0;
    r.shard_count = shard.n;
    r.shards = {shard.k};
    if (!o.seeds && o.files.empty())
        throw UsageError("nothing to measure: give --seeds A..B, deal files or move logs");
    if (o.seeds && !o.files.empty()) throw UsageError("give --seeds or files, not both");
    if (!o.files.empty()) return run_files(o, cache, r, job_count(o.jobs));
    const Rules& rules = cache.get(o.variant.empty() ? "traditional" : o.variant);
    check_scored(o.measures, rules.variant);
    r.variant = rules.variant.name;
    r.scored = rules.variant.scored;
    r.seeds = o.seeds;
    r.source = fmt::format("seeds {}..{}", o.seeds->first, o.seeds->last);
    measure_seeds(o, rules, job_count(o.jobs), r);
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
    add_jobs_option(*app, o->jobs);
    add_read_option(*app, "--shard", "Take only every N-th deal, starting with the K-th (K/N), for `stats merge`",
                    [o](const std::string& text) { o->shard = parse_shard(text, "--shard"); })
        ->type_name("K/N");
    add_read_option(*app, "--measure",
                    "Which of won,pyramid,lock,blind,best,expert (best:\nscored variants; expert: slow, never by default)",
                    [o](const std::string& text) { o->measures = parse_measures(text, "--measure"); })
        ->default_str(AllMeasures);
    add_number_option(*app, "--node-limit", o->node_limit, "Give up a deal after this many positions (0: never)");
    add_number_option(*app, "--expert-samples", o->expert_samples,
                      fmt::format("K: the expert tries each move in K stock orders\n(1 to {}, default 32)", MaxExpertSamples),
                      1, MaxExpertSamples);
    app->add_flag("--json", o->json, "Print JSON (the input of stats merge)");
    app->add_flag("--csv", o->csv, "Print CSV");
    CLI::App* merge = app->add_subcommand("merge", "Add up the --json outputs of --shard runs");
    required_argument(merge->add_option("parts", o->parts, "PART.json files"),
                      "no part given: name the PART.json files that stats --shard K/N --json wrote");
    merge->add_flag("--json", o->json, "Print JSON");
    merge->add_flag("--csv", o->csv, "Print CSV");
    merge->footer("Examples:\n  pyramide stats merge part*.json\n  pyramide stats merge --json part*.json > all.json");
    app->footer("Examples:\n  pyramide stats --seeds 0..9999\n"
                "  pyramide stats --seeds 0..999999 --shard 3/8 --json > part3.json\n"
                "  pyramide stats merge part*.json");
    return {app, [o, app, merge] {
        if (o->json && o->csv) throw UsageError("give --json or --csv, not both");
        if (!o->files.empty()) o->files = without_temporary_files(o->files);
        if (!merge->parsed()) return run_stats(*o);
        // What stats was given before `merge` belongs to a run over deals: the
        // parts already say what they measured.
        for (const CLI::Option* opt : app->get_options())
            if (opt->count() > 0 && opt->get_name() != "--json" && opt->get_name() != "--csv")
                throw UsageError(opt->get_name().starts_with("-")
                                     ? fmt::format("merge takes only its files, --json and --csv: {} belongs to a run "
                                                   "of stats", opt->get_name())
                                     : "merge takes only its files, --json and --csv: give the files after 'merge'");
        return run_merge(o->parts, o->form());
    }};
}

}  // namespace pyr::cmd
