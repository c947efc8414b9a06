// PySolFC's game numbers: the cards PySolFC deals for game number N, so that a
// PySolFC game can be solved or played here (formats/deal.md, "PySolFC's game numbers").
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"

namespace pyr {

// A PySolFC game number, 1 to 10^20 (its MAX_SEED): wider than 64 bits, so kept
// as its decimal digits and as 32-bit words, least significant first.
class PysolfcNumber {
public:
    static constexpr std::string_view Max = "100000000000000000000";
    // Decimal digits, 1 to Max, as PySolFC shows them ("#00617": a '#' first and leading zeros
    // allowed; "ms617" or "#ms617", its form below 32000, the same game as 617); nullopt otherwise.
    static std::optional<PysolfcNumber> parse(std::string_view text);
    // `text` starts with "ms" (any case, after an optional '#').
    static bool ms_prefixed(std::string_view text);

    const std::string& decimal() const { return decimal_; }  // without leading zeros
    const std::vector<std::uint32_t>& words() const { return words_; }
    // Below 32000 PySolFC deals with Microsoft's FreeCell generator, above with Python's Mersenne Twister.
    bool microsoft() const { return words_.size() == 1 && words_[0] < 32000; }
    // The number after this one, nullopt past Max.
    std::optional<PysolfcNumber> next() const;
    // This number plus k is still a game number (at most Max).
    bool has_after(std::uint64_t k) const;

private:
    std::string decimal_;
    std::vector<std::uint32_t> words_;
};

// Python's random.Random: MT19937 seeded from an integer by init_by_array over
// its 32-bit words, and random(), a double in [0, 1) from two outputs.
class PythonRandom {
public:
    explicit PythonRandom(const std::vector<std::uint32_t>& key);
    std::uint32_t next32();
    double random();

private:
    std::uint32_t mt_[624];
    int index_ = 624;
};

// The 52 cards in the order PySolFC's talon deals them (its top card first),
// for game number n of any one-deck game that shuffles with Game.shuffle().
std::vector<Card> pysolfc_talon(const PysolfcNumber& n);

// Which of PySolFC's deals a variant's deal is laid like.
enum class PysolfcLayout { Pyramid, Triangle, Giza };
struct PysolfcMatch {
    std::optional<PysolfcLayout> layout;  // nullopt: none, and `why` says so
    std::string why;
};
PysolfcMatch pysolfc_layout(const Variant& v);

// The deal of PySolFC's game n for a variant pysolfc_layout() accepts; it names
// no seed (a PySolFC number is not a pyramide seed).
Deal deal_from_pysolfc(const Variant& v, PysolfcLayout layout, const PysolfcNumber& n);

}  // namespace pyr
