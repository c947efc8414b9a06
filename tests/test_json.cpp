// Tests for formats/json: parser values and error positions, writer output, and round trips.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "formats/error.hpp"
#include "formats/json.hpp"

using pyr::JsonValue;
using pyr::JsonWriter;
using pyr::parse_json;
using Kind = JsonValue::Kind;

namespace {

// "line:col: message" of the error parse_json reports, so a test checks position and wording at once.
std::string error_of(std::string_view text, int line0 = 1) {
    try {
        parse_json(text, "t.json", line0);
    } catch (const pyr::InputError& e) {
        CHECK(e.file == "t.json");
        CHECK(e.severity == pyr::Severity::Unreadable);
        return std::to_string(e.line) + ":" + std::to_string(e.col) + ": " + e.message;
    }
    return "no error";
}

// Writes `v` back with JsonWriter, the way callers would, to test parse(write(x)).
void write(JsonWriter& w, const JsonValue& v) {
    switch (v.kind) {
    case Kind::Null: w.null(); break;
    case Kind::Bool: w.value(v.boolean); break;
    case Kind::Number:
        if (v.is_uint())
            w.value(v.as_uint());
        else
            w.value(v.number);
        break;
    case Kind::String: w.value(v.text); break;
    case Kind::Array:
        w.begin_array();
        for (const JsonValue& item : v.items) write(w, item);
        w.end_array();
        break;
    case Kind::Object:
        w.begin_object();
        for (const std::pair<std::string, JsonValue>& m : v.members) {
            w.key(m.first);
            write(w, m.second);
        }
        w.end_object();
        break;
    }
}

std::string rewrite(std::string_view text) {
    JsonWriter w;
    write(w, parse_json(text, "t.json"));
    return w.str();
}

}  // namespace

TEST_CASE("json: scalars and positions") {
    JsonValue v = parse_json("  {\"a\": [1, -2.5e3, true, false, null, \"x\"],\n \"b\": {}}", "t.json");
    REQUIRE(v.kind == Kind::Object);
    CHECK(v.line == 1);
    CHECK(v.col == 3);
    REQUIRE(v.members.size() == 2);
    CHECK(v.members[0].first == "a");
    CHECK(v.members[1].first == "b");
    const JsonValue* a = v.find("a");
    REQUIRE(a != nullptr);
    REQUIRE(a->kind == Kind::Array);
    REQUIRE(a->items.size() == 6);
    CHECK(a->col == 9);
    CHECK(a->items[0].number == 1);
    CHECK(a->items[0].col == 10);
    CHECK(a->items[1].number == -2500);
    CHECK(a->items[1].text == "-2.5e3");
    CHECK(a->items[1].col == 13);
    CHECK(a->items[2].kind == Kind::Bool);
    CHECK(a->items[2].boolean);
    CHECK(a->items[3].kind == Kind::Bool);
    CHECK_FALSE(a->items[3].boolean);
    CHECK(a->items[4].kind == Kind::Null);
    CHECK(a->items[5].kind == Kind::String);
    CHECK(a->items[5].text == "x");
    const JsonValue* b = v.find("b");
    REQUIRE(b != nullptr);
    CHECK(b->kind == Kind::Object);
    CHECK(b->line == 2);
    CHECK(b->col == 7);
    CHECK(v.find("c") == nullptr);
    CHECK(a->find("a") == nullptr);
    CHECK(pyr::kind_name(b->kind) == std::string("object"));
}

TEST_CASE("json: columns count code points and line0 offsets lines") {
    JsonValue v = parse_json("[\"é€😀\", 7]", "t.json", 40);
    REQUIRE(v.items.size() == 2);
    CHECK(v.items[0].text == "é€😀");
    CHECK(v.items[1].line == 40);
    CHECK(v.items[1].col == 9);
}

