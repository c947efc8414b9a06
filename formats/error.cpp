// Formatting of input errors and terminal-safe quoting of input text.
#include "error.hpp"

#include <cstdint>

#include <fmt/format.h>

namespace pyr {

std::string InputError::where() const {
    if (file.empty()) return "";
    if (line == 0) return file + ": ";
    if (col == 0) return fmt::format("{}:{}: ", file, line);
    return fmt::format("{}:{}:{}: ", file, line, col);
}

namespace {
// Length of the valid UTF-8 sequence at s[i], 0 if invalid.
std::size_t utf8_len(std::string_view s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return 0;
    if (n == 2 && b < 0xC2) return 0;  // overlong
    if (n == 3) {  // C1 controls are 2 bytes; reject overlongs and surrogates
        const auto b1 = static_cast<unsigned char>(s[i + 1]);
        if ((b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0)) return 0;
    }
    if (n == 4) {
        const auto b1 = static_cast<unsigned char>(s[i + 1]);
        if ((b == 0xF0 && b1 < 0x90) || b > 0xF4 || (b == 0xF4 && b1 >= 0x90)) return 0;
    }
    return n;
}
std::uint32_t code_point3(std::string_view s, std::size_t i) {
    return (static_cast<std::uint32_t>(s[i] & 0x0F) << 12) | (static_cast<std::uint32_t>(s[i + 1] & 0x3F) << 6) |
           static_cast<std::uint32_t>(s[i + 2] & 0x3F);
}
}  // namespace

bool is_bidi_control(std::uint32_t cp) {
    return cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

std::string excerpt(std::string_view s, std::size_t max_chars) {
    std::size_t i = 0, chars = 0;
    while (i < s.size() && chars < max_chars) {
        const std::size_t n = utf8_len(s, i);
        i += n == 0 ? 1 : n;
        ++chars;
    }
    if (i >= s.size()) return printable(s);
    return printable(s.substr(0, i)) + "...";
}

std::string printable(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const std::size_t n = utf8_len(s, i);
        if (n == 0) {
            out += fmt::format("\\x{:02x}", b);
            ++i;
        } else if (n == 1 && (b < 0x20 || b == 0x7F)) {
            out += b == '\t' ? std::string("\\t") : b == '\r' ? std::string("\\r") : b == '\n' ? std::string("\\n")
                                                                                               : fmt::format("\\x{:02x}", b);
            ++i;
        } else if (n == 2 && b == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned char>(s[i + 1]));  // C1 control
            i += 2;
        } else if (n == 3 && is_bidi_control(code_point3(s, i))) {
            out += fmt::format("\\u{:04x}", code_point3(s, i));
            i += 3;
        } else {
            out.append(s.substr(i, n));
            i += n;
        }
    }
    return out;
}

}  // namespace pyr
