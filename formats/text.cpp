// Line reading with BOM/CRLF handling, tokenizing, and atomic file writes.
#include "text.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

namespace pyr {

LineReader::LineReader(std::istream& in, std::string name) : in_(in), name_(std::move(name)) {}

void LineReader::fail(int col, const std::string& message, Severity sev) const {
    throw InputError(name_, number_, col, message, sev);
}

void LineReader::push_back() { pushed_ = true; }

bool LineReader::next(std::string& line) {
    if (pushed_) {
        pushed_ = false;
        line = current_;
        return true;
    }
    current_.clear();
    bool any = false;
    for (;;) {
        const int ch = in_.get();
        if (ch == std::char_traits<char>::eof()) break;
        any = true;
        if (ch == '\n') break;
        if (current_.size() >= MaxLineBytes) {
            ++number_;
            fail(0, fmt::format("line longer than {} bytes", MaxLineBytes));
        }
        current_ += static_cast<char>(ch);
    }
    if (!any) {
        if (in_.bad()) fail(0, fmt::format("read error: {}", std::strerror(errno)));
        return false;
    }
    ++number_;
    if (number_ == 1 && current_.starts_with("\xEF\xBB\xBF")) current_.erase(0, 3);
    if (!current_.empty() && current_.back() == '\r') {
        current_.pop_back();
        crlf_ = true;
    }
    if (const std::size_t nul = current_.find('\0'); nul != std::string::npos) {
        // Point at the NUL, counting columns as tokenize() does (UTF-8 characters).
        int col = 1;
        for (std::size_t i = 0; i < nul; ++i)
            if ((static_cast<unsigned char>(current_[i]) & 0xC0) != 0x80) ++col;
        fail(col, "binary data (a NUL byte): not a text file");
    }
    line = current_;
    return true;
}

Input::Input(const std::string& path) {
    if (path == "-") {
        name_ = "<stdin>";
        reader_ = std::make_unique<LineReader>(std::cin, name_);
        return;
    }
    name_ = path;
    auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*file) throw InputError(path, 0, 0, fmt::format("cannot open: {}", std::strerror(errno)));
    // A directory opens on Linux but cannot be read.
    file->peek();
    if (file->bad()) throw InputError(path, 0, 0, "cannot read: is it a directory?");
    file->clear();
    owned_ = std::move(file);
    reader_ = std::make_unique<LineReader>(*owned_, name_);
}

std::vector<Token> tokenize(std::string_view line) {
    std::vector<Token> out;
    int col = 1;
    std::size_t i = 0;
    while (i < line.size()) {
        if (line[i] == ' ' || line[i] == '\t') {
            ++i;
            ++col;
            continue;
        }
        const std::size_t start = i;
        const int start_col = col;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') {
            // Continuation bytes of a UTF-8 character do not start a column.
            if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++col;
            ++i;
        }
        out.push_back({line.substr(start, i - start), start_col});
    }
    return out;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, 0, 0, fmt::format("cannot open: {}", std::strerror(errno)));
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) throw InputError(path, 0, 0, "cannot read");
    return ss.str();
}

Output::Output(std::string path) : path_(std::move(path)) {
    if (path_ == "-") {
        file_ = stdout;
        return;
    }
    tmp_ = path_ + ".tmp" + std::to_string(::getpid());
    const int fd = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(path_, 0, 0, fmt::format("cannot write: {}", std::strerror(errno)));
    file_ = ::fdopen(fd, "w");
    if (!file_) {
        ::close(fd);
        ::unlink(tmp_.c_str());
        throw InputError(path_, 0, 0, fmt::format("cannot write: {}", std::strerror(errno)));
    }
}

Output::~Output() {
    if (file_ && file_ != stdout) {
        std::fclose(file_);
        if (!committed_) ::unlink(tmp_.c_str());
    }
}

void Output::write(std::string_view data) {
    if (std::fwrite(data.data(), 1, data.size(), file_) != data.size())
        throw InputError(path_ == "-" ? "<stdout>" : path_, 0, 0, fmt::format("cannot write: {}", std::strerror(errno)));
}

void Output::commit() {
    const std::string name = path_ == "-" ? "<stdout>" : path_;
    if (std::fflush(file_) != 0) throw InputError(name, 0, 0, fmt::format("cannot write: {}", std::strerror(errno)));
    if (file_ == stdout) return;
    const bool synced = ::fsync(::fileno(file_)) == 0;
    int err = errno;
    const bool closed = std::fclose(file_) == 0;
    if (!closed) err = errno;
    file_ = nullptr;
    if (!synced || !closed || ::rename(tmp_.c_str(), path_.c_str()) != 0) {
        if (synced && closed) err = errno;
        ::unlink(tmp_.c_str());
        throw InputError(name, 0, 0, fmt::format("cannot write: {}", std::strerror(err)));
    }
    committed_ = true;
}

void write_file_atomic(const std::string& path, std::string_view data) {
    Output out(path);
    out.write(data);
    out.commit();
}

}  // namespace pyr