TEST_CASE("json: string escapes and surrogate pairs") {
    JsonValue v = parse_json(R"("a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u20ac\ud83d\ude00\u0000")", "t.json");
    CHECK(v.text == std::string("a\"b\\c/d\b\f\n\r\tA\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80", 22) + std::string(1, '\0'));
    CHECK(parse_json(R"("\uD834\uDD1E")", "t.json").text == "\xF0\x9D\x84\x9E");  // U+1D11E, upper-case hex
    CHECK(parse_json(R"("\udbff\udfff")", "t.json").text == "\xF4\x8F\xBF\xBF");  // U+10FFFF
}

TEST_CASE("json: numbers") {
    CHECK(parse_json("0", "t").number == 0);
    CHECK(parse_json("-0", "t").text == "-0");
    CHECK(parse_json("0.5", "t").number == 0.5);
    CHECK(parse_json("1E+2", "t").number == 100);
    CHECK(parse_json("1e-2", "t").number == 0.01);
    CHECK(parse_json("1e400", "t").number == std::numeric_limits<double>::infinity());
    CHECK(parse_json("-1e400", "t").number == -std::numeric_limits<double>::infinity());
    CHECK(parse_json("1e-400", "t").number == 0);
    CHECK(parse_json("-0.0000000001e-400", "t").number == 0);
    CHECK(parse_json("0.001e312", "t").number == std::numeric_limits<double>::infinity());
}

TEST_CASE("json: as_uint is exact over the whole 64-bit range") {
    JsonValue max = parse_json("18446744073709551615", "t");
    REQUIRE(max.is_uint());
    CHECK(max.as_uint() == std::numeric_limits<std::uint64_t>::max());
    JsonValue over = parse_json("18446744073709551616", "t");
    CHECK(over.kind == Kind::Number);
    CHECK_FALSE(over.is_uint());
    CHECK_THROWS_AS(over.as_uint(), std::invalid_argument);
    CHECK(parse_json("0", "t").as_uint() == 0);
    CHECK(parse_json("9007199254740993", "t").as_uint() == 9007199254740993ULL);  // not representable as double
    CHECK_FALSE(parse_json("-1", "t").is_uint());
    CHECK_FALSE(parse_json("1.0", "t").is_uint());
    CHECK_FALSE(parse_json("1e3", "t").is_uint());
    CHECK_FALSE(parse_json("\"1\"", "t").is_uint());
}

TEST_CASE("json: structural errors with positions") {
    CHECK(error_of("{\"a\": 1 x}") == "1:9: expected ',' or '}' in object, got 'x'");
    CHECK(error_of("[1 2]") == "1:4: expected ',' or ']' in array, got '2'");
    CHECK(error_of("[1,") == "1:4: expected JSON value, got end of input");
    CHECK(error_of("[1,]") == "1:4: expected JSON value, got ']'");
    CHECK(error_of("{\"a\" 1}") == "1:6: expected ':' after object key, got '1'");
    CHECK(error_of("{\"a\":1,}") == "1:8: expected string key in object, got '}'");
    CHECK(error_of("{a:1}") == "1:2: expected string key in object, got 'a'");
    CHECK(error_of("") == "1:1: expected JSON value, got end of input");
    CHECK(error_of("   \n  ") == "2:3: expected JSON value, got end of input");
    CHECK(error_of("{\"a\":1} x") == "1:9: trailing characters after JSON value");
    CHECK(error_of("1 2") == "1:3: trailing characters after JSON value");
    CHECK(error_of("{\"seed\": 1, \"seed\": 2}") == "1:13: duplicate key \"seed\"");
    CHECK(error_of("[tru]") == "1:2: invalid literal 'tru'");
    CHECK(error_of("nullx") == "1:1: invalid literal 'nullx'");
    CHECK(error_of("NaN") == "1:1: invalid literal 'NaN'");
    CHECK(error_of("[']") == "1:2: expected JSON value, got '''");
    CHECK(error_of("[é]") == "1:2: expected JSON value, got 'é'");
}

TEST_CASE("json: duplicate keys in large objects") {
    std::string text = "{";
    for (int i = 0; i < 100; ++i) text += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",\n";
    text += "\"k50\":0}";
    CHECK(error_of(text) == "101:1: duplicate key \"k50\"");
    CHECK(error_of(text, 10) == "110:1: duplicate key \"k50\"");
}

