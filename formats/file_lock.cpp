// Locks on logs and on files about to be replaced; who holds one, from /proc/locks.
#include "file_lock.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <fmt/format.h>

#include "error.hpp"

namespace pyr {

namespace {
// The process holding a flock on the file open as `fd`, from /proc/locks
// ("1: FLOCK  ADVISORY  WRITE PID MAJOR:MINOR:INODE 0 EOF"); 0 if not found.
long lock_holder(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return 0;
    const std::string file = fmt::format("{:02x}:{:02x}:{}", major(st.st_dev), minor(st.st_dev), st.st_ino);
    std::ifstream locks("/proc/locks");
    std::string line;
    while (std::getline(locks, line)) {
        std::istringstream fields(line);
        std::string number, kind, advisory, mode, where;
        long pid = 0;
        // A waiting lock is listed as "1: -> FLOCK ...": not a holder.
        if (fields >> number >> kind >> advisory >> mode >> pid >> where && kind == "FLOCK" && where == file)
            return pid;
    }
    return 0;
}
}  // namespace

namespace {
LockPolicy policy = LockPolicy::Warn;
bool noted = false;  // the note was made (it is said once)
std::string note;
}  // namespace

void set_lock_policy(LockPolicy p) { policy = p; }

std::string take_unlocked_note() { return std::exchange(note, ""); }

void lock_file(int fd, const std::string& path, std::string_view what) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return;
    const int err = errno;
    if (err != EWOULDBLOCK) {
        // A file system without locks (ENOLCK on some network ones): play
        // goes on unguarded, saying so, unless it was told to refuse.
        if (policy == LockPolicy::Require)
            throw InputError(path, 0, 0,
                             fmt::format("cannot lock: {} (--lock=require: no game without its lock)",
                                         std::strerror(err)));
        if (!noted)
            note = fmt::format("{}: cannot be locked here ({}): a second play on this log will not be stopped",
                               printable(path), std::strerror(err));
        noted = true;
        return;
    }
    const long pid = lock_holder(fd);
    throw InputError(path, 0, 0,
                     fmt::format("{}open in another pyramide{}", what, pid > 0 ? fmt::format(" (pid {})", pid) : ""));
}

int open_locked(const std::string& target, const std::string& path, int flags, std::string_view what) {
    for (int attempt = 0;; ++attempt) {
        const int fd = ::open(target.c_str(), flags | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) return -1;
        try {
            lock_file(fd, path, what);
        } catch (...) {
            ::close(fd);
            throw;
        }
        struct stat opened {}, named {};
        if (::fstat(fd, &opened) == 0 && ::stat(target.c_str(), &named) == 0 && named.st_dev == opened.st_dev &&
            named.st_ino == opened.st_ino)
            return fd;
        ::close(fd);
        if (attempt == 100) {
            errno = EAGAIN;
            return -1;
        }
    }
}

}  // namespace pyr
