// Temporary files of writers that are gone (leftovers.hpp): found, judged, removed.
#include "leftovers.hpp"

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "error.hpp"

namespace pyr {

namespace {
constexpr std::string_view Prefix = ".pyramide-";

// The writer's pid in ".pyramide-PID-XXXXXX"; 0 when the name holds none.
long writer_pid(std::string_view base) {
    if (!is_temporary_name(base)) return 0;
    base.remove_prefix(Prefix.size());
    const std::size_t dash = base.find('-');
    if (dash == 0 || dash == std::string_view::npos || dash > 9) return 0;
    long pid = 0;
    for (const char c : base.substr(0, dash)) {
        if (c < '0' || c > '9') return 0;
        pid = pid * 10 + (c - '0');
    }
    return pid;
}

bool process_exists(long pid) { return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM; }

// Removes `path` if it is still the file open as `fd`.
bool remove_if_same(const std::string& path, int fd) {
    struct stat opened {}, named {};
    if (::fstat(fd, &opened) != 0 || ::lstat(path.c_str(), &named) != 0) return false;
    if (opened.st_dev != named.st_dev || opened.st_ino != named.st_ino) return false;
    return ::unlink(path.c_str()) == 0;
}
}  // namespace

bool is_temporary_name(std::string_view base) { return base.starts_with(Prefix) && base.size() > Prefix.size(); }

bool temporary_writer_gone(const std::string& path) {
    const long pid = writer_pid(std::filesystem::path(path).filename().string());
    if (pid <= 0 || process_exists(pid)) return false;
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st {};
    // A lock held: a writer has it, whatever its name says (another pid namespace).
    const bool gone = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                      (::flock(fd, LOCK_EX | LOCK_NB) == 0 || (errno != EWOULDBLOCK && errno != EINTR));
    ::close(fd);
    return gone;
}

std::vector<std::string> remove_dead_temporaries(const std::string& folder) {
    std::vector<std::string> removed;
    std::error_code ec;
    std::filesystem::directory_iterator it(folder.empty() ? "." : folder, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const std::string base = it->path().filename().string();
        if (!is_temporary_name(base)) continue;
        const std::string path = folder.empty() ? base : (std::filesystem::path(folder) / base).string();
        if (!temporary_writer_gone(path)) continue;
        // Locked while it is removed: a writer cannot take it meanwhile.
        const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) continue;
        const bool locked = ::flock(fd, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK;
        if (locked && remove_if_same(path, fd)) removed.push_back(path);
        ::close(fd);
    }
    return removed;
}

std::string leftovers_note(const std::string& folder, const std::vector<std::string>& removed) {
    if (removed.empty()) return "";
    std::string names;
    for (const std::string& path : removed)
        names += (names.empty() ? "" : ", ") + printable(std::filesystem::path(path).filename().string());
    return fmt::format("removed {} temporary file{} that a stopped pyramide left in {}: {}", removed.size(),
                       removed.size() == 1 ? "" : "s", printable(folder.empty() ? "." : folder), names);
}

}  // namespace pyr