TEST_CASE("json: number errors") {
    CHECK(error_of("01") == "1:1: invalid number '01': leading zero");
    CHECK(error_of("[-012]") == "1:2: invalid number '-012': leading zero");
    CHECK(error_of("+1") == "1:1: invalid number '+1': leading '+'");
    CHECK(error_of(".5") == "1:1: invalid number '.5': missing digit before '.'");
    CHECK(error_of("[1.]") == "1:2: invalid number '1.': expected digit after '.'");
    CHECK(error_of("1e") == "1:1: invalid number '1e': expected digit in exponent");
    CHECK(error_of("1e+") == "1:1: invalid number '1e+': expected digit in exponent");
    CHECK(error_of("-") == "1:1: invalid number '-': expected digit");
    CHECK(error_of("-Infinity") == "1:1: invalid number '-Infinity': expected digit");
    CHECK(error_of("1.5.3") == "1:1: invalid number '1.5.3': unexpected '.'");
    CHECK(error_of("12ab") == "1:1: invalid number '12ab': unexpected 'a'");
    CHECK(error_of(std::string(100, '1') + "x") == "1:1: invalid number '" + std::string(40, '1') +
                                                       "...': unexpected 'x'");
}

TEST_CASE("json: string errors") {
    CHECK(error_of("[\"abc") == "1:2: unterminated string");
    CHECK(error_of("[\"abc\\") == "1:2: unterminated string");
    CHECK(error_of("{\"a\": \"b\n\"}") == "1:7: unterminated string");
    CHECK(error_of("\"a\\qb\"") == "1:3: invalid escape '\\q'");
    CHECK(error_of("\"a\\éb\"") == "1:3: invalid escape '\\é'");
    CHECK(error_of("\"\\u12\"") == "1:2: invalid escape '\\u': expected 4 hex digits");
    CHECK(error_of("\"\\u12G4\"") == "1:2: invalid escape '\\u': expected 4 hex digits");
    CHECK(error_of("\"x\\ud83d\"") == "1:3: lone surrogate '\\ud83d'");
    CHECK(error_of("\"x\\ud83dA\"") == "1:3: lone surrogate '\\ud83d'");
    CHECK(error_of("\"x\\ud83d\\u0041\"") == "1:3: lone surrogate '\\ud83d'");
    CHECK(error_of("\"x\\ud83d\\ud83d\"") == "1:3: lone surrogate '\\ud83d'");
    CHECK(error_of("\"x\\uDE00\"") == "1:3: lone surrogate '\\uDE00'");
    CHECK(error_of("\"a\tb\"") == "1:3: unescaped control character '\\t' in string");
    CHECK(error_of(std::string("\"a\0b\"", 5)) == "1:3: unescaped control character '\\x00' in string");
    CHECK(error_of("\"é\xff\"") == "1:3: invalid UTF-8 in string");
    CHECK(error_of("\"\xc3\"") == "1:2: invalid UTF-8 in string");            // truncated sequence
    CHECK(error_of("\"\xc0\xaf\"") == "1:2: invalid UTF-8 in string");        // overlong '/'
    CHECK(error_of("\"\xed\xa0\x80\"") == "1:2: invalid UTF-8 in string");    // encoded surrogate
    CHECK(error_of("\"\xf4\x90\x80\x80\"") == "1:2: invalid UTF-8 in string");  // above U+10FFFF
}

TEST_CASE("json: errors on later lines and with line0") {
    const std::string text = "{\n  \"deal\": [1, 2,\n           3 4],\n  \"x\": 1\n}";
    CHECK(error_of(text) == "3:14: expected ',' or ']' in array, got '4'");
    CHECK(error_of(text, 7) == "9:14: expected ',' or ']' in array, got '4'");
    CHECK(error_of("{\"name\": \"é€\", \"q\": \"\\q\"}", 12) == "12:22: invalid escape '\\q'");
    CHECK(error_of("\r\n\r\n  [1}", 3) == "5:5: expected ',' or ']' in array, got '}'");
}

