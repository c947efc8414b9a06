// The exclusive lock (flock) a game holds on its log, and that every writer
// replacing a file honours: a file open in a game is never replaced under it.
#pragma once
#include <string>
#include <string_view>

namespace pyr {

// What to do on a file system without locks (flock fails with ENOLCK,
// EOPNOTSUPP): go on unguarded and say so once (Warn), or refuse (Require).
enum class LockPolicy { Warn, Require };
void set_lock_policy(LockPolicy policy);
// Once, after a file could not be locked under Warn: "FILE: cannot be locked
// here (...): a second play on this log will not be stopped". "" otherwise.
std::string take_unlocked_note();

// Takes the exclusive lock on the file open as `fd`. A file system without
// locks is let through (Warn) or refused (Require: InputError); a file
// another process holds throws InputError naming `path`: "<what> open in
// another pyramide (pid N)".
void lock_file(int fd, const std::string& path, std::string_view what);

// Opens the file `target` names with `flags` and locks it, retrying while the
// path is replaced meanwhile (a game's undo renames a new log over the old):
// the lock counts only if the path still names the file locked. Returns the
// descriptor, or -1 with errno set when `target` cannot be opened. Throws
// InputError naming `path` when another process holds it.
int open_locked(const std::string& target, const std::string& path, int flags, std::string_view what);

}  // namespace pyr
