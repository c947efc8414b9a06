// --help text within 80 columns (see help_format.hpp).
#include "help_format.hpp"

#include "formats/wrap.hpp"

namespace pyr::cmd {

namespace {
// The description up to its first full stop: the summary a listing shows.
std::string first_sentence(std::string_view text) {
    std::string flat(text);
    for (char& c : flat)
        if (c == '\n') c = ' ';
    const std::size_t stop = flat.find(". ");
    return stop == std::string::npos ? flat : flat.substr(0, stop + 1);
}
}  // namespace

std::string WrappingFormatter::make_description(const CLI::App* app) const {
    return wrap_text(CLI::Formatter::make_description(app), HelpWidth);
}

std::string WrappingFormatter::make_subcommand(const CLI::App* sub) const {
    std::stringstream out;
    CLI::detail::format_help(out, sub->get_display_name(true),
                             wrap_text(first_sentence(sub->get_description()), HelpWidth - get_column_width()),
                             get_column_width());
    return out.str();
}

std::string WrappingFormatter::make_option_desc(const CLI::Option* opt) const {
    return wrap_text(CLI::Formatter::make_option_desc(opt), HelpWidth - get_column_width());
}

std::string WrappingFormatter::make_footer(const CLI::App* app) const {
    return wrap_text(CLI::Formatter::make_footer(app), HelpWidth);
}

}  // namespace pyr::cmd
