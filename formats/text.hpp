// Reading text input line by line: a UTF-8 BOM and CRLF endings are accepted,
// NUL bytes and overlong lines are errors, memory stays bounded per line.
#pragma once
#include <cstdint>
#include <csignal>
#include <cstdio>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "error.hpp"

namespace pyr {

inline constexpr std::size_t MaxLineBytes = 64 * 1024;

class LineReader {
public:
    // `name` is used in messages ("-" reads stdin and is called "<stdin>").
    LineReader(std::istream& in, std::string name);
    // The next line without its ending; false at end of input.
    bool next(std::string& line);
    void push_back();  // the last line read is returned again by next()
    int line_number() const { return number_; }
    // Bytes taken from the stream so far, line endings included (how far a
    // long file is read, for a progress estimate).
    std::uint64_t bytes_read() const { return bytes_; }
    const std::string& name() const { return name_; }
    [[noreturn]] void fail(int col, const std::string& message, Severity sev = Severity::Unreadable) const;

    // A move log is appended to while a game is played, so a kill (or a full
    // disk) can cut its last line short. With this set, a last line without a
    // final newline is not returned by next(); torn_line() and torn_text() say
    // what was held back (0 and "" when nothing was).
    void set_hold_back_torn_line(bool hold) { hold_torn_ = hold; }
    int torn_line() const { return torn_line_; }
    const std::string& torn_text() const { return torn_text_; }

private:
    void next_number();

    std::istream& in_;
    std::string name_;
    std::string current_;
    int number_ = 0;
    std::uint64_t bytes_ = 0;
    bool pushed_ = false;
    bool hold_torn_ = false;
    int torn_line_ = 0;
    std::string torn_text_;
};

// An open input: a file, or stdin for "-" (once per process: a second "-" is
// an error, since stdin cannot be read twice).
class Input {
public:
    explicit Input(const std::string& path);  // throws InputError if it cannot be opened
    LineReader& lines() { return *reader_; }
    const std::string& name() const { return name_; }

private:
    std::string name_;
    std::unique_ptr<std::istream> owned_;
    std::unique_ptr<LineReader> reader_;
};

// `s` with A-Z made a-z: keywords are read case-insensitively, like cards.
std::string ascii_lower(std::string_view s);

// The line without its `#` comment and trailing blanks.
std::string strip_comment(const std::string& line);

// The first line of a versioned file ("pyramide-log 1"), after blank lines and
// comments: `word` then `version`, the word in any case. Throws InputError:
// "expected 'word N'"; "unsupported `what` version (...)"; at the end of the
// input, "empty file: expected a `expected`". A line starting with
// `other_word` (another of our formats) gets `other_message` instead.
void read_format_header(LineReader& lines, std::string_view word, int version, std::string_view what,
                        std::string_view expected, std::string_view other_word = "",
                        std::string_view other_message = "");

struct Token {
    std::string_view text;
    int col;  // 1-based, in characters
};
// Splits a line at spaces and tabs; columns count UTF-8 characters.
std::vector<Token> tokenize(std::string_view line);
// Tokens point into the line: a temporary string would leave them dangling.
std::vector<Token> tokenize(std::string&&) = delete;

// Whole-file read, for small inputs such as variant files, read once. Only a
// regular file: a FIFO or a device is refused (never waited on), and a file
// larger than `max_bytes` (a log given as a variant) is an error naming `what`
// it should have been, not a memory exhaustion.
inline constexpr std::size_t MaxSmallFileBytes = 1024 * 1024;
std::string read_file(const std::string& path, std::size_t max_bytes = MaxSmallFileBytes,
                      std::string_view what = "this kind of file");

// Output written whole or not at all: to a temporary file in the folder of
// the file `path` names (symbolic links followed, so a link stays a link),
// renamed over it by commit(); dropped if commit() is never reached. Only a
// regular file is replaced: a device, a FIFO or an open file named by /proc
// (/dev/stdout) is written through, as the shell's `>` would. "-" is stdout,
// written as it comes. Write errors throw InputError naming the path.
// A file a game holds (its log, locked by LogWriter) is never replaced: the
// lock is taken here and kept until the rename, so "open in another
// pyramide" is an error, and a file that appears meanwhile is not replaced
// without the same check.
class Output {
public:
    explicit Output(std::string path);
    ~Output();
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;
    void write(std::string_view data);
    void commit();

private:
    void open_through(bool append);
    void lock_replaced();
    bool put_in_place();

    std::string path_, target_, tmp_;
    std::FILE* file_ = nullptr;
    int lock_fd_ = -1;  // the file being replaced, locked until the rename
    bool committed_ = false;
    int pending_slot_ = -1;  // where tmp_ is registered for remove_temporary_files()
};

// What writing `path` reaches: symbolic links followed to the file they name,
// which need not exist yet, but not into /proc (what is there names an open
// file). Throws InputError naming `path` for a link loop.
std::string follow_symlinks(const std::string& path);

// A new empty file with a short unique name (".pyramide-PID-XXXXXX", locked) in folder
// `dir` ("" is the current folder), open for reading and appending, mode 0666
// less the umask: the name fits wherever a file name does. Returns the file
// descriptor and sets `tmp` to the file's path, or -1 with errno set.
int create_temporary_file(const std::string& dir, std::string& tmp);

// The folder a temporary file for `path` goes in ("" for the current folder).
std::string folder_of(const std::string& path);
// Makes a rename in `dir` durable ("" is the current folder); best effort.
void sync_folder(const std::string& dir);

// Holds back the signals that end a program (a dropped SSH link, kill,
// Ctrl-C) for its lifetime: they are delivered as soon as it ends. Around a
// write that must not be cut (a log's line), and around creating a
// temporary file and registering it for clean-up, so that no signal falls
// between the two and leaves the file behind.
class SignalsHeld {
public:
    SignalsHeld();
    ~SignalsHeld();
    SignalsHeld(const SignalsHeld&) = delete;
    SignalsHeld& operator=(const SignalsHeld&) = delete;

private:
    sigset_t old_;
};

// Removes the temporary files of every Output not yet committed or dropped.
// Async-signal-safe: for a handler of SIGINT/SIGTERM/SIGHUP, so that a program
// stopped while writing leaves neither a half-written file nor a stray
// temporary one (SIGKILL cannot be caught: then the temporary file stays, the
// target is still untouched).
void remove_temporary_files() noexcept;

// Writes `data` to `path` through an Output: whole or not at all for a
// regular file. Throws InputError on failure.
void write_file_atomic(const std::string& path, std::string_view data);

}  // namespace pyr
