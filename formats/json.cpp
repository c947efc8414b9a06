// JSON parsing with file:line:col errors and compact JSON writing, with no JSON library.
// Recursion is bounded by the 64-level nesting limit, so hostile input cannot exhaust the stack.
#include "json.hpp"

#include <charconv>
#include <climits>
#include <cmath>
#include <iterator>
#include <stdexcept>
#include <unordered_set>

#include <fmt/format.h>

#include "error.hpp"
#include "numbers.hpp"

namespace pyr {

namespace {

constexpr int MaxDepth = 64;
// Longer literals are cut in messages, so a megabyte of digits does not end up on the terminal.
constexpr std::size_t MaxShown = 40;

// Length of the valid UTF-8 sequence at s[i], 0 if invalid (overlong, surrogate, above U+10FFFF, truncated).
std::size_t utf8_len(std::string_view s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    if (n == 1) return 1;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return 0;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if (n == 2 && b < 0xC2) return 0;
    if (n == 3 && ((b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0))) return 0;
    if (n == 4 && ((b == 0xF0 && b1 < 0x90) || b > 0xF4 || (b == 0xF4 && b1 >= 0x90))) return 0;
    return n;
}

// The code point of a valid 3-byte UTF-8 sequence at s[i].
std::uint32_t code_point3(std::string_view s, std::size_t i) {
    return (static_cast<std::uint32_t>(s[i] & 0x0F) << 12) | (static_cast<std::uint32_t>(s[i + 1] & 0x3F) << 6) |
           static_cast<std::uint32_t>(s[i + 2] & 0x3F);
}

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string shown(std::string_view lit) {
    if (lit.size() <= MaxShown) return printable(lit);
    return printable(lit.substr(0, MaxShown)) + "...";
}

// Why `lit` (a maximal run of number-like characters) is not a JSON number, nullptr if it is one.
// `bad` receives the offending character for the generic "unexpected" case.
const char* number_problem(std::string_view lit, char& bad) {
    const std::size_t n = lit.size();
    std::size_t i = 0;
    if (lit[0] == '+') return "leading '+'";
    if (lit[0] == '-') ++i;
    if (i == n) return "expected digit";
    if (lit[i] == '.') return "missing digit before '.'";
    if (!is_digit(lit[i])) return "expected digit";
    if (lit[i] == '0') {
        ++i;
        if (i < n && is_digit(lit[i])) return "leading zero";
    } else {
        while (i < n && is_digit(lit[i])) ++i;
    }
    if (i < n && lit[i] == '.') {
        ++i;
        if (i == n || !is_digit(lit[i])) return "expected digit after '.'";
        while (i < n && is_digit(lit[i])) ++i;
    }
    if (i < n && (lit[i] == 'e' || lit[i] == 'E')) {
        ++i;
        if (i < n && (lit[i] == '+' || lit[i] == '-')) ++i;
        if (i == n || !is_digit(lit[i])) return "expected digit in exponent";
        while (i < n && is_digit(lit[i])) ++i;
    }
    if (i == n) return nullptr;
    bad = lit[i];
    return "unexpected character";
}

// from_chars leaves the result untouched when a valid literal is beyond double's range. Only the sign of the
// decimal exponent of the first significant digit matters then: positive overflows, negative underflows.
double out_of_range_value(std::string_view lit) {
    const bool negative = lit[0] == '-';
    std::size_t i = negative ? 1 : 0;
    long magnitude = 0;
    bool significant = false;
    for (; i < lit.size() && is_digit(lit[i]); ++i) {
        if (significant)
            ++magnitude;
        else if (lit[i] != '0')
            significant = true;
    }
    if (i < lit.size() && lit[i] == '.') {
        long place = 0;
        for (++i; i < lit.size() && is_digit(lit[i]); ++i) {
            --place;
            if (!significant && lit[i] != '0') {
                significant = true;
                magnitude = place;
            }
        }
    }
    if (i < lit.size() && (lit[i] == 'e' || lit[i] == 'E')) {
        ++i;
        const bool negative_exp = lit[i] == '-';
        if (lit[i] == '+' || lit[i] == '-') ++i;
        long exp = 0;
        for (; i < lit.size(); ++i)
            if (exp < 1000000000L) exp = exp * 10 + (lit[i] - '0');  // clamped: only the sign survives anyway
        magnitude += negative_exp ? -exp : exp;
    }
    const double v = magnitude >= 0 ? HUGE_VAL : 0.0;
    return negative ? -v : v;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

class Parser {
public:
    Parser(std::string_view text, const std::string& file, int line0)
        : s_(text), file_(file), loc_line_(line0), line0_(line0) {}

    JsonValue parse_document() {
        skip_ws();
        JsonValue v = parse_value(0);
        skip_ws();
        if (pos_ < s_.size()) fail(pos_, "trailing characters after JSON value");
        return v;
    }

private:
    struct Loc {
        int line, col;
    };

    // Positions are asked for in increasing order while parsing, so walking forward from the last answer
    // keeps the total work linear; only an out-of-order request (never on the success path) restarts.
    Loc locate(std::size_t p) {
        if (p < loc_pos_) {
            loc_pos_ = 0;
            loc_line_ = line0_;
            loc_col_ = 1;
        }
        for (; loc_pos_ < p; ++loc_pos_) {
            const char c = s_[loc_pos_];
            if (c == '\n') {
                if (loc_line_ < INT_MAX) ++loc_line_;
                loc_col_ = 1;
            } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && loc_col_ < INT_MAX) {
                ++loc_col_;  // continuation bytes belong to the code point already counted
            }
        }
        return {loc_line_, loc_col_};
    }

    [[noreturn]] void fail(Loc at, std::string message) {
        throw InputError(file_, at.line, at.col, std::move(message), Severity::Unreadable);
    }
    [[noreturn]] void fail(std::size_t p, std::string message) { fail(locate(p), std::move(message)); }

    // The character at p for "got ..." in messages: a whole code point if valid UTF-8.
    std::string got(std::size_t p) const {
        if (p >= s_.size()) return "end of input";
        const std::size_t n = utf8_len(s_, p);
        return "'" + printable(s_.substr(p, n == 0 ? 1 : n)) + "'";
    }

    void skip_ws() {
        while (pos_ < s_.size() && is_ws(s_[pos_])) ++pos_;
    }

    JsonValue parse_value(int depth) {
        JsonValue v;
        const Loc at = locate(pos_);
        v.line = at.line;
        v.col = at.col;
        // At the end, '\0' matches no case below and got() then says "end of input".
        const char c = pos_ < s_.size() ? s_[pos_] : '\0';
        if (c == '[' || c == '{') {
            if (depth >= MaxDepth) fail(at, fmt::format("nesting deeper than {} levels", MaxDepth));
            if (c == '[')
                parse_array(v, depth + 1);
            else
                parse_object(v, depth + 1);
        } else if (c == '"') {
            v.kind = JsonValue::Kind::String;
            v.text = parse_string();
        } else if (is_digit(c) || c == '-' || c == '+' || c == '.') {
            parse_number(v);
        } else if (is_alnum(c)) {
            parse_literal(v);
        } else {
            fail(at, "expected JSON value, got " + got(pos_));
        }
        return v;
    }

    void parse_array(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Array;
        ++pos_;
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == ']') {
            ++pos_;
            return;
        }
        for (;;) {
            v.items.push_back(parse_value(depth));
            skip_ws();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                ++pos_;
                skip_ws();
            } else if (pos_ < s_.size() && s_[pos_] == ']') {
                ++pos_;
                return;
            } else {
                fail(pos_, "expected ',' or ']' in array, got " + got(pos_));
            }
        }
    }

