// The rating of a deal (lib/players/rating.hpp): its verdict is the solver's, its
// fewest moves a real win that no shorter line beats, its expert count the
// expert's own games replayed one by one, the same on any number of threads,
// and its band read from that count alone.
#include <catch2/catch.hpp>

#include <string_view>

#include "formats/variant_toml.hpp"
#include "lib/players/rating.hpp"
#include "lib/rules/shuffle.hpp"

using namespace pyr;

namespace {
RatingOptions small(unsigned threads) {
    RatingOptions o;
    o.runs = 4;
    o.samples = 4;
    o.threads = threads;
    return o;
}

// The first seeds from `from` whose deal the solver wins and proves lost.
std::pair<std::uint64_t, std::uint64_t> winnable_and_lost(const Rules& rules, std::uint64_t from) {
    std::optional<std::uint64_t> won, lost;
    Solver solver;
    for (std::uint64_t s = from; !won || !lost; ++s) {
        const SolveOutcome o = solver.solve(rules, deal_from_seed(rules.variant, s)).outcome;
        if (o == SolveOutcome::Won && !won) won = s;
        if (o == SolveOutcome::NoSolution && !lost) lost = s;
    }
    return {*won, *lost};
}
}  // namespace

TEST_CASE("rating: the solver's verdict, and no expert games for a deal proved lost") {
    for (const char* name : {"traditional", "giza"}) {
        const Rules rules(load_variant(name));
        const auto [won, lost] = winnable_and_lost(rules, 0);
        const Rating w = rate_deal(rules, deal_from_seed(rules.variant, won), small(1));
        CHECK(w.verdict == SolveOutcome::Won);
        CHECK(w.runs == 4);
        REQUIRE(w.band);
        CHECK(*w.band == band_of(w.wins, w.runs));
        const Rating l = rate_deal(rules, deal_from_seed(rules.variant, lost), small(1));
        CHECK(l.verdict == SolveOutcome::NoSolution);
        CHECK(l.runs == 0);
        CHECK_FALSE(l.band);
        CHECK_FALSE(l.fewest_moves);
    }
}

TEST_CASE("rating: the fewest moves win, and the first win found is no shorter") {
    // Pyramid-only seed 21's first win found is longer than its shortest.
    for (const auto& [name, seed] : {std::pair{"pyramid-only", 21}, std::pair{"traditional", 21}}) {
        const Rules rules(load_variant(name));
        const Deal deal = deal_from_seed(rules.variant, static_cast<std::uint64_t>(seed));
        const Rating r = rate_deal(rules, deal, small(1));
        REQUIRE(r.fewest_moves);
        SolveOptions so;
        so.shortest = true;
        const SolveResult line = solve(rules, deal, so);
        Game g(rules, deal);
        for (const Move& m : line.line) g.apply(m);
        CHECK(g.status() == Status::Won);
        CHECK(static_cast<int>(line.line.size()) == *r.fewest_moves);
        const std::size_t first_found = solve(rules, deal).line.size();
        CHECK(first_found >= line.line.size());
        if (std::string_view(name) == "pyramid-only") CHECK(first_found > line.line.size());
    }
}

TEST_CASE("rating: the expert's wins are its games with seeds S..S+R-1, on any number of threads") {
    // In Par too, the expert of a rating plays for a win, not for the score.
    for (const auto& [preset, seed] : {std::pair{"traditional", 21}, {"traditional", 45}, {"traditional", 52}, {"par", 1}}) {
        const Rules rules(load_variant(preset));
        const Deal deal = deal_from_seed(rules.variant, static_cast<std::uint64_t>(seed));
        RatingOptions o = small(1);
        o.seed = 1000 * static_cast<std::uint64_t>(seed);
        const Rating one = rate_deal(rules, deal, o);
        REQUIRE(one.verdict == SolveOutcome::Won);
        int wins = 0;
        for (int r = 0; r < o.runs; ++r) {
            ExpertOptions eo;
            eo.samples = o.samples;
            eo.seed = o.seed + static_cast<std::uint64_t>(r);
            eo.for_score = false;
            Expert expert(eo);
            wins += expert_wins(expert, rules, deal);
        }
        CHECK(one.wins == wins);
        o.threads = 3;
        CHECK(rate_deal(rules, deal, o).wins == wins);
    }
}

