// Reading and writing deals in the text, line and JSON forms of formats/deal.md.
#include "deal_format.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "cards.hpp"
#include "error.hpp"
#include "numbers.hpp"
#include "rating_text.hpp"
#include "json.hpp"
#include "lib/rules/shuffle.hpp"
#include "mchung94.hpp"
#include "variant_toml.hpp"

namespace pyr {

const Rules& RulesCache::get(const std::string& spec) {
    auto it = rules_.find(spec);
    if (it == rules_.end()) it = rules_.emplace(spec, std::make_unique<Rules>(load_variant(spec))).first;
    return *it->second;
}

namespace {

constexpr std::string_view DealHeader = "pyramide-deal";
constexpr int DealVersion = 1;
constexpr int StockPerLine = 8;
// A text-form deal holding more than this many decks' worth of cards is refused
// as soon as the extra card is read.
constexpr int MaxCardsFactor = 2;

std::string cards_line(const Rules& r, const std::vector<Card>& cards, std::size_t from, std::size_t to,
                       std::string_view sep) {
    std::string s;
    for (std::size_t i = from; i < to; ++i) {
        if (i > from) s += sep;
        s += card_name(r.variant.deck, cards[i]);
    }
    return s;
}

std::string deck_word(const Variant& v) { return v.deck == DeckKind::French ? "French" : "Spanish"; }

// A card as read, with where it was written.
struct Placed {
    Card card;
    int line, col;
};

// What every form checks once the cards are placed: each card once, none missing.
void check_cards(const std::string& file, const Rules& r, const std::vector<Placed>& cards, int line) {
    const Variant& v = r.variant;
    std::array<const Placed*, 64> seen{};
    for (const Placed& p : cards) {
        if (const Placed* first = seen[p.card.code])
            throw InputError(file, p.line, p.col,
                             fmt::format("duplicate card {} (first seen at {}:{})", card_name(v.deck, p.card),
                                         first->line, first->col),
                             Severity::Invalid);
        seen[p.card.code] = &p;
    }
    if (static_cast<int>(cards.size()) != deck_size(v.deck)) {
        std::string missing;
        for (Card c : deck_cards(v.deck))
            if (!seen[c.code]) missing += " " + card_name(v.deck, c);
        throw InputError(file, line, 0,
                         fmt::format("{} cards, but the {} deck has {}; missing:{}", cards.size(), deck_word(v),
                                     deck_size(v.deck), missing),
                         Severity::Invalid);
    }
}

// What every form does once its cards are read: checks them, makes the deal,
// and checks that a seed it names deals exactly these cards (a log claiming
// seed 7 over other cards is the obvious way to cheat).
ReadDeal finish_deal(const std::string& file, ReadDeal out, const std::vector<Placed>& all) {
    check_cards(file, *out.rules, all, out.line);
    std::vector<Card> cards;
    for (const Placed& p : all) {
        cards.push_back(p.card);
        out.places.push_back({p.line, p.col});
    }
    const bool has_seed = out.deal.has_seed;
    const std::uint64_t seed = out.deal.seed;
    out.deal = deal_from_line_order(out.rules->variant, cards);
    out.deal.has_seed = has_seed;
    out.deal.seed = seed;
    if (has_seed) check_dealt_by(file, out, seed, fmt::format("the cards are not those of seed {}", seed));
    return out;
}

// The first word of a line-form deal: a card of either deck, or a field
// before the cards (variant=NAME, seed=N; another key is reported as such).
bool starts_line_form(std::string_view word) {
    return (word.find('=') != std::string_view::npos && !word.starts_with("{")) ||
           looks_like_card(DeckKind::French, word) || looks_like_card(DeckKind::Spanish, word);
}

}  // namespace

void check_dealt_by(const std::string& file, const ReadDeal& rd, std::uint64_t seed, std::string_view why) {
    const Variant& v = rd.rules->variant;
    const std::vector<Card> dealt = shuffled_deck(v.deck, seed);
    const std::vector<Card> cards = line_order(v, rd.deal);
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (cards[i] == dealt[i]) continue;
        const CardPlace at = i < rd.places.size() ? rd.places[i] : CardPlace{rd.line, 0};
        throw InputError(file, at.line, at.col,
                         fmt::format("seed {} deals {} here, not {}: {}", seed, card_name(v.deck, dealt[i]),
                                     card_name(v.deck, cards[i]), why),
                         Severity::Invalid);
    }
}

