// PySolFC's dealing, reimplemented from its description in formats/deal.md:
// pysollib/pysolrandom.py construct_random(), Game.shuffle(), Game.createCards()
// and the startGame() of its Pyramid, Triangle and Giza.
#include "pysolfc.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "shuffle.hpp"

namespace pyr {

namespace {
// The number's words, least significant first, with no zero word on top.
std::vector<std::uint32_t> words_of(std::string_view digits) {
    std::vector<std::uint32_t> words{0};
    for (const char c : digits) {
        std::uint64_t carry = static_cast<std::uint64_t>(c - '0');
        for (std::uint32_t& w : words) {
            const std::uint64_t t = std::uint64_t{w} * 10 + carry;
            w = static_cast<std::uint32_t>(t);
            carry = t >> 32;
        }
        if (carry) words.push_back(static_cast<std::uint32_t>(carry));
    }
    return words;
}

bool exceeds_max(std::string_view digits) {
    const std::string_view max = PysolfcNumber::Max;
    return digits.size() > max.size() || (digits.size() == max.size() && digits > max);
}
}  // namespace

std::optional<PysolfcNumber> PysolfcNumber::parse(std::string_view text) {
    std::string_view digits = text.starts_with('#') ? text.substr(1) : text;
    // "ms617": how PySolFC shows its games below 32000, dealt by Microsoft's
    // generator as 617 is; past that, its ms numbers are other deals.
    const bool ms = ms_prefixed(digits);
    if (ms) digits.remove_prefix(2);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    const std::size_t first = std::min(digits.find_first_not_of('0'), digits.size());
    const std::string_view value = digits.substr(first);
    // 0 is no game: PySolFC's Microsoft generator takes seeds from 1.
    if (value.empty() || exceeds_max(value)) return std::nullopt;
    PysolfcNumber n;
    n.decimal_ = std::string(value);
    n.words_ = words_of(value);
    if (ms && !n.microsoft()) return std::nullopt;
    return n;
}

bool PysolfcNumber::ms_prefixed(std::string_view text) {
    if (text.starts_with('#')) text.remove_prefix(1);
    return text.size() >= 2 && (text[0] == 'm' || text[0] == 'M') && (text[1] == 's' || text[1] == 'S');
}

std::optional<PysolfcNumber> PysolfcNumber::next() const {
    std::string digits = decimal_;
    std::size_t i = digits.size();
    while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
    if (i == 0) digits.insert(digits.begin(), '1');
    else ++digits[i - 1];
    return parse(digits);
}

bool PysolfcNumber::has_after(std::uint64_t k) const {
    // Max - this, in two 64-bit halves: Max is 5 * 2^64 + 0x6bc75e2d63100000.
    constexpr std::uint64_t max_high = 5, max_low = 0x6bc75e2d63100000ULL;
    const auto word = [this](std::size_t i) { return i < words_.size() ? std::uint64_t{words_[i]} : 0; };
    const std::uint64_t low = word(0) | word(1) << 32, high = word(2);
    const std::uint64_t left_low = max_low - low, left_high = max_high - high - (max_low < low ? 1 : 0);
    return left_high > 0 || left_low >= k;
}

PythonRandom::PythonRandom(const std::vector<std::uint32_t>& key) {
    // init_genrand(19650218), then init_by_array(key), as CPython's random.seed(int) does.
    mt_[0] = 19650218U;
    for (std::uint32_t i = 1; i < 624; ++i) mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + i;
    std::uint32_t i = 1, j = 0;
    const auto len = static_cast<std::uint32_t>(key.size());
    for (std::uint32_t k = std::max<std::uint32_t>(624, len); k > 0; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] + j;
        if (++i >= 624) {
            mt_[0] = mt_[623];
            i = 1;
        }
        if (++j >= len) j = 0;
    }
    for (std::uint32_t k = 623; k > 0; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - i;
        if (++i >= 624) {
            mt_[0] = mt_[623];
            i = 1;
        }
    }
    mt_[0] = 0x80000000U;
}

