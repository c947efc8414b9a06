// pyramide variants: the presets with a summary each; `show NAME` prints the TOML
// (a preset's as shipped, any other variant's rules as canonical TOML).
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "usage.hpp"
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
        // A user preset, a file or "-": read once, and shown as the rules that
        // apply (its base resolved), in canonical TOML, so nothing of the file
        // (comments with escapes, say) reaches the terminal raw.
        fmt::print("{}", format_variant(load_variant(o.show)));
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
    CLI::App* show = app->add_subcommand("show", "Print a preset's TOML with its comments, or a variant's rules");
    required_argument(show->add_option("name", o->show, "Preset name, user preset, FILE.toml or - (stdin)"),
                      "no variant given: name a preset (pyramide variants lists them), a user preset, a FILE.toml, "
                      "or - for stdin");
    app->footer("Example:\n  pyramide variants show par");
    return {app, [o, show] { return run_variants(*o, show); }};
}

}  // namespace pyr::cmd
