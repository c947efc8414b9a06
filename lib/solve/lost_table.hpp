// The solver's table of positions proved lost, and the 128-bit key that names
// a position in it (lib/solve/solver_position.hpp makes the keys).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace pyr {

struct Key {
    std::uint64_t a = 0, b = 0;
    bool operator==(const Key&) const = default;
};

// SplitMix64's finaliser: spreads every input bit over the whole word.
inline std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Where a key's probing starts, in a table of a power of two entries.
inline std::size_t key_hash(const Key& k) { return static_cast<std::size_t>(mix(k.a ^ mix(k.b))); }

// Positions proved lost (or, for the shortest line, the depth that failed
// from them). Bounded: a full bucket overwrites one of its entries, which
// costs time, never correctness. It starts small, as most deals need few
// entries and a small table stays in the processor's cache, and doubles
// while a search fills more than half of it, up to the size asked for.
// Entries carry the number of the search that wrote them, so a new deal
// starts with an empty table without clearing it (and a table that grows
// into memory it had before starts a new number, so what lies there is
// empty too). No memory is taken until the first store: a player makes
// solvers it may never use, one a game; and the entries come zeroed from
// calloc, whose large blocks are fresh pages the system fills only where a
// search writes. Shrinking keeps the block: a player's solver that grows
// and shrinks from one search to the next pays for fresh pages once.
class LostTable {
public:
    static constexpr std::size_t StartEntries = std::size_t{1} << 15;  // 768 KB

    explicit LostTable(std::size_t bytes);  // `bytes`: the most it may grow to
    // A new search: the table empties, and shrinks back to its first size if
    // it had grown but the last search needed little of it (a small table
    // stays in the cache; the next large search grows it again).
    void next_search() {
        if (size_ > StartEntries && written_ < StartEntries / 2) shrink();
        ++generation_;
        stored_ = 0;
        written_ = 0;
    }
    std::size_t entries() const { return size_; }
    std::size_t block_entries() const { return capacity_; }  // those of the memory held
    int find(const Key& k) const {
        if (size_ == 0) return -1;
        std::size_t i = key_hash(k) & mask_;
        for (int probe = 0; probe < Bucket; ++probe, i = (i + 1) & mask_) {
            const Entry& e = entries_[i];
            if (e.generation != generation_) return -1;
            if (e.key == k) return e.depth;
        }
        return -1;
    }
    void store(const Key& k, int depth) {
        if (size_ == 0) first_entries();
        ++written_;
        if (++stored_ > size_ / 2 && size_ < max_entries_) grow();
        const std::size_t start = key_hash(k) & mask_;
        std::size_t i = start;
        for (int probe = 0; probe < Bucket; ++probe, i = (i + 1) & mask_) {
            Entry& e = entries_[i];
            if (e.generation != generation_ || e.key == k) {
                e = Entry{k, depth, generation_};
                return;
            }
        }
        entries_[(start + (victim_++ % Bucket)) & mask_] = Entry{k, depth, generation_};
    }

private:
    // Twice the entries, keeping this search's.
    void grow();
    void shrink();
    void first_entries();
    void use(std::size_t n);  // the first n entries of the block

    static constexpr int Bucket = 8;
    struct Entry {  // all zero bytes: an empty entry
        Key key;
        int depth = 0;
        std::uint32_t generation = 0;
    };
    struct Free {
        void operator()(Entry* p) const { std::free(p); }
    };
    using Entries = std::unique_ptr<Entry[], Free>;
    static Entries zeroed(std::size_t n);  // n empty entries
    void take(Entries e, std::size_t n);

    Entries entries_;
    std::size_t size_ = 0;      // the entries in use, the first of the block
    std::size_t capacity_ = 0;  // the entries of the block
    std::size_t mask_ = 0;
    std::size_t max_entries_ = 1024;
    std::size_t stored_ = 0;   // entries written by this search since the table last grew
    std::size_t written_ = 0;  // entries written by this search
    std::size_t victim_ = 0;
    std::vector<Entry> kept_;  // grow's: the entries that move
    std::uint32_t generation_ = 1;
};

}  // namespace pyr
