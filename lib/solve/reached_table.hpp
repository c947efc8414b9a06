// The best-first search's table of the positions it has reached: by key, the
// node that reached it in the fewest moves so far, and that many moves. Open addressing in one
// flat array (no allocation per entry, one cache line a look-up), doubling
// when half full; entries are never removed.
#pragma once
#include <cstdint>
#include <vector>

#include "lost_table.hpp"

namespace pyr {

class ReachedTable {
public:
    static constexpr std::uint32_t None = ~std::uint32_t{0};

    ReachedTable() : slots_(std::size_t{1} << 12) {}

    struct Slot {
        Key key;
        std::uint32_t node = None;  // None: an empty slot
        std::int32_t g = 0;         // the moves that reach it (kept here too: no look at the node to compare)
    };

    // The slot of `k`, its node None if the key is new: then the caller must
    // set it (a slot left None is empty again).
    Slot& find_or_add(const Key& k) {
        if (2 * (used_ + 1) > slots_.size()) grow();
        Slot& s = slot(k);
        if (s.node == None) {
            s.key = k;
            ++used_;
        }
        return s;
    }
    // Starts bringing k's first slot into the cache.
    void prefetch(const Key& k) const { __builtin_prefetch(&slots_[key_hash(k) & (slots_.size() - 1)]); }

private:
    Slot& slot(const Key& k) {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = key_hash(k) & mask;; i = (i + 1) & mask)
            if (slots_[i].node == None || slots_[i].key == k) return slots_[i];
    }
    void grow() {
        std::vector<Slot> old(slots_.size() * 2);
        old.swap(slots_);
        for (const Slot& s : old)
            if (s.node != None) slot(s.key) = s;
    }
    std::vector<Slot> slots_;
    std::size_t used_ = 0;
};

}  // namespace pyr
