// --help text for the window (see help_format.hpp).
#include "help_format.hpp"

#include <algorithm>
#include <sstream>

#include "common.hpp"
#include "formats/wrap.hpp"

namespace pyr::cmd {

namespace {
// A description beside the names needs this many columns; with fewer it goes under them.
constexpr std::size_t MinBeside = 30;
// How far a description under its name is indented.
constexpr std::size_t UnderIndent = 6;
// Narrower than this, a help line is let run over (a word does not fit anyway).
constexpr std::size_t MinHelpWidth = 20;

// The width of the help: the window's, at most HelpWidth (80 also in a pipe).
std::size_t help_width() {
    return std::clamp(window_columns(stdout).value_or(HelpWidth), MinHelpWidth, HelpWidth);
}

// The description up to its first full stop: the summary a listing shows.
std::string first_sentence(std::string_view text) {
    std::string flat = reflow(text);
    std::replace(flat.begin(), flat.end(), '\n', ' ');
    const std::size_t stop = flat.find(". ");
    return stop == std::string::npos ? flat : flat.substr(0, stop + 1);
}

// Each line of `text` wrapped to `width` after `first` (the first line) or
// `indent` (the others), continuing under `indent`.
std::string wrap_lines(std::string_view text, std::string_view first, std::string_view indent, std::size_t width) {
    std::string out;
    std::size_t pos = 0;
    for (bool first_line = true; pos <= text.size(); first_line = false) {
        const std::size_t newline = std::min(text.find('\n', pos), text.size());
        const std::string line = std::string(first_line ? first : indent) + std::string(text.substr(pos, newline - pos));
        out += wrap_text(line, width, indent) + "\n";
        pos = newline + 1;
    }
    return out;
}

// Reflowed and wrapped once: the way every paragraph of the help is laid out.
// An indented line (an example) goes on two columns further in.
std::string paragraphs(std::string_view text) {
    if (text.empty()) return "";
    std::string body = reflow(text), out;
    while (!body.empty() && body.back() == '\n') body.pop_back();
    std::istringstream lines(body);
    for (std::string line; std::getline(lines, line);) {
        const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
        out += wrap_text(line, help_width(), std::string(indent ? indent + 2 : 0, ' ')) + "\n";
    }
    return out;
}
}  // namespace

std::string WrappingFormatter::entry(const std::string& name, std::string_view description) const {
    const std::string head = "  " + name;
    std::string text = reflow(description);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    if (text.empty()) return head + "\n";
    const std::size_t width = help_width(), column = get_column_width();
    if (width < column + MinBeside)
        return wrap_text(head, width, "    ") + "\n" + wrap_lines(text, std::string(UnderIndent, ' '),
                                                                 std::string(UnderIndent, ' '), width);
    const std::string beside(column, ' ');
    if (display_width(head) >= column) return head + "\n" + wrap_lines(text, beside, beside, width);
    return wrap_lines(text, head + std::string(column - display_width(head), ' '), beside, width);
}

std::string WrappingFormatter::make_description(const CLI::App* app) const {
    return paragraphs(CLI::Formatter::make_description(app));
}

std::string WrappingFormatter::make_usage(const CLI::App* app, std::string name) const {
    // CLI11's usage line, "Usage: NAME [OPTIONS] ARGS...\n", broken between its words.
    std::string usage = CLI::Formatter::make_usage(app, std::move(name));
    while (!usage.empty() && usage.back() == '\n') usage.pop_back();
    return wrap_text(usage, help_width(), "    ") + "\n";
}

std::string WrappingFormatter::make_subcommand(const CLI::App* sub) const {
    return entry(sub->get_display_name(true), first_sentence(sub->get_description()));
}

std::string WrappingFormatter::make_option(const CLI::Option* opt, bool is_positional) const {
    return entry(make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt));
}

std::string WrappingFormatter::make_footer(const CLI::App* app) const {
    return paragraphs(CLI::Formatter::make_footer(app));
}

}  // namespace pyr::cmd