    void parse_object(JsonValue& v, int depth) {
        v.kind = JsonValue::Kind::Object;
        ++pos_;
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == '}') {
            ++pos_;
            return;
        }
        // Small objects are searched directly; large ones get a hash set so duplicate checks stay linear.
        constexpr std::size_t IndexFrom = 16;
        std::unordered_set<std::string> index;
        for (;;) {
            if (pos_ >= s_.size() || s_[pos_] != '"') fail(pos_, "expected string key in object, got " + got(pos_));
            const Loc key_at = locate(pos_);
            std::string key = parse_string();
            bool duplicate = false;
            if (v.members.size() < IndexFrom) {
                for (const std::pair<std::string, JsonValue>& m : v.members) duplicate = duplicate || m.first == key;
            } else {
                if (index.empty())
                    for (const std::pair<std::string, JsonValue>& m : v.members) index.insert(m.first);
                duplicate = !index.insert(key).second;
            }
            if (duplicate) fail(key_at, "duplicate key \"" + shown(key) + "\"");
            skip_ws();
            if (pos_ >= s_.size() || s_[pos_] != ':') fail(pos_, "expected ':' after object key, got " + got(pos_));
            ++pos_;
            skip_ws();
            JsonValue member = parse_value(depth);
            v.members.emplace_back(std::move(key), std::move(member));
            skip_ws();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                ++pos_;
                skip_ws();
            } else if (pos_ < s_.size() && s_[pos_] == '}') {
                ++pos_;
                return;
            } else {
                fail(pos_, "expected ',' or '}' in object, got " + got(pos_));
            }
        }
    }

    // Reads the \uXXXX at p (p is the backslash), or -1 if it is not one.
    long read_u_escape(std::size_t p) const {
        if (p + 6 > s_.size() || s_[p] != '\\' || s_[p + 1] != 'u') return -1;
        long cp = 0;
        for (std::size_t k = p + 2; k < p + 6; ++k) {
            const int h = hex_value(s_[k]);
            if (h < 0) return -1;
            cp = cp * 16 + h;
        }
        return cp;
    }

    std::string parse_string() {
        const Loc start = locate(pos_);
        ++pos_;
        std::string out;
        for (;;) {
            const std::size_t run = pos_;
            while (pos_ < s_.size()) {
                const auto b = static_cast<unsigned char>(s_[pos_]);
                if (b < 0x20 || b >= 0x80 || b == '"' || b == '\\') break;
                ++pos_;
            }
            out.append(s_.substr(run, pos_ - run));
            // A raw line break almost always means the closing quote is missing, so say that, at the opening.
            if (pos_ >= s_.size() || s_[pos_] == '\n' || s_[pos_] == '\r') fail(start, "unterminated string");
            const auto b = static_cast<unsigned char>(s_[pos_]);
            if (b == '"') {
                ++pos_;
                return out;
            }
            if (b == '\\') {
                parse_escape(out, start);
            } else if (b < 0x20) {
                fail(pos_, "unescaped control character '" + printable(s_.substr(pos_, 1)) + "' in string");
            } else {
                const std::size_t n = utf8_len(s_, pos_);
                if (n == 0) fail(pos_, "invalid UTF-8 in string");
                out.append(s_.substr(pos_, n));
                pos_ += n;
            }
        }
    }

    void parse_escape(std::string& out, Loc string_start) {
        const std::size_t bs = pos_;
        if (bs + 1 >= s_.size() || s_[bs + 1] == '\n' || s_[bs + 1] == '\r') fail(string_start, "unterminated string");
        const char e = s_[bs + 1];
        const char* simple = nullptr;
        switch (e) {
        case '"': simple = "\""; break;
        case '\\': simple = "\\"; break;
        case '/': simple = "/"; break;
        case 'b': simple = "\b"; break;
        case 'f': simple = "\f"; break;
        case 'n': simple = "\n"; break;
        case 'r': simple = "\r"; break;
        case 't': simple = "\t"; break;
        case 'u': break;
        default: {
            const std::size_t n = utf8_len(s_, bs + 1);
            fail(bs, "invalid escape '\\" + printable(s_.substr(bs + 1, n == 0 ? 1 : n)) + "'");
        }
        }
        if (simple) {
            out += simple;
            pos_ += 2;
            return;
        }
        const long cp = read_u_escape(bs);
        if (cp < 0) fail(bs, "invalid escape '\\u': expected 4 hex digits");
        pos_ += 6;
        if (cp >= 0xDC00 && cp <= 0xDFFF) fail(bs, "lone surrogate '" + std::string(s_.substr(bs, 6)) + "'");
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            const long low = read_u_escape(pos_);
            if (low < 0xDC00 || low > 0xDFFF) fail(bs, "lone surrogate '" + std::string(s_.substr(bs, 6)) + "'");
            pos_ += 6;
            append_utf8(out, 0x10000 + ((static_cast<std::uint32_t>(cp) - 0xD800) << 10) +
                                 (static_cast<std::uint32_t>(low) - 0xDC00));
            return;
        }
        append_utf8(out, static_cast<std::uint32_t>(cp));
    }

    void parse_number(JsonValue& v) {
        const std::size_t start = pos_;
        // Take the whole run of number-ish characters, so "1.5.3" or "12ab" is reported as one bad number.
        while (pos_ < s_.size() && (is_alnum(s_[pos_]) || s_[pos_] == '.' || s_[pos_] == '+' || s_[pos_] == '-'))
            ++pos_;
        const std::string_view lit = s_.substr(start, pos_ - start);
        char bad = 0;
        const char* problem = number_problem(lit, bad);
        if (problem && bad)
            fail(start, fmt::format("invalid number '{}': unexpected '{}'", shown(lit), printable({&bad, 1})));
        if (problem) fail(start, fmt::format("invalid number '{}': {}", shown(lit), problem));
        v.kind = JsonValue::Kind::Number;
        v.text = std::string(lit);
        const std::from_chars_result r = std::from_chars(lit.data(), lit.data() + lit.size(), v.number);
        if (r.ec == std::errc::result_out_of_range) v.number = out_of_range_value(lit);
    }

    void parse_literal(JsonValue& v) {
        const std::size_t start = pos_;
        while (pos_ < s_.size() && is_alnum(s_[pos_])) ++pos_;
        const std::string_view word = s_.substr(start, pos_ - start);
        if (word == "true" || word == "false") {
            v.kind = JsonValue::Kind::Bool;
            v.boolean = word == "true";
        } else if (word == "null") {
            v.kind = JsonValue::Kind::Null;
        } else {
            fail(start, "invalid literal '" + shown(word) + "'");
        }
    }

    std::string_view s_;
    const std::string& file_;
    std::size_t pos_ = 0;
    std::size_t loc_pos_ = 0;  // locate() cache: the position last asked for and its line and column
    int loc_line_;
    int loc_col_ = 1;
    int line0_;
};

}  // namespace

