// Line reading with BOM/CRLF handling, tokenizing, and atomic file writes.
#include "text.hpp"

#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

#include <fcntl.h>
#include <sys/file.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <fmt/format.h>

#include "file_lock.hpp"
#include "lib/rules/shuffle.hpp"

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
    bool any = false, terminated = false;
    for (;;) {
        const int ch = in_.get();
        if (ch == std::char_traits<char>::eof()) break;
        any = true;
        ++bytes_;
        if (ch == '\n') {
            terminated = true;
            break;
        }
        if (current_.size() >= MaxLineBytes) {
            next_number();
            fail(0, fmt::format("line longer than {} bytes", MaxLineBytes));
        }
        current_ += static_cast<char>(ch);
    }
    if (!any) {
        if (in_.bad()) fail(0, fmt::format("read error: {}", std::strerror(errno)));
        return false;
    }
    next_number();
    if (!terminated && hold_torn_) {
        // Checked before the NUL test: a file system that loses a write on a
        // crash may leave zero bytes in the torn tail.
        torn_line_ = number_;
        torn_text_ = current_;
        current_.clear();
        return false;
    }
    if (number_ == 1 && current_.starts_with("\xEF\xBB\xBF")) current_.erase(0, 3);
    if (!current_.empty() && current_.back() == '\r') current_.pop_back();
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

void LineReader::next_number() {
    // Saturates: a stream of billions of empty lines must not overflow the count.
    if (number_ < std::numeric_limits<int>::max()) ++number_;
}

Input::Input(const std::string& path) {
    if (path == "-") {
        // Two readers of stdin (a deal file "-" and "-v -") would each see part
        // of it, or the second nothing: refuse the second, whatever it is.
        static bool stdin_taken = false;
        if (stdin_taken)
            throw InputError("<stdin>", 0, 0, "standard input is already read for another input: give - only once");
        stdin_taken = true;
        name_ = "<stdin>";
        reader_ = std::make_unique<LineReader>(std::cin, name_);
        return;
    }
    name_ = path;
    auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*file) throw InputError(path, 0, 0, fmt::format("cannot open: {}", std::strerror(errno)));
    // A directory opens on Linux but cannot be read.
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, 0, 0, "cannot read: it is a directory");
    file->peek();
    if (file->bad()) throw InputError(path, 0, 0, fmt::format("cannot read: {}", std::strerror(errno)));
    file->clear();
    owned_ = std::move(file);
    reader_ = std::make_unique<LineReader>(*owned_, name_);
}

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

void read_format_header(LineReader& lines, std::string_view word, int version, std::string_view what,
                        std::string_view expected, std::string_view other_word, std::string_view other_message) {
    std::string raw;
    while (lines.next(raw)) {
        const std::string line = strip_comment(raw);
        const std::vector<Token> toks = tokenize(line);
        if (toks.empty()) continue;
        const std::string first = ascii_lower(toks[0].text);
        if (!other_word.empty() && first == other_word) lines.fail(toks[0].col, std::string(other_message));
        if (first != word) lines.fail(toks[0].col, fmt::format("expected '{} {}'", word, version));
        if (toks.size() != 2 || toks[1].text != std::to_string(version))
            lines.fail(toks.size() > 1 ? toks[1].col : 0,
                       fmt::format("unsupported {} version (this program reads '{} {}')", what, word, version));
        return;
    }
    throw InputError(lines.name(), 0, 0, fmt::format("empty file: expected a {}", expected));
}

std::string strip_comment(const std::string& line) {
    const std::size_t hash = line.find('#');
    std::string s = hash == std::string::npos ? line : line.substr(0, hash);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
    return s;
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

namespace {
// What a file that is not a regular file is, for messages.
const char* file_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

// Closes the descriptor however the read ends.
struct FileDescriptor {
    int fd;
    ~FileDescriptor() {
        if (fd >= 0) ::close(fd);
    }
};
}  // namespace

std::string read_file(const std::string& path, std::size_t max_bytes, std::string_view what) {
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting
    // for one; it is refused below like any file that is not a regular file.
    const FileDescriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (file.fd < 0) throw InputError(path, 0, 0, fmt::format("cannot open: {}", std::strerror(errno)));
    struct stat st {};
    if (::fstat(file.fd, &st) != 0) throw InputError(path, 0, 0, fmt::format("cannot read: {}", std::strerror(errno)));
    if (S_ISDIR(st.st_mode)) throw InputError(path, 0, 0, "cannot read: it is a directory");
    if (!S_ISREG(st.st_mode))
        throw InputError(path, 0, 0, fmt::format("cannot read: it is {}, and {} must be a regular file",
                                                 file_kind(st.st_mode), what));
    std::string text;
    char buffer[16384];
    for (;;) {
        const ssize_t got = ::read(file.fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw InputError(path, 0, 0, fmt::format("cannot read: {}", std::strerror(errno)));
        if (got == 0) return text;
        if (text.size() + static_cast<std::size_t>(got) > max_bytes)
            throw InputError(path, 0, 0, fmt::format("larger than {} bytes: too large for {}", max_bytes, what));
        text.append(buffer, static_cast<std::size_t>(got));
    }
}

namespace {
// Temporary files of live Outputs, for remove_temporary_files() in a signal
// handler: slots of plain pointers, set and cleared atomically, so a handler
// never sees a path being freed.
constexpr int MaxPending = 16;
std::atomic<char*> pending_temporaries[MaxPending];

int register_temporary(const std::string& tmp) {
    for (int i = 0; i < MaxPending; ++i) {
        char* expected = nullptr;
        char* copy = ::strdup(tmp.c_str());
        if (!copy) return -1;
        if (pending_temporaries[i].compare_exchange_strong(expected, copy)) return i;
        std::free(copy);
    }
    return -1;  // more Outputs at once than slots: that one is not cleaned up by a signal
}

void unregister_temporary(int slot) {
    if (slot < 0) return;
    char* path = pending_temporaries[slot].exchange(nullptr);
    std::free(path);
}
}  // namespace

SignalsHeld::SignalsHeld() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : {SIGHUP, SIGTERM, SIGINT, SIGQUIT}) sigaddset(&set, sig);
    ::sigprocmask(SIG_BLOCK, &set, &old_);
}

