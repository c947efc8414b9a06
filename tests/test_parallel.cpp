// Tests for lib/parallel: every item done once, and a failing worker's exception
// brought back to the caller after all threads ended (never std::terminate).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <new>
#include <stdexcept>
#include <thread>
#include <vector>

#include "lib/parallel.hpp"

TEST_CASE("parallel_for does every item once, on no more workers than items") {
    std::vector<std::atomic<int>> done(1000);
    std::atomic<unsigned> highest_worker{0};
    pyr::parallel_for(done.size(), 8, [&](unsigned w, std::size_t i) {
        ++done[i];
        unsigned seen = highest_worker;
        while (w > seen && !highest_worker.compare_exchange_weak(seen, w)) {}
    });
    for (const std::atomic<int>& d : done) CHECK(d == 1);
    CHECK(highest_worker < 8);

    std::atomic<unsigned> workers_seen{0};
    pyr::parallel_for(3, 1000, [&](unsigned w, std::size_t) { workers_seen |= 1u << w; });
    CHECK((workers_seen & ~7u) == 0);  // workers 0..2 at most for 3 items
    pyr::parallel_for(0, 4, [](unsigned, std::size_t) { FAIL("no item, no call"); });
}

TEST_CASE("parallel_for on one worker runs on the calling thread") {
    int calls = 0;  // no atomics needed: one thread
    pyr::parallel_for(50, 1, [&](unsigned w, std::size_t) {
        CHECK(w == 0);
        ++calls;
    });
    CHECK(calls == 50);
}

TEST_CASE("a worker's exception comes back to the caller, the others stop") {
    std::atomic<int> calls{0};
    CHECK_THROWS_AS(pyr::parallel_for(100000, 4,
                                      [&](unsigned, std::size_t i) {
                                          ++calls;
                                          if (i == 10) throw std::bad_alloc();
                                          // Some work per item: 100,000 empty items could all
                                          // be taken before the others see the stop (seen on a
                                          // loaded machine); these take seconds, the stop a moment.
                                          std::this_thread::sleep_for(std::chrono::microseconds(50));
                                      }),
                    std::bad_alloc);
    CHECK(calls < 100000);
    CHECK_THROWS_WITH(pyr::parallel_for(100, 4,
                                        [](unsigned, std::size_t) {
                                            throw std::logic_error("solver produced an illegal move");
                                        }),
                      "solver produced an illegal move");
}

TEST_CASE("an exception in a started thread, not the caller's, comes back too") {
    // Worker 0 (the caller) waits at its first item until another worker has
    // thrown: so a started thread is the one that fails.
    std::atomic<bool> thrown{false};
    CHECK_THROWS_WITH(pyr::parallel_for(2, 2,
                                        [&](unsigned w, std::size_t) {
                                            if (w == 0) {
                                                while (!thrown) std::this_thread::yield();
                                                return;
                                            }
                                            thrown = true;
                                            throw std::runtime_error("worker 1 failed");
                                        }),
                      "worker 1 failed");
}
