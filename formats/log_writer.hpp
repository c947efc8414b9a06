// Keeps a move log on disk while a game is played: created whole, then one
// line appended (one write, flushed to the kernel) per move, so a kill at any
// moment leaves a valid log ending at the last completed move. The writer
// holds an exclusive lock (flock) on its log for as long as it has it open:
// two games never write one log.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

class LogWriter {
public:
    LogWriter() = default;
    ~LogWriter();
    LogWriter(const LogWriter&) = delete;
    LogWriter& operator=(const LogWriter&) = delete;

    // Creates `path` holding `text`, whole or not at all, and locks it. Never
    // replaces an existing file (nothing the user wrote is lost): the
    // InputError then says "already exists" followed by `exists_hint`. Never
    // creates folders: a missing one is "FOLDER: no such folder".
    void create(const std::string& path, std::string_view text, std::string_view exists_hint = "");
    // Opens an existing log to continue it (--resume) and locks it. Refused,
    // naming the holder's pid when it can be found, while another process
    // has it open: "this game is open in another pyramide (pid N)" (`what`:
    // "this game is ", "this series is ").
    void open_existing(const std::string& path, std::string_view what = "this game is ");
    // Appends whole lines (`lines` ends with '\n') in one write, each ending
    // as the file's lines do (CRLF if its first line does). Returns the line
    // number of the first line appended. Throws InputError when they cannot
    // be written (a full disk), the file cut back to what it was.
    int append(std::string_view lines);
    // Replaces the log atomically by a copy without the lines numbered in
    // `lines` (1-based, as LineReader counts them) and without a torn last
    // line (one without its newline). On failure the log is as it was.
    void drop_lines(const std::vector<int>& lines);

    // Removes the file this writer created and still holds (a game's log that
    // no move was written to, given up by an undo into the game before), and
    // closes it. Best effort: a file that cannot be removed stays, valid.
    void remove();

    bool active() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }
    // Whether the file ends in a line without its newline (a write cut off).
    bool torn() const { return whole_bytes_ < size_; }

private:
    void close();
    void scan();

    std::string path_;    // as the user named it, for messages
    std::string target_;  // the file it names, symbolic links followed
    int fd_ = -1;
    int lines_ = 0;                 // whole lines in the file
    std::uint64_t whole_bytes_ = 0;  // the bytes up to the end of the last whole line
    std::uint64_t size_ = 0;
    bool crlf_ = false;
};

}  // namespace pyr