JsonValue::JsonValue() = default;

const JsonValue* JsonValue::find(std::string_view key) const {
    if (kind != Kind::Object) return nullptr;
    for (const std::pair<std::string, JsonValue>& m : members)
        if (m.first == key) return &m.second;
    return nullptr;
}

bool JsonValue::is_uint() const { return kind == Kind::Number && parse_decimal(text).has_value(); }

std::uint64_t JsonValue::as_uint() const {
    if (!is_uint()) throw std::invalid_argument("JSON value is not an unsigned 64-bit integer");
    return *parse_decimal(text);
}

const char* kind_name(JsonValue::Kind k) {
    switch (k) {
    case JsonValue::Kind::Null: return "null";
    case JsonValue::Kind::Bool: return "boolean";
    case JsonValue::Kind::Number: return "number";
    case JsonValue::Kind::String: return "string";
    case JsonValue::Kind::Array: return "array";
    case JsonValue::Kind::Object: return "object";
    }
    return "?";
}

JsonValue parse_json(std::string_view text, const std::string& file, int line0) {
    return Parser(text, file, line0).parse_document();
}

std::string json_quote(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b >= 0x20 && b < 0x80 && b != '"' && b != '\\') {
            out += static_cast<char>(b);
            ++i;
            continue;
        }
        switch (b) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (b < 0x20) {
                fmt::format_to(std::back_inserter(out), "\\u{:04x}", b);
            } else {
                const std::size_t n = utf8_len(s, i);
                if (n == 0) {
                    out += "\\ufffd";
                } else if (n == 2 && b == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) {
                    // The C1 controls (U+0080..U+009F, such as the 8-bit CSI) are legal
                    // raw in JSON but act on a terminal that shows the output.
                    fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<unsigned char>(s[i + 1]));
                    i += n;
                    continue;
                } else if (const std::uint32_t cp = n == 3 ? code_point3(s, i) : 0; is_bidi_control(cp)) {
                    // Bidi overrides too: raw, they reorder what a terminal shows of the output.
                    fmt::format_to(std::back_inserter(out), "\\u{:04x}", cp);
                    i += n;
                    continue;
                } else {
                    out.append(s.substr(i, n));
                    i += n;
                    continue;
                }
            }
        }
        ++i;
    }
    out += '"';
    return out;
}