InputKind sniff_kind(LineReader& lines) {
    std::string line;
    while (lines.next(line)) {
        const std::string text = strip_comment(line);
        const std::vector<Token> toks = tokenize(text);
        if (toks.empty()) continue;
        lines.push_back();
        const std::string word = ascii_lower(toks[0].text);
        return word == "pyramide-log" ? InputKind::Log : word == "pyramide-series" ? InputKind::Series : InputKind::Deals;
    }
    return InputKind::Empty;
}

std::string format_deal_body(const Rules& r, const Deal& d) {
    const Variant& v = r.variant;
    const Layout& l = r.layout;
    std::string out = fmt::format("variant {}\n", v.name);
    if (d.has_seed) out += fmt::format("seed {}\n", d.seed);
    std::size_t widest = 0;
    for (const auto& row : l.pyramid_rows) widest = std::max(widest, row.size());
    out += "pyramid\n";
    for (const auto& row : l.pyramid_rows) {
        out += std::string(2 + 2 * (widest - row.size()), ' ');
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (i) out += "  ";
            out += card_name(v.deck, d.tableau[row[i]]);
        }
        out += '\n';
    }
    auto positions = [&](const std::vector<int>& ps) {
        std::string s = " ";
        for (int p : ps) s += " " + card_name(v.deck, d.tableau[p]);
        return s + "\n";
    };
    if (!l.reserve.empty()) out += "reserve\n" + positions(l.reserve);
    if (!l.pile_layers.empty()) {
        out += "piles\n";
        for (const auto& layer : l.pile_layers) out += positions(layer);
    }
    if (!d.stock.empty()) {
        out += "stock\n";
        for (std::size_t i = 0; i < d.stock.size(); i += StockPerLine)
            out += "  " + cards_line(r, d.stock, i, std::min(d.stock.size(), i + StockPerLine), " ") + "\n";
    }
    return out;
}

namespace {
// The text form's comment lines for a note, after its first line; a reader skips them.
std::string note_comments(const DealNote& note) {
    std::string lines = note.winnable ? fmt::format("# winnable: {}\n", *note.winnable ? "yes" : "no") : "";
    if (note.rating) lines += fmt::format("# rating: {}\n", rating_text(*note.rating));
    return lines;
}
}  // namespace

std::string format_deal(const Rules& r, const Deal& d, DealFormat format, const DealNote& note) {
    const Variant& v = r.variant;
    switch (format) {
    case DealFormat::Text:
        return fmt::format("{} {}\n", DealHeader, DealVersion) + note_comments(note) + format_deal_body(r, d);
    case DealFormat::Line: {
        // Traditional lines without a seed stay bare cards, as before fields existed.
        const std::vector<Card> cards = line_order(v, d);
        std::string fields = v.name == "traditional" ? "" : fmt::format("variant={} ", v.name);
        // Every seeded deal names its seed, so that each line stands alone.
        if (d.has_seed) fields += fmt::format("seed={} ", d.seed);
        return fields + cards_line(r, cards, 0, cards.size(), " ") + "\n";
    }
    case DealFormat::Json: {
        JsonWriter w;
        w.begin_object().key("format").value("pyramide-deal").key("version").value(DealVersion);
        w.key("variant").value(v.name);
        if (d.has_seed) w.key("seed").value(d.seed);
        if (note.winnable) w.key("winnable").value(*note.winnable);
        if (note.rating) write_rating(w.key("rating"), *note.rating);
        auto cards = [&](const std::vector<int>& ps) {
            w.begin_array();
            for (int p : ps) w.value(card_name(v.deck, d.tableau[p]));
            w.end_array();
        };
        w.key("pyramid").begin_array();
        for (const auto& row : r.layout.pyramid_rows) cards(row);
        w.end_array();
        if (!r.layout.reserve.empty()) {
            w.key("reserve");
            cards(r.layout.reserve);
        }
        if (!r.layout.pile_layers.empty()) {
            w.key("piles").begin_array();
            for (const auto& layer : r.layout.pile_layers) cards(layer);
            w.end_array();
        }
        w.key("stock").begin_array();
        for (Card c : d.stock) w.value(card_name(v.deck, c));
        w.end_array().end_object();
        return w.str() + "\n";
    }
    case DealFormat::Mchung94:
        if (const std::string why = mchung94_problem(v); !why.empty()) throw std::logic_error(why);
        return format_mchung94(v, d) + "\n";
    }
    return "";
}

