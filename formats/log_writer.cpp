// Append-only move log files with atomic creation and replacement.
#include "log_writer.hpp"

#include <cerrno>
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
}  // namespace

LogWriter::~LogWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void LogWriter::create(const std::string& path, std::string_view text) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    // Write a temporary file, then link it into place: link() never replaces.
    const std::string tmp = path + ".tmp" + std::to_string(::getpid());
    {
        Output out(tmp);
        out.write(text);
        out.commit();
    }
    if (::link(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        if (err == EEXIST)
            throw InputError(path, 0, 0, "already exists: continue it with --resume, or choose another --log");
        fail(path, "cannot create", err);
    }
    ::unlink(tmp.c_str());
    open_existing(path);
}

void LogWriter::open_existing(const std::string& path) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd_ < 0) fail(path, "cannot open for writing", errno);
    path_ = path;
}

void LogWriter::append(std::string_view line) {
    // One write() per move: a signal cannot cut a line in half.
    write_all(fd_, line, path_);
}

void LogWriter::rewrite(std::string_view text) {
    write_file_atomic(path_, text);
    open_existing(path_);
}

}  // namespace pyr
