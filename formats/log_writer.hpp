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
    // existing file (nothing the user wrote is lost): the InputError then says
    // "already exists" followed by `exists_hint`. Throws InputError.
    void create(const std::string& path, std::string_view text, std::string_view exists_hint = "");
    // Continues an existing log (--resume); the caller makes sure it ends
    // with a newline.
    void open_existing(const std::string& path);
    // Appends one or more whole lines (`lines` ends with '\n') in one write.
    void append(std::string_view lines);
    // Replaces the whole log atomically (after an undo).
    void rewrite(std::string_view text);

    bool active() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

private:
    std::string path_;
    int fd_ = -1;
};

}  // namespace pyr
