// The progress line of long work (stats): done/total, rate and ETA on stderr,
// redrawn by a thread of its own five times a second however slow each item
// is, within the window's width, and erased at the end; only on a terminal.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace pyr::cmd {

class Progress {
public:
    // `unit` names what is counted ("deals", "logs"); `total` 0 is unknown.
    // Shown only when `wanted`, stderr is a terminal and TERM is not dumb
    // (a terminal that cannot erase a line).
    Progress(std::string unit, std::uint64_t total, bool wanted = true);
    ~Progress();  // finish()
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    // From any thread: `n` more items done.
    void advance(std::uint64_t n = 1) { done_.fetch_add(n, std::memory_order_relaxed); }
    // A second count shown beside the first, with no total: "0 / 3 deals (41
    // seeds tried)". Set before the work starts; advanced from any thread.
    void count_also(std::string unit) { also_unit_ = std::move(unit); }
    void advance_also(std::uint64_t n) { also_.fetch_add(n, std::memory_order_relaxed); }
    // The total as it becomes known; an estimate is shown as "~N".
    void set_total(std::uint64_t total, bool estimate);
    // Stops the redraws and erases the line; the screen is as it was before.
    void finish();

private:
    void redraw_until_stopped();
    std::string text(std::size_t columns) const;

    std::string unit_, also_unit_;
    std::atomic<std::uint64_t> done_{0}, total_{0}, also_{0};
    std::atomic<bool> estimate_{false};
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;     // under mutex_
    bool drawn_ = false;    // by the thread only, read after it has ended
    std::thread thread_;
};

// For a signal handler that ends the program (async-signal-safe): erases the
// progress line if one is on the screen, and stops its redraws.
void erase_progress_for_signal() noexcept;

}  // namespace pyr::cmd
