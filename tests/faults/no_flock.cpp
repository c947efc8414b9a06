// Preloaded (LD_PRELOAD) by faults.no-flock: a file system without locks.
// flock() fails with $PYRAMIDE_FLOCK_ERRNO (default ENOLCK), as on some
// network file systems.
#include <cerrno>
#include <cstdlib>

extern "C" int flock(int, int) {
    const char* e = std::getenv("PYRAMIDE_FLOCK_ERRNO");
    errno = e ? std::atoi(e) : ENOLCK;
    return -1;
}
