// Work spread over threads, with failures brought home: `stats` measures
// deals on many threads, and a worker that fails (memory, the solver's own
// check, a thread that cannot start) must end in a message, not std::terminate.
#pragma once
#include <cstddef>
#include <functional>
#include <stdexcept>

namespace pyr {

// A thread that could not be started (EAGAIN past `ulimit -u`, no memory for its stack).
class ThreadStartError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Calls fn(worker, item) once for every item in [0, items), on min(threads, items)
// workers numbered from 0 (worker 0 is the calling thread: one worker starts no
// thread). The first failure, an exception from fn or a ThreadStartError, is
// rethrown here once every thread has ended; the other workers stop before
// their next item.
void parallel_for(std::size_t items, unsigned threads, const std::function<void(unsigned, std::size_t)>& fn);

// Calls fn() on a thread of its own whose stack holds `stack_bytes`, and
// waits for it: for a deep recursion whose depth the caller knows, so that
// neither `ulimit -s` nor a worker's default stack decides whether it
// overflows. An exception from fn is rethrown here; a thread that cannot
// start is a ThreadStartError.
void with_stack(std::size_t stack_bytes, const std::function<void()>& fn);

}  // namespace pyr
