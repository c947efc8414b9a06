// Fuzz target: the deal reader (text, line, JSON and mchung94 forms, mixed in a stream).
// Invariant: every deal read writes out in each form, reads back to the same
// deal, and writes out again byte for byte the same.
#include <sstream>
#include <string>

#include "formats/deal_format.hpp"
#include "formats/mchung94.hpp"
#include "formats/variant_toml.hpp"
#include "fuzz_common.hpp"

namespace {

using namespace pyr;

const char* form_name(DealFormat f) {
    return f == DealFormat::Text ? "text" : f == DealFormat::Line ? "line" : f == DealFormat::Json ? "json" : "mchung94";
}

void check_round_trip(const ReadDeal& d, RulesCache& cache) {
    const Rules& rules = *d.rules;
    for (const DealFormat form : {DealFormat::Text, DealFormat::Line, DealFormat::Json, DealFormat::Mchung94}) {
        if (form == DealFormat::Mchung94 && !mchung94_problem(rules.variant).empty()) continue;
        const std::string text = format_deal(rules, d.deal, form);
        std::istringstream in(text);
        LineReader lines(in, "round-trip");
        // The line form and the deck string do not name their variant: read them as the
        // user would, with --variant.
        const bool unnamed = form == DealFormat::Line || form == DealFormat::Mchung94;
        DealReader reader(lines, cache, unnamed ? rules.variant.name : "");
        std::optional<ReadDeal> again;
        try {
            again = reader.next();
            fuzz::require(again.has_value(), std::string("no deal read back from the ") + form_name(form) + " form");
            fuzz::require(!reader.next().has_value(), std::string("two deals read back from one in the ") +
                                                         form_name(form) + " form");
        } catch (const InputError& e) {
            fuzz::fail(std::string("the ") + form_name(form) + " form does not read back: " + e.format() + "\n" +
                       printable(text));
        }
        fuzz::require(again->rules->variant.name == rules.variant.name, "variant changed");
        fuzz::require(again->deal.tableau == d.deal.tableau, std::string("tableau changed in the ") + form_name(form) + " form");
        fuzz::require(again->deal.stock == d.deal.stock, std::string("stock changed in the ") + form_name(form) + " form");
        if (!unnamed) {
            fuzz::require(again->deal.has_seed == d.deal.has_seed && again->deal.seed == d.deal.seed,
                          std::string("seed changed in the ") + form_name(form) + " form");
        }
        fuzz::require(format_deal(*again->rules, again->deal, form) == text,
                      std::string("the ") + form_name(form) + " form is not canonical: it writes out differently");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::fix_environment();
    if (size == 0) return 0;
    fuzz::ReaderInput input(data, size);
    RulesCache& cache = input.cache;
    DealReader reader(input.lines, cache, input.variant);
    try {
        for (int n = 0; n < 64; ++n) {
            const std::optional<ReadDeal> d = reader.next();
            if (!d) break;
            fuzz::require(d->rules != nullptr, "a deal without rules");
            fuzz::require(d->line >= 1, "a deal without a line");
            check_round_trip(*d, cache);
        }
    } catch (const InputError& e) {
        fuzz::check_message(e);
    }
    return 0;
}
