// TOML to Variant: every key checked for type and range, unknown keys refused,
// `base` chains followed with cycle detection.
#include "variant_toml.hpp"

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include <sys/stat.h>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "error.hpp"
#include "near_name.hpp"
#include "text.hpp"

namespace pyr {

namespace {

constexpr int MaxBaseDepth = 16;
constexpr std::size_t MaxBaseBytes = 1024;

struct Where {
    std::string file;
    int line = 0, col = 0;
};

Where where_of(const std::string& file, const toml::source_region& src) {
    return {file, static_cast<int>(src.begin.line), static_cast<int>(src.begin.column)};
}

[[noreturn]] void fail(const Where& w, const std::string& msg) { throw InputError(w.file, w.line, w.col, msg); }

// Why `name` cannot be a variant name, or "". The name is written as one token
// after `variant` in deals and logs and read back from there, and it names a
// file in the user's variant folder: it must survive both unchanged.
std::string name_problem(const std::string& name) {
    constexpr std::size_t MaxNameBytes = 64;
    if (name.size() > MaxNameBytes) return fmt::format("name is longer than {} bytes", MaxNameBytes);
    for (const char ch : name) {
        const auto c = static_cast<unsigned char>(ch);
        const bool ascii_ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                              c == '-' || c == '_' || c == '.' || c == '+';
        if (c < 0x80 && !ascii_ok)
            return fmt::format("name may hold letters, digits and - _ . + only, not '{}'", printable({&ch, 1}));
    }
    if (printable(name) != name) return "name must not hold control characters";
    if (name.ends_with(".toml")) return "name must not end in .toml: that spells a file";
    return "";
}

const char* type_name(const toml::node& n) {
    switch (n.type()) {
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a number with a fraction";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::array: return "an array";
    case toml::node_type::table: return "a table";
    default: return "a date or time";
    }
}

// toml++ recurses once per part of a dotted key or table header and once per
// nested array or inline table: tens of thousands of parts overflow the stack.
// So what reaches it is bounded first, by a scan that skips strings and comments.
constexpr int MaxKeyParts = 32;
constexpr int MaxNesting = 32;

class DepthScan {
public:
    DepthScan(std::string_view text, const std::string& source) : text_(text), source_(source) {}

