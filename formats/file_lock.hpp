// The exclusive lock (flock) a game holds on its log, and that every writer
// replacing a file honours: a file open in a game is never replaced under it.
#pragma once
#include <string>
#include <string_view>

namespace pyr {

// Takes the exclusive lock on the file open as `fd`. A file system without
// locks (ENOLCK) is let through; a file another process holds throws
// InputError naming `path`: "<what> open in another pyramide (pid N)".
void lock_file(int fd, const std::string& path, std::string_view what);

// Opens the file `target` names with `flags` and locks it, retrying while the
// path is replaced meanwhile (a game's undo renames a new log over the old):
// the lock counts only if the path still names the file locked. Returns the
// descriptor, or -1 with errno set when `target` cannot be opened. Throws
// InputError naming `path` when another process holds it.
int open_locked(const std::string& target, const std::string& path, int flags, std::string_view what);

}  // namespace pyr
