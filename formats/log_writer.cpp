// Append-only move log files with atomic creation and replacement.
#include "log_writer.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "error.hpp"
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
        if (n <= 0) fail(path, "cannot write", errno);
        done += static_cast<std::size_t>(n);
    }
}

// Holds back the signals that end a game (a dropped SSH link, kill, Ctrl-C)
// while the log is written, so a signal never leaves a half-written line or a
// stray temporary file: it is delivered as soon as the write is done.
class SignalsHeld {
public:
    SignalsHeld() {
        sigset_t set;
        sigemptyset(&set);
        for (int sig : {SIGHUP, SIGTERM, SIGINT, SIGQUIT}) sigaddset(&set, sig);
        ::sigprocmask(SIG_BLOCK, &set, &old_);
    }
    ~SignalsHeld() { ::sigprocmask(SIG_SETMASK, &old_, nullptr); }
    SignalsHeld(const SignalsHeld&) = delete;
    SignalsHeld& operator=(const SignalsHeld&) = delete;

private:
    sigset_t old_;
};
}  // namespace

LogWriter::~LogWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void LogWriter::create(const std::string& path, std::string_view text, std::string_view exists_hint) {
    const SignalsHeld held;
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    // Write a temporary file, then link it into place: link() never replaces.
    const std::string tmp = path + ".tmp" + std::to_string(::getpid());
    try {
        Output out(tmp);
        out.write(text);
        out.commit();
    } catch (const InputError& e) {
        // Name the file the user asked for, not our temporary one.
        throw InputError(path, 0, 0, e.message);
    }
    if (::link(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        if (err == EEXIST) throw InputError(path, 0, 0, fmt::format("already exists{}", exists_hint));
        fail(path, "cannot create", err);
    }
    ::unlink(tmp.c_str());
    open_existing(path);
}

void LogWriter::open_existing(const std::string& path) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) fail(path, "cannot open for writing", errno);
    path_ = path;
    fd_ = fd;
}

void LogWriter::append(std::string_view lines) {
    // One write() per command: a signal cannot cut a line in half.
    const SignalsHeld held;
    write_all(fd_, lines, path_);
}

void LogWriter::rewrite(std::string_view text) {
    const SignalsHeld held;
    write_file_atomic(path_, text);
    open_existing(path_);
}

}  // namespace pyr