SignalsHeld::~SignalsHeld() { ::sigprocmask(SIG_SETMASK, &old_, nullptr); }

void remove_temporary_files() noexcept {
    for (std::atomic<char*>& slot : pending_temporaries)
        if (char* path = slot.load()) ::unlink(path);
}

std::string folder_of(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos) return "";
    return slash == 0 ? "/" : path.substr(0, slash);
}

namespace {
// Whether `path` is in /proc, however it is reached (/dev/stdout links to
// /proc/self/fd/1; /dev/fd is /proc/self/fd). The links there name open
// files, not paths: they may read as "pipe:[1234]", and renaming a file over
// the one they name would not write to what was opened.
bool in_proc(const std::string& path) {
    const std::string folder = folder_of(path);
    struct statfs fs {};
    return ::statfs(folder.empty() ? "." : folder.c_str(), &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC;
}
}  // namespace

std::string follow_symlinks(const std::string& path) {
    std::string at = path;
    // As many links as the kernel follows before it says ELOOP.
    for (int hops = 0; hops < 40; ++hops) {
        if (in_proc(at)) return at;
        struct stat st {};
        if (::lstat(at.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return at;
        std::string target(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 4096) + 1, '\0');
        const ssize_t n = ::readlink(at.c_str(), target.data(), target.size());
        if (n < 0) return at;  // gone meanwhile: open() will say what is wrong
        target.resize(static_cast<std::size_t>(n));
        // A relative link is relative to the folder the link is in.
        const std::string folder = folder_of(at);
        at = target.starts_with('/') || folder.empty() ? target : folder + "/" + target;
    }
    throw InputError(path, 0, 0, fmt::format("cannot write: {}", std::strerror(ELOOP)));
}

int create_temporary_file(const std::string& dir, std::string& tmp) {
    static std::atomic<std::uint64_t> counter{0};
    SplitMix64 random(static_cast<std::uint64_t>(::getpid()) << 32 ^ counter.fetch_add(1) ^
                      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
    constexpr std::string_view Letters = "abcdefghijklmnopqrstuvwxyz0123456789";
    for (int attempt = 0; attempt < 100; ++attempt) {
        // The writer's pid in the name, and a lock held while it lives: what a
        // killed writer leaves can be told from a live one's (leftovers.hpp).
        std::string name = fmt::format(".pyramide-{}-", ::getpid());
        for (int i = 0; i < 6; ++i) name += Letters[random.next() % Letters.size()];
        tmp = dir.empty() ? name : dir == "/" ? "/" + name : dir + "/" + name;
        // O_EXCL: never an existing file; 0666 lets the umask decide, as for any new file.
        const int fd = ::open(tmp.c_str(), O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) ::flock(fd, LOCK_EX | LOCK_NB);  // a new file: nobody else can hold it
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;  // errno is EEXIST
}

Output::Output(std::string path) : path_(std::move(path)) {
    if (path_ == "-") {
        file_ = stdout;
        return;
    }
    target_ = follow_symlinks(path_);
    struct stat old {};
    const bool exists = ::stat(path_.c_str(), &old) == 0;
    if (exists && S_ISDIR(old.st_mode)) throw InputError(path_, 0, 0, "cannot write: it is a directory");
    // What /proc names (/dev/stdout, /dev/fd/N) is an open file, not a path
    // to rename over: written through, like a device.
    if (exists && (!S_ISREG(old.st_mode) || in_proc(target_))) {
        open_through(S_ISREG(old.st_mode));
        return;
    }
    if (exists) lock_replaced();
    const SignalsHeld held;  // until the file is registered for clean-up
    const int fd = create_temporary_file(folder_of(target_), tmp_);
    if (fd < 0) {
        const int err = errno;
        if (lock_fd_ >= 0) ::close(lock_fd_);
        throw InputError(path_, 0, 0, fmt::format("cannot write: {}", std::strerror(err)));
    }
    pending_slot_ = register_temporary(tmp_);
    // A file replaced keeps its permissions: a private (0600) file must not
    // become readable by all because it was rewritten.
    // As root, a file of another user's stays theirs (chown before chmod,
    // which it may clear set-id bits of); elsewhere the chown is a no-op or
    // refused, and the new file is the writer's, as an editor's would be.
    if (exists) {
        if (::fchown(fd, old.st_uid, old.st_gid) != 0) { /* not root: the file is ours */ }
        ::fchmod(fd, old.st_mode & 07777);
    }
    file_ = ::fdopen(fd, "w");
    if (!file_) {
        const int err = errno;
        ::close(fd);
        ::unlink(tmp_.c_str());
        unregister_temporary(pending_slot_);
        pending_slot_ = -1;
        if (lock_fd_ >= 0) ::close(lock_fd_);
        throw InputError(path_, 0, 0, fmt::format("cannot write: {}", std::strerror(err)));
    }
}

// Locks the regular file about to be replaced, as a game locks its log. A
// file this process may not read is not a log it could be playing: replaced
// without the lock, as is a file gone meanwhile.
void Output::lock_replaced() {
    lock_fd_ = open_locked(target_, path_, O_RDONLY, "cannot write: it is ");
}

// Puts the written file in place: over the file locked, or, where there was
// none, only if none has appeared meanwhile (a game's new log); one that has
// is locked first, then replaced. Returns false with errno set on failure.
bool Output::put_in_place() {
    if (lock_fd_ < 0) {
        if (::renameat2(AT_FDCWD, tmp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_NOREPLACE) == 0) return true;
        if (errno == EEXIST)
            lock_replaced();
        else if (errno != EINVAL && errno != ENOSYS)  // those two: no RENAME_NOREPLACE here
            return false;
    }
    return ::rename(tmp_.c_str(), target_.c_str()) == 0;
}

// A device or a FIFO cannot be replaced by a rename (as root, `-o /dev/null`
// would replace the system's): written as it comes, like the shell's `>`. A
// regular file reached through /proc (`-o /dev/stdout >> all.txt`) is
// appended to: the shell has already truncated it if it was asked to.
void Output::open_through(bool append) {
    const int fd = ::open(path_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (append ? O_APPEND : 0));
    if (fd < 0) throw InputError(path_, 0, 0, fmt::format("cannot write: {}", std::strerror(errno)));
    file_ = ::fdopen(fd, "w");
    if (!file_) {
        const int err = errno;
        ::close(fd);
        throw InputError(path_, 0, 0, fmt::format("cannot write: {}", std::strerror(err)));
    }
}

Output::~Output() {
    if (file_ && file_ != stdout) std::fclose(file_);
    if (!committed_ && !tmp_.empty()) ::unlink(tmp_.c_str());
    if (lock_fd_ >= 0) ::close(lock_fd_);
    unregister_temporary(pending_slot_);
}

void Output::write(std::string_view data) {
    if (std::fwrite(data.data(), 1, data.size(), file_) != data.size())
        throw InputError(path_ == "-" ? "<stdout>" : path_, 0, 0, fmt::format("cannot write: {}", std::strerror(errno)));
}

void Output::commit() {
    const std::string name = path_ == "-" ? "<stdout>" : path_;
    if (std::fflush(file_) != 0) throw InputError(name, 0, 0, fmt::format("cannot write: {}", std::strerror(errno)));
    if (file_ == stdout) return;
    if (tmp_.empty()) {  // written through
        const bool closed = std::fclose(file_) == 0;
        file_ = nullptr;
        committed_ = true;
        if (!closed) throw InputError(name, 0, 0, fmt::format("cannot write: {}", std::strerror(errno)));
        return;
    }
    const bool synced = ::fsync(::fileno(file_)) == 0;
    int err = errno;
    const bool closed = std::fclose(file_) == 0;
    if (!closed) err = errno;
    file_ = nullptr;
    if (!synced || !closed || !put_in_place()) {
        if (synced && closed) err = errno;
        ::unlink(tmp_.c_str());
        throw InputError(name, 0, 0, fmt::format("cannot write: {}", std::strerror(err)));
    }
    committed_ = true;
    if (lock_fd_ >= 0) ::close(lock_fd_);
    lock_fd_ = -1;
    sync_folder(folder_of(target_));
}

void sync_folder(const std::string& dir) {
    // A rename is on disk only once its folder is: without this a crash soon
    // after could bring back the old file (or none) although we said done.
    const int dir_fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd >= 0) {
        ::fsync(dir_fd);
        ::close(dir_fd);
    }
}

void write_file_atomic(const std::string& path, std::string_view data) {
    Output out(path);
    out.write(data);
    out.commit();
}

}  // namespace pyr
