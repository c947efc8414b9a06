// The deal format (formats/deal.md): a readable text form, a one-line form
// for scripts, and JSON Lines. Several deals may follow each other in a stream.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "lib/rules/game.hpp"
#include "lib/players/rating.hpp"
#include "text.hpp"

namespace pyr {

// Mchung94: the deck string of mchung94/pyramid-solver (formats/mchung94.hpp),
// only for variants with no mchung94_problem().
enum class DealFormat { Text, Line, Json, Mchung94 };

// Variants by name or path, loaded once each.
class RulesCache {
public:
    const Rules& get(const std::string& spec);

private:
    std::map<std::string, std::unique_ptr<Rules>> rules_;
};

// What `deal --winnable` / `--unwinnable` / `--difficulty` found out about a
// deal, written with it (deal.md): JSON keys, comment lines in the text form.
// A deal with a note was picked out of a run of seeds, so its line form names
// its seed (seed=N).
struct DealNote {
    std::optional<bool> winnable;  // the exact solver's verdict: a win found, or proved lost
    std::optional<Rating> rating;  // --difficulty: how hard it is (lib/players/rating.hpp)
    bool empty() const { return !winnable.has_value() && !rating.has_value(); }
};

std::string format_deal(const Rules& rules, const Deal& deal, DealFormat format, const DealNote& note = {});
// The text form's body (everything after its first line); the move log embeds it.
std::string format_deal_body(const Rules& rules, const Deal& deal);

// Where a card of a deal was written.
struct CardPlace {
    int line = 0, col = 0;
};

struct ReadDeal {
    Deal deal;
    const Rules* rules = nullptr;
    int line = 0;  // where the deal starts
    int seed_line = 0, seed_col = 0;  // where its seed was written (0: no seed)
    std::vector<CardPlace> places;    // each card's place, in line order (pyramid, stock, reserve, piles)
};

// Throws InputError (Severity::Invalid) at the first card that deal `seed` of
// the deal's variant does not have in that place; `why` ends the message
// ("the cards are not those of seed 7").
void check_dealt_by(const std::string& file, const ReadDeal& rd, std::uint64_t seed, std::string_view why);

// What an input holds, told from its first line that is not blank or a
// comment; that line is left unread, so the input is read once, whatever it is.
enum class InputKind { Empty, Deals, Log, Series };
InputKind sniff_kind(LineReader& lines);

class DealReader {
public:
    // `variant`: the --variant given by the user, or empty. A deal that names
    // no variant (a line-form deal without `variant=`) is read with it, or with
    // traditional rules if it is empty (a mchung94 deck string: microsoft's);
    // a deal that names another is an error.
    DealReader(LineReader& lines, RulesCache& cache, std::string variant);
    // The next deal, or nullopt at the end. Throws InputError.
    std::optional<ReadDeal> next();

    // For the move log: reads a deal body (variant line, sections) after a
    // header that the caller has read, up to a line starting with `stop`
    // (left unread), and checks it.
    ReadDeal read_body(int start_line, std::string_view stop);

private:
    class TextBody;  // read_body(), statement by statement
    ReadDeal read_line_form(const std::string& line);
    ReadDeal read_deck_string(const std::string& line);
    ReadDeal read_json(std::string first);
    const Rules& rules_for(const std::string& name, int line, int col);

    LineReader& lines_;
    RulesCache& cache_;
    std::string variant_;
};

}  // namespace pyr
