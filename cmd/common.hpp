// What every subcommand shares: messages on stderr prefixed "pyramide:", exit
// codes, colour and Unicode decisions.
#pragma once
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "formats/error.hpp"
#include "formats/numbers.hpp"
#include "formats/position.hpp"
#include "lib/rules/pysolfc.hpp"

namespace pyr {
class JsonWriter;
}

namespace pyr::cmd {

// 3: solve gave up at its node limit, neither a proof nor a line.
enum Exit { ExitOk = 0, ExitNegative = 1, ExitError = 2, ExitUndecided = 3, ExitInterrupted = 130 };

// A usage error found once the options are parsed (two that cannot go
// together): main prints it as the parser's own, naming the subcommand and
// pointing to its --help, exit 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// "pyramide: " + the message, on stderr; input text in it is made safe.
void message(const std::string& text);
// `files` without the temporary files of writes not finished (".pyramide-*",
// never a log or a deal file), which are named once on stderr. Throws
// UsageError when nothing else is left.
std::vector<std::string> without_temporary_files(const std::vector<std::string>& files);
// Writes `text` to stderr, never throwing: what cannot be written is dropped.
void to_stderr(std::string_view text) noexcept;
// A reader of "-" with a terminal on stdin would wait in silence: say what it
// waits for ("a deal", "a move log") and how to end it.
void note_terminal_stdin(const std::string& path, std::string_view what);

// Prints the error and returns its exit code (1 invalid, 2 unreadable).
int report(const InputError& e);

// A warning, "pyramide: FILE:LINE: warning: ...", and the same warnings as a
// JSON key, "warnings":[{"line":..,"col":..,"message":..}], [] when none.
void warn(const InputError& w);
void write_warnings(JsonWriter& json, const std::vector<InputError>& warnings);

// --color=auto|always|never: auto means a terminal, NO_COLOR unset or empty, TERM not "dumb".
bool use_color(const std::string& when, std::FILE* stream);
// Unicode suits when the locale is UTF-8 and --ascii is not given.
bool use_unicode(bool ascii_flag);
RenderStyle render_style(const std::string& color_when, bool ascii, std::FILE* stream);

// The width of the window `stream` shows in: the terminal's (TIOCGWINSZ),
// else the COLUMNS environment variable when set; none for a pipe or a file.
// Read again for every screen, so a resized window is followed.
std::optional<std::size_t> window_columns(std::FILE* stream);
// The width a picture (a position, play's screen) is drawn for: the window's, else 80.
std::size_t terminal_columns(std::FILE* stream);
// The width lines of text wrap to: the window's, else NoWrap (a pipe gets
// whole lines, for grep and scripts).
std::size_t text_columns(std::FILE* stream);
// Every human-readable report goes out through this: `text` to stdout,
// wrapped at words to text_columns(stdout), the next lines of a broken line
// starting with `indent`. Keep words together with unbreakable() (formats/wrap.hpp).
void print_wrapped(std::string_view text, std::string_view indent = "  ");
// fmt::print to stdout through print_wrapped().
template <class... T>
void wrapped_print(fmt::format_string<T...> form, T&&... args) {
    print_wrapped(fmt::format(form, std::forward<T>(args)...));
}

// --seeds A..B of stats and deal (parse_seed_range()): the whole range of
// 2^64 seeds is more deals than a count holds, refused. Throws InputError.
SeedRange read_seeds(std::string_view text);

// Deals of seeds first, first + 1, ... (`count` of them) must not wrap around
// past 2^64-1 to seed 0: throws UsageError when they would.
void check_seed_count(std::uint64_t first, std::uint64_t count);

// -j,--jobs of stats and deal: threads beyond MaxJobs are not cores but a
// mistake (each has its own solver); 0, the default, is one a hardware thread.
inline constexpr unsigned MaxJobs = 256;
CLI::Option* add_jobs_option(CLI::App& app, unsigned& into);
unsigned job_count(unsigned asked);

// A random seed below 2^53, so that JSON readers that use doubles keep it exact.
std::uint64_t random_seed();

// An option whose text `read` turns into a value at parse time: an InputError it
// throws becomes a usage error (exit 2) through CLI11, like every other.
CLI::Option* add_read_option(CLI::App& app, const std::string& names, const std::string& help,
                             std::function<void(const std::string&)> read);

// Which of `choices` `text` is, read in any case ("LINE" is line): the choice
// as spelled in `choices`. Throws InputError naming `what`: "--format: 'xml'
// is not one of text, line, json".
std::string choice_of(std::string_view text, const std::vector<std::string>& choices, std::string_view what);

// An option that takes one of `choices` (choice_of()); `into` holds its canonical spelling.
CLI::Option* add_choice_option(CLI::App& app, const std::string& names, std::string& into, const std::string& help,
                               const std::vector<std::string>& choices);

// An option that is a decimal number from `min` to `max`, read by the one number
// reader (formats/numbers.hpp): "--seed: '0x10' is not a number from 0 to 18446744073709551615".
template <std::integral T>
CLI::Option* add_number_option(CLI::App& app, const std::string& names, T& into, const std::string& help,
                               std::uint64_t min = 0, std::uint64_t max = std::numeric_limits<T>::max()) {
    if (max > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
        throw std::logic_error("add_number_option: the range does not fit the type");
    auto name = std::make_shared<std::string>();
    CLI::Option* opt = add_read_option(app, names, help, [&into, name, min, max](const std::string& text) {
        into = static_cast<T>(parse_number(text, *name, min, max));
    });
    *name = opt->get_name();
    return opt->type_name("N");
}

// --pysolfc N: a PySolFC game number, 1 to 10^20 ("--pysolfc: '0' is not a
// PySolFC game number, 1 to 100000000000000000000").
CLI::Option* add_pysolfc_option(CLI::App& app, std::optional<PysolfcNumber>& into, const std::string& help);
// The variant --pysolfc plays when none is given: par, PySolFC's Pyramid (game 38) without the score.
inline constexpr const char* PysolfcDefaultVariant = "par";
// PySolFC's deal of game n for these rules, or a UsageError saying why no
// PySolFC game is laid like the variant.
Deal pysolfc_deal(const Rules& rules, const PysolfcNumber& n);
// --pysolfc names the deal: no --seed and no deal file with it (UsageError).
void check_one_deal_source(bool pysolfc, bool seed, bool deal_file);
// Games n, n+1, ... (`count` of them) must stay within PySolFC's numbers: throws UsageError when not.
void check_pysolfc_count(const PysolfcNumber& first, std::uint64_t count);
// "# PySolFC game N": the line the text form of a PySolFC deal gets after its first line.
std::string with_pysolfc_comment(const std::string& text_form, const PysolfcNumber& n);

}  // namespace pyr::cmd