DealReader::DealReader(LineReader& lines, RulesCache& cache, std::string variant)
    : lines_(lines), cache_(cache), variant_(std::move(variant)) {}

const Rules& DealReader::rules_for(const std::string& written, int line, int col) {
    // Preset names are keywords, read in any case ("variant Traditional");
    // a user preset's name is a file name, and is read as written.
    const std::string lower = ascii_lower(written);
    const Preset* preset = find_preset(written);
    const std::string name = preset ? std::string(preset->name) : written;
    // A NUL would cut the name short on its way to a file name ("trad\0"
    // loading variants/trad); no variant name holds a control character.
    if (printable(name) != name)
        throw InputError(lines_.name(), line, col,
                         fmt::format("bad variant name '{}': it holds control characters", excerpt(name)));
    try {
        if (!variant_.empty()) {
            const Rules& forced = cache_.get(variant_);
            if (!name.empty() && name != forced.variant.name && lower != ascii_lower(forced.variant.name))
                throw InputError(lines_.name(), line, col,
                                 fmt::format("the deal is for variant '{}', but --variant gives '{}'", excerpt(name),
                                             forced.variant.name),
                                 Severity::Invalid);
            return forced;
        }
        if (name.empty()) return cache_.get("traditional");
        if (is_variant_path(name))
            throw InputError(lines_.name(), line, col,
                             fmt::format("variant '{}' is a path: name a preset, or give the file with --variant",
                                         excerpt(name)));
        return cache_.get(name);
    } catch (InputError& e) {
        if (e.file.empty()) throw InputError(lines_.name(), line, col, e.message, e.severity);
        throw;
    }
}

std::optional<ReadDeal> DealReader::next() {
    std::string raw;
    while (lines_.next(raw)) {
        const std::string line = strip_comment(raw);
        if (line.empty()) continue;
        const std::vector<Token> toks = tokenize(line);
        if (toks[0].text.starts_with("{")) return read_json(raw);
        if (ascii_lower(toks[0].text) == DealHeader) {
            const int start = lines_.line_number();
            if (toks.size() != 2 || toks[1].text != std::to_string(DealVersion))
                lines_.fail(toks.size() > 1 ? toks[1].col : 0,
                            fmt::format("unsupported deal format version (this program reads '{} {}')", DealHeader,
                                        DealVersion));
            return read_body(start, "");
        }
        if (line[0] != ' ' && line[0] != '\t' && looks_like_mchung94(toks[0].text)) return read_deck_string(line);
        if (line[0] != ' ' && line[0] != '\t' && starts_line_form(toks[0].text)) return read_line_form(line);
        if (ascii_lower(toks[0].text) == "pyramide-log")
            lines_.fail(toks[0].col, "this is a move log, not a deal file");
        lines_.fail(toks[0].col, fmt::format("expected a deal ('{} {}', a line of cards, a deck string, or JSON), got '{}'",
                                             DealHeader, DealVersion, excerpt(toks[0].text)));
    }
    return std::nullopt;
}

