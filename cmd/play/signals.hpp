// A hangup, a kill or Ctrl-C during play: the terminal put back, a note of
// where the game is saved, and the exit status 128 + the signal.
#pragma once
#include <string>

namespace pyr::cmd::play {

// Catches SIGHUP, SIGTERM and SIGINT, but leaves ignored one that was ignored
// when we started: `nohup pyramide play` must survive a hangup, and a
// background job started by a non-interactive shell does not take Ctrl-C
// meant for the foreground.
void catch_signals();

// What a signal will say: the command that continues `log_path` ("" when no
// log holds the game). Prepared here because a signal handler cannot format.
void set_signal_note(const std::string& log_path);

}  // namespace pyr::cmd::play
