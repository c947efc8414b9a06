// Preloaded (LD_PRELOAD) by faults.signal-windows: right after pyramide
// creates a temporary file (".pyramide-XXXXXX", opened O_EXCL), the process
// sends itself SIGINT. A signal there must still leave no temporary file: the
// window between creating the file and registering it for clean-up is shut.
#include <cstdarg>
#include <cstring>

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>

namespace {
using OpenFunction = int (*)(const char*, int, ...);

int open_then_signal(const char* name, OpenFunction real, const char* path, int flags, mode_t mode) {
    if (!real) real = reinterpret_cast<OpenFunction>(dlsym(RTLD_NEXT, name));
    const int fd = real(path, flags, mode);
    const char* base = std::strrchr(path, '/');
    base = base ? base + 1 : path;
    if (fd >= 0 && (flags & O_EXCL) && std::strncmp(base, ".pyramide-", 10) == 0) raise(SIGINT);
    return fd;
}

mode_t mode_of(int flags, va_list args) {
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? static_cast<mode_t>(va_arg(args, int)) : 0;
}
}  // namespace

extern "C" int open(const char* path, int flags, ...) {
    static OpenFunction real = nullptr;
    va_list args;
    va_start(args, flags);
    const mode_t mode = mode_of(flags, args);
    va_end(args);
    if (!real) real = reinterpret_cast<OpenFunction>(dlsym(RTLD_NEXT, "open"));
    return open_then_signal("open", real, path, flags, mode);
}

extern "C" int open64(const char* path, int flags, ...) {
    static OpenFunction real = nullptr;
    va_list args;
    va_start(args, flags);
    const mode_t mode = mode_of(flags, args);
    va_end(args);
    if (!real) real = reinterpret_cast<OpenFunction>(dlsym(RTLD_NEXT, "open64"));
    return open_then_signal("open64", real, path, flags, mode);
}