ReadDeal DealReader::read_line_form(const std::string& line) {
    ReadDeal out;
    out.line = lines_.line_number();
    const std::vector<Token> toks = tokenize(line);
    // Fields before the cards (formats/deal.md): variant=NAME, then seed=N.
    std::size_t first_card = 0;
    std::string name;
    int name_col = 1;
    for (; first_card < toks.size() && toks[first_card].text.find('=') != std::string_view::npos; ++first_card) {
        const Token& t = toks[first_card];
        const std::size_t eq = t.text.find('=');
        const std::string_view key = t.text.substr(0, eq), value = t.text.substr(eq + 1);
        const std::optional<std::uint64_t> seed = key == "seed" ? parse_decimal(value) : std::nullopt;
        if (key == "variant" && first_card == 0 && !value.empty()) {
            name = std::string(value);
            name_col = t.col + 8;
        } else if (seed && !out.deal.has_seed) {
            out.deal.seed = *seed;
            out.deal.has_seed = true;
            out.seed_line = out.line;
            out.seed_col = t.col + 5;
        } else if (key == "seed") {
            lines_.fail(t.col, out.deal.has_seed ? "a second 'seed='"
                                                 : "expected 'seed=N' with N a whole number from 0 to 18446744073709551615");
        } else {
            lines_.fail(t.col, fmt::format("expected 'variant=NAME' then 'seed=N' before the cards, got '{}'",
                                           excerpt(t.text)));
        }
    }
    out.rules = &rules_for(name, out.line, name_col);
    const Variant& v = out.rules->variant;
    std::vector<Placed> placed;
    std::string why;
    const DeckKind other = v.deck == DeckKind::French ? DeckKind::Spanish : DeckKind::French;
    for (std::size_t i = first_card; i < toks.size(); ++i) {
        const Token& t = toks[i];
        const Card c = parse_card(v.deck, t.text, why);
        // A line that names no variant is read as traditional: a Spanish line
        // without variant= or --variant fails on its first card; say why.
        if (!c.valid() && variant_.empty() && name.empty() && looks_like_card(other, t.text))
            lines_.fail(t.col, why + "; a line of cards that names no variant (variant=NAME) is read as "
                                     "'traditional' unless --variant names its variant");
        if (!c.valid()) lines_.fail(t.col, why);
        placed.push_back({c, out.line, t.col});
    }
    return finish_deal(lines_.name(), std::move(out), placed);
}

ReadDeal DealReader::read_deck_string(const std::string& line) {
    ReadDeal out;
    out.line = lines_.line_number();
    const std::vector<Token> toks = tokenize(line);
    if (toks.size() > 1)
        lines_.fail(toks[1].col, fmt::format("a deck string is one word of 52 cards, with nothing after it: got '{}'",
                                             excerpt(toks[1].text)));
    const Token& word = toks[0];
    // Columns count characters: a byte that is not ASCII is reported where it is seen.
    auto col_at = [&](std::size_t offset) {
        int col = word.col;
        for (std::size_t i = 0; i < offset; ++i) col += (static_cast<unsigned char>(word.text[i]) & 0xC0) != 0x80;
        return col;
    };
    const DeckStringRead read = read_mchung94(word.text);
    if (!read.why.empty()) lines_.fail(col_at(read.bad_offset), read.why);
    out.rules = variant_.empty() ? &cache_.get(std::string(Mchung94Variant)) : &rules_for("", out.line, word.col);
    if (const std::string why = mchung94_problem(out.rules->variant); !why.empty())
        throw InputError(lines_.name(), out.line, word.col, why, Severity::Invalid);
    std::vector<Placed> placed;
    for (const DeckStringCard& c : read.cards) placed.push_back({c.card, out.line, col_at(c.offset)});
    return finish_deal(lines_.name(), std::move(out), placed);
}

// The text form after its first line, one statement at a time: `variant`,
// `seed`, and the sections (pyramid, reserve, piles, stock) with their cards;
// then the deal as a whole. A move log's deal ends at its `stop` word.
class DealReader::TextBody {
public:
    TextBody(DealReader& reader, int start_line, std::string_view stop)
        : reader_(reader), lines_(reader.lines_), start_line_(start_line), stop_(stop) {
        out_.line = start_line;
    }

    ReadDeal read() {
        std::string raw;
        while (lines_.next(raw)) {
            const std::string line = strip_comment(raw);
            if (line.empty()) continue;
            const std::vector<Token> toks = tokenize(line);
            if (ends_deal(line, toks)) {
                lines_.push_back();
                stopped_ = true;
                break;
            }
            if (starts_with_card(toks))
                read_cards(toks, 0);
            else
                read_statement(toks);
        }
        return finish();
    }

private:
    // Cards by section, with where each was written.
    struct Section {
        int line = 0;  // 0 = not present
        std::vector<std::vector<Placed>> lines;
    };

