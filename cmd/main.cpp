// pyramide: entry point. Sets up the subcommands, turns usage errors (the
// parser's and the subcommands' own) into exit code 2, and runs the chosen subcommand.
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "help_format.hpp"
#include "progress.hpp"
#include "usage.hpp"
#include "formats/text.hpp"

namespace {

// A program started with stdin, stdout or stderr closed (`play >&-`) would
// otherwise get the first file it opens as that descriptor, and write the
// screen or a signal note into the move log. Runs before anything is opened.
// A closed stdout becomes /dev/null opened for reading only: what is written
// to it fails (EBADF), as on the closed descriptor, so `deal >&-` says it
// cannot write instead of passing for success (finish_stdout). Nothing is
// there to tell of a closed stderr: what goes there is dropped.
void open_closed_standard_streams() {
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        // The lowest free descriptor: `fd`, since those below it are open by now.
        const int null = ::open("/dev/null", fd == STDOUT_FILENO ? O_RDONLY : O_RDWR);
        if (null < 0) std::_Exit(pyr::cmd::ExitError);  // nothing safe to write to
        if (null != fd) {
            ::dup2(null, fd);
            ::close(null);
        }
    }
}

// A signal that ends the program while a file is being written: the temporary
// file goes, then the signal does what it would have done (so the shell still
// sees 130 for Ctrl-C). `play` installs its own handlers over these.
extern "C" void on_fatal_signal(int sig) {
    pyr::cmd::erase_progress_for_signal();
    pyr::remove_temporary_files();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void set_up_signals() {
    // `pyramide deal --count 1000000 | head -1` must end quietly when head
    // goes: a parent that ignores SIGPIPE (Python, some CI runners) would turn
    // it into a "Broken pipe" error instead.
    std::signal(SIGPIPE, SIG_DFL);
    // Past `ulimit -f`, write() fails with EFBIG, reported with the file's
    // path, instead of the process being killed with the file half-written.
    std::signal(SIGXFSZ, SIG_IGN);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        // Keep an inherited "ignore" (nohup): the user asked for it.
        if (std::signal(sig, on_fatal_signal) == SIG_IGN) std::signal(sig, SIG_IGN);
    }
}

// Data on stdout may still sit in its buffer: a full disk or a closed pipe
// must not pass for success.
int finish_stdout(int rc) {
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    if (flushed && !std::ferror(stdout)) return rc;
    int err = errno;
    // Written and failed before, with nothing left to flush now: an empty
    // write still tells a descriptor that takes none (a closed stdout).
    if (!err && ::write(STDOUT_FILENO, "", 0) < 0) err = errno;
    pyr::cmd::message(fmt::format("<stdout>: cannot write: {}", err ? std::strerror(err) : "write error"));
    return pyr::cmd::ExitError;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace pyr::cmd;
    open_closed_standard_streams();
    set_up_signals();
    CLI::App app{"pyramide: deal, play, check and solve games of Pyramid solitaire.", "pyramide"};
    // Set before the subcommands are added: each takes a copy of it.
    app.formatter(std::make_shared<WrappingFormatter>());
    app.set_version_flag("-V,--version", "pyramide " PYRAMIDE_VERSION);
    app.require_subcommand(1);
    app.failure_message(
        [](const CLI::App* a, const CLI::Error& e) { return usage_message(*a, parse_error_text(*a, e)); });
    app.footer("Run 'pyramide SUBCOMMAND --help' for the options of each.");

    std::vector<Subcommand> subs = {setup_deal(app), setup_play(app), setup_validate(app), setup_replay(app), setup_solve(app), setup_rate(app), setup_round(app), setup_stats(app), setup_variants(app)};
    subs.push_back(setup_help(app));  // last: `pyramide help` describes the others
    refuse_flag_values(app);
    if (const std::optional<int> rc = first_word(argc, argv, app)) return finish_stdout(*rc);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return finish_stdout(rc == 0 ? ExitOk : ExitError);
    }
    for (const Subcommand& s : subs) {
        if (!s.app->parsed()) continue;
        try {
            return finish_stdout(s.run());
        } catch (const UsageError& e) {
            to_stderr(usage_message(app, e.what()));
            return ExitError;
        } catch (const pyr::InputError& e) {
            return report(e);
        } catch (const std::bad_alloc&) {
            message("out of memory");
            return ExitError;
        } catch (const std::exception& e) {
            // fmt::print throws when stdout fails mid-way (a full disk); anything
            // else that escapes is still reported, not an abort with a core dump.
            message(pyr::printable(e.what()));
            return ExitError;
        }
    }
    return ExitError;
}