TEST_CASE("json: nesting limit") {
    const std::string ok = std::string(64, '[') + std::string(64, ']');
    CHECK(error_of(ok) == "no error");
    CHECK(error_of(std::string(65, '[') + std::string(65, ']')) == "1:65: nesting deeper than 64 levels");
    CHECK(error_of(std::string(10000, '[')) == "1:65: nesting deeper than 64 levels");
    std::string objects;
    for (int i = 0; i < 10000; ++i) objects += "{\"a\":";
    CHECK(error_of(objects) == "1:321: nesting deeper than 64 levels");
}

TEST_CASE("json: arbitrary bytes never crash") {
    // Every single byte and every pair of interesting bytes, alone and after a prefix: each either
    // parses or throws InputError, nothing else.
    const char bytes[] = "\0\x01\t\n \"\\/[]{},:-+.0123456789eEtfnu\x7f\x80\xbf\xc3\xed\xf0\xff";
    const std::string interesting(bytes, sizeof bytes - 1);
    const char* prefixes[] = {"", "[", "{", "\"", "{\"a\"", "{\"a\":", "\"\\", "\"\\u", "\"\\ud800", "-", "1."};
    int parsed = 0;
    for (const char* prefix : prefixes) {
        for (char a : interesting) {
            for (char b : interesting) {
                const std::string text = std::string(prefix) + a + b;
                try {
                    parse_json(text, "t");
                    ++parsed;
                } catch (const pyr::InputError&) {
                }
            }
        }
    }
    CHECK(parsed > 0);
}

TEST_CASE("json: large input is linear") {
    std::string text = "[";
    for (int i = 0; i < 200000; ++i) text += (i ? ",\"é\"" : "\"é\"");
    text += "]";
    JsonValue v = parse_json(text, "t");
    CHECK(v.items.size() == 200000);
    CHECK(v.items.back().col == 4 * 200000 - 2);
    std::string obj = "{";
    for (int i = 0; i < 100000; ++i) obj += (i ? "," : "") + ("\"k" + std::to_string(i) + "\":" + std::to_string(i));
    obj += "}";
    CHECK(parse_json(obj, "t").members.size() == 100000);
}