    // Indentation is for the eye: a line starting with a card continues the current section.
    // A card of the other deck counts too, so that "KS" in a Spanish deal is reported as a
    // card of the wrong deck, not as an unknown keyword.
    bool starts_with_card(const std::vector<Token>& toks) const {
        return rules_ &&
               (looks_like_card(DeckKind::French, toks[0].text) || looks_like_card(DeckKind::Spanish, toks[0].text));
    }

    // Whether the line is what comes after the deal, left unread: the next deal of
    // a stream, the header of another file, or a log's `stop` word.
    bool ends_deal(const std::string& line, const std::vector<Token>& toks) const {
        const bool indented = line[0] == ' ' || line[0] == '\t';
        // Once every card is there, an unindented line of cards is the next deal, in the
        // line form: a stream may mix forms (deal.md), and without this the line-form deal
        // was read as more stock.
        if (starts_with_card(toks)) return !indented && cards_read_ >= deck_size(rules_->variant.deck);
        const std::string kw = ascii_lower(toks[0].text);
        const bool next_form = kw.starts_with("variant=") || kw.starts_with("seed=") ||
                               (!indented && looks_like_mchung94(toks[0].text));
        return kw == DealHeader || kw == "pyramide-log" || (!stop_.empty() && kw == stop_) || kw.starts_with("{") ||
               (stop_.empty() && next_form);
    }

    // A line starting with a keyword: `variant`, `seed`, or a section with perhaps its first cards.
    void read_statement(const std::vector<Token>& toks) {
        const std::string kw = ascii_lower(toks[0].text);
        const bool in_section = current_ != nullptr;
        current_ = nullptr;
        if (kw == "variant") {
            read_variant(toks);
        } else if (kw == "seed") {
            read_seed(toks);
        } else {
            open_section(kw, toks, in_section);
            if (toks.size() > 1) read_cards(toks, 1);
        }
    }

    void read_variant(const std::vector<Token>& toks) {
        if (rules_) lines_.fail(toks[0].col, "a second 'variant' line");
        if (toks.size() != 2) lines_.fail(toks[0].col, "expected 'variant NAME'");
        rules_ = &reader_.rules_for(std::string(toks[1].text), lines_.line_number(), toks[1].col);
    }

    void read_seed(const std::vector<Token>& toks) {
        if (out_.deal.has_seed) lines_.fail(toks[0].col, "a second 'seed' line");
        const std::optional<std::uint64_t> seed = toks.size() == 2 ? parse_decimal(toks[1].text) : std::nullopt;
        if (!seed)
            lines_.fail(toks.size() > 1 ? toks[1].col : toks[0].col,
                        "expected 'seed N' with N a whole number from 0 to 18446744073709551615");
        out_.deal.seed = *seed;
        out_.deal.has_seed = true;
        out_.seed_line = lines_.line_number();
        out_.seed_col = toks[1].col;
    }

    // `kw` (a word in lower case) starts a section; `in_section`: the line before was in one.
    void open_section(const std::string& kw, const std::vector<Token>& toks, bool in_section) {
        if (!rules_ && (looks_like_card(DeckKind::French, kw) || looks_like_card(DeckKind::Spanish, kw)))
            lines_.fail(toks[0].col, "the 'variant' line must come before the cards");
        if (kw != "pyramid" && kw != "reserve" && kw != "piles" && kw != "stock") unknown_keyword(toks[0], in_section);
        if (!rules_) lines_.fail(toks[0].col, "the 'variant' line must come before the cards");
        Section& s = sections_[kw];
        if (s.line) lines_.fail(toks[0].col, fmt::format("a second '{}' section", kw));
        s.line = lines_.line_number();
        current_ = &s;
    }