std::uint32_t PythonRandom::next32() {
    if (index_ >= 624) {
        for (int k = 0; k < 624; ++k) {
            const std::uint32_t y = (mt_[k] & 0x80000000U) | (mt_[(k + 1) % 624] & 0x7fffffffU);
            mt_[k] = mt_[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
        }
        index_ = 0;
    }
    std::uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    return y ^ (y >> 18);
}

double PythonRandom::random() {
    const std::uint32_t a = next32() >> 5, b = next32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

namespace {
// PySolFC's suits in its order (clubs, spades, hearts, diamonds) as ours.
constexpr int Clubs = 3, Spades = 0, Hearts = 1, Diamonds = 2;

// createCards(): clubs, spades, hearts, diamonds, each Ace to King.
std::vector<Card> pysolfc_deck() {
    std::vector<Card> cards;
    for (const int suit : {Clubs, Spades, Hearts, Diamonds})
        for (int rank = 1; rank <= 13; ++rank) cards.push_back(Card::make(rank, suit));
    return cards;
}

// ms_rearrange(): rank by rank, clubs, diamonds, hearts, spades: FreeCell's deck.
std::vector<Card> microsoft_deck() {
    std::vector<Card> cards;
    for (int rank = 1; rank <= 13; ++rank)
        for (const int suit : {Clubs, Diamonds, Hearts, Spades}) cards.push_back(Card::make(rank, suit));
    return cards;
}

// RandomBase.shuffle(): for n from the last index down to 1, swap card n with card randint(0, n).
template <class RandInt>
void pysolfc_shuffle(std::vector<Card>& cards, RandInt randint) {
    for (std::size_t n = cards.size() - 1; n > 0; --n) std::swap(cards[n], cards[randint(n)]);
}
}  // namespace

std::vector<Card> pysolfc_talon(const PysolfcNumber& n) {
    std::vector<Card> cards;
    if (n.microsoft()) {
        // LCRandom31 below 2^31: Microsoft's rand(), 15 bits, and randint(0, n) = rand() % (n + 1).
        cards = microsoft_deck();
        std::uint32_t state = n.words()[0];
        pysolfc_shuffle(cards, [&state](std::size_t top) {
            state = state * 214013U + 2531011U;
            return static_cast<std::size_t>((state >> 16) & 0x7fff) % (top + 1);
        });
    } else {
        // MTRandom: randint(0, n) = int(random() * (n + 1)).
        cards = pysolfc_deck();
        PythonRandom rng(n.words());
        pysolfc_shuffle(cards, [&rng](std::size_t top) {
            return static_cast<std::size_t>(rng.random() * static_cast<double>(top + 1));
        });
    }
    // Shuffled cards are put on the talon in order: its top card, dealt first, is the last.
    std::reverse(cards.begin(), cards.end());
    return cards;
}

PysolfcMatch pysolfc_layout(const Variant& v) {
    const std::string name = "variant " + v.name;
    if (v.deck != DeckKind::French)
        return {std::nullopt, name + " has the 48-card Spanish deck; PySolFC's pyramid games deal the 52-card French deck"};
    if (v.rows == 7 && v.reserve == 0 && v.piles == 0 && v.waste_piles > 1)
        return {std::nullopt, fmt::format("{} has {} waste piles the player fills one card at a time; PySolFC's Apophis "
                                          "(658) deals a card onto each of its 3 piles at every deal, a game pyramide "
                                          "does not play",
                                          name, v.waste_piles)};
    if (v.rows == 7 && v.reserve == 0 && v.piles == 0)
        return {v.layout == LayoutKind::Pyramid ? PysolfcLayout::Pyramid : PysolfcLayout::Triangle, ""};
    if (v.layout == LayoutKind::Pyramid && v.rows == 7 && v.reserve == 0 && v.piles == 8 && v.pile_depth == 3)
        return {PysolfcLayout::Giza, ""};
    return {std::nullopt,
            fmt::format("{} lays {} cards in its {} of {} rows, {} in a reserve, {} in piles and {} in the stock; "
                        "PySolFC deals 28 in a pyramid or triangle of 7 rows and 24 in the stock (Pyramid, "
                        "Triangle), or 28 in a pyramid and 24 in 8 piles of 3 (Giza)",
                        name, v.pyramid_size(), v.layout == LayoutKind::Pyramid ? "pyramid" : "triangle", v.rows,
                        v.reserve, v.piles * v.pile_depth, v.stock_size())};
}

Deal deal_from_pysolfc(const Variant& v, PysolfcLayout layout, const PysolfcNumber& n) {
    std::vector<Card> talon = pysolfc_talon(n);
    // Pyramid and Triangle deal the 28 rows from the top row, then the stock is
    // the talon in order; Giza first deals 3 rounds of 8 onto its piles, then the pyramid.
    if (layout == PysolfcLayout::Giza) std::rotate(talon.begin(), talon.begin() + 24, talon.end());
    return deal_from_line_order(v, talon);
}

}  // namespace pyr
