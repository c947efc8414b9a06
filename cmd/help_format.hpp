// --help text within 80 columns: CLI11's formatter with descriptions wrapped
// at word boundaries, and each subcommand listed by its first sentence.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace pyr::cmd {

inline constexpr std::size_t HelpWidth = 80;

class WrappingFormatter : public CLI::Formatter {
public:
    std::string make_description(const CLI::App* app) const override;
    std::string make_subcommand(const CLI::App* sub) const override;
    std::string make_option_desc(const CLI::Option* opt) const override;
    std::string make_footer(const CLI::App* app) const override;
};

}  // namespace pyr::cmd
