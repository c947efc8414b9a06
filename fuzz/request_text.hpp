// A move request written back as text, for the round-trip checks of the move
// log and play command targets. (format_move() in formats/movelog needs a
// legal move; a request may be illegal and must still read back the same.)
#pragma once
#include <string>

#include "lib/rules/game.hpp"

namespace pyr::fuzz {

inline std::string request_text(DeckKind deck, const MoveRequest& r) {
    switch (r.kind) {
    case MoveKind::Pair: return card_name(deck, r.a) + " " + card_name(deck, r.b);
    case MoveKind::Lone: return card_name(deck, r.a);
    case MoveKind::Draw: return r.pile ? "draw " + std::to_string(*r.pile) : "draw";
    case MoveKind::Recycle: return "recycle";
    }
    return "?";
}

inline bool same_request(const MoveRequest& x, const MoveRequest& y) {
    return x.kind == y.kind && x.a == y.a && x.b == y.b && x.pile == y.pile;
}

}  // namespace pyr::fuzz
