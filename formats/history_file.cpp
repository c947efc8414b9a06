// libedit's history file, read and checked: strunvis(3)'s escapes decoded here.
#include "history_file.hpp"

#include <cerrno>

#include <sys/stat.h>

#include <fmt/format.h>

#include "error.hpp"
#include "text.hpp"

namespace pyr {

namespace {
bool is_octal(char c) { return c >= '0' && c <= '7'; }

// Decodes one escape of strvis(3) starting after the backslash at text[i];
// returns the byte and moves i past the escape, or throws at its column.
char decode_escape(std::string_view text, std::size_t& i, const std::string& file, int line) {
    const int col = static_cast<int>(i);  // the backslash's, counted from 1
    const auto malformed = [&] {
        throw InputError(file, line, col, "not a history file pyramide can read: a malformed escape");
    };
    if (i >= text.size()) malformed();
    const char c = text[i];
    if (is_octal(c)) {  // \o, \oo or \ooo
        int value = 0, digits = 0;
        while (digits < 3 && i < text.size() && is_octal(text[i])) value = value * 8 + (text[i++] - '0'), ++digits;
        if (value > 0xFF) malformed();
        return static_cast<char>(value);
    }
    if (c == 'M' && i + 2 < text.size() && (text[i + 1] == '-' || text[i + 1] == '^')) {  // \M-c, \M^c
        const char kind = text[i + 1], x = text[i + 2];
        i += 3;
        if (kind == '-') return static_cast<char>(static_cast<unsigned char>(x) | 0x80);
        return static_cast<char>((x == '?' ? 0x7F : static_cast<unsigned char>(x) & 0x1F) | 0x80);
    }
    if (c == '^' && i + 1 < text.size()) {  // \^c: a control character
        const char x = text[i + 1];
        i += 2;
        return x == '?' ? '\x7F' : static_cast<char>(static_cast<unsigned char>(x) & 0x1F);
    }
    ++i;
    switch (c) {
        case '\\': return '\\';
        case 'n': return '\n';
        case 't': return '\t';
        case 'r': return '\r';
        case 'b': return '\b';
        case 'a': return '\a';
        case 'v': return '\v';
        case 'f': return '\f';
        case 's': return ' ';
        case 'E': return '\x1B';
        default: --i; malformed();
    }
    return '\0';  // not reached
}
}  // namespace

std::vector<std::string> parse_history(std::string_view text, const std::string& file) {
    std::vector<std::string> entries;
    if (text.empty()) return entries;
    int line = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view raw = text.substr(start, end - start);
        ++line;
        if (line == 1) {
            if (raw != HistoryHeader) throw InputError(file, 1, 1, "not a history file pyramide can read");
        } else {
            std::string entry;
            for (std::size_t i = 0; i < raw.size();) {
                if (raw[i] != '\\') {
                    entry += raw[i++];
                    continue;
                }
                ++i;
                entry += decode_escape(raw, i, file, line);
            }
            entries.push_back(std::move(entry));
        }
        start = end + 1;
    }
    return entries;
}

std::string format_history(const std::vector<std::string>& entries) {
    std::string text(HistoryHeader);
    text += '\n';
    for (const std::string& entry : entries) {
        for (const char c : entry) {
            const auto byte = static_cast<unsigned char>(c);
            if (byte > 0x20 && byte < 0x7F && c != '\\')
                text += c;
            else
                text += fmt::format("\\{:03o}", byte);
        }
        text += '\n';
    }
    return text;
}

std::vector<std::string> with_entry(std::vector<std::string> entries, const std::string& line, std::size_t keep) {
    if (entries.empty() || entries.back() != line) entries.push_back(line);
    if (entries.size() > keep) entries.erase(entries.begin(), entries.end() - static_cast<std::ptrdiff_t>(keep));
    return entries;
}

std::vector<std::string> read_history_file(const std::string& path) {
    const std::string target = follow_symlinks(path);
    struct stat st {};
    if (::stat(target.c_str(), &st) != 0 && errno == ENOENT) return {};
    return parse_history(read_file(target, MaxHistoryBytes, "a history file"), path);
}

}  // namespace pyr
