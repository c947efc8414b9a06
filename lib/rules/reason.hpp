// A reason something was refused: a kind that programs act on, and the text
// that people read. Behaviour follows the kind only; the text may be reworded.
#pragma once
#include <string>

namespace pyr {

// `Kind` is an enum whose zero value means "nothing refused".
template <class Kind>
struct Reason {
    Kind kind{};
    std::string text;

    explicit operator bool() const { return kind != Kind{}; }
    void clear() { *this = Reason{}; }
};

}  // namespace pyr
