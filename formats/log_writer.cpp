// Append-only move log files: atomic creation and replacement, one lock per log.
#include "log_writer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "error.hpp"
#include "file_lock.hpp"
#include "text.hpp"

namespace pyr {

namespace {
[[noreturn]] void fail(const std::string& path, const char* what, int err) {
    throw InputError(path, 0, 0, fmt::format("{}: {}", what, std::strerror(err)));
}

void write_all(int fd, std::string_view data, const std::string& path) {
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(path, "cannot write", n < 0 ? errno : ENOSPC);
        done += static_cast<std::size_t>(n);
    }
}

// A new temporary file beside `target`, locked before anything can name it
// as the log. Throws InputError naming `path`; a missing folder is named.
int locked_temporary_file(const std::string& target, const std::string& path, std::string& tmp) {
    const std::string folder = folder_of(target);
    const int fd = create_temporary_file(folder, tmp);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT) throw InputError(folder.empty() ? "." : folder, 0, 0, "no such folder");
        if (err == ENOTDIR) throw InputError(folder, 0, 0, "not a folder");
        fail(path, "cannot write", err);
    }
    try {
        lock_file(fd, path, "");  // a new file: nobody else holds it, but the file system may have no locks
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    return fd;
}

// Copies the first `end` bytes of `from` to `to`, leaving out the lines
// numbered in `drop`. Returns how many lines were copied.
int copy_lines(int from, int to, std::uint64_t end, const std::vector<int>& drop, const std::string& path) {
    std::string buffer(64 * 1024, '\0'), kept;
    int number = 1, copied = 0;
    bool keep = std::find(drop.begin(), drop.end(), 1) == drop.end();
    for (std::uint64_t at = 0; at < end;) {
        const ssize_t n = ::pread(from, buffer.data(), std::min<std::uint64_t>(buffer.size(), end - at),
                                  static_cast<off_t>(at));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(path, "cannot read", n < 0 ? errno : EIO);
        kept.clear();
        for (ssize_t i = 0; i < n; ++i) {
            if (keep) kept += buffer[static_cast<std::size_t>(i)];
            if (buffer[static_cast<std::size_t>(i)] != '\n') continue;
            copied += keep;
            keep = std::find(drop.begin(), drop.end(), ++number) == drop.end();
        }
        write_all(to, kept, path);
        at += static_cast<std::uint64_t>(n);
    }
    return copied;
}
}  // namespace

LogWriter::~LogWriter() { close(); }

void LogWriter::close() {
    if (fd_ >= 0) ::close(fd_);  // the lock goes with the last descriptor
    fd_ = -1;
}

void LogWriter::remove() {
    if (fd_ < 0) return;
    const SignalsHeld held;
    ::unlink(target_.c_str());
    close();
}

void LogWriter::create(const std::string& path, std::string_view text, std::string_view exists_hint) {
    const SignalsHeld held;
    close();
    std::string tmp;
    const int fd = locked_temporary_file(path, path, tmp);
    try {
        write_all(fd, text, path);
        if (::fsync(fd) != 0) fail(path, "cannot write", errno);
        // link() never replaces: an existing file is refused, not lost.
        if (::link(tmp.c_str(), path.c_str()) != 0) {
            const int err = errno;
            if (err == EEXIST) throw InputError(path, 0, 0, fmt::format("already exists{}", exists_hint));
            fail(path, "cannot create", err);
        }
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    ::unlink(tmp.c_str());
    sync_folder(folder_of(path));
    fd_ = fd;
    path_ = target_ = path;
    lines_ = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    whole_bytes_ = size_ = text.size();
    crlf_ = false;
}

void LogWriter::open_existing(const std::string& path, std::string_view what) {
    close();
    const std::string target = follow_symlinks(path);
    const int fd = open_locked(target, path, O_RDWR | O_APPEND, what);
    if (fd < 0 && errno == EISDIR) throw InputError(path, 0, 0, "cannot read: it is a directory");
    if (fd < 0 && errno == EAGAIN) fail(path, "cannot lock", errno);
    if (fd < 0) fail(path, errno == ENOENT ? "cannot open" : "cannot open for writing", errno);
    struct stat opened {};
    if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
        ::close(fd);
        throw InputError(path, 0, 0, "cannot continue it: not a regular file");
    }
    fd_ = fd;
    path_ = path;
    target_ = target;
    scan();
}

// Counts the whole lines, finds where they end (a torn tail may follow) and
// what ends them.
void LogWriter::scan() {
    std::string buffer(64 * 1024, '\0');
    lines_ = 0;
    whole_bytes_ = size_ = 0;
    crlf_ = false;
    char last = '\0';
    for (;;) {
        const ssize_t n = ::pread(fd_, buffer.data(), buffer.size(), static_cast<off_t>(size_));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail(path_, "cannot read", errno);
        if (n == 0) break;
        for (ssize_t i = 0; i < n; ++i) {
            const char c = buffer[static_cast<std::size_t>(i)];
            if (c == '\n') {
                if (lines_++ == 0) crlf_ = last == '\r';
                whole_bytes_ = size_ + static_cast<std::uint64_t>(i) + 1;
            }
            last = c;
        }
        size_ += static_cast<std::uint64_t>(n);
    }
}

int LogWriter::append(std::string_view lines) {
    std::string ended;
    if (crlf_) {
        for (const char c : lines) ended += c == '\n' ? std::string_view("\r\n") : std::string_view(&c, 1);
        lines = ended;
    }
    // One write() per command: a signal cannot cut a line in half.
    const SignalsHeld held;
    try {
        write_all(fd_, lines, path_);
    } catch (const InputError&) {
        // A write cut short (a full disk): the file as it was, whole lines only.
        if (::ftruncate(fd_, static_cast<off_t>(size_)) != 0) { /* the torn tail stays: readers ignore it */ }
        throw;
    }
    const int first = lines_ + 1;
    lines_ += static_cast<int>(std::count(lines.begin(), lines.end(), '\n'));
    whole_bytes_ = size_ += lines.size();
    return first;
}

void LogWriter::drop_lines(const std::vector<int>& lines) {
    const SignalsHeld held;
    std::string tmp;
    const int fd = locked_temporary_file(target_, path_, tmp);
    int copied = 0;
    struct stat st {};
    try {
        copied = copy_lines(fd_, fd, whole_bytes_, lines, path_);
        // The log keeps its owner (rewritten by root, a player's log stays
        // the player's) and its permissions: a private (0600) log stays private.
        if (::fstat(fd_, &st) == 0) {
            if (::fchown(fd, st.st_uid, st.st_gid) != 0) { /* not root: the log is ours already */ }
            ::fchmod(fd, st.st_mode & 07777);
        }
        if (::fsync(fd) != 0 || ::fstat(fd, &st) != 0) fail(path_, "cannot write", errno);
        if (::rename(tmp.c_str(), target_.c_str()) != 0) fail(path_, "cannot write", errno);
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    sync_folder(folder_of(target_));
    close();
    fd_ = fd;
    lines_ = copied;
    whole_bytes_ = size_ = static_cast<std::uint64_t>(st.st_size);
}

}  // namespace pyr
