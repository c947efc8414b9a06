// libedit (BSD licence, Debian's libedit-dev) through its own API, histedit.h:
// no GNU readline, no readline compatibility layer.
#include "line_editor.hpp"

#include <algorithm>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/file.h>
#include <histedit.h>
#include <termios.h>
#include <unistd.h>

#include <fmt/format.h>

#include "formats/error.hpp"
#include "formats/history_file.hpp"
#include "formats/text.hpp"

namespace pyr::cmd {

namespace {
constexpr int HistorySize = 1000;

// The terminal as it was, for restore_terminal(); set once, before any change.
struct termios saved_termios {};
volatile std::sig_atomic_t termios_saved = 0;

std::size_t code_points(const std::string& s) {
    std::size_t n = 0;
    for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

// The longest start all of `words` share, ASCII case ignored, spelled as the first.
std::string common_start(const std::vector<std::string>& words) {
    std::string common = words.front();
    for (const std::string& w : words) {
        std::size_t i = 0;
        while (i < common.size() && i < w.size() && ascii_lower(common.substr(i, 1)) == ascii_lower(w.substr(i, 1))) ++i;
        common.resize(i);
    }
    return common;
}

// Between lines, while play is busy (a hint, a move being saved), the terminal
// stays out of canonical mode and echoes nothing: libedit puts it into its
// "execute" mode after each line, which is made so here (EL_SETTY -x). Keys
// typed ahead then wait as they are, for the editor to read and show at the
// next prompt. In canonical mode the line discipline would echo them over the
// output and keep a Ctrl-D as a NUL when the editor's mode comes back: lost.
// libedit sets the mode at once (it is in its execute mode from el_init), and
// el_end puts the terminal back as it found it.
void keep_keys_between_lines(EditLine* el) { el_set(el, EL_SETTY, "-x", "-icanon", "-echo", nullptr); }

// At the prompt Ctrl-C is a key (the terminal's interrupt character is off in
// the editor's mode, and stays on between lines: a Ctrl-C while play is busy
// still interrupts it), bound to Impl::cancel.
void cancel_with_ctrl_c(EditLine* el) { el_set(el, EL_SETTY, "-d", "-intr", "intr=", nullptr); }
}  // namespace

struct LineEditor::Impl {
    EditLine* el = nullptr;
    History* history = nullptr;
    std::string prompt;
    Words words;
    std::string path;      // the history file; "" when none is kept
    std::string problem;   // why it is not, said once
    bool problem_said = false;
    bool cancelled = false;  // the last line ended with Ctrl-C

    ~Impl() {
        if (el) el_end(el);
        if (history) history_end(history);
    }

    static Impl& of(EditLine* el) {
        void* data = nullptr;
        el_get(el, EL_CLIENTDATA, &data);
        return *static_cast<Impl*>(data);
    }

    static char* prompt_of(EditLine* el) { return of(el).prompt.data(); }

    // Tab: one candidate is put in whole, with a space; several that share a
    // longer start get that start; otherwise they are listed under the line.
    static unsigned char complete(EditLine* el, int) {
        Impl& self = of(el);
        const LineInfo* li = el_line(el);
        const std::string before(li->buffer, static_cast<std::size_t>(li->cursor - li->buffer));
        const std::size_t blank = before.find_last_of(" \t");
        const std::size_t start = blank == std::string::npos ? 0 : blank + 1;
        const std::string prefix = before.substr(start);
        const bool first = before.find_first_not_of(" \t") >= start;
        const std::vector<std::string> found = completions_of(prefix, self.words ? self.words(first) : std::vector<std::string>{});
        if (found.empty()) return CC_ERROR;
        const std::string common = found.size() == 1 ? found[0] + " " : common_start(found);
        if (found.size() == 1 || code_points(common) > code_points(prefix)) {
            el_deletestr(el, static_cast<int>(code_points(prefix)));
            el_insertstr(el, common.c_str());
            return CC_REFRESH;
        }
        std::string list;
        for (const std::string& w : found) list += (list.empty() ? "" : "  ") + w;
        std::fprintf(stdout, "\n%s\n", list.c_str());
        return CC_REDISPLAY;
    }

    // Ctrl-C: the line being typed is given up, as in a shell: the rest of it
    // is written out so that ^C shows at its end, and el_gets() returns it.
    static unsigned char cancel(EditLine* el, int) {
        const LineInfo* li = el_line(el);
        std::fwrite(li->cursor, 1, static_cast<std::size_t>(li->lastchar - li->cursor), stdout);
        std::fputs("^C\n", stdout);
        of(el).cancelled = true;
        return CC_NEWLINE;
    }

    // The file's entries go in one by one: libedit never reads the file.
    void load_history() {
        if (path.empty()) return;
        try {
            HistEvent ev;
            for (const std::string& entry : read_history_file(path)) ::history(history, &ev, H_ENTER, entry.c_str());
        } catch (const InputError& e) {
            give_up(e.format());
        }
    }

