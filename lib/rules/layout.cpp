// Builds the cover masks and cover cones for the pyramid, the inverted triangle,
// the reserve row and Giza's piles.
#include "layout.hpp"

#include <bit>

namespace pyr {

Layout make_layout(const Variant& v) {
    Layout l;
    int next = 0;
    // Row r of a pyramid has r+1 cards; of a triangle, rows-r cards.
    for (int r = 0; r < v.rows; ++r) {
        const int width = v.layout == LayoutKind::Pyramid ? r + 1 : v.rows - r;
        std::vector<int> row;
        for (int c = 0; c < width; ++c) row.push_back(next++);
        l.pyramid_rows.push_back(std::move(row));
    }
    for (std::size_t r = 0; r + 1 < l.pyramid_rows.size(); ++r) {
        const std::vector<int>& row = l.pyramid_rows[r];
        const std::vector<int>& below = l.pyramid_rows[r + 1];
        for (int c = 0; c < static_cast<int>(row.size()); ++c) {
            // Pyramid: (r,c) lies under (r+1,c) and (r+1,c+1).
            // Triangle: (r,c) lies under (r+1,c-1) and (r+1,c).
            const int first = v.layout == LayoutKind::Pyramid ? c : c - 1;
            std::uint64_t m = 0;
            for (int k = first; k <= first + 1; ++k)
                if (k >= 0 && k < static_cast<int>(below.size())) m |= std::uint64_t{1} << below[k];
            l.covers[row[c]] = m;
        }
    }
    l.pyramid_mask = low_bits(next);
    for (int i = 0; i < v.reserve; ++i) l.reserve.push_back(next++);
    for (int k = 0; k < v.pile_depth; ++k) {
        std::vector<int> layer;
        for (int p = 0; p < v.piles; ++p) layer.push_back(next++);
        l.pile_layers.push_back(std::move(layer));
    }
    for (std::size_t k = 0; k + 1 < l.pile_layers.size(); ++k)
        for (std::size_t p = 0; p < l.pile_layers[k].size(); ++p)
            l.covers[l.pile_layers[k][p]] = std::uint64_t{1} << l.pile_layers[k + 1][p];
    l.size = next;
    l.all_mask = low_bits(next);
    // A cover lies after the card it covers in position order, so its own cone is known.
    for (int p = l.size - 1; p >= 0; --p) {
        std::uint64_t over_covers = 0;  // on top of the cards that cover p
        for (std::uint64_t m = l.covers[p]; m; m &= m - 1) over_covers |= l.above[std::countr_zero(m)];
        l.above[p] = l.covers[p] | over_covers;
        l.before[p] = v.overlapping ? over_covers : l.above[p];
    }
    int n = 0;
    for (int p = 0; p < l.size && n >= 0; ++p)
        for (std::uint64_t m = l.covers[p]; m; m &= m - 1) {
            const int shift = std::countr_zero(m) - p;
            int i = 0;
            while (i < n && l.cover_shifts[i].shift != shift) ++i;
            if (i == Layout::MaxCoverShifts) {
                n = -1;
                break;
            }
            if (i == n) l.cover_shifts[n++].shift = shift;
            l.cover_shifts[i].covered |= std::uint64_t{1} << p;
        }
    l.cover_shift_count = n;
    return l;
}

}  // namespace pyr
