// Messages, exit codes, colour and locale decisions.
#include "common.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <thread>

#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "formats/json.hpp"
#include "formats/leftovers.hpp"
#include "formats/text.hpp"
#include "formats/wrap.hpp"
#include "usage.hpp"

namespace pyr::cmd {

// printable() leaves what it already made safe unchanged, so text quoted once
// on its way here is not quoted twice.
void message(const std::string& text) { to_stderr(fmt::format("pyramide: {}\n", printable(text))); }

std::vector<std::string> without_temporary_files(const std::vector<std::string>& files) {
    std::vector<std::string> kept, skipped;
    for (const std::string& f : files)
        (f != "-" && is_temporary_name(std::filesystem::path(f).filename().string()) ? skipped : kept).push_back(f);
    if (skipped.empty()) return kept;
    std::string names;
    for (const std::string& f : skipped) names += (names.empty() ? "" : ", ") + f;
    message(fmt::format("skipped {} temporary file{} of a write not finished (not {}): {}", skipped.size(),
                        skipped.size() == 1 ? "" : "s", skipped.size() == 1 ? "a log" : "logs", names));
    if (kept.empty()) throw UsageError("no file left to read: every file named is a temporary file");
    return kept;
}

// stderr is the last place to tell of a failure: where it cannot be written
// (2>/dev/full, a full disk) the text is dropped, and the exit status still
// says what happened. fmt::print would throw, and a throw from a handler
// that is reporting an error ends in std::terminate.
void to_stderr(std::string_view text) noexcept {
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
    std::clearerr(stderr);
}

void note_terminal_stdin(const std::string& path, std::string_view what) {
    if (path != "-" || ::isatty(STDIN_FILENO) == 0) return;
    message(fmt::format("reading {} from the terminal: type or paste it, then Ctrl-D (or give a file)", what));
}

int report(const InputError& e) {
    message(printable(e.format()));
    return e.severity == Severity::Invalid ? ExitNegative : ExitError;
}

void warn(const InputError& w) { message(fmt::format("{}:{}: warning: {}", w.file, w.line, w.message)); }

void write_warnings(JsonWriter& json, const std::vector<InputError>& warnings) {
    json.key("warnings").begin_array();
    for (const InputError& w : warnings)
        json.begin_object().key("line").value(w.line).key("col").value(w.col).key("message").value(w.message).end_object();
    json.end_array();
}

bool use_color(const std::string& when, std::FILE* stream) {
    if (when == "always") return true;
    if (when == "never") return false;
    const char* no_color = std::getenv("NO_COLOR");
    if (no_color && *no_color) return false;
    const char* term = std::getenv("TERM");
    if (term && std::strcmp(term, "dumb") == 0) return false;
    return ::isatty(::fileno(stream)) != 0;
}

bool use_unicode(bool ascii_flag) {
    if (ascii_flag) return false;
    for (const char* var : {"LC_ALL", "LC_CTYPE", "LANG"}) {
        const char* value = std::getenv(var);
        if (value && *value) {
            const std::string v(value);
            return v.find("UTF-8") != std::string::npos || v.find("utf8") != std::string::npos ||
                   v.find("UTF8") != std::string::npos || v.find("utf-8") != std::string::npos;
        }
    }
    return false;
}

CLI::Option* add_read_option(CLI::App& app, const std::string& names, const std::string& help,
                             std::function<void(const std::string&)> read) {
    return app.add_option_function<std::string>(
        names,
        [read = std::move(read)](const std::string& text) {
            try {
                read(text);
            } catch (const InputError& e) {
                throw CLI::ValidationError(e.message);
            }
        },
        help);
}

std::string choice_of(std::string_view text, const std::vector<std::string>& choices, std::string_view what) {
    const std::string lower = ascii_lower(text);
    for (const std::string& c : choices)
        if (ascii_lower(c) == lower) return c;
    throw InputError("", 0, 0, fmt::format("{}: '{}' is not one of {}{}", what, excerpt(text), fmt::join(choices, ", "),
                                           did_you_mean(lower, choices)));
}

CLI::Option* add_choice_option(CLI::App& app, const std::string& names, std::string& into, const std::string& help,
                               const std::vector<std::string>& choices) {
    auto name = std::make_shared<std::string>();
    CLI::Option* opt = add_read_option(app, names, help, [&into, name, choices](const std::string& text) {
        into = choice_of(text, choices, *name);
    });
    *name = opt->get_name();
    return opt->type_name(fmt::format("TEXT:{{{}}}", fmt::join(choices, ",")))->default_str(into);
}

SeedRange read_seeds(std::string_view text) {
    const SeedRange r = parse_seed_range(text, "--seeds");
    if (r.count_minus_one() == UINT64_MAX)
        throw InputError("", 0, 0,
                         fmt::format("--seeds: '{}' is 2^64 deals: at most {} at a time", excerpt(text), UINT64_MAX));
    return r;
}

void check_seed_count(std::uint64_t first, std::uint64_t count) {
    if (count > 0 && count - 1 > UINT64_MAX - first)
        throw UsageError(fmt::format("--seed {}: {} deals from it would pass the last seed, {}", first, count,
                                     UINT64_MAX));
}

CLI::Option* add_pysolfc_option(CLI::App& app, std::optional<PysolfcNumber>& into, const std::string& help) {
    auto name = std::make_shared<std::string>();
    CLI::Option* opt = add_read_option(app, "--pysolfc", help, [&into, name](const std::string& text) {
        into = PysolfcNumber::parse(text);
        if (!into && PysolfcNumber::ms_prefixed(text))
            throw InputError("", 0, 0, fmt::format("{}: '{}' is not a PySolFC game number: ms1 to ms31999 are games 1 "
                                                   "to 31999 (from ms32000 on, PySolFC deals other games)",
                                                   *name, excerpt(text)));
        if (!into)
            throw InputError("", 0, 0, fmt::format("{}: '{}' is not a PySolFC game number, 1 to {}", *name,
                                                   excerpt(text), PysolfcNumber::Max));
    });
    *name = opt->get_name();
    return opt->type_name("N");
}

Deal pysolfc_deal(const Rules& rules, const PysolfcNumber& n) {
    const PysolfcMatch m = pysolfc_layout(rules.variant);
    if (!m.layout) throw UsageError(fmt::format("--pysolfc: {}", printable(m.why)));
    return deal_from_pysolfc(rules.variant, *m.layout, n);
}

void check_one_deal_source(bool pysolfc, bool seed, bool deal_file) {
    if (pysolfc && seed) throw UsageError("give a seed or a PySolFC game number (--pysolfc), not both");
    if (pysolfc && deal_file) throw UsageError("give a deal file or a PySolFC game number (--pysolfc), not both");
}

void check_pysolfc_count(const PysolfcNumber& first, std::uint64_t count) {
    if (count > 0 && !first.has_after(count - 1))
        throw UsageError(fmt::format("--pysolfc {}: {} games from it would pass PySolFC's last game number, {}",
                                     first.decimal(), count, PysolfcNumber::Max));
}

std::string with_pysolfc_comment(const std::string& text_form, const PysolfcNumber& n) {
    const std::size_t first_line = text_form.find('\n') + 1;
    return text_form.substr(0, first_line) + fmt::format("# PySolFC game {}\n", n.decimal()) +
           text_form.substr(first_line);
}

RenderStyle render_style(const std::string& color_when, bool ascii, std::FILE* stream) {
    RenderStyle style;
    style.unicode = use_unicode(ascii);
    style.color = use_color(color_when, stream);
    return style;
}

std::optional<std::size_t> window_columns(std::FILE* stream) {
    winsize ws{};
    if (::ioctl(::fileno(stream), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    // As a user or a script sets it; anything else (empty, "abc", 0) is ignored.
    const char* columns = std::getenv("COLUMNS");
    if (const std::optional<std::uint64_t> n = parse_decimal(columns ? columns : "", 1, 100000)) return *n;
    return std::nullopt;
}

std::size_t terminal_columns(std::FILE* stream) { return window_columns(stream).value_or(80); }

std::size_t text_columns(std::FILE* stream) { return window_columns(stream).value_or(NoWrap); }

void print_wrapped(std::string_view text, std::string_view indent) {
    fmt::print("{}", wrap_text(text, text_columns(stdout), indent));
}

std::uint64_t random_seed() {
    std::random_device dev;
    return ((std::uint64_t{dev()} << 32) | dev()) & ((std::uint64_t{1} << 53) - 1);
}

CLI::Option* add_jobs_option(CLI::App& app, unsigned& into) {
    return add_number_option(app, "-j,--jobs", into, fmt::format("Threads, 1 to {} (default: one per core)", MaxJobs),
                             1, MaxJobs);
}

unsigned job_count(unsigned asked) {
    if (asked) return asked;
    return std::clamp(std::thread::hardware_concurrency(), 1u, MaxJobs);
}

}  // namespace pyr::cmd
