// pyramide: entry point. Sets up the subcommands, turns CLI11's parse errors
// into exit code 2, and runs the chosen subcommand.
#include <clocale>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"

int main(int argc, char** argv) {
    using namespace pyr::cmd;
    CLI::App app{"pyramide: deal, play, check and solve games of Pyramid solitaire.", "pyramide"};
    app.set_version_flag("--version", "pyramide " PYRAMIDE_VERSION);
    app.require_subcommand(1);
    app.failure_message([](const CLI::App* a, const CLI::Error& e) {
        std::string name = a->get_name();
        for (const CLI::App* p = a->get_parent(); p; p = p->get_parent()) name = p->get_name() + " " + name;
        return fmt::format("pyramide: {}\nRun '{} --help' for more information.\n", e.what(), name);
    });
    app.footer("Run 'pyramide SUBCOMMAND --help' for the options of each.");

    std::vector<Subcommand> subs = {setup_deal(app), setup_play(app), setup_validate(app), setup_replay(app), setup_solve(app), setup_variants(app)};
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? ExitOk : ExitError;
    }
    for (const Subcommand& s : subs) {
        if (!s.app->parsed()) continue;
        try {
            return s.run();
        } catch (const pyr::InputError& e) {
            return report(e);
        } catch (const std::bad_alloc&) {
            message("out of memory");
            return ExitError;
        }
    }
    return ExitError;
}
