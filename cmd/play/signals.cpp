// play's signal handling (signals.hpp): only async-signal-safe calls in the handler.
#include "signals.hpp"

#include <csignal>
#include <cstdio>
#include <cstring>

#include <unistd.h>

#include <fmt/format.h>

#include "cmd/line_editor.hpp"
#include "paths.hpp"

namespace pyr::cmd::play {

namespace {

// What a signal handler may print: prepared in advance, written with write(2).
char signal_note[600] = "";

extern "C" void on_signal(int sig) {
    if (signal_note[0]) {
        const ssize_t ignored = ::write(STDERR_FILENO, signal_note, std::strlen(signal_note));
        (void)ignored;
    }
    // The log is already complete up to the last move (LogWriter holds these
    // signals back while it writes), so there is nothing to clean up but the
    // terminal, which the line editor may have left in its raw mode.
    restore_terminal();
    ::_exit(128 + sig);
}

}  // namespace

void catch_signals() {
    for (int sig : {SIGHUP, SIGTERM, SIGINT}) {
        struct sigaction old {};
        if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        struct sigaction act {};
        act.sa_handler = on_signal;
        sigemptyset(&act.sa_mask);
        ::sigaction(sig, &act, nullptr);
    }
}

void set_signal_note(const std::string& log_path) {
    const std::string note = log_path.empty()
                                 ? std::string("\npyramide: interrupted\n")
                                 : fmt::format("\npyramide: interrupted; the game is saved: {}\n", resume_hint(log_path));
    std::snprintf(signal_note, sizeof signal_note, "%s", note.c_str());
}

}  // namespace pyr::cmd::play
