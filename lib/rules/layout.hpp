// Layout geometry: which tableau position covers which. Positions are numbered
// pyramid rows first (top displayed row first, left to right), then the reserve
// row, then Giza's pile layers (bottom layer first). At most 64 positions, so a
// set of positions is a 64-bit mask and "free" is one AND.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "variant.hpp"

namespace pyr {

struct Layout {
    int size = 0;                           // tableau positions
    std::array<std::uint64_t, 64> covers{};  // positions directly covering position i
    // Positions lying on top of position i, directly or not: its cover cone.
    std::array<std::uint64_t, 64> above{};
    // Positions whose cards must go before the card at i can: its cover cone, less,
    // with overlapping pairs, the cards directly on it (the one still covering it
    // may go together with it).
    std::array<std::uint64_t, 64> before{};
    std::uint64_t pyramid_mask = 0;         // the positions the pyramid-only goal must clear
    std::uint64_t all_mask = 0;
    // The covers by distance: a cover lies `shift` places after the
    // positions in `covered` (every cover lies after what it covers), so the
    // positions covered in a set are a few shifts and masks (free_positions).
    struct CoverShift {
        int shift = 0;
        std::uint64_t covered = 0;
    };
    static constexpr int MaxCoverShifts = 16;
    std::array<CoverShift, MaxCoverShifts> cover_shifts{};
    int cover_shift_count = -1;  // -1: too many distinct shifts, free_positions goes card by card

    // Display geometry: position numbers by row, as a person sees them.
    std::vector<std::vector<int>> pyramid_rows;  // top row first
    std::vector<int> reserve;                    // the reserve row, left to right
    std::vector<std::vector<int>> pile_layers;   // Giza: layer 0 is the most covered
};

Layout make_layout(const Variant& v);

// The n lowest bits: positions 0..n-1, or stock indices below n.
constexpr std::uint64_t low_bits(int n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }

// Of the positions in `present`, those no present card covers.
inline std::uint64_t free_positions(const Layout& l, std::uint64_t present) {
    if (l.cover_shift_count >= 0) {
        std::uint64_t covered = 0;
        for (int i = 0; i < l.cover_shift_count; ++i)
            covered |= (present >> l.cover_shifts[i].shift) & l.cover_shifts[i].covered;
        return present & ~covered;
    }
    std::uint64_t free = 0;
    for (std::uint64_t m = present; m; m &= m - 1) {
        const int pos = std::countr_zero(m);
        if ((l.covers[pos] & present) == 0) free |= std::uint64_t{1} << pos;
    }
    return free;
}

}  // namespace pyr
