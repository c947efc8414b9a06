// Reading play's lines. On a terminal (standard input and output both), with
// libedit: cursor keys, a history kept across runs, Tab completion of the words
// the caller offers. Anywhere else (a pipe, a file, a script) byte by byte, so
// transcripts read exactly as they always did.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pyr::cmd {

class LineEditor {
public:
    // The words Tab may complete to, asked for at each Tab: `first` when the
    // word being completed is the line's first.
    using Words = std::function<std::vector<std::string>(bool first)>;

    // `history_path` empty: no history file (the lines are still recalled
    // within this run). The editor is used only when `terminal` is true.
    LineEditor(bool terminal, std::string history_path, Words words);
    ~LineEditor();
    LineEditor(const LineEditor&) = delete;
    LineEditor& operator=(const LineEditor&) = delete;

    // Shows `prompt`, reads one line (no newline, no CR). False at the end of
    // the input (Ctrl-D, a hang-up). A line over `max_bytes` is cut there, with
    // `too_long` set. `remember`: the line goes into the history.
    bool read(const std::string& prompt, std::string& line, bool& too_long, std::size_t max_bytes, bool remember);

    // The last read() ended with Ctrl-C (on a terminal only): `line` is what
    // was typed, given up; nothing went into the history.
    bool cancelled() const { return cancelled_; }

    bool editing() const { return impl_ != nullptr; }
    // Why the history is not kept ("cannot write PATH: reason"), once, or "".
    std::string take_history_problem();

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
    bool cancelled_ = false;
};

// Puts the terminal back as it was before the editor changed it; safe to call
// from a signal handler (only tcsetattr), and harmless when nothing changed.
void restore_terminal() noexcept;

// The words of `words` that `prefix` starts (ASCII case ignored).
std::vector<std::string> completions_of(const std::string& prefix, const std::vector<std::string>& words);

}  // namespace pyr::cmd