    void run() {
        while (i_ < text_.size()) {
            const char c = text_[i_];
            if (c == '"' || c == '\'') {
                skip_string(c);  // a quoted key part keeps the count going
                continue;
            }
            if (c == '#') {
                while (i_ < text_.size() && text_[i_] != '\n') step();
                continue;
            }
            if (c == '.' && ++dots_ >= MaxKeyParts)
                refuse(fmt::format("a dotted key of more than {} parts", MaxKeyParts));
            if ((c == '[' || c == '{') && ++nesting_ > MaxNesting)
                refuse(fmt::format("arrays or tables nested more than {} deep", MaxNesting));
            if ((c == ']' || c == '}') && nesting_ > 0) --nesting_;
            if (!is_key_char(c)) dots_ = 0;
            step();
        }
    }

private:
    static bool is_key_char(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
               c == '-' || c == '.' || c == ' ' || c == '\t';
    }
    // One byte on; columns count characters, as toml++'s do.
    void step() {
        const auto c = static_cast<unsigned char>(text_[i_++]);
        if (c == '\n') {
            ++line_;
            col_ = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++col_;
        }
    }
    // A basic or literal string, one-line or multi-line; an unterminated one runs to
    // the end (of the line), where toml++ reports it.
    void skip_string(char quote) {
        const bool multi = text_.substr(i_, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''");
        for (int k = 0; k < (multi ? 3 : 1); ++k) step();
        while (i_ < text_.size()) {
            const char c = text_[i_];
            if (!multi && c == '\n') return;
            if (c == '\\' && quote == '"') {
                step();
                if (i_ < text_.size()) step();
                continue;
            }
            if (c == quote && (!multi || text_.substr(i_, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''"))) {
                for (int k = 0; k < (multi ? 3 : 1); ++k) step();
                return;
            }
            step();
        }
    }
    [[noreturn]] void refuse(const std::string& what) {
        throw InputError(source_, line_, col_, fmt::format("{}: not a variant file", what));
    }

    std::string_view text_;
    const std::string& source_;
    std::size_t i_ = 0;
    int line_ = 1, col_ = 1;
    int dots_ = 0;  // in the current run of key characters: a key of dots_ + 1 parts
    int nesting_ = 0;
};

// A file of a `base` chain: its name in messages, and what it is.
struct ChainLink {
    std::string source;
    std::string identity;
};

// What a variant file is, however its path is spelled ("a.toml", "../x/a.toml",
// a symbolic link to it): its device and inode. A preset or stdin: its name.
std::string identity_of(const std::string& source, bool is_file) {
    struct stat st {};
    if (is_file && ::stat(source.c_str(), &st) == 0) return fmt::format("{}:{}", st.st_dev, st.st_ino);
    return source;
}

// A file already in the chain closes a cycle: named once, from that file on,
// each file as the chain first spelled it.
void check_cycle(const std::vector<ChainLink>& chain, const ChainLink& next) {
    for (auto seen = chain.begin(); seen != chain.end(); ++seen) {
        if (seen->identity != next.identity) continue;
        std::string path;
        for (auto it = seen; it != chain.end(); ++it) path += printable(it->source) + " -> ";
        // No file: parse() of the file whose `base` closes the cycle adds its line and column.
        throw InputError("", 0, 0, fmt::format("base cycle: {}{}", path, printable(seen->source)));
    }
}

// The table of a variant file; binary data, and nesting too deep for toml++,
// are refused before it reads the text.
toml::table read_table(std::string_view text, const std::string& source) {
    if (text.find('\0') != std::string_view::npos)
        throw InputError(source, 0, 0, "binary data (a NUL byte): not a TOML file");
    DepthScan(text, source).run();
    try {
        return toml::parse(text, source);
    } catch (const toml::parse_error& e) {
        fail(where_of(source, e.source()), fmt::format("TOML: {}", printable(e.description())));
    }
}

// A key of a variant file with its value, read as the type the key takes: a
// value of another type, or out of range, fails at the value, naming the key.
struct Field {
    const std::string& source;
    const std::string& key;
    const toml::node& node;
    Where at;      // the value
    Where key_at;  // the key

    int integer(int lo, int hi) const {
        const auto* i = node.as_integer();
        if (!i) fail(at, fmt::format("{} must be an integer, not {}", key, type_name(node)));
        if (i->get() < lo || i->get() > hi) fail(at, fmt::format("{} must be {} to {}, not {}", key, lo, hi, i->get()));
        return static_cast<int>(i->get());
    }
    bool boolean() const {
        const auto* b = node.as_boolean();
        if (!b) fail(at, fmt::format("{} must be true or false, not {}", key, type_name(node)));
        return b->get();
    }
    std::string choice(std::initializer_list<std::string_view> allowed) const {
        const auto* s = node.as_string();
        std::string list;
        for (std::string_view a : allowed) list += (list.empty() ? "\"" : ", \"") + std::string(a) + "\"";
        if (!s) fail(at, fmt::format("{} must be one of {}, not {}", key, list, type_name(node)));
        for (std::string_view a : allowed)
            if (s->get() == a) return s->get();
        fail(at, fmt::format("{} must be one of {}, not \"{}\"", key, list, excerpt(s->get())));
    }
    std::string string() const {
        const auto* s = node.as_string();
        if (!s) fail(at, fmt::format("{} must be a string, not {}", key, type_name(node)));
        if (s->get().size() > 200) fail(at, fmt::format("{} is longer than 200 bytes", key));
        return s->get();
    }
};

// What a file sets, key by key, before the checks of the rules as a whole.
struct Settings {
    Variant v;
    bool named = false;
    std::optional<std::int64_t> unfit_target;  // a target too large for an int
};

void read_name(const Field& f, Settings& s) {
    s.v.name = f.string();
    s.named = true;
    if (s.v.name.empty() || s.v.name.find_first_of(" \t\r\n") != std::string::npos)
        fail(f.at, "name must be one word, without spaces");
    if (const std::string why = name_problem(s.v.name); !why.empty()) fail(f.at, why);
}

void read_summary(const Field& f, Variant& v) {
    v.summary = f.string();
    // `variants` prints it on the terminal as it is.
    if (printable(v.summary) != v.summary)
        fail(f.at, "summary must not hold control characters (tabs, escapes, line breaks)");
}

// Its range depends on the deck, perhaps set further on or in the base:
// check() says it for any value that fits an int.
void read_target(const Field& f, Settings& s) {
    const auto* i = f.node.as_integer();
    if (!i) fail(f.at, fmt::format("target must be an integer, not {}", type_name(f.node)));
    if (i->get() < INT_MIN || i->get() > INT_MAX) s.unfit_target = i->get();
    else s.v.target = static_cast<int>(i->get());
}

void read_passes(const Field& f, Variant& v) {
    if (f.node.is_string()) {
        f.choice({"unlimited"});
        v.passes = UnlimitedPasses;
        return;
    }
    if (!f.node.is_integer())
        fail(f.at, fmt::format("passes must be an integer or \"unlimited\", not {}", type_name(f.node)));
    v.passes = f.integer(1, 99);
}

void read_pass_bonus(const Field& f, Variant& v) {
    const auto* arr = f.node.as_array();
    if (!arr) fail(f.at, fmt::format("pass_bonus must be an array of integers, not {}", type_name(f.node)));
    if (arr->size() > 99) fail(f.at, "pass_bonus has more than 99 entries");
    v.pass_bonus.clear();
    for (const toml::node& item : *arr) {
        const auto* i = item.as_integer();
        if (!i || i->get() < -10000 || i->get() > 10000)
            fail(where_of(f.source, item.source()), "pass_bonus entries must be integers from -10000 to 10000");
        v.pass_bonus.push_back(static_cast<int>(i->get()));
    }
}

// Every key read_key() knows, and `base`: the names a mistyped key is near.
const std::vector<std::string> VariantKeys = {
    "base", "name", "summary", "deck", "target", "layout", "rows", "reserve", "piles", "pile_depth", "passes", "draw",
    "waste_piles", "turned_pairs_waste", "overlapping", "goal", "scored", "pass_bonus", "card_penalty", "series"};

// One key of a file (not `base`) into what the file sets.
void read_key(const Field& f, Settings& s) {
    const std::string& k = f.key;
    Variant& v = s.v;
    if (k == "name") read_name(f, s);
    else if (k == "summary") read_summary(f, v);
    else if (k == "deck") v.deck = f.choice({"french", "spanish"}) == "french" ? DeckKind::French : DeckKind::Spanish;
    else if (k == "target") read_target(f, s);
    else if (k == "layout")
        v.layout = f.choice({"pyramid", "triangle"}) == "pyramid" ? LayoutKind::Pyramid : LayoutKind::Triangle;
    else if (k == "rows") v.rows = f.integer(1, 9);
    else if (k == "reserve") v.reserve = f.integer(0, 12);
    else if (k == "piles") v.piles = f.integer(0, 12);
    else if (k == "pile_depth") v.pile_depth = f.integer(0, 6);
    else if (k == "passes") read_passes(f, v);
    else if (k == "draw") v.draw = f.integer(1, 3);
    else if (k == "waste_piles") v.waste_piles = f.integer(1, MaxWastePiles);
    else if (k == "turned_pairs_waste") v.turned_pairs_waste = f.boolean();
    else if (k == "overlapping") v.overlapping = f.boolean();
    else if (k == "goal") v.goal = f.choice({"all", "pyramid"}) == "all" ? Goal::AllCards : Goal::Pyramid;
    else if (k == "scored") v.scored = f.boolean();
    else if (k == "pass_bonus") read_pass_bonus(f, v);
    else if (k == "card_penalty") v.card_penalty = f.integer(0, 1000);
    else if (k == "series") v.series = f.integer(0, 100);
    else if (f.node.is_table() || f.node.is_array_of_tables())
        fail(f.key_at, fmt::format("unknown table '{}': a variant's keys stand at the top of the file, under no [table]",
                                   excerpt(k)));
    else fail(f.key_at, fmt::format("unknown key '{}'{}", excerpt(k), did_you_mean(k, VariantKeys)));
}

// The name of a user file without a `name` key: the file's.
std::string name_of_file(const std::string& source) {
    const std::string stem = std::filesystem::path(source).stem().string();
    std::string name = stem.empty() || source == "<stdin>" ? "custom" : stem;
    if (const std::string why = name_problem(name); !why.empty())
        throw InputError(source, 0, 0,
                         fmt::format("the file name cannot serve as the variant's name ({}): add a 'name' key", why));
    return name;
}

// "par, but passes = unlimited": the base's name and every rule this file changed; the
// base's own summary when it changed none.
std::string derived_summary(const Variant& base, const Variant& v);

class Loader {
public:
    Variant load(const std::string& spec, const std::string& from_dir, std::vector<ChainLink>& chain) {
        // A NUL would cut the name short on its way to the file system
        // ("trad\0" loading variants/trad): no name or path holds a control character.
        if (printable(spec) != spec)
            throw InputError("", 0, 0, fmt::format("bad variant name '{}': it holds control characters", excerpt(spec)));
        std::string source, text, dir = ".";
        if (is_variant_path(spec)) {
            const std::filesystem::path p = spec == "-" || std::filesystem::path(spec).is_absolute()
                                                ? std::filesystem::path(spec)
                                                : std::filesystem::path(from_dir) / spec;
            source = spec == "-" ? "<stdin>" : p.lexically_normal().string();
            text = spec == "-" ? read_stdin() : read_file(source, MaxSmallFileBytes, "a variant file");
            dir = spec == "-" ? "." : p.parent_path().string();
            if (dir.empty()) dir = ".";
        } else if (const Preset* preset = find_preset(spec)) {
            refuse_user_shadow(preset->name);
            source = std::string(preset->name) + ".toml (preset)";
            text = std::string(preset->text);
        } else {
            const std::string user = user_variant_dir() + "/" + spec + ".toml";
            // The error_code form: a name too long for the file system, or a folder we may
            // not search, is an unknown variant, not an uncaught filesystem_error.
            std::error_code ec;
            if (!std::filesystem::exists(user, ec)) {
                std::string names;
                std::vector<std::string> list;
                for (const Preset& p : presets()) {
                    names += (names.empty() ? "" : ", ") + std::string(p.name);
                    list.emplace_back(p.name);
                }
                throw InputError("", 0, 0, fmt::format("unknown variant '{}' (presets: {}){}", excerpt(spec), names,
                                                       did_you_mean(ascii_lower(spec), list)));
            }
            source = user;
            text = read_file(user, MaxSmallFileBytes, "a variant file");
            dir = user_variant_dir();
        }
        const ChainLink link{source, identity_of(source, is_variant_path(spec) ? spec != "-" : !find_preset(spec))};
        check_cycle(chain, link);
        if (static_cast<int>(chain.size()) >= MaxBaseDepth)
            throw InputError("", 0, 0, fmt::format("base chain deeper than {} files", MaxBaseDepth));
        chain.push_back(link);
        Variant v = parse(text, source, dir, chain);
        chain.pop_back();
        if (chain.empty()) check_name(v, spec, source);
        return v;
    }

    Variant parse(std::string_view text, const std::string& source, const std::string& dir,
                  std::vector<ChainLink>& chain) {
        const toml::table table = read_table(text, source);
        Settings s;
        s.v = read_base(table, source, dir, chain);
        const Variant base = s.v;
        for (auto&& [key, node] : table) {
            const std::string k(key.str());
            where_[k] = where_of(source, key.source());
            if (k != "base") read_key(Field{source, k, node, where_of(source, node.source()), where_[k]}, s);
        }
        if (s.unfit_target) fail(where_.at("target"), target_problem(s.v.deck, *s.unfit_target));
        // The base's summary describes the base: a file that changes rules says what it changed
        // (one that changes none keeps the base's summary, still true).
        if (table.get("base") && !table.get("summary")) s.v.summary = derived_summary(base, s.v);
        // The file asked for, not each file of its `base` chain: it is named, and its rules hold together.
        if (chain.size() <= 1) {
            if (!s.named) s.v.name = name_of_file(source);
            check_rules(s.v, source);
        }
        return s.v;
    }

private:
    // What a file starts from: the variant its `base` names, read first, or the defaults.
    Variant read_base(const toml::table& table, const std::string& source, const std::string& dir,
                      std::vector<ChainLink>& chain) {
        const toml::node* base = table.get("base");
        if (!base) return Variant{};
        const Where at = where_of(source, base->source());
        const auto* s = base->as_string();
        if (!s) fail(at, fmt::format("base must be a string, not {}", type_name(*base)));
        // A path, or a preset name: it ends up in messages, so no megabyte strings.
        if (s->get().size() > MaxBaseBytes) fail(at, fmt::format("base is longer than {} bytes", MaxBaseBytes));
        try {
            return load(s->get(), dir, chain);
        } catch (InputError& e) {
            // A problem inside the base file is reported there; one with the
            // file as a whole (missing, a FIFO, too large: no line) here.
            if (e.file.empty() || e.line == 0)
                fail(at, e.file.empty() ? e.message : printable(e.file) + ": " + e.message);
            throw;
        }
    }

    // The rules as a whole: the first problem check() finds, at a key of this file if it can.
    void check_rules(const Variant& v, const std::string& source) const {
        for (const VariantProblem& p : check(v)) {
            if (const Where* w = problem_where(p, source)) fail(*w, p.message);
            throw InputError(source, 0, 0, p.message);
        }
    }

    // A preset's name always means the preset: a user preset of that name would
    // never be read, and its owner would play rules they did not write unawares.
    static void refuse_user_shadow(std::string_view preset) {
        const std::string user = user_variant_dir() + "/" + std::string(preset) + ".toml";
        std::error_code ec;
        if (std::filesystem::exists(user, ec))
            throw InputError(user, 0, 0,
                             fmt::format("this user preset takes the name of the preset '{}', which always means "
                                         "the preset: rename the file",
                                         preset));
    }

    // A variant's name is what deals and logs write after `variant`, and what
    // reads them back: a file may take a preset's name only with the preset's
    // very rules, and a user preset's name is its file's name.
    static void check_name(const Variant& v, const std::string& spec, const std::string& source) {
        if (find_preset(ascii_lower(spec))) return;
        if (const Preset* p = find_preset(ascii_lower(v.name))) {
            if (parse_variant(p->text, std::string(p->name) + ".toml (preset)") != v)
                throw InputError(source, 0, 0,
                                 fmt::format("the variant is named '{}', a preset's name, but its rules are not "
                                             "the preset's: give it a name of its own",
                                             printable(v.name)));
        } else if (!is_variant_path(spec) && v.name != spec) {
            throw InputError(source, 0, 0,
                             fmt::format("this user preset is named '{}': a user preset's name is its file's name "
                                         "('{}'), or deals and logs could not find it",
                                         printable(v.name), printable(spec)));
        }
    }

    // Where to report an impossible combination: the key check() names if this
    // file sets it; otherwise a key of this file that takes part in the
    // combination (passes = 2 over par's three pass bonuses), since pointing
    // into a base, perhaps a preset the user cannot edit, would mislead.
    const Where* problem_where(const VariantProblem& p, const std::string& top) const {
        static const std::map<std::string, std::vector<std::string>> partners = {
            {"rows", {"reserve", "piles", "pile_depth", "deck"}},
            {"piles", {"pile_depth"}},
            {"target", {"deck"}},
            {"deck", {"target"}},
            {"waste_piles", {"draw"}},
            {"pass_bonus", {"passes", "scored"}},
        };
        std::vector<std::string> keys{p.key};
        if (auto it = partners.find(p.key); it != partners.end())
            keys.insert(keys.end(), it->second.begin(), it->second.end());
        for (const std::string& k : keys)
            if (auto it = where_.find(k); it != where_.end() && it->second.file == top) return &it->second;
        auto it = where_.find(p.key);
        return it == where_.end() ? nullptr : &it->second;
    }

    static std::string read_stdin() {
        std::string text, line;
        Input in("-");
        while (in.lines().next(line)) {
            text += line + "\n";
            if (text.size() > MaxSmallFileBytes)
                throw InputError("<stdin>", 0, 0, fmt::format("larger than {} bytes: too large for a variant file", MaxSmallFileBytes));
        }
        return text;
    }
    std::map<std::string, Where> where_;
};

}  // namespace

bool is_variant_path(std::string_view spec) {
    return spec == "-" || spec.find('/') != std::string_view::npos || spec.ends_with(".toml");
}

std::string user_variant_dir() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && *xdg == '/') return std::string(xdg) + "/pyramide/variants";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.config/pyramide/variants";
}

const Preset* find_preset(std::string_view name) {
    const std::string lower = ascii_lower(name);
    for (const Preset& p : presets())
        if (p.name == lower) return &p;
    return nullptr;
}

Variant load_variant(const std::string& spec) {
    Loader loader;
    std::vector<ChainLink> chain;
    return loader.load(spec, ".", chain);
}

Variant parse_variant(std::string_view text, const std::string& source, const std::string& dir) {
    Loader loader;
    std::vector<ChainLink> chain{{source, identity_of(source, true)}};
    return loader.parse(text, source, dir, chain);
}

namespace {
// The code point of a valid UTF-8 sequence of `n` bytes.
std::uint32_t code_point(std::string_view ch) {
    const auto b = static_cast<unsigned char>(ch[0]);
    std::uint32_t cp = ch.size() == 1 ? b : b & (0x7F >> ch.size());
    for (std::size_t k = 1; k < ch.size(); ++k) cp = cp << 6 | (static_cast<unsigned char>(ch[k]) & 0x3F);
    return cp;
}

// A TOML basic string that is also safe on a terminal: quotes and backslashes
// escaped, and every character printable() would escape (controls, C1 controls,
// bidi overrides) written as \uXXXX, so it reads back the same and shows what
// it holds. (Invalid UTF-8, which no TOML file holds, becomes U+FFFD.)
std::string toml_string(std::string_view s) {
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const std::size_t n = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        const std::string_view ch = s.substr(i, n);
        i += ch.size();
        if (ch == "\"" || ch == "\\") {
            out += '\\';
            out += ch;
            continue;
        }
        const std::string shown = printable(ch);
        if (shown == ch) {
            out += ch;
        } else {
            const bool valid = b < 0x80 || shown.find("\\x") == std::string::npos;
            out += fmt::format("\\u{:04X}", valid ? code_point(ch) : 0xFFFD);
        }
    }
    return out + "\"";
}
}  // namespace

namespace {
std::string field_text(const VariantField& f) {
    if (f.kind != VariantField::Integers) return f.text;
    return fmt::format("[{}]", fmt::join(f.items, ", "));
}

std::string derived_summary(const Variant& base, const Variant& v) {
    std::map<std::string, std::string> before;
    for (const VariantField& f : variant_fields(base)) before[f.key] = field_text(f);
    std::string changes;
    for (const VariantField& f : variant_fields(v)) {
        const std::string text = field_text(f);
        if (f.key == "name" || f.key == "summary" || before[f.key] == text) continue;
        changes += fmt::format("{}{} = {}", changes.empty() ? "" : ", ", f.key, text);
    }
    return changes.empty() ? base.summary : fmt::format("{}, but {}", base.name, changes);
}
}  // namespace

std::vector<VariantField> variant_fields(const Variant& v) {
    using F = VariantField;
    std::vector<F> f;
    const auto add = [&f](const char* key, F::Kind kind, std::string text) { f.push_back({key, kind, std::move(text), {}}); };
    add("name", F::String, v.name);
    add("summary", F::String, v.summary);
    add("deck", F::String, v.deck == DeckKind::French ? "french" : "spanish");
    add("target", F::Integer, std::to_string(v.target));
    add("layout", F::String, v.layout == LayoutKind::Pyramid ? "pyramid" : "triangle");
    add("rows", F::Integer, std::to_string(v.rows));
    add("reserve", F::Integer, std::to_string(v.reserve));
    add("piles", F::Integer, std::to_string(v.piles));
    add("pile_depth", F::Integer, std::to_string(v.pile_depth));
    if (v.passes == UnlimitedPasses)
        add("passes", F::String, "unlimited");
    else
        add("passes", F::Integer, std::to_string(v.passes));
    add("draw", F::Integer, std::to_string(v.draw));
    add("waste_piles", F::Integer, std::to_string(v.waste_piles));
    add("turned_pairs_waste", F::Boolean, v.turned_pairs_waste ? "true" : "false");
    add("overlapping", F::Boolean, v.overlapping ? "true" : "false");
    add("goal", F::String, v.goal == Goal::AllCards ? "all" : "pyramid");
    add("scored", F::Boolean, v.scored ? "true" : "false");
    F bonus{"pass_bonus", F::Integers, "", {}};
    for (const int b : v.pass_bonus) bonus.items.push_back(b);
    f.push_back(bonus);
    add("card_penalty", F::Integer, std::to_string(v.card_penalty));
    add("series", F::Integer, std::to_string(v.series));
    return f;
}

std::string format_variant(const Variant& v) {
    std::string out;
    for (const VariantField& f : variant_fields(v)) {
        out += f.key + " = ";
        if (f.kind == VariantField::String) {
            out += toml_string(f.text);
        } else if (f.kind == VariantField::Integers) {
            std::string list;
            for (const int i : f.items) list += (list.empty() ? "" : ", ") + std::to_string(i);
            out += "[" + list + "]";
        } else {
            out += f.text;
        }
        out += '\n';
    }
    return out;
}

}  // namespace pyr
