// Where play's deals come from, one game after another: a deal file, PySolFC's
// game numbers, or seeds (given, or a random first one), and a deal that undo
// handed back, dealt again first.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "formats/deal_format.hpp"
#include "formats/text.hpp"
#include "lib/rules/pysolfc.hpp"

namespace pyr::cmd::play {

class DealSource {
public:
    // `deal_file` "": seeds, from `seed` or a random one, unless `pysolfc`
    // names PySolFC's first game. `variant` "": the deal's own, or the default.
    DealSource(RulesCache& cache, std::string deal_file, std::string variant, std::optional<std::uint64_t> seed,
               std::optional<PysolfcNumber> pysolfc);

    // A resumed series (or log, `series`) goes on after its last game, dealt `last` with `rules`:
    // with the deals of `deal_file` ("": seeds), in its variant unless one was
    // given. `series` names the series file when the next deal is unknown.
    // `pysolfc`: PySolFC's number of the series' first game, the last being game `k`.
    void go_on_after(const std::string& series, const std::string& deal_file, const Rules& rules, const Deal& last,
                     const std::string& pysolfc = "", int k = 1);

    // Game k's deal; none when the deal file or PySolFC's numbers are used up,
    // or after a resumed game whose deal had no seed and no deal file.
    // Throws InputError when a deal file cannot be read.
    std::optional<ReadDeal> next(int k);
    // A deal not played after all (undo before its first move), dealt again next.
    void give_back(ReadDeal deal) { given_back_ = std::move(deal); }

    // With --pysolfc: the PySolFC number of game k, else null.
    const PysolfcNumber* pysolfc_game(int k) const;
    // "" for seeds and PySolFC's games.
    const std::string& deal_file() const { return deal_file_; }
    // PySolFC's number of game 1, "" when the games are not PySolFC's.
    const std::string& first_pysolfc() const { return first_pysolfc_; }
    // Why next() found none: "no more deals in FILE".
    std::string none_left() const;

private:
    std::optional<ReadDeal> next_from_file(int k);
    ReadDeal next_pysolfc(int k);
    ReadDeal next_seed();

    RulesCache& cache_;
    std::unique_ptr<Input> deal_input_;
    std::unique_ptr<DealReader> deal_reader_;
    std::string deal_file_;  // where the deals come from ("": seeds)
    std::string variant_;    // the variant of the deals made from seeds
    std::optional<std::uint64_t> first_seed_;  // --seed
    std::uint64_t next_seed_ = 0;
    bool seeds_started_ = false;
    bool pysolfc_ = false;  // --pysolfc was given
    std::optional<PysolfcNumber> next_pysolfc_;  // the next PySolFC game, none past the last
    std::map<int, PysolfcNumber> pysolfc_games_;  // the PySolFC number of game k
    std::string first_pysolfc_;
    std::optional<ReadDeal> given_back_;
    std::string series_;       // the series or log resumed, if any
    bool no_next_seed_ = false;  // a resumed game whose deal had no seed
    bool seeds_done_ = false;  // the last seed, 2^64 - 1, was dealt
};

}  // namespace pyr::cmd::play