TEST_CASE("rating: the win counts of each band, and the fewest games that give it") {
    for (int runs = 1; runs <= 40; ++runs)
        for (int b = 0; b < Bands; ++b) {
            const Band band = static_cast<Band>(b);
            const WinCounts c = band_wins(band, runs);
            for (int w = 0; w <= runs; ++w) CHECK((band_of(w, runs) == band) == (w >= c.first && w <= c.last));
            if (runs < fewest_runs(band)) CHECK(c.none());
            if (runs == fewest_runs(band)) CHECK_FALSE(c.none());
        }
    // Easy (half or more) and expert (below 5%, no win at all) from one game;
    // medium (1 of 3: 25% to below 50%) from three; hard (1 of 5: 5% to below 25%) from five.
    CHECK(fewest_runs(Band::Easy) == 1);
    CHECK(fewest_runs(Band::Expert) == 1);
    CHECK(fewest_runs(Band::Medium) == 3);
    CHECK(fewest_runs(Band::Hard) == 5);
    CHECK(band_wins(Band::Hard, 4).none());
    CHECK(band_wins(Band::Medium, 16).first == 4);
    CHECK(band_wins(Band::Medium, 16).last == 7);
}

TEST_CASE("rating: bands by the expert's chance, each band's floor its own") {
    CHECK(band_of(16, 16) == Band::Easy);
    for (int b = 0; b < Bands; ++b) {
        const Band band = static_cast<Band>(b);
        const int runs = 1000;
        const int floor_wins = static_cast<int>(band_floor(band) * runs + 0.5);
        CHECK(band_of(floor_wins, runs) == band);
        // One win short of the easier band's floor.
        if (b > 0) CHECK(band_of(static_cast<int>(band_floor(static_cast<Band>(b - 1)) * runs + 0.5) - 1, runs) == band);
        CHECK(band_named(band_name(band)) == band);
    }
    CHECK(band_of(0, 16) == Band::Expert);
    CHECK_FALSE(band_named("Easy"));
    CHECK_FALSE(band_named("trivial"));
}

TEST_CASE("rating: a band probe answers as the full rating does, and plays on where asked again") {
    // The first winnable deals of traditional and Par: every band asked of one
    // probe in turn, the deal's band and expert asked of fresh ones, against
    // rate_deal's band; the probe's own rating is rate_deal's.
    int fewer_games = 0;  // deals where "not expert" was settled before the last game
    for (const char* preset : {"traditional", "par"}) {
        const Rules rules(load_variant(preset));
        int winnable = 0;
        for (std::uint64_t seed = 0; winnable < 3; ++seed) {
            const Deal deal = deal_from_seed(rules.variant, seed);
            RatingOptions o = small(seed % 2 + 1);
            o.runs = 8;
            const Rating full = rate_deal(rules, deal, o);
            BandProbe again(rules, deal, o);
            for (int b = Bands - 1; b >= 0; --b)
                CHECK(again.in_band(static_cast<Band>(b)) == (full.band == static_cast<Band>(b)));
            const Rating from_probe = again.rating();
            CHECK(from_probe.verdict == full.verdict);
            CHECK(from_probe.wins == full.wins);
            CHECK(from_probe.band == full.band);
            CHECK(from_probe.fewest_moves == full.fewest_moves);
            if (full.verdict != SolveOutcome::Won) {
                CHECK_FALSE(BandProbe(rules, deal, o).in_band(Band::Expert));
                continue;
            }
            ++winnable;
            CHECK(BandProbe(rules, deal, o).in_band(*full.band));
            // Expert asked first: the first win settles "no", before the eighth
            // game where there are two wins; the rating then plays the rest.
            BandProbe first(rules, deal, o);
            CHECK(first.in_band(Band::Expert) == (full.wins == 0));
            if (full.wins >= 2) {
                CHECK(first.games_played() < o.runs);
                ++fewer_games;
            }
            CHECK(first.rating().wins == full.wins);
            CHECK(first.games_played() == o.runs);
        }
    }
    CHECK(fewer_games > 0);
}
