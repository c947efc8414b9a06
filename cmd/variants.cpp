// pyramide variants: the presets with a summary each; `show NAME` prints the TOML.
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "formats/text.hpp"
#include "formats/variant_toml.hpp"

namespace pyr::cmd {

namespace {
struct VariantsOptions {
    std::string show;
};

int run_variants(const VariantsOptions& o, const CLI::App* show_app) {
    if (show_app->parsed()) {
        if (const Preset* p = find_preset(o.show)) {
            fmt::print("{}", p->text);
            return ExitOk;
        }
        // A user preset or file: print it as it is, after checking it loads.
        load_variant(o.show);
        const std::string path = is_variant_path(o.show) ? o.show : user_variant_dir() + "/" + o.show + ".toml";
        fmt::print("{}", read_file(path));
        return ExitOk;
    }
    for (const Preset& p : presets()) {
        const Variant v = load_variant(std::string(p.name));
        fmt::print("{:<14}{}\n", p.name, v.summary);
    }
    return ExitOk;
}
}  // namespace

Subcommand setup_variants(CLI::App& parent) {
    auto o = std::make_shared<VariantsOptions>();
    CLI::App* app = parent.add_subcommand("variants", "List the variant presets, or show one in full.");
    CLI::App* show = app->add_subcommand("show", "Print a preset's TOML, with its comments");
    show->add_option("name", o->show, "Preset name or FILE.toml")->required();
    app->footer("Example:\n  pyramide variants show par");
    return {app, [o, show] { return run_variants(*o, show); }};
}

}  // namespace pyr::cmd