TEST_CASE("json_quote") {
    CHECK(pyr::json_quote("plain") == "\"plain\"");
    CHECK(pyr::json_quote("a\"b\\c") == "\"a\\\"b\\\\c\"");
    CHECK(pyr::json_quote("\n\t\r\b\f") == "\"\\n\\t\\r\\b\\f\"");
    CHECK(pyr::json_quote(std::string("\0\x01\x1b\x1f", 4)) == "\"\\u0000\\u0001\\u001b\\u001f\"");
    CHECK(pyr::json_quote("/\x7f") == "\"/\x7f\"");
    CHECK(pyr::json_quote("é€😀") == "\"é€😀\"");
    CHECK(pyr::json_quote("a\xff" "b") == "\"a\\ufffdb\"");
    CHECK(pyr::json_quote("\xc3") == "\"\\ufffd\"");                            // truncated
    CHECK(pyr::json_quote("\xe2\x82") == "\"\\ufffd\\ufffd\"");                 // one replacement per byte
    CHECK(pyr::json_quote("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");     // encoded surrogate
    // Bidi controls are escaped like C1 controls: raw, they reorder a terminal's view of the output.
    CHECK(pyr::json_quote("a\u202eb\u2066c\u200fd") == "\"a\\u202eb\\u2066c\\u200fd\"");
    CHECK(pyr::json_quote("\u2029\u2030") == "\"\u2029\u2030\"");  // their neighbours stay raw
    CHECK(parse_json(pyr::json_quote("\u202e"), "t").text == "\u202e");
    // Whatever goes in, what comes out parses back: invalid bytes as U+FFFD, the rest unchanged.
    CHECK(parse_json(pyr::json_quote("x\xffy\x01\xc3\xa9"), "t").text == "x\xEF\xBF\xBDy\x01\xC3\xA9");
}

TEST_CASE("JsonWriter: commas and nesting") {
    JsonWriter w;
    w.begin_object().key("a").value(1).key("b").begin_array().value(1).value(2).end_array();
    w.key("c").begin_object().end_object().key("d").begin_array().end_array();
    w.key("e").begin_array().begin_array().end_array().begin_object().key("x").null().end_object().value(3).end_array();
    w.end_object();
    CHECK(w.str() == R"({"a":1,"b":[1,2],"c":{},"d":[],"e":[[],{"x":null},3]})");

    JsonWriter top;
    top.value("alone");
    CHECK(top.str() == "\"alone\"");
    CHECK_THROWS_AS(top.value(1), std::logic_error);
}

TEST_CASE("JsonWriter: overloads") {
    const std::string s = "str";
    const std::string_view sv = "view";
    const char* cs = "cstr";
    char buf[] = "buf";
    JsonWriter w;
    w.begin_array();
    w.value("lit").value(cs).value(buf).value(s).value(sv);
    w.value(true).value(false);
    w.value(-7).value(std::int64_t{-9223372036854775807 - 1}).value(std::numeric_limits<std::uint64_t>::max());
    w.value(3u).value(4LL).value(static_cast<short>(-5)).value(std::size_t{6});
    w.value(0.1).value(1.0).value(-2.5e-300).value(1e300);
    w.value(std::nan("")).value(std::numeric_limits<double>::infinity());
    w.value(static_cast<const char*>(nullptr));
    w.end_array();
    CHECK(w.str() == "[\"lit\",\"cstr\",\"buf\",\"str\",\"view\",true,false,-7,-9223372036854775808,"
                     "18446744073709551615,3,4,-5,6,0.1,1,-2.5e-300,1e+300,null,null,null]");
    // Doubles come back bit for bit.
    JsonValue v = parse_json(w.str(), "t");
    CHECK(v.items[14].number == 0.1);
    CHECK(v.items[16].number == -2.5e-300);
}

TEST_CASE("JsonWriter: misuse throws") {
    CHECK_THROWS_AS(JsonWriter().key("a"), std::logic_error);
    CHECK_THROWS_AS(JsonWriter().begin_object().value(1), std::logic_error);
    CHECK_THROWS_AS(JsonWriter().begin_object().key("a").key("b"), std::logic_error);
    CHECK_THROWS_AS(JsonWriter().begin_object().key("a").end_object(), std::logic_error);
    CHECK_THROWS_AS(JsonWriter().begin_array().end_object(), std::logic_error);
    CHECK_THROWS_AS(JsonWriter().end_array(), std::logic_error);
    CHECK_THROWS_AS(JsonWriter().begin_array().key("a"), std::logic_error);
}

TEST_CASE("json: round trip parse(write(x))") {
    const std::string compact =
        R"({"seed":18446744073709551615,"name":"pyr\u00e9\n\"q\"","deal":[["KS","QH"],[],[{}]],)"
        R"("score":-12.75,"small":5e-324,"ok":true,"no":false,"none":null,"nested":{"a":{"b":{"c":[1,[2,[3]]]}}}})";
    const std::string once = rewrite(compact);
    CHECK(rewrite(once) == once);  // writing is stable
    CHECK(once == R"({"seed":18446744073709551615,"name":"pyré\n\"q\"","deal":[["KS","QH"],[],[{}]],)"
                  R"("score":-12.75,"small":5e-324,"ok":true,"no":false,"none":null,)"
                  R"("nested":{"a":{"b":{"c":[1,[2,[3]]]}}}})");
    JsonValue v = parse_json(once, "t");
    CHECK(v.find("seed")->as_uint() == std::numeric_limits<std::uint64_t>::max());
    CHECK(v.find("name")->text == "pyré\n\"q\"");
    CHECK(v.find("small")->number == 5e-324);
    CHECK(v.find("nested")->find("a")->find("b")->find("c")->items[1].items[1].items[0].number == 3);
    // Whitespace and escapes in the input do not change the output.
    CHECK(rewrite(" {\n\t\"k\" : [ 1 , \"\\u0041\" ] \r\n} ") == R"({"k":[1,"A"]})");
}
