// parallel_for: a shared counter hands out items; failures wait for the join.
#include "parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace pyr {

void parallel_for(std::size_t items, unsigned threads, const std::function<void(unsigned, std::size_t)>& fn) {
    const auto workers = static_cast<unsigned>(std::min<std::size_t>(threads, items));
    if (workers == 0) return;
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> failures(workers + 1);  // one per worker, and the starting of threads
    auto work = [&](unsigned w) {
        try {
            for (std::size_t i; (i = next.fetch_add(1)) < items;) fn(w, i);
        } catch (...) {
            failures[w] = std::current_exception();
            next = items;  // the others stop before their next item
        }
    };
    std::vector<std::thread> started;
    try {
        started.reserve(workers - 1);
        for (unsigned w = 1; w < workers; ++w) started.emplace_back(work, w);
    } catch (const std::system_error& e) {
        failures[workers] = std::make_exception_ptr(ThreadStartError(
            "cannot start thread " + std::to_string(started.size() + 2) + " of " + std::to_string(workers) + ": " +
            e.code().message()));
        next = items;
    } catch (...) {
        failures[workers] = std::current_exception();  // no memory for the list of threads
        next = items;
    }
    work(0);
    for (std::thread& t : started) t.join();
    for (const std::exception_ptr& f : failures)
        if (f) std::rethrow_exception(f);
}

}  // namespace pyr
