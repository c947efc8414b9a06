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
    size_ = n;
    mask_ = n - 1;
}

void LostTable::first_entries() {
    const std::size_t n = std::min(max_entries_, StartEntries);
    take(zeroed(n), n);
}

void LostTable::grow() {
    Entries old = std::move(entries_);
    const std::size_t old_size = size_;
    take(zeroed(old_size * 2), old_size * 2);
    stored_ = 0;
    for (std::size_t i = 0; i < old_size; ++i)
        if (old[i].generation == generation_) store(old[i].key, old[i].depth);
}

void LostTable::shrink() { first_entries(); }  // gives the memory back

}  // namespace pyr