void JsonWriter::before_value() {
    if (stack_.empty()) {
        if (done_) throw std::logic_error("JsonWriter: more than one top-level value");
        return;
    }
    Frame& f = stack_.back();
    if (f.object) {
        if (!after_key_) throw std::logic_error("JsonWriter: value in an object without a key");
        after_key_ = false;
        return;
    }
    if (!f.first) out_ += ',';
    f.first = false;
}

JsonWriter& JsonWriter::key(std::string_view k) {
    if (stack_.empty() || !stack_.back().object || after_key_)
        throw std::logic_error("JsonWriter: key outside an object or twice in a row");
    Frame& f = stack_.back();
    if (!f.first) out_ += ',';
    f.first = false;
    out_ += json_quote(k);
    out_ += ':';
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::begin_object() {
    before_value();
    out_ += '{';
    stack_.push_back(Frame{true});
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    before_value();
    out_ += '[';
    stack_.push_back(Frame{false});
    return *this;
}

void JsonWriter::end(bool object) {
    if (stack_.empty() || stack_.back().object != object || after_key_)
        throw std::logic_error(object ? "JsonWriter: unbalanced end_object" : "JsonWriter: unbalanced end_array");
    out_ += object ? '}' : ']';
    stack_.pop_back();
    done_ = stack_.empty();
}

JsonWriter& JsonWriter::end_object() {
    end(true);
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    end(false);
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
    before_value();
    out_ += json_quote(s);
    done_ = stack_.empty();
    return *this;
}

JsonWriter& JsonWriter::value(const char* s) {
    if (s == nullptr) return null();
    return value(std::string_view(s));
}

JsonWriter& JsonWriter::value(std::int64_t n) {
    before_value();
    fmt::format_to(std::back_inserter(out_), "{}", n);
    done_ = stack_.empty();
    return *this;
}

JsonWriter& JsonWriter::value(WideInt n) {
    before_value();
    fmt::format_to(std::back_inserter(out_), "{}", n);
    done_ = stack_.empty();
    return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t n) {
    before_value();
    fmt::format_to(std::back_inserter(out_), "{}", n);
    done_ = stack_.empty();
    return *this;
}

JsonWriter& JsonWriter::value(int n) { return value(static_cast<std::int64_t>(n)); }

JsonWriter& JsonWriter::value(double d) {
    if (!std::isfinite(d)) return null();
    before_value();
    fmt::format_to(std::back_inserter(out_), "{}", d);
    done_ = stack_.empty();
    return *this;
}

JsonWriter& JsonWriter::value(bool b) {
    before_value();
    out_ += b ? "true" : "false";
    done_ = stack_.empty();
    return *this;
}

JsonWriter& JsonWriter::null() {
    before_value();
    out_ += "null";
    done_ = stack_.empty();
    return *this;
}

}  // namespace pyr
