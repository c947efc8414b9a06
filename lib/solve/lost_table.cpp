// The lost-position table's allocation: its first size and its growth.
#include "lost_table.hpp"

#include <algorithm>
#include <new>

namespace pyr {

LostTable::LostTable(std::size_t bytes) {
    while (max_entries_ * 2 * sizeof(Entry) <= bytes) max_entries_ *= 2;
}

LostTable::Entries LostTable::zeroed(std::size_t n) {
    void* p = std::calloc(n, sizeof(Entry));
    if (p == nullptr) throw std::bad_alloc();
    return Entries(static_cast<Entry*>(p));
}

void LostTable::take(Entries e, std::size_t n) {
    entries_ = std::move(e);
    capacity_ = n;
    use(n);
}

void LostTable::use(std::size_t n) {
    size_ = n;
    mask_ = n - 1;
}

void LostTable::first_entries() {
    const std::size_t n = std::min(max_entries_, StartEntries);
    if (capacity_ >= n) use(n);
    else take(zeroed(n), n);
}

void LostTable::grow() {
    const std::size_t old_size = size_;
    stored_ = 0;
    if (capacity_ >= old_size * 2) {
        // Into the block's unused part: this search's entries move out, and a
        // new search number makes everything left in the block empty.
        kept_.clear();
        for (std::size_t i = 0; i < old_size; ++i)
            if (entries_[i].generation == generation_) kept_.push_back(entries_[i]);
        ++generation_;
        use(old_size * 2);
        for (const Entry& e : kept_) store(e.key, e.depth);
        return;
    }
    Entries old = std::move(entries_);
    take(zeroed(old_size * 2), old_size * 2);
    for (std::size_t i = 0; i < old_size; ++i)
        if (old[i].generation == generation_) store(old[i].key, old[i].depth);
}

void LostTable::shrink() { first_entries(); }

}  // namespace pyr
