// Preloaded (LD_PRELOAD) by faults.kill-scan: counts the system calls by
// which pyramide changes files (write and pwrite to a regular file, fsync,
// link, unlink, rename, flock and their *at forms) and, at the one numbered
// $PYRAMIDE_KILL_AT, sends the process $PYRAMIDE_KILL_SIGNAL (default
// SIGKILL) before making it. With $PYRAMIDE_KILL_REPORT set, the number of
// such calls made is written to that file at exit: the points to scan.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
long calls = 0;

long kill_at() {
    static const long at = [] {
        const char* v = std::getenv("PYRAMIDE_KILL_AT");
        return v ? std::atol(v) : 0L;
    }();
    return at;
}

// Counts one call that changes a file; the numbered one is where the signal falls.
void point() {
    ++calls;
    if (calls != kill_at()) return;
    const char* sig = std::getenv("PYRAMIDE_KILL_SIGNAL");
    raise(sig ? std::atoi(sig) : SIGKILL);
}

bool regular(int fd) {
    struct stat st {};
    return fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

template <typename F>
F real(const char* name) {
    return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

struct Report {
    ~Report() {
        const char* path = std::getenv("PYRAMIDE_KILL_REPORT");
        if (!path) return;
        if (FILE* f = std::fopen(path, "w")) {
            std::fprintf(f, "%ld\n", calls);
            std::fclose(f);
        }
    }
} report;
}  // namespace

extern "C" {
ssize_t write(int fd, const void* buf, size_t n) {
    static auto f = real<ssize_t (*)(int, const void*, size_t)>("write");
    if (regular(fd)) point();
    return f(fd, buf, n);
}
ssize_t pwrite(int fd, const void* buf, size_t n, off_t at) {
    static auto f = real<ssize_t (*)(int, const void*, size_t, off_t)>("pwrite");
    if (regular(fd)) point();
    return f(fd, buf, n, at);
}
int fsync(int fd) {
    static auto f = real<int (*)(int)>("fsync");
    if (regular(fd)) point();
    return f(fd);
}
int fdatasync(int fd) {
    static auto f = real<int (*)(int)>("fdatasync");
    point();
    return f(fd);
}
int link(const char* a, const char* b) {
    static auto f = real<int (*)(const char*, const char*)>("link");
    point();
    return f(a, b);
}
int linkat(int da, const char* a, int db, const char* b, int flags) {
    static auto f = real<int (*)(int, const char*, int, const char*, int)>("linkat");
    point();
    return f(da, a, db, b, flags);
}
int unlink(const char* a) {
    static auto f = real<int (*)(const char*)>("unlink");
    point();
    return f(a);
}
int unlinkat(int d, const char* a, int flags) {
    static auto f = real<int (*)(int, const char*, int)>("unlinkat");
    point();
    return f(d, a, flags);
}
int rename(const char* a, const char* b) {
    static auto f = real<int (*)(const char*, const char*)>("rename");
    point();
    return f(a, b);
}
int renameat(int da, const char* a, int db, const char* b) {
    static auto f = real<int (*)(int, const char*, int, const char*)>("renameat");
    point();
    return f(da, a, db, b);
}
int renameat2(int da, const char* a, int db, const char* b, unsigned flags) {
    static auto f = real<int (*)(int, const char*, int, const char*, unsigned)>("renameat2");
    point();
    return f(da, a, db, b, flags);
}
int flock(int fd, int op) {
    static auto f = real<int (*)(int, int)>("flock");
    point();
    return f(fd, op);
}
}
