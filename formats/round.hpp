// The round file (formats/round.md): a hosted round's rules in TOML, kept in
// the round's folder beside its frozen deals and variant.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "deal_format.hpp"

namespace pyr {

// What a round does when a player asks for an aid: lets it be, lets it be and
// counts it in the standings, or says no.
enum class AidRule { Allowed, Counted, Refused };
std::string_view aid_rule_name(AidRule r);
std::optional<AidRule> aid_rule_named(std::string_view name);

struct Round {
    std::string name;                  // a word: [A-Za-z0-9][A-Za-z0-9_-]{0,63}
    std::string variant;               // the variant's name (its rules frozen in variant.toml)
    std::uint64_t deal_count = 0;      // deals in deals.txt
    std::string deals_sha256;          // of deals.txt, as made
    std::string deals_from;            // how they were chosen, in words
    int attempts = 1;                  // games a player may start on each deal
    AidRule hint = AidRule::Counted;
    AidRule undo = AidRule::Allowed;
    std::optional<std::int64_t> opens, closes;  // seconds since 1970, UTC
    std::string logs = "logs";         // the players' folder, inside the round's folder
};

// The files of a round's folder.
inline constexpr const char* RoundFileName = "round.toml";
inline constexpr const char* RoundDealsName = "deals.txt";
inline constexpr const char* RoundVariantName = "variant.toml";

// A round's name or a player's: [A-Za-z0-9][A-Za-z0-9_-]{0,max-1}; "" when
// `name` is one, else why not.
std::string word_problem(std::string_view name, std::size_t max);

// The round file's text, and the round read back from it. Throws InputError
// naming `source`, line and column.
std::string format_round(const Round& r);
Round parse_round(std::string_view text, const std::string& source);

// A round as its folder holds it: the round file, the variant's rules and the
// deals, each checked (the deals against their SHA-256 and count).
struct RoundFolder {
    std::string dir;            // the round's folder
    Round round;
    const Rules* rules = nullptr;  // from variant.toml, kept by the cache
    std::vector<Deal> deals;
    std::string file(const char* name) const { return dir + "/" + name; }
    std::string logs_dir() const { return dir + "/" + round.logs; }
};

// A player's logs: LOGS/PLAYER/deal3.log for deal 3's first game,
// deal3-attempt2.log for its second. Deals are numbered from 1.
std::string round_log_name(std::size_t deal, int attempt);
struct RoundLogName {
    std::size_t deal = 0;
    int attempt = 0;
};
std::optional<RoundLogName> parse_round_log_name(std::string_view file_name);
// The longest player name.
inline constexpr std::size_t MaxPlayerName = 32;

// `path`: the round's folder, or its round.toml. Throws InputError.
RoundFolder load_round(const std::string& path, RulesCache& cache);
// The deals of a round, text form, a blank line between them: deals.txt.
std::string format_round_deals(const Rules& rules, const std::vector<Deal>& deals);

}  // namespace pyr
