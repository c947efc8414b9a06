// Input errors: what is wrong with a file, and where. Readers throw InputError;
// only cmd/ turns it into a message and an exit code.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pyr {

enum class Severity {
    Invalid = 1,     // well-formed, but breaks the rules (duplicate card, illegal move): exit 1
    Unreadable = 2,  // cannot be read as the format at all (missing file, bad token): exit 2
};

class InputError : public std::runtime_error {
public:
    InputError(std::string file, int line, int col, std::string message, Severity sev = Severity::Unreadable)
        : std::runtime_error(message), file(std::move(file)), line(line), col(col), message(std::move(message)),
          severity(sev) {}
    std::string file;
    int line = 0, col = 0;  // 1-based; 0 = not known
    std::string message;
    Severity severity;

    // "deal.txt:4:7: duplicate card QH (first seen at 2:3)"
    std::string where() const;
    std::string format() const { return where() + message; }
};

// Text from input made safe to print: control characters and escape sequences
// are shown escaped (\x1b, \t), invalid UTF-8 as \xNN, never sent raw. Bidi
// controls (U+202E...) are escaped too: they reorder what a terminal shows.
std::string printable(std::string_view s);

// Marks and embeddings that make a terminal show text in another order than
// it was written (the "Trojan Source" trick): printable() and json_quote()
// escape them, so what is shown is what is there.
bool is_bidi_control(std::uint32_t code_point);

// printable() of at most the first `max_chars` characters of `s`, with "..."
// when cut: a megabyte token must not end up whole in a message.
std::string excerpt(std::string_view s, std::size_t max_chars = 40);

}  // namespace pyr
