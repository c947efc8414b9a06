// Fuzz target: the JSON reader and writer (formats/json).
// Invariant: a value parsed and written back with JsonWriter parses to the
// same value (numbers compared as doubles: the writer writes the shortest
// round-trip form; a literal beyond double's range reads as an infinity and is
// written as null).
#include <cmath>
#include <string>

#include "formats/json.hpp"
#include "fuzz_common.hpp"

namespace {

using namespace pyr;

void write(const JsonValue& v, JsonWriter& w) {
    switch (v.kind) {
    case JsonValue::Kind::Null: w.null(); break;
    case JsonValue::Kind::Bool: w.value(v.boolean); break;
    case JsonValue::Kind::Number:
        if (v.is_uint())
            w.value(v.as_uint());
        else
            w.value(v.number);
        break;
    case JsonValue::Kind::String: w.value(v.text); break;
    case JsonValue::Kind::Array:
        w.begin_array();
        for (const JsonValue& item : v.items) write(item, w);
        w.end_array();
        break;
    case JsonValue::Kind::Object:
        w.begin_object();
        for (const auto& [key, member] : v.members) {
            w.key(key);
            write(member, w);
        }
        w.end_object();
        break;
    }
}

void check_same(const JsonValue& a, const JsonValue& b) {
    if (a.kind == JsonValue::Kind::Number && !std::isfinite(a.number)) {
        fuzz::require(b.kind == JsonValue::Kind::Null, "an infinite number not written as null");
        return;
    }
    fuzz::require(a.kind == b.kind, "kind changed");
    switch (a.kind) {
    case JsonValue::Kind::Null: break;
    case JsonValue::Kind::Bool: fuzz::require(a.boolean == b.boolean, "boolean changed"); break;
    case JsonValue::Kind::Number:
        // 64-bit integers exactly; anything else as the double it reads as ("1.0" may come back as "1").
        if (a.is_uint())
            fuzz::require(b.is_uint() && a.as_uint() == b.as_uint(), "integer changed: " + a.text + " " + b.text);
        else
            fuzz::require(a.number == b.number, "number changed: " + excerpt(a.text) + " " + excerpt(b.text));
        break;
    case JsonValue::Kind::String: fuzz::require(a.text == b.text, "string changed"); break;
    case JsonValue::Kind::Array:
        fuzz::require(a.items.size() == b.items.size(), "array length changed");
        for (std::size_t i = 0; i < a.items.size(); ++i) check_same(a.items[i], b.items[i]);
        break;
    case JsonValue::Kind::Object:
        fuzz::require(a.members.size() == b.members.size(), "object size changed");
        for (std::size_t i = 0; i < a.members.size(); ++i) {
            fuzz::require(a.members[i].first == b.members[i].first, "key changed");
            check_same(a.members[i].second, b.members[i].second);
        }
        break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    JsonValue v;
    try {
        v = parse_json(text, "fuzz");
    } catch (const InputError& e) {
        fuzz::check_message(e);
        return 0;
    }
    JsonWriter w;
    write(v, w);
    JsonValue again;
    try {
        again = parse_json(w.str(), "round-trip");
    } catch (const InputError& e) {
        fuzz::fail("written JSON does not parse: " + e.format() + "\n" + printable(w.str()));
    }
    check_same(v, again);
    JsonWriter w2;
    write(again, w2);
    fuzz::require(w2.str() == w.str(), "written JSON is not canonical");
    return 0;
}
