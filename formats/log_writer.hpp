// Keeps a move log on disk while a game is played: created whole, then one
// line appended (one write, flushed to the kernel) per move, so a kill at any
// moment leaves a valid log ending at the last completed move.
#pragma once
#include <string>
#include <string_view>

namespace pyr {

class LogWriter {
public:
    LogWriter() = default;
    ~LogWriter();
    LogWriter(const LogWriter&) = delete;
    LogWriter& operator=(const LogWriter&) = delete;

    // Creates `path` holding `text`, whole or not at all; refuses to replace an
    // existing file (nothing the user wrote is lost). Throws InputError.
    void create(const std::string& path, std::string_view text);
    // Continues an existing log (--resume).
    void open_existing(const std::string& path);
    // Appends one line; `line` ends with '\n'.
    void append(std::string_view line);
    // Replaces the whole log atomically (after an undo).
    void rewrite(std::string_view text);

    bool active() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

private:
    std::string path_;
    int fd_ = -1;
};

}  // namespace pyr
