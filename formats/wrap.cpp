// Display width and wrapping (see wrap.hpp).
#include "wrap.hpp"

#include <algorithm>

namespace pyr {

namespace {

// One line broken at spaces so that no piece is wider than `width`.
void wrap_line(std::string_view line, std::size_t width, std::string_view indent, std::string& out) {
    if (display_width(line) <= width) {
        out.append(line);
        return;
    }
    // Leading spaces (an indented example) are kept as they are.
    std::size_t at = std::min(line.find_first_not_of(' '), line.size());
    out.append(line.substr(0, at));
    std::size_t used = at;
    bool line_start = true;
    while (at < line.size()) {
        const std::size_t start = std::min(line.find_first_not_of(' ', at), line.size());
        if (start == line.size()) break;  // trailing spaces go
        const std::size_t end = std::min(line.find(' ', start), line.size());
        const std::string_view spaces = line.substr(at, start - at), word = line.substr(start, end - start);
        const std::size_t w = display_width(word);
        if (!line_start && used + spaces.size() + w > width) {
            out += '\n';
            out.append(indent);
            used = display_width(indent);
        } else {
            out.append(spaces);
            used += spaces.size();
        }
        out.append(word);
        used += w;
        line_start = false;
        at = end;
    }
}

std::string_view without_trailing_spaces(std::string_view s) {
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

// The text as it is written out: every NoBreakSpace a plain space.
std::string plain_spaces(std::string text) {
    for (std::size_t at = text.find(NoBreakSpace); at != std::string::npos; at = text.find(NoBreakSpace, at))
        text.replace(at, NoBreakSpace.size(), " ");
    return text;
}

}  // namespace

std::string unbreakable(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == ' ') out.append(NoBreakSpace);
        else out += c;
    }
    return out;
}

std::size_t display_width(std::string_view text) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0x1b && i + 1 < text.size() && text[i + 1] == '[') {
            // CSI: parameters, then one final byte from @ to ~.
            for (i += 2; i < text.size() && (text[i] < '@' || text[i] > '~'); ++i) {
            }
            continue;
        }
        if ((c & 0xC0) != 0x80) ++width;  // not a continuation byte of a UTF-8 character
    }
    return width;
}

std::string wrap_text(std::string_view text, std::size_t width, std::string_view indent) {
    std::string out;
    for (std::size_t pos = 0; pos <= text.size();) {
        const std::size_t newline = std::min(text.find('\n', pos), text.size());
        wrap_line(text.substr(pos, newline - pos), width, indent, out);
        if (newline == text.size()) break;
        out += '\n';
        pos = newline + 1;
    }
    return plain_spaces(std::move(out));
}

std::string reflow(std::string_view text) {
    std::string out;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t newline = std::min(text.find('\n', pos), text.size());
        out.append(text.substr(pos, newline - pos));
        if (newline == text.size()) break;
        const std::string_view next = text.substr(newline + 1);
        // A line joins the one before when both hold words, it is not indented
        // and the one before ends mid-sentence (not at a full stop or a colon).
        const std::string_view before = without_trailing_spaces(out);
        const bool joins = !next.empty() && next[0] != ' ' && next[0] != '\n' && !before.empty() &&
                           std::string_view("\n.:").find(before.back()) == std::string_view::npos;
        if (joins) out.resize(without_trailing_spaces(out).size());
        out += joins ? ' ' : '\n';
        pos = newline + 1;
    }
    return out;
}

std::string wrap_list(std::string_view head, const std::vector<std::string>& items, std::string_view separator,
                      std::size_t width, std::string_view indent) {
    const std::string_view tail = without_trailing_spaces(separator);
    std::string out(head);
    std::size_t used = display_width(head);
    // A head of words ("moves: ") is not a line start: the first item may go to the next line.
    bool line_start = without_trailing_spaces(head).empty();
    for (std::size_t i = 0; i < items.size(); ++i) {
        // What the item needs on this line: the separator before it, and the
        // separator's mark after it unless it is the last.
        const std::string_view before = i == 0 ? std::string_view() : separator;
        const std::size_t w = display_width(items[i]) + (i + 1 < items.size() ? display_width(tail) : 0);
        if (!line_start && used + display_width(before) + w > width) {
            if (i == 0) out.resize(without_trailing_spaces(out).size());
            else out.append(tail);
            out += '\n';
            out.append(indent);
            used = display_width(indent);
        } else {
            out.append(before);
            used += display_width(before);
        }
        out += items[i];
        used += display_width(items[i]);
        line_start = false;
    }
    return plain_spaces(std::move(out));
}

}  // namespace pyr
