// parallel_for: a shared counter hands out items; failures wait for the join.
#include "parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <pthread.h>

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

namespace {
struct StackJob {
    const std::function<void()>* fn;
    std::exception_ptr failure;
};

extern "C" void* run_stack_job(void* arg) {
    auto* job = static_cast<StackJob*>(arg);
    try {
        (*job->fn)();
    } catch (...) {
        job->failure = std::current_exception();
    }
    return nullptr;
}
}  // namespace

void with_stack(std::size_t stack_bytes, const std::function<void()>& fn) {
    StackJob job{&fn, nullptr};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    int err = pthread_attr_setstacksize(&attr, std::max<std::size_t>(stack_bytes, PTHREAD_STACK_MIN));
    pthread_t thread;
    if (err == 0) err = pthread_create(&thread, &attr, run_stack_job, &job);
    pthread_attr_destroy(&attr);
    if (err != 0)
        throw ThreadStartError("cannot start a thread with a stack of " + std::to_string(stack_bytes >> 20) +
                               " MiB: " + std::generic_category().message(err));
    pthread_join(thread, nullptr);
    if (job.failure) std::rethrow_exception(job.failure);
}

}  // namespace pyr