    [[noreturn]] void unknown_keyword(const Token& word, bool in_section) const {
        // No keyword is shorter than four letters, and no card longer
        // than three: a short word in a section is a mistyped card.
        std::size_t chars = 0;
        for (const char c : word.text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        std::string why;
        if (rules_ && in_section && chars <= 3 && !parse_card(rules_->variant.deck, word.text, why).valid())
            lines_.fail(word.col, why);
        // In a log, the deal ends at its `stop` word (moves), which may come here too.
        lines_.fail(word.col, fmt::format("unknown keyword '{}' (expected variant, seed, pyramid, reserve, piles{})",
                                          excerpt(word.text),
                                          stop_.empty() ? std::string(" or stock") : fmt::format(", stock or {}", stop_)));
    }

    // The cards of toks[first] on, a row of the current section.
    void read_cards(const std::vector<Token>& toks, std::size_t first) {
        if (!current_) lines_.fail(toks[0].col, "cards outside a section (pyramid, reserve, piles or stock)");
        const Variant& v = rules_->variant;
        std::vector<Placed> row;
        std::string why;
        for (std::size_t i = first; i < toks.size(); ++i) {
            const Card c = parse_card(v.deck, toks[i].text, why);
            if (!c.valid()) lines_.fail(toks[i].col, why);
            // Bounded memory whatever the input: a few cards too many get the precise
            // count message of finish(); thousands stop here.
            if (cards_read_ + static_cast<int>(row.size()) >= MaxCardsFactor * deck_size(v.deck))
                lines_.fail(toks[i].col,
                            fmt::format("too many cards: more than {} in one deal (the {} deck has {})",
                                        MaxCardsFactor * deck_size(v.deck), deck_word(v), deck_size(v.deck)),
                            Severity::Invalid);
            row.push_back({c, lines_.line_number(), toks[i].col});
        }
        cards_read_ += static_cast<int>(row.size());
        current_->lines.push_back(std::move(row));
    }

    // The deal as a whole: its variant, and each section as the variant lays it out.
    ReadDeal finish() {
        // A log that ends before its "moves" line was cut short: say so, rather than
        // report whichever section the cut happened to leave short.
        if (!stop_.empty() && !stopped_)
            throw InputError(lines_.name(), lines_.line_number(), 0,
                             fmt::format("the log ends inside its deal, before the '{}' line", stop_));
        if (!rules_) throw InputError(lines_.name(), start_line_, 0, "the deal has no 'variant' line");
        out_.rules = rules_;
        out_.deal.variant = rules_->variant.name;
        const Variant& v = rules_->variant;
        const Layout& l = rules_->layout;
        const Section& pyramid = need("pyramid", v.pyramid_size());
        check_rows(pyramid, "pyramid", l.pyramid_rows);
        const Section& stock = need("stock", v.stock_size());
        const Section& reserve = need("reserve", v.reserve);
        const Section& piles = need("piles", v.piles * v.pile_depth);
        if (v.piles) check_rows(piles, "piles", l.pile_layers);
        // Cards in line order (pyramid, stock, reserve, piles) for the duplicate check.
        std::vector<Placed> all;
        for (const Section* s : {&pyramid, &stock, &reserve, &piles})
            for (const std::vector<Placed>& row : s->lines) all.insert(all.end(), row.begin(), row.end());
        return finish_deal(lines_.name(), std::move(out_), all);
    }

    // The section `name`, which must hold `expected` cards.
    const Section& need(const char* name, int expected) {
        const Variant& v = rules_->variant;
        const Section& s = sections_[name];
        int n = 0;
        for (const std::vector<Placed>& row : s.lines) n += static_cast<int>(row.size());
        if (!s.line && expected > 0)
            throw InputError(lines_.name(), start_line_, 0,
                             fmt::format("the deal has no '{}' section ({} cards for variant '{}')", name, expected,
                                         v.name),
                             Severity::Invalid);
        if (n != expected)
            throw InputError(lines_.name(), s.line, 0,
                             fmt::format("the {} has {} card{}, but variant '{}' has {}", name, n, n == 1 ? "" : "s",
                                         v.name, expected),
                             Severity::Invalid);
        return s;
    }

    // A section in rows (the pyramid, Giza's piles): as many lines as the variant has rows, each as long.
    void check_rows(const Section& s, const char* what, const std::vector<std::vector<int>>& rows) const {
        if (s.lines.size() != rows.size())
            throw InputError(lines_.name(), s.line, 0,
                             fmt::format("the {} has {} rows, but variant '{}' has {}", what, s.lines.size(),
                                         rules_->variant.name, rows.size()),
                             Severity::Invalid);
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (s.lines[i].size() != rows[i].size())
                throw InputError(lines_.name(), s.lines[i].empty() ? s.line : s.lines[i][0].line, 0,
                                 fmt::format("row {} of the {} has {} card{}, expected {}", i + 1, what,
                                             s.lines[i].size(), s.lines[i].size() == 1 ? "" : "s", rows[i].size()),
                                 Severity::Invalid);
    }

    DealReader& reader_;
    LineReader& lines_;
    const int start_line_;
    const std::string_view stop_;
    ReadDeal out_;
    const Rules* rules_ = nullptr;
    std::map<std::string, Section> sections_;
    Section* current_ = nullptr;
    int cards_read_ = 0;
    bool stopped_ = false;  // by the next deal or `stop`, not by the end of the input
};

ReadDeal DealReader::read_body(int start_line, std::string_view stop) { return TextBody(*this, start_line, stop).read(); }

namespace {

// A JSON deal may span lines: its text runs until the braces balance outside strings.
std::string json_deal_text(LineReader& lines, std::string text) {
    int depth = 0;
    bool in_string = false, escaped = false;
    auto scan = [&](const std::string& s) {
        for (char ch : s) {
            if (in_string) {
                if (escaped) escaped = false;
                else if (ch == '\\') escaped = true;
                else if (ch == '"') in_string = false;
            } else if (ch == '"') in_string = true;
            else if (ch == '{' || ch == '[') ++depth;
            else if (ch == '}' || ch == ']') --depth;
        }
    };
    scan(text);
    std::string more;
    // A JSON string cannot span lines: one still open at the end of a line is
    // unterminated, and parse_json() says so where it starts.
    while (depth > 0 && !in_string && lines.next(more)) {
        text += "\n" + more;
        scan(more);
        if (text.size() > 1024 * 1024) lines.fail(0, "JSON deal longer than 1 MiB");
    }
    return text;
}

// A JSON deal's keys, read one group at a time; an error points at the value at fault.
class JsonDeal {
public:
    JsonDeal(const std::string& file, const JsonValue& doc) : file_(file), doc_(doc) {}

