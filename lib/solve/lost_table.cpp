// The lost-position table's allocation: its first size and its growth.
#include "lost_table.hpp"

#include <algorithm>

namespace pyr {

LostTable::LostTable(std::size_t bytes) {
    while (max_entries_ * 2 * sizeof(Entry) <= bytes) max_entries_ *= 2;
    entries_.assign(std::min(max_entries_, StartEntries), Entry{});
    mask_ = entries_.size() - 1;
}

void LostTable::grow() {
    std::vector<Entry> old(entries_.size() * 2);
    old.swap(entries_);
    mask_ = entries_.size() - 1;
    stored_ = 0;
    for (const Entry& e : old)
        if (e.generation == generation_) store(e.key, e.depth);
}

void LostTable::shrink() {
    std::vector<Entry>(std::min(max_entries_, StartEntries)).swap(entries_);  // gives the memory back
    mask_ = entries_.size() - 1;
}

}  // namespace pyr
