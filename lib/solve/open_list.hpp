// The best-first search's queue (lib/solve/solver.cpp, `solve --shortest`):
// positions by the estimate f of a whole line through them, fewest first,
// then by the moves g that reach them, most first, and the last in first
// among equals, so the children of the position just expanded come next
// (their parent's facts of order still at hand). f and g are numbers of
// moves, never above the length of the line in hand: a bucket each, so a
// push or a pop takes constant time and each entry is a node's number.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace pyr {

class OpenList {
public:
    struct Entry {
        int f, g;
        std::uint32_t node;
    };

    // f and g from 0 to `most_moves`, g never above f.
    explicit OpenList(int most_moves)
        : width_(static_cast<std::size_t>(most_moves) + 1), buckets_(width_ * width_), lowest_(buckets_.size()) {}

    bool empty() const { return size_ == 0; }
    void push(int f, int g, std::uint32_t node) {
        const std::size_t i = static_cast<std::size_t>(f) * width_ + (width_ - 1 - static_cast<std::size_t>(g));
        buckets_[i].push_back(node);
        lowest_ = std::min(lowest_, i);
        ++size_;
    }
    // The first entry, taken out; the list must not be empty.
    Entry pop() {
        while (buckets_[lowest_].empty()) ++lowest_;
        std::vector<std::uint32_t>& bucket = buckets_[lowest_];
        const std::uint32_t node = bucket.back();
        bucket.pop_back();
        --size_;
        return {static_cast<int>(lowest_ / width_), static_cast<int>(width_ - 1 - lowest_ % width_), node};
    }

private:
    std::size_t width_;
    std::vector<std::vector<std::uint32_t>> buckets_;
    std::size_t lowest_;  // no entry below this bucket
    std::size_t size_ = 0;
};

}  // namespace pyr
