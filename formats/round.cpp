#include "round.hpp"

#include <array>

#include <fmt/format.h>
#include <toml++/toml.h>

#include <filesystem>
#include <sstream>

#include "error.hpp"
#include "numbers.hpp"
#include "sha256.hpp"
#include "text.hpp"
#include "utc_date.hpp"

namespace pyr {

namespace {
constexpr std::array<std::string_view, 3> AidNames = {"allowed", "counted", "refused"};
constexpr std::size_t MaxRoundNameBytes = 64;
constexpr std::uint64_t MaxRoundDeals = 10'000;
constexpr int MaxAttempts = 100;

struct At {
    const std::string& source;
    [[noreturn]] void fail(const toml::node& n, const std::string& message) const {
        const auto& b = n.source().begin;
        throw InputError(source, static_cast<int>(b.line), static_cast<int>(b.column), message, Severity::Invalid);
    }
};

const toml::node& need(const At& at, const toml::table& t, std::string_view key, const toml::node& where) {
    const toml::node* n = t.get(key);
    if (!n) at.fail(where, fmt::format("the round file has no '{}'", key));
    return *n;
}

std::string string_of(const At& at, const toml::node& n, std::string_view key) {
    const auto* s = n.as_string();
    if (!s) at.fail(n, fmt::format("{} must be a string", key));
    if (s->get().size() > 1000) at.fail(n, fmt::format("{} is longer than 1000 bytes", key));
    if (printable(s->get()) != s->get()) at.fail(n, fmt::format("{} must not hold control characters", key));
    return s->get();
}

std::int64_t integer_of(const At& at, const toml::node& n, std::string_view key, std::int64_t min, std::int64_t max) {
    const auto* i = n.as_integer();
    if (!i || i->get() < min || i->get() > max)
        at.fail(n, fmt::format("{} must be an integer from {} to {}", key, min, max));
    return i->get();
}

std::int64_t time_of(const At& at, const toml::node& n, std::string_view key) {
    const std::string text = string_of(at, n, key);
    const auto t = parse_utc_time(text);
    if (!t) at.fail(n, fmt::format("{} must be a UTC time YYYY-MM-DDTHH:MM:SSZ, not \"{}\"", key, excerpt(text)));
    return *t;
}

AidRule aid_of(const At& at, const toml::node& n, std::string_view key) {
    const std::string text = string_of(at, n, key);
    const auto r = aid_rule_named(text);
    if (!r) at.fail(n, fmt::format("aids.{} must be \"allowed\", \"counted\" or \"refused\", not \"{}\"", key, excerpt(text)));
    return *r;
}

void read_aids(const At& at, const toml::node& n, Round& r) {
    const auto* t = n.as_table();
    if (!t) at.fail(n, "aids must be a table: [aids]");
    for (const auto& [key, value] : *t) {
        if (key == "hint") r.hint = aid_of(at, value, "hint");
        else if (key == "undo") r.undo = aid_of(at, value, "undo");
        else at.fail(value, fmt::format("unknown aid '{}': hint or undo", excerpt(key.str())));
    }
}

void read_key(const At& at, std::string_view key, const toml::node& n, Round& r) {
    if (key == "format" || key == "version") return;  // checked first
    if (key == "name") r.name = string_of(at, n, key);
    else if (key == "variant") r.variant = string_of(at, n, key);
    else if (key == "deals") r.deal_count = static_cast<std::uint64_t>(integer_of(at, n, key, 1, MaxRoundDeals));
    else if (key == "sha256") r.deals_sha256 = string_of(at, n, key);
    else if (key == "deals_from") r.deals_from = string_of(at, n, key);
    else if (key == "attempts") r.attempts = static_cast<int>(integer_of(at, n, key, 1, MaxAttempts));
    else if (key == "opens") r.opens = time_of(at, n, key);
    else if (key == "closes") r.closes = time_of(at, n, key);
    else if (key == "logs") r.logs = string_of(at, n, key);
    else if (key == "aids") read_aids(at, n, r);
    else at.fail(n, fmt::format("unknown key '{}'", excerpt(key)));
}

void check_round(const At& at, const toml::table& t, const Round& r) {
    for (const char* key : {"name", "variant", "deals", "sha256"}) need(at, t, key, t);
    if (const std::string why = word_problem(r.name, MaxRoundNameBytes); !why.empty()) at.fail(*t.get("name"), "name " + why);
    const bool hex = r.deals_sha256.size() == 64 &&
                     r.deals_sha256.find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) at.fail(*t.get("sha256"), "sha256 must be 64 lowercase hex digits");
    if (const std::string why = word_problem(r.logs, MaxRoundNameBytes); !why.empty())
        at.fail(*t.get("logs"), "logs must name a folder inside the round's folder: it " + why);
    if (r.opens && r.closes && *r.closes <= *r.opens) at.fail(*t.get("closes"), "closes must come after opens");
}
}  // namespace

std::string_view aid_rule_name(AidRule r) { return AidNames[static_cast<std::size_t>(r)]; }

std::optional<AidRule> aid_rule_named(std::string_view name) {
    for (std::size_t i = 0; i < AidNames.size(); ++i)
        if (AidNames[i] == name) return static_cast<AidRule>(i);
    return std::nullopt;
}

std::string word_problem(std::string_view name, std::size_t max) {
    if (name.empty()) return "must not be empty";
    if (name.size() > max) return fmt::format("is longer than {} characters", max);
    const auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
    if (!alnum(name[0])) return fmt::format("must start with a letter or a digit, not '{}'", printable(name.substr(0, 1)));
    for (const char c : name)
        if (!alnum(c) && c != '_' && c != '-')
            return fmt::format("may hold letters, digits, - and _ only, not '{}'", printable({&c, 1}));
    return "";
}

