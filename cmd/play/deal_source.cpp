// play's deals, game after game (deal_source.hpp).
#include "deal_source.hpp"

#include <fmt/format.h>

#include "cmd/common.hpp"
#include "formats/error.hpp"
#include "lib/rules/shuffle.hpp"

namespace pyr::cmd::play {

DealSource::DealSource(RulesCache& cache, std::string deal_file, std::string variant,
                       std::optional<std::uint64_t> seed, std::optional<PysolfcNumber> pysolfc)
    : cache_(cache),
      deal_file_(std::move(deal_file)),
      variant_(std::move(variant)),
      first_seed_(seed),
      pysolfc_(pysolfc.has_value()),
      next_pysolfc_(pysolfc),
      first_pysolfc_(pysolfc ? pysolfc->decimal() : "") {}

void DealSource::go_on_after(const std::string& series, const std::string& deal_file, const Rules& rules,
                             const Deal& last, const std::string& pysolfc, int k) {
    series_ = series;
    deal_file_ = deal_file;
    if (variant_.empty()) variant_ = rules.variant.name;
    if (std::optional<PysolfcNumber> n = PysolfcNumber::parse(pysolfc)) {
        // PySolFC's games N, N+1, ...: game k is N + k - 1, the next one after it.
        first_pysolfc_ = n->decimal();
        for (int i = 1; i < k && n; ++i) n = n->next();
        if (!n) return;
        pysolfc_ = true;
        pysolfc_games_.insert_or_assign(k, *n);
        next_pysolfc_ = n->next();
        return;
    }
    if (deal_file_.empty()) {
        seeds_started_ = last.has_seed;
        next_seed_ = last.seed + 1;
        no_next_seed_ = !last.has_seed;
        seeds_done_ = last.has_seed && last.seed == UINT64_MAX;
    }
}

std::optional<ReadDeal> DealSource::next(int k) {
    if (given_back_) {
        std::optional<ReadDeal> rd = std::move(given_back_);
        given_back_.reset();
        return rd;
    }
    if (!deal_file_.empty()) return next_from_file(k);
    if (pysolfc_) {
        if (!next_pysolfc_) return std::nullopt;  // past PySolFC's last number: no more deals
        return next_pysolfc(k);
    }
    if (no_next_seed_) return std::nullopt;  // none_left() says why
    if (seeds_done_) return std::nullopt;  // seed 2^64 - 1 was the last: no wrap to 0
    return next_seed();
}

std::optional<ReadDeal> DealSource::next_from_file(int k) {
    if (!deal_reader_) {
        deal_input_ = std::make_unique<Input>(deal_file_);
        deal_reader_ = std::make_unique<DealReader>(deal_input_->lines(), cache_, variant_);
        // A resumed series goes on with the deal after its last game's.
        for (int dealt = 1; dealt < k; ++dealt)
            if (!deal_reader_->next()) return std::nullopt;
    }
    return deal_reader_->next();
}

ReadDeal DealSource::next_pysolfc(int k) {
    ReadDeal rd;
    rd.rules = &cache_.get(variant_.empty() ? PysolfcDefaultVariant : variant_);
    rd.deal = pysolfc_deal(*rd.rules, *next_pysolfc_);
    pysolfc_games_.insert_or_assign(k, *next_pysolfc_);
    next_pysolfc_ = next_pysolfc_->next();
    return rd;
}

ReadDeal DealSource::next_seed() {
    ReadDeal rd;
    rd.rules = &cache_.get(variant_.empty() ? "traditional" : variant_);
    if (!seeds_started_) {
        seeds_started_ = true;
        next_seed_ = first_seed_ ? *first_seed_ : random_seed();
    }
    seeds_done_ = next_seed_ == UINT64_MAX;
    rd.deal = deal_from_seed(rd.rules->variant, next_seed_++);
    return rd;
}

const PysolfcNumber* DealSource::pysolfc_game(int k) const {
    const auto it = pysolfc_games_.find(k);
    return it == pysolfc_games_.end() ? nullptr : &it->second;
}

std::string DealSource::none_left() const {
    if (pysolfc_) return fmt::format("no more PySolFC games: {} is the last number", PysolfcNumber::Max);
    if (no_next_seed_)
        return printable(series_) + ": the next game's deal is unknown: the last game's deal has no seed, and no "
                                    "deal file or PySolFC game number is named";
    if (deal_file_.empty()) return fmt::format("no more seeds: {} is the last", UINT64_MAX);
    return "no more deals in " + printable(deal_file_);
}

}  // namespace pyr::cmd::play
