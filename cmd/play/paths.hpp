// Where play's files go and how their names are shown: the default log folder
// and the history file (XDG base directories), `~` as a shell expands it, and
// a path as one shell word for a command to paste.
#pragma once
#include <ctime>
#include <string>
#include <vector>

#include "lib/rules/game.hpp"
#include "lib/rules/pysolfc.hpp"

namespace pyr::cmd::play {

// A fresh default log name, its folder made if need be:
// $XDG_DATA_HOME/pyramide/games/2026-11-30-141502-traditional-seed7.log, or
// under ~/.local/share without it (-pysolfc617 for PySolFC's game 617).
// Throws InputError naming a folder that cannot be made.
std::string default_log_path(const Variant& v, const Deal& d, const PysolfcNumber* pysolfc);

// Removes the temporary files that writers killed mid-write left in the
// folder of `log` (the default log folder for ""; none for "-"), whose
// writers are provably gone (formats/leftovers.hpp). What to say: "" for none.
std::string tidy_log_folder(const std::string& log);

// An unfinished game in the log folder: a log not over, or a series file
// whose games are not all played (its logs are not listed alone).
struct UnfinishedGame {
    std::string path;
    std::string what;  // "traditional, seed 7, 12 moves", "par series, game 3 of 6, 4 moves"
    std::time_t changed = 0;
};
// The default log folder's unfinished games, the most recently changed
// first. Files that cannot be read are left out.
std::vector<UnfinishedGame> unfinished_games();
// `play --list`: the unfinished games, one a line, or that there are none.
std::string unfinished_list_text();
// `--resume` alone or `--resume last`: the most recent unfinished game.
// Throws InputError naming the folder when there is none.
std::string last_unfinished();
// The default log folder, as play names it.
std::string default_log_folder();
// "5 minutes ago", "3 hours ago", "2 days ago" for a time `then`, seen at `now`.
std::string age_text(std::time_t then, std::time_t now);

// $XDG_STATE_HOME/pyramide/history, or ~/.local/state/pyramide/history; "" without a home.
std::string default_history_path();

// `~`, `~/...` and `~user/...` as a shell expands them, so that `save ~/x.log`
// goes home instead of into a folder named `~`. Anything else as typed.
// Throws InputError for an unknown user or no home.
std::string expand_tilde(const std::string& path);

// "pyramide play --resume PATH", PATH quoted for a shell when it must be, so
// that the printed command can be pasted.
std::string resume_hint(const std::string& log_path);

}  // namespace pyr::cmd::play