    // An object of known keys, with the notes' types, the format and its version.
    void check_header() const {
        if (doc_.kind != JsonValue::Kind::Object) fail(doc_, "a JSON deal must be an object");
        for (const auto& [k, val] : doc_.members)
            if (k != "format" && k != "version" && k != "variant" && k != "seed" && k != "pyramid" && k != "reserve" &&
                k != "piles" && k != "stock" && k != "winnable" && k != "rating")
                fail(val, fmt::format("unknown key \"{}\" in a JSON deal", excerpt(k)));
        // A note of `deal --winnable`: checked for its type, not kept (the solver decides it again).
        if (const JsonValue* winnable = doc_.find("winnable"); winnable && winnable->kind != JsonValue::Kind::Bool)
            fail(*winnable, "\"winnable\" must be true or false");
        // Written by `deal --difficulty`: an object, not kept (`pyramide rate` rates the deal again).
        if (const JsonValue* rating = doc_.find("rating"); rating && rating->kind != JsonValue::Kind::Object)
            fail(*rating, "\"rating\" must be an object (pyramide-rate(1) says its keys)");
        const JsonValue* format = doc_.find("format");
        if (!format || format->kind != JsonValue::Kind::String || format->text != "pyramide-deal")
            fail(format ? *format : doc_, "expected \"format\": \"pyramide-deal\"");
        const JsonValue* version = doc_.find("version");
        if (!version || version->kind != JsonValue::Kind::Number || version->text != std::to_string(DealVersion))
            fail(version ? *version : doc_, fmt::format("expected \"version\": {}", DealVersion));
    }

    // The "variant" string, nullptr if the deal names none.
    const JsonValue* variant() const {
        const JsonValue* variant = doc_.find("variant");
        if (variant && variant->kind != JsonValue::Kind::String) fail(*variant, "\"variant\" must be a string");
        return variant;
    }

    void read_seed(ReadDeal& out) const {
        const JsonValue* seed = doc_.find("seed");
        if (!seed) return;
        if (!seed->is_uint()) fail(*seed, "\"seed\" must be a whole number from 0 to 18446744073709551615");
        out.deal.has_seed = true;
        out.deal.seed = seed->as_uint();
        out.seed_line = seed->line;
        out.seed_col = seed->col;
    }

