// Reproducible dealing: SplitMix64 and a Fisher-Yates shuffle, specified in
// formats/deal.md so that any program can make deal N again.
#pragma once
#include <cstdint>
#include <vector>

#include "game.hpp"

namespace pyr {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, bound) by rejection, so no value is favoured.
    std::uint64_t below(std::uint64_t bound) {
        const std::uint64_t threshold = (0 - bound) % bound;  // 2^64 mod bound
        for (;;) {
            const std::uint64_t r = next();
            if (r >= threshold) return r % bound;
        }
    }

private:
    std::uint64_t state_;
};

// The deck in documented order, shuffled: for i from n-1 down to 1, swap card i
// with card below(i+1).
std::vector<Card> shuffled_deck(DeckKind deck, std::uint64_t seed);

// Deal N: the shuffled deck laid out in line-format order (pyramid, stock, then
// reserve or Giza piles).
Deal deal_from_seed(const Variant& v, std::uint64_t seed);

// Deal from cards in line-format order; the inverse of line_order().
Deal deal_from_line_order(const Variant& v, const std::vector<Card>& cards);
std::vector<Card> line_order(const Variant& v, const Deal& d);

}  // namespace pyr