namespace {
// A TOML basic string's contents: quotes and backslashes escaped.
std::string toml_escaped(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}
}  // namespace

std::string format_round(const Round& r) {
    std::string out = fmt::format(
        "# A pyramide round (man 5 pyramide-round): its deals are frozen in {},\n"
        "# its rules in {}; sha256 is the SHA-256 of {}.\n"
        "format = \"pyramide-round\"\nversion = 1\nname = \"{}\"\nvariant = \"{}\"\ndeals = {}\n"
        "sha256 = \"{}\"\ndeals_from = \"{}\"\nattempts = {}\n",
        RoundDealsName, RoundVariantName, RoundDealsName, r.name, r.variant, r.deal_count, r.deals_sha256,
        toml_escaped(r.deals_from), r.attempts);
    if (r.opens) out += fmt::format("opens = \"{}\"\n", format_utc_time(*r.opens));
    if (r.closes) out += fmt::format("closes = \"{}\"\n", format_utc_time(*r.closes));
    out += fmt::format("logs = \"{}\"\n\n[aids]\nhint = \"{}\"\nundo = \"{}\"\n", r.logs, aid_rule_name(r.hint),
                       aid_rule_name(r.undo));
    return out;
}

Round parse_round(std::string_view text, const std::string& source) {
    toml::table t;
    try {
        t = toml::parse(text, source);
    } catch (const toml::parse_error& e) {
        const auto& b = e.source().begin;
        throw InputError(source, static_cast<int>(b.line), static_cast<int>(b.column), std::string(e.description()));
    }
    const At at{source};
    const toml::node* format = t.get("format");
    if (!format || !format->as_string() || format->as_string()->get() != "pyramide-round")
        throw InputError(source, 1, 1, "not a round file: it needs format = \"pyramide-round\"");
    const toml::node& version = need(at, t, "version", t);
    if (integer_of(at, version, "version", 1, INT64_MAX) != 1) at.fail(version, "round file version 1 is the only one");
    Round r;
    r.logs.clear();
    for (const auto& [key, value] : t) read_key(at, key.str(), value, r);
    if (r.logs.empty()) r.logs = "logs";
    check_round(at, t, r);
    return r;
}

std::string round_log_name(std::size_t deal, int attempt) {
    return attempt <= 1 ? fmt::format("deal{}.log", deal) : fmt::format("deal{}-attempt{}.log", deal, attempt);
}

std::optional<RoundLogName> parse_round_log_name(std::string_view name) {
    if (!name.starts_with("deal") || !name.ends_with(".log")) return std::nullopt;
    std::string_view middle = name.substr(4, name.size() - 8);
    std::string_view attempt = "1";
    if (const std::size_t dash = middle.find("-attempt"); dash != std::string_view::npos) {
        attempt = middle.substr(dash + 8);
        middle = middle.substr(0, dash);
        if (attempt == "1") return std::nullopt;  // the first is deal3.log
    }
    const auto d = parse_decimal(middle, 1, MaxRoundDeals);
    const auto a = parse_decimal(attempt, 1, MaxAttempts);
    if (!d || !a || (middle.size() > 1 && middle[0] == '0') || (attempt.size() > 1 && attempt[0] == '0'))
        return std::nullopt;
    return RoundLogName{static_cast<std::size_t>(*d), static_cast<int>(*a)};
}

std::string format_round_deals(const Rules& rules, const std::vector<Deal>& deals) {
    std::string out;
    for (const Deal& d : deals) {
        if (!out.empty()) out += '\n';
        out += format_deal(rules, d, DealFormat::Text);
    }
    return out;
}

RoundFolder load_round(const std::string& path, RulesCache& cache) {
    namespace fs = std::filesystem;
    RoundFolder f;
    std::error_code ec;
    const bool is_dir = fs::is_directory(path, ec);
    f.dir = is_dir ? path : fs::path(path).parent_path().string();
    if (f.dir.empty()) f.dir = ".";
    while (f.dir.size() > 1 && f.dir.back() == '/') f.dir.pop_back();
    const std::string round_file = is_dir ? f.file(RoundFileName) : path;
    f.round = parse_round(read_file(round_file, 64 * 1024, "a round file"), round_file);
    f.rules = &cache.get(f.file(RoundVariantName));
    if (f.rules->variant.name != f.round.variant)
        throw InputError(f.file(RoundVariantName), 0, 0,
                         fmt::format("names variant '{}', but the round file says '{}'", f.rules->variant.name,
                                     f.round.variant),
                         Severity::Invalid);
    const std::string deals_file = f.file(RoundDealsName);
    const std::string text = read_file(deals_file, 64 * 1024 * 1024, "the round's deals");
    if (const std::string sum = sha256_hex(text); sum != f.round.deals_sha256)
        throw InputError(deals_file, 0, 0,
                         fmt::format("its SHA-256 is {}, but the round file says {}: the deals are not those the "
                                     "round was made with",
                                     sum, f.round.deals_sha256),
                         Severity::Invalid);
    std::istringstream in(text);
    LineReader lines(in, deals_file);
    DealReader reader(lines, cache, f.file(RoundVariantName));
    while (auto rd = reader.next()) f.deals.push_back(rd->deal);
    if (f.deals.size() != f.round.deal_count)
        throw InputError(deals_file, 0, 0,
                         fmt::format("{} deals, but the round file says {}", f.deals.size(), f.round.deal_count),
                         Severity::Invalid);
    return f;
}

}  // namespace pyr
