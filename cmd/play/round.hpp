// play --round ROUND --player NAME: a hosted round's games, locked down. The
// player's next deal not yet finished, in the round's rules; the log in the
// round's folder, with time stamps (formats/movelog.md); nothing else run,
// read from the environment or written elsewhere.
#pragma once
#include <string>

namespace pyr::cmd::play {

// Plays the player's games until the round is done for them, the input ends
// or they quit. The exit code.
int play_round(const std::string& round, const std::string& player);

}  // namespace pyr::cmd::play
