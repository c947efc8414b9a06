// pyramide help: the overview, or one subcommand's manual page when it is
// installed (as `git help` does), else that subcommand's --help text.
#include <cerrno>
#include <csignal>
#include <algorithm>
#include <cstdio>
#include <memory>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "help_format.hpp"
#include "formats/wrap.hpp"
#include "usage.hpp"

extern char** environ;

namespace pyr::cmd {

namespace {
struct HelpOptions {
    std::vector<std::string> words;  // a subcommand path: "deal", "stats merge"
};

// Whether `man -w 1 PAGE` finds the page, its output thrown away.
bool man_page_installed(const std::string& page) {
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0) return false;
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    const char* argv[] = {"man", "-w", "1", page.c_str(), nullptr};
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, "man", &actions, nullptr, const_cast<char* const*>(argv), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) return false;  // no man program
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return false;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// Replaces this process with `man 1 PAGE`; returns only if that fails.
void exec_man(const std::string& page) {
    std::fflush(stdout);
    // main() ignores SIGXFSZ for its own writes; man and its pager get the default.
    std::signal(SIGXFSZ, SIG_DFL);
    const char* argv[] = {"man", "1", page.c_str(), nullptr};
    ::execvp("man", const_cast<char* const*>(argv));
}

// The text `--help` prints for `app` (CLI11's help() would describe the
// selected subcommand, which here is `help` itself).
std::string help_text(const CLI::App* app, const std::string& path) {
    return app->get_formatter()->make_help(app, path, CLI::AppFormatMode::Normal);
}

int run_help(const HelpOptions& o, const CLI::App& root) {
    if (o.words.empty()) {
        fmt::print("{}", help_text(&root, root.get_name()));
        // Each page's name is kept whole: "man 5 pyramide-deal".
        const std::string text = fmt::format("The manual: {}, {}; the files: {}, {}, {}, {}.", unbreakable("man pyramide"),
                                             unbreakable("man pyramide-SUBCOMMAND"), unbreakable("man 5 pyramide-deal"),
                                             unbreakable("man 5 pyramide-movelog"), unbreakable("man 5 pyramide-series"),
                                             unbreakable("man 5 pyramide-variants"));
        fmt::print("{}\n", wrap_text(text, std::min(HelpWidth, terminal_columns(stdout))));
        return ExitOk;
    }
    const CLI::App* app = &root;
    std::string path = root.get_name();
    for (const std::string& word : o.words) {
        const CLI::App* sub = nullptr;
        for (const CLI::App* s : app->get_subcommands([](const CLI::App*) { return true; }))
            if (s->get_name() == word) sub = s;
        if (!sub) throw UsageError(unknown_subcommand_text(*app, word));
        app = sub;
        path += " " + word;
    }
    // One page per subcommand: `help stats merge` opens pyramide-stats(1).
    const std::string page = "pyramide-" + o.words.front();
    if (man_page_installed(page)) exec_man(page);
    fmt::print("{}", help_text(app, path));
    return ExitOk;
}
}  // namespace

Subcommand setup_help(CLI::App& parent) {
    auto o = std::make_shared<HelpOptions>();
    CLI::App* app = parent.add_subcommand(
        "help", "Show the manual page of a subcommand (its --help when the page is not installed),\n"
                "or this overview.");
    app->add_option("subcommand", o->words, "A subcommand, as in: pyramide help stats merge");
    app->footer("Example:\n  pyramide help play");
    const CLI::App* root = &parent;
    return {app, [o, root] { return run_help(*o, *root); }};
}

}  // namespace pyr::cmd
