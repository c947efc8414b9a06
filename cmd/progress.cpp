// The progress line (see progress.hpp).
#include "progress.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "common.hpp"

namespace pyr::cmd {

namespace {

// A progress line is on the screen (the last write drew one), and a signal
// handler has asked for no more: lock-free, for erase_progress_for_signal().
std::atomic<bool> g_shown{false}, g_stopped{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// Five redraws a second: "at least four" with room for a late wake-up.
constexpr std::chrono::milliseconds Period{200};

// Rounded up: "0:00:00" only when nothing is left.
std::string clock_text(double seconds) {
    const auto s = static_cast<long long>(std::ceil(seconds));
    return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

// Straight to the file descriptor: from a thread of its own, a failed write
// (a terminal gone) must neither throw nor mix with stdio's buffer.
void write_stderr(const std::string& text) {
    std::size_t off = 0;
    while (off < text.size()) {
        const ssize_t n = ::write(STDERR_FILENO, text.data() + off, text.size() - off);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        off += static_cast<std::size_t>(n);
    }
}

}  // namespace

Progress::Progress(std::string unit, std::uint64_t total, bool wanted) : unit_(std::move(unit)), total_(total) {
    const char* term = std::getenv("TERM");
    if (!wanted || ::isatty(STDERR_FILENO) == 0 || (term && std::strcmp(term, "dumb") == 0)) return;
    try {
        thread_ = std::thread([this] { redraw_until_stopped(); });
    } catch (const std::system_error&) {
        // No thread to spare (ulimit -u): the work goes on without a progress line.
    }
}

Progress::~Progress() {
    try {
        finish();
    } catch (...) {
        // join() failing leaves nothing to erase: the thread never drew.
    }
}

void Progress::set_total(std::uint64_t total, bool estimate) {
    estimate_.store(estimate, std::memory_order_relaxed);
    total_.store(total, std::memory_order_relaxed);
}

void Progress::finish() {
    if (!thread_.joinable()) return;
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
    // Erased, not ended with a newline: what follows is printed where it was.
    if (drawn_ && !g_stopped.load()) write_stderr("\r\x1b[K");
    g_shown.store(false);
}

void erase_progress_for_signal() noexcept {
    g_stopped.store(true);
    if (!g_shown.load()) return;
    static const char erase[] = "\r\x1b[K";
    [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, erase, sizeof erase - 1);
}

void Progress::redraw_until_stopped() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, Period, [this] { return stop_; })) {
        const std::string line = "\r" + text(terminal_columns(stderr)) + "\x1b[K";
        if (g_stopped.load()) return;  // a signal is ending the program: its handler erases
        g_shown.store(true);
        write_stderr(line);
        drawn_ = true;
    }
}

// "1234 / 5000 deals, 412/s, ETA 0:00:09", shortened to fit `columns` less
// one (a character in the last column makes some terminals wrap).
std::string Progress::text(std::size_t columns) const {
    const std::uint64_t done = done_.load(std::memory_order_relaxed);
    const std::uint64_t total = total_.load(std::memory_order_relaxed);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
    const std::string speed = rate < 10 ? fmt::format("{:.1f}/s", rate) : fmt::format("{:.0f}/s", rate);
    std::vector<std::string> forms;
    if (total == 0) {
        forms = {fmt::format("{} {}, {}", done, unit_, speed), fmt::format("{}, {}", done, speed),
                 fmt::format("{}", done)};
    } else {
        const std::string count = fmt::format("{} / {}{}", done, estimate_.load() ? "~" : "", total);
        const std::string eta =
            rate > 0 && total >= done ? "ETA " + clock_text(static_cast<double>(total - done) / rate) : "ETA ?";
        forms = {fmt::format("{} {}, {}, {}", count, unit_, speed, eta), fmt::format("{}, {}, {}", count, speed, eta),
                 fmt::format("{}, {}", count, eta), count};
    }
    // The second count, after the unit, in the longer forms first: "0 / 3 deals (41 seeds tried), 0.0/s, ETA ?".
    if (!also_unit_.empty()) {
        const std::string also = fmt::format(" ({} {})", also_.load(std::memory_order_relaxed), also_unit_);
        const std::string head = total == 0 ? fmt::format("{} {}{}", done, unit_, also)
                                            : fmt::format("{} / {}{} {}{}", done, estimate_.load() ? "~" : "", total,
                                                          unit_, also);
        const std::size_t comma = forms.front().find(", ");
        forms.insert(forms.begin(), {head + forms.front().substr(comma), head});
    }
    for (const std::string& form : forms)
        if (form.size() < columns) return form;
    return forms.back().substr(0, columns > 0 ? columns - 1 : 0);
}

}  // namespace pyr::cmd