    // The file gets this run's line on top of what is in it now (another
    // `play` may have added lines), written whole (a temporary file renamed
    // over the file a symbolic link names, not over the link), while a lock
    // on its folder keeps two games from writing it at once.
    void save_line(const std::string& line) {
        if (path.empty()) return;
        const std::string target = follow_symlinks(path);
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(target).parent_path(), ec);
        const std::string folder = folder_of(target);
        const int folder_fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (folder_fd >= 0) ::flock(folder_fd, LOCK_EX);  // released by the close below
        try {
            const std::vector<std::string> entries = with_entry(read_history_file(path), line, HistorySize);
            Output out(target);
            out.write(format_history(entries));
            out.commit();
        } catch (const InputError& e) {
            give_up(e.format());
        }
        if (folder_fd >= 0) ::close(folder_fd);
    }

    void give_up(const std::string& why) {
        problem = "history not kept: " + why;
        path.clear();
    }
};

LineEditor::LineEditor(bool terminal, std::string history_path, Words words) {
    if (!terminal) return;
    if (!termios_saved && ::tcgetattr(STDIN_FILENO, &saved_termios) == 0) termios_saved = 1;
    // libedit reads characters by the locale's encoding: Q♥ is one character.
    std::setlocale(LC_CTYPE, "");
    auto impl = std::make_unique<Impl>();
    impl->words = std::move(words);
    impl->path = std::move(history_path);
    impl->history = history_init();
    impl->el = el_init("pyramide", stdin, stdout, stderr);
    if (!impl->history || !impl->el) return;  // plain reading, as on a pipe
    HistEvent ev;
    ::history(impl->history, &ev, H_SETSIZE, HistorySize);
    ::history(impl->history, &ev, H_SETUNIQUE, 1);
    impl->load_history();
    el_set(impl->el, EL_CLIENTDATA, impl.get());
    el_set(impl->el, EL_EDITOR, "emacs");
    el_set(impl->el, EL_PROMPT, &Impl::prompt_of);
    el_set(impl->el, EL_HIST, history, impl->history);
    // el_wset, not el_set: libedit's narrow EL_ADDFN copies the name and help
    // into memory it never frees; the wide one keeps these static strings.
    el_wset(impl->el, EL_ADDFN, L"pyramide-complete", L"complete a command or a card in play", &Impl::complete);
    el_set(impl->el, EL_BIND, "^I", "pyramide-complete", nullptr);
    el_wset(impl->el, EL_ADDFN, L"pyramide-cancel", L"give up the line being typed", &Impl::cancel);
    el_set(impl->el, EL_BIND, "^C", "pyramide-cancel", nullptr);
    keep_keys_between_lines(impl->el);
    cancel_with_ctrl_c(impl->el);
    el_source(impl->el, nullptr);  // the player's ~/.editrc, if any
    impl_ = std::move(impl);
}

LineEditor::~LineEditor() = default;

bool LineEditor::read(const std::string& prompt, std::string& line, bool& too_long, std::size_t max_bytes,
                      bool remember) {
    line.clear();
    too_long = false;
    cancelled_ = false;
    if (!impl_) {
        fmt::print("{}", prompt);
        std::fflush(stdout);
        bool any = false;
        for (;;) {
            const int ch = std::getchar();
            if (ch == EOF) break;
            any = true;
            if (ch == '\n') break;
            if (line.size() < max_bytes) line += static_cast<char>(ch);
            else too_long = true;
        }
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return any;
    }
    impl_->prompt = prompt;
    std::fflush(stdout);  // libedit writes the prompt itself
    // The terminal goes into libedit's mode before the prompt shows, not
    // after (el_gets writes the prompt, then sets the mode when it first
    // reads): a Ctrl-D typed as soon as the prompt is seen would otherwise
    // meet the line discipline's cooked mode, which turns it into a NUL when
    // the mode changes, and the game would wait on.
    el_set(impl_->el, EL_PREP_TERM, 1);
    int count = 0;
    const char* got = el_gets(impl_->el, &count);
    if (impl_->cancelled) {  // an empty line too, for which el_gets returns null
        impl_->cancelled = false;
        cancelled_ = true;
        if (got && count > 0) line.assign(got, std::min(static_cast<std::size_t>(count), max_bytes));
        return true;
    }
    if (!got || count <= 0) return false;
    line.assign(got, static_cast<std::size_t>(count));
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    // What is kept is what was meant: a completion's space is not part of it.
    std::string kept = line;
    while (!kept.empty() && (kept.back() == ' ' || kept.back() == '\t')) kept.pop_back();
    if (line.size() > max_bytes) {
        line.resize(max_bytes);
        too_long = true;
    }
    if (remember && kept.find_first_not_of(" \t") != std::string::npos && !too_long) {
        HistEvent ev;
        ::history(impl_->history, &ev, H_ENTER, kept.c_str());
        impl_->save_line(kept);
    }
    return true;
}

std::string LineEditor::take_history_problem() {
    if (!impl_ || impl_->problem.empty() || impl_->problem_said) return "";
    impl_->problem_said = true;
    return impl_->problem;
}

void restore_terminal() noexcept {
    if (termios_saved) ::tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
}

std::vector<std::string> completions_of(const std::string& prefix, const std::vector<std::string>& words) {
    std::vector<std::string> out;
    const std::string lower = ascii_lower(prefix);
    for (const std::string& w : words)
        if (ascii_lower(w).starts_with(lower) && std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
    return out;
}

}  // namespace pyr::cmd
