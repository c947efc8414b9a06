// The normal form for the order of moves, shared by the win search
// (lib/solve/solver.cpp) and the best-score search (lib/solve/best_score.cpp).
//
// A pair whose two cards were both in play before the previous move m could
// have been made before m, reaching the same position after both (m does not
// touch its cards: a draw only moves the turned card onto the waste, where it
// still pairs the same; a pair or a recycle leaves them be). So such a pair
// is tried right away, never later: after m it is skipped, unless m was
// itself such a pair that comes before it in a fixed order (pairs open at the
// same moment go in that order). Every line can be reordered into this form
// without growing and reaching the same position, so nothing winnable is lost
// and the shortest line stays. Kings made at once are not moves a pair can be
// moved before: after one, the context of the move before it still holds.
//
// Further back: a pair whose cards have been in play at every position since
// before the last draw (or recycle) could have been made before that draw,
// and every pair made since leaves its cards be; so it too is skipped, what
// pairs came between whatever their order (a pair always goes before a
// draw). Two tableau cards held so stay in play until they go: they never
// pair with each other below this position, which the dead-state test is
// told (OrderInput::held).
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>

#include "lib/rules/game.hpp"
#include "lost_table.hpp"
#include "pairing.hpp"

namespace pyr {

struct NormalForm {
    std::uint64_t in_play_before = 0;  // card codes in play before the previous move
    // Of those, the turned card and the waste tops where they may not pair
    // (turned_pairs_waste = false): a draw onto another waste pile makes the
    // turned card a waste top, and a pair of the two legal, that was not before.
    std::uint64_t apart_before = 0;
    int last_pair = -1;  // index() of the previous move if it was a pair
    // Card codes in play at every position since before the last draw or
    // recycle (only tableau cards where the turned card may not pair with the
    // waste top: a draw can make such a pair legal).
    std::uint64_t since_draw = 0;

    // The fixed order of pairs open at the same moment.
    static int index(const Move& m) {
        const int lo = std::min(m.ca.code, m.cb.code), hi = std::max(m.ca.code, m.cb.code);
        return lo * 64 + hi;
    }
    // The context after `m`, made where `in_play` were in play, of them
    // `talon_in_play` from the talon (turned card, waste tops).
    NormalForm after(const Variant& v, const Move& m, std::uint64_t in_play, std::uint64_t talon_in_play) const {
        const std::uint64_t apart = v.turned_pairs_waste ? 0 : talon_in_play;
        const std::uint64_t kept = in_play & ~apart;
        const bool removal = m.kind == MoveKind::Pair || m.kind == MoveKind::Lone;
        return {in_play, std::popcount(apart) >= 2 ? apart : 0, m.kind == MoveKind::Pair ? index(m) : -1,
                removal ? since_draw & kept : kept};
    }
    // The context after a move made at once (a King, a forced pair), from a
    // position where `in_play` were in play: the same, narrowed to those
    // cards. A card covered here and uncovered by the move is held to
    // nothing (a skip is never needed: the form only spares work), so what
    // the context forbids below this position is told by the cards in play
    // here, which is what identify() keys.
    NormalForm at_once(std::uint64_t in_play) const {
        return {in_play_before & in_play, apart_before & in_play, last_pair, since_draw & in_play};
    }
    // The cards that hold each other apart here (see since_draw), `in_play` now.
    std::uint64_t held(std::uint64_t in_play) const { return since_draw & in_play; }
    // A position's key `k` with what this context forbids where `in_play`
    // are in play, which is part of the position's identity in a table of
    // results: the pairs open before the previous move, and the pairs held
    // apart, by the cards that could make them.
    Key identify(Key k, std::uint64_t in_play, const PairingFacts& facts) const {
        // Only cards that could pair with each other make a pair to skip.
        std::uint64_t live = in_play_before & in_play;
        live &= facts.partner_ranks(live);
        if (std::popcount(live) >= 2) {
            k.a = mix(k.a ^ mix(live + 0x51ED27ULL));
            k.b = mix(k.b + mix(static_cast<std::uint64_t>(first_open(live, facts) + 2) * 0x9E3779B97F4A7C15ULL + live));
            if (apart_before & live) k.b = mix(k.b ^ (apart_before & live));
        }
        std::uint64_t pairs_held = held(in_play);
        pairs_held &= facts.partner_ranks(pairs_held);
        if (pairs_held) k.a = mix(k.a + mix(pairs_held ^ 0xD1B54A32D192ED03ULL));
        return k;
    }
    // Of the pairs the cards `live` could make with each other, those before
    // last_pair in the fixed order are skipped: the first that is not (-1 if
    // none is), which tells what last_pair forbids of them.
    int first_open(std::uint64_t live, const PairingFacts& facts) const {
        if (last_pair < 0) return -1;
        for (std::uint64_t m = live; m; m &= m - 1) {
            const int lo = std::countr_zero(m);
            for (std::uint64_t x = facts.partners[lo] & live & ~low_bits(lo + 1); x; x &= x - 1)
                if (lo * 64 + std::countr_zero(x) > last_pair) return lo * 64 + std::countr_zero(x);
        }
        return -1;
    }
    bool skips(const Move& m) const {
        if (m.kind != MoveKind::Pair) return false;
        const std::uint64_t both = m.ca.bit() | m.cb.bit();
        if ((since_draw & both) == both) return true;
        if ((in_play_before & both) != both || (apart_before & both) == both) return false;
        return !(last_pair >= 0 && index(m) > last_pair);
    }
};

}  // namespace pyr