    // Every card of a deal of `r`, in line order (pyramid, stock, reserve, piles).
    std::vector<Placed> cards(const Rules& r) const {
        const Variant& v = r.variant;
        std::vector<Placed> all;
        auto add = [&all](const std::vector<Placed>& part) { all.insert(all.end(), part.begin(), part.end()); };
        add(rows("pyramid", r.layout.pyramid_rows, v));
        add(flat("stock", v.stock_size(), v));
        add(flat("reserve", v.reserve, v));
        add(rows("piles", r.layout.pile_layers, v));
        return all;
    }

private:
    [[noreturn]] void fail(const JsonValue& at, const std::string& msg, Severity sev = Severity::Unreadable) const {
        throw InputError(file_, at.line, at.col, msg, sev);
    }

    std::vector<Placed> card_list(const JsonValue& arr, DeckKind deck) const {
        if (arr.kind != JsonValue::Kind::Array) fail(arr, "expected an array of cards");
        std::vector<Placed> cards;
        std::string why;
        for (const JsonValue& item : arr.items) {
            if (item.kind != JsonValue::Kind::String) fail(item, "expected a card name in a string");
            const Card c = parse_card(deck, item.text, why);
            if (!c.valid()) fail(item, why);
            cards.push_back({c, item.line, item.col});
        }
        return cards;
    }

    // An array of rows, each as long as the variant's row of that `shape`.
    std::vector<Placed> rows(const char* key, const std::vector<std::vector<int>>& shape, const Variant& v) const {
        const JsonValue* arr = doc_.find(key);
        if (shape.empty()) {
            if (arr && !(arr->kind == JsonValue::Kind::Array && arr->items.empty()))
                fail(*arr, fmt::format("variant '{}' has no {}", v.name, key), Severity::Invalid);
            return {};
        }
        if (!arr) fail(doc_, fmt::format("missing \"{}\"", key), Severity::Invalid);
        if (arr->kind != JsonValue::Kind::Array) fail(*arr, fmt::format("\"{}\" must be an array of rows", key));
        if (arr->items.size() != shape.size())
            fail(*arr, fmt::format("the {} has {} rows, but variant '{}' has {}", key, arr->items.size(), v.name,
                                   shape.size()),
                 Severity::Invalid);
        std::vector<Placed> cards;
        for (std::size_t i = 0; i < shape.size(); ++i) {
            const std::vector<Placed> row = card_list(arr->items[i], v.deck);
            if (row.size() != shape[i].size())
                fail(arr->items[i], fmt::format("row {} of the {} has {} card{}, expected {}", i + 1, key, row.size(),
                                                row.size() == 1 ? "" : "s", shape[i].size()),
                     Severity::Invalid);
            cards.insert(cards.end(), row.begin(), row.end());
        }
        return cards;
    }

    // One array of `expected` cards.
    std::vector<Placed> flat(const char* key, int expected, const Variant& v) const {
        const JsonValue* arr = doc_.find(key);
        const std::vector<Placed> cards = arr ? card_list(*arr, v.deck) : std::vector<Placed>{};
        if (static_cast<int>(cards.size()) != expected)
            fail(arr ? *arr : doc_,
                 fmt::format("the {} has {} cards, but variant '{}' has {}", key, cards.size(), v.name, expected),
                 Severity::Invalid);
        return cards;
    }

    const std::string& file_;
    const JsonValue& doc_;
};

}  // namespace

ReadDeal DealReader::read_json(std::string first) {
    const int start = lines_.line_number();
    const JsonValue doc = parse_json(json_deal_text(lines_, std::move(first)), lines_.name(), start);
    const JsonDeal json(lines_.name(), doc);
    json.check_header();
    const JsonValue* variant = json.variant();
    ReadDeal out;
    out.line = start;
    out.rules = &rules_for(variant ? variant->text : "", variant ? variant->line : start, variant ? variant->col : 1);
    json.read_seed(out);
    const std::vector<Placed> cards = json.cards(*out.rules);
    return finish_deal(lines_.name(), std::move(out), cards);
}

}  // namespace pyr
