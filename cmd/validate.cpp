// pyramide validate: checks deal files and move logs against the rules.
// Exit 0 all valid, 1 a rule broken (illegal move, impossible deal), 2 unreadable.
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/deal_format.hpp"
#include "formats/json.hpp"
#include "formats/movelog.hpp"

namespace pyr::cmd {

namespace {
struct ValidateOptions {
    std::vector<std::string> files;
    std::string variant;
    bool json = false;
    bool quiet = false;
};

enum class FileKind { Empty, Deals, Log };

// Looks at the first line that is not blank or a comment, and leaves it unread.
FileKind sniff(LineReader& lines) {
    std::string line;
    while (lines.next(line)) {
        const std::string text = line.substr(0, line.find('#'));
        const std::vector<Token> toks = tokenize(text);
        if (toks.empty()) continue;
        lines.push_back();
        return toks[0].text == "pyramide-log" ? FileKind::Log : FileKind::Deals;
    }
    return FileKind::Empty;
}

struct FileReport {
    std::string file;
    std::string kind;  // "deals" or "log"
    std::uint64_t deals = 0;  // a streamed file may hold billions
    int moves = 0;
    int torn_line = 0;  // a log's torn last line, ignored (formats/movelog.md)
    std::string torn_warning;
    std::string result;
    bool ok = true;
    int exit = ExitOk;
    InputError error{"", 0, 0, ""};
};

FileReport check_file(const std::string& path, const ValidateOptions& o, RulesCache& cache) {
    FileReport r;
    r.file = path == "-" ? "<stdin>" : path;
    try {
        Input in(path);
        const FileKind kind = sniff(in.lines());
        if (kind == FileKind::Empty)
            throw InputError(in.name(), 0, 0, "empty file: expected a deal or a move log");
        if (kind == FileKind::Log) {
            r.kind = "log";
            const MoveLog log = read_log(in.lines(), cache, o.variant);
            Game game(*log.deal.rules, log.deal.deal);
            r.torn_line = log.torn_line;
            r.torn_warning = torn_line_warning(log);
            replay(log, game);
            r.moves = static_cast<int>(log.moves.size());
            const Status st = game.status();
            r.result = st == Status::Won ? "won" : st == Status::Lost ? "lost" : "unfinished";
        } else {
            r.kind = "deals";
            DealReader reader(in.lines(), cache, o.variant);
            while (reader.next()) ++r.deals;
        }
    } catch (const InputError& e) {
        r.ok = false;
        r.exit = e.severity == Severity::Invalid ? ExitNegative : ExitError;
        r.error = e;
    }
    return r;
}

int run_validate(const ValidateOptions& o) {
    RulesCache cache;
    int rc = ExitOk;
    JsonWriter w;
    w.begin_object().key("files").begin_array();
    for (const std::string& path : o.files) {
        const FileReport r = check_file(path, o, cache);
        rc = std::max(rc, r.exit);
        if (r.torn_line) message(printable(fmt::format("{}:{}: warning: {}", r.file, r.torn_line, r.torn_warning)));
        if (o.json) {
            w.begin_object().key("file").value(r.file).key("valid").value(r.ok);
            if (!r.kind.empty()) w.key("kind").value(r.kind);
            if (r.kind == "deals" && r.ok) w.key("deals").value(r.deals);
            if (r.kind == "log" && r.ok) w.key("moves").value(r.moves).key("result").value(r.result);
            if (r.torn_line) w.key("warning").begin_object().key("line").value(r.torn_line).key("message").value(r.torn_warning).end_object();
            if (!r.ok) {
                w.key("error").begin_object().key("line").value(r.error.line).key("col").value(r.error.col);
                w.key("message").value(r.error.message);
                w.key("severity").value(r.error.severity == Severity::Invalid ? "invalid" : "unreadable");
                w.end_object();
            }
            w.end_object();
        } else if (!r.ok) {
            report(r.error);
        } else if (!o.quiet) {
            if (r.kind == "log")
                fmt::print("{}: ok: move log, {} move{}, {}{}\n", printable(r.file), r.moves, r.moves == 1 ? "" : "s",
                           r.result, r.torn_line ? " (torn last line ignored)" : "");
            else
                fmt::print("{}: ok: {} deal{}\n", printable(r.file), r.deals, r.deals == 1 ? "" : "s");
        }
    }
    w.end_array().key("valid").value(rc == ExitOk).end_object();
    if (o.json) fmt::print("{}\n", w.str());
    return rc;
}
}  // namespace

Subcommand setup_validate(CLI::App& parent) {
    auto o = std::make_shared<ValidateOptions>();
    CLI::App* app = parent.add_subcommand(
        "validate", "Check deal files and move logs against the rules.\n"
                    "Exit status: 0 all valid, 1 a rule is broken (illegal move, impossible deal), 2 unreadable input.");
    app->add_option("files", o->files, "Deal files and move logs; - reads stdin")->required();
    app->add_option("-v,--variant", o->variant,
                    "Read with this preset or FILE.toml (needed for one-line deals of other variants)");
    app->add_flag("--json", o->json, "Print a JSON report on stdout");
    app->add_flag("-q,--quiet", o->quiet, "Say nothing about valid files");
    app->footer("Example:\n  pyramide deal --variant giza --seed 7 | pyramide validate -");
    return {app, [o] { return run_validate(*o); }};
}

}  // namespace pyr::cmd
