// --help text for the window: CLI11's formatter with every description
// reflowed and wrapped once at word boundaries, within 80 columns and within
// a narrower terminal, and each subcommand listed by its first sentence.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace pyr::cmd {

// The widest --help gets, whatever the window.
inline constexpr std::size_t HelpWidth = 80;

class WrappingFormatter : public CLI::Formatter {
public:
    std::string make_description(const CLI::App* app) const override;
    std::string make_usage(const CLI::App* app, std::string name) const override;
    std::string make_subcommand(const CLI::App* sub) const override;
    std::string make_option(const CLI::Option* opt, bool is_positional) const override;
    std::string make_footer(const CLI::App* app) const override;

private:
    // An option or a subcommand: its name, then its description beside it
    // (in the second column) or, in a window too narrow for that, under it.
    std::string entry(const std::string& name, std::string_view description) const;
};

}  // namespace pyr::cmd
