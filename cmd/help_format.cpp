// --help text within 80 columns (see help_format.hpp).
#include "help_format.hpp"

namespace pyr::cmd {

namespace {
// One line broken at spaces so that no piece is wider than `width`.
void wrap_line(std::string_view line, std::size_t width, std::string& out) {
    std::size_t used = 0;
    bool first = true;
    for (std::size_t i = 0; i < line.size();) {
        const std::size_t start = line.find_first_not_of(' ', i);
        // Leading spaces (an indented example) are kept as they are.
        if (first && start > 0 && start != std::string_view::npos) {
            out.append(line.substr(0, start));
            used = start;
        }
        if (start == std::string_view::npos) break;
        const std::size_t end = std::min(line.find(' ', start), line.size());
        const std::string_view word = line.substr(start, end - start);
        if (!first && used > 0 && used + 1 + word.size() > width) {
            out += '\n';
            used = 0;
        } else if (!first) {
            out += ' ';
            ++used;
        }
        out.append(word);
        used += word.size();
        first = false;
        i = end;
    }
}

// The description up to its first full stop: the summary a listing shows.
std::string first_sentence(std::string_view text) {
    std::string flat(text);
    for (char& c : flat)
        if (c == '\n') c = ' ';
    const std::size_t stop = flat.find(". ");
    return stop == std::string::npos ? flat : flat.substr(0, stop + 1);
}
}  // namespace

std::string wrap_lines(std::string_view text, std::size_t width) {
    std::string out;
    for (std::size_t pos = 0; pos <= text.size();) {
        const std::size_t newline = std::min(text.find('\n', pos), text.size());
        wrap_line(text.substr(pos, newline - pos), width, out);
        if (newline == text.size()) break;
        out += '\n';
        pos = newline + 1;
    }
    return out;
}

std::string WrappingFormatter::make_description(const CLI::App* app) const {
    return wrap_lines(CLI::Formatter::make_description(app), HelpWidth);
}

std::string WrappingFormatter::make_subcommand(const CLI::App* sub) const {
    std::stringstream out;
    CLI::detail::format_help(out, sub->get_display_name(true),
                             wrap_lines(first_sentence(sub->get_description()), HelpWidth - get_column_width()),
                             get_column_width());
    return out.str();
}

std::string WrappingFormatter::make_option_desc(const CLI::Option* opt) const {
    return wrap_lines(CLI::Formatter::make_option_desc(opt), HelpWidth - get_column_width());
}

std::string WrappingFormatter::make_footer(const CLI::App* app) const {
    return wrap_lines(CLI::Formatter::make_footer(app), HelpWidth);
}

}  // namespace pyr::cmd
