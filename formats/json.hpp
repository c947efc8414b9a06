// Minimal JSON support without a library: a parser that reports errors as file:line:col
// InputErrors, and a compact writer for stable machine-readable output (JSON Lines).
// Our own reader: it gives each value its line and column and refuses duplicate keys; nlohmann 3.11, Boost.JSON and simdjson do not give both.
#pragma once
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "numbers.hpp"

namespace pyr {

struct JsonValue {
    enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
    bool boolean = false;
    double number = 0;  // overflowing literals become +-inf, underflowing ones +-0
    // Number: the literal as written, so 64-bit seeds survive exactly; String: the decoded UTF-8 text.
    std::string text;
    std::vector<JsonValue> items;                            // Array
    std::vector<std::pair<std::string, JsonValue>> members;  // Object, in file order, keys unique
    int line = 0, col = 0;  // 1-based position of the value's first character in the input

    // Defined out of line: an implicit one makes clang with libstdc++ instantiate std::pair<std::string,
    // JsonValue> while JsonValue is still incomplete, which fails to compile.
    JsonValue();

    // The member named `key` of an Object, nullptr if absent or if this is not an Object.
    const JsonValue* find(std::string_view key) const;
    // A Number written as plain digits (no sign, fraction or exponent) that fits in 64 bits.
    bool is_uint() const;
    // The exact value of an is_uint() Number; throws std::invalid_argument otherwise.
    std::uint64_t as_uint() const;
};

// "null", "boolean", "number", "string", "array", "object": for messages like "expected number, got string".
const char* kind_name(JsonValue::Kind k);

// Parses exactly one JSON value (RFC 8259) from `text`; whitespace around it is allowed. `line0` is the line
// number of the first line of `text` within `file`, so callers can parse one line of a JSON Lines file.
// Columns count Unicode code points, 1-based. Objects must not repeat a key, and nesting is limited to 64
// levels. Throws InputError(file, line, col, message, Severity::Unreadable) on any malformed input.
JsonValue parse_json(std::string_view text, const std::string& file, int line0 = 1);

// `s` as a JSON string literal: quotes, backslashes and control characters escaped (\n \t \r \b \f, others
// \u00XX, C1 controls too), valid UTF-8 passed through, each invalid byte replaced by \ufffd.
std::string json_quote(std::string_view s);

// Builds compact JSON text such as {"a":1,"b":[1,2]}, inserting commas itself. Holds one top-level value;
// for JSON Lines use one writer per line. Misuse (a key outside an object, a value without a key inside one,
// unbalanced end_*, a second top-level value) throws std::logic_error.
class JsonWriter {
public:
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(std::string_view k);  // inside an object, before each value

    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s);  // exact match, so string literals never decay to the bool overload
    JsonWriter& value(std::int64_t n);
    JsonWriter& value(std::uint64_t n);
    JsonWriter& value(WideInt n);  // sums of 64-bit counts (a total score over 2^64 deals)
    JsonWriter& value(int n);
    JsonWriter& value(double d);  // shortest round-trip form; NaN and infinities become null
    JsonWriter& value(bool b);
    JsonWriter& null();

    // Other integer types (unsigned, long long, short...) would be ambiguous between the overloads above.
    template <std::integral T>
        requires(!std::same_as<T, bool>)
    JsonWriter& value(T n) {
        if constexpr (std::is_signed_v<T>)
            return value(static_cast<std::int64_t>(n));
        else
            return value(static_cast<std::uint64_t>(n));
    }
    // A char is more likely a one-letter string than a number: make the caller say which.
    JsonWriter& value(char c) = delete;

    const std::string& str() const { return out_; }

private:
    struct Frame {
        bool object;
        bool first = true;  // no element written yet, so no comma before the next one
    };
    void before_value();
    void end(bool object);

    std::string out_;
    std::vector<Frame> stack_;
    bool after_key_ = false;
    bool done_ = false;  // the top-level value is complete
};

}  // namespace pyr
