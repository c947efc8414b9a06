// The layout's facts of order (lib/solve/pairing.hpp) against the rules engine and
// the solver: no game ever removes a card while one that must go first is
// still there, or pairs two cards the facts keep apart; and no deal the lock
// test calls locked can be won.
#include <catch2/catch.hpp>

#include <bit>
#include <string>

#include "formats/variant_toml.hpp"
#include "lib/solve/pairing.hpp"
#include "lib/rules/shuffle.hpp"
#include "lib/solve/solver.hpp"

namespace {

using namespace pyr;

PairingFacts facts_of(const Rules& rules, const Deal& deal) { return pairing_facts(rules, deal.tableau); }

// The tableau cards still in place, by card code.
std::uint64_t tableau_cards(const Game& g) {
    std::uint64_t m = 0;
    for (std::uint64_t p = g.state().present; p; p &= p - 1) m |= g.tableau_card(std::countr_zero(p)).bit();
    return m;
}

// Plays random legal moves to the end, checking every removal against the facts.
void check_random_game(const Rules& rules, std::uint64_t seed) {
    const Deal deal = deal_from_seed(rules.variant, seed);
    const PairingFacts facts = facts_of(rules, deal);
    Game g(rules, deal);
    SplitMix64 rng(seed);
    while (g.status() == Status::InProgress) {
        MoveList moves;
        g.legal_moves(moves);
        const Move m = moves.moves[rng.below(static_cast<std::uint64_t>(moves.size))];
        g.apply(m);
        if (m.kind != MoveKind::Pair && m.kind != MoveKind::Lone) continue;
        INFO(rules.variant.name << " seed " << seed << ", move " << g.moves_made() << ": " << g.name(m.ca) << " "
                                << (m.kind == MoveKind::Pair ? g.name(m.cb) : ""));
        const std::uint64_t left = tableau_cards(g);
        CHECK((facts.before[m.ca.code] & left) == 0);
        if (m.kind == MoveKind::Lone) continue;
        CHECK((facts.before[m.cb.code] & left) == 0);
        CHECK((facts.possible_partners(m.ca.code, ~std::uint64_t{0}) & m.cb.bit()) != 0);
        CHECK((facts.possible_partners(m.cb.code, ~std::uint64_t{0}) & m.ca.bit()) != 0);
    }
}

}  // namespace

TEST_CASE("no game breaks the layout's facts of order: every preset", "[pairing]") {
    for (const Preset& p : presets()) {
        const Rules rules(load_variant(std::string(p.name)));
        for (std::uint64_t seed = 0; seed < 100; ++seed) check_random_game(rules, seed);
    }
}

TEST_CASE("no deal called locked is won: every preset", "[pairing][solver]") {
    Solver solver;
    for (const Preset& p : presets()) {
        const Rules rules(load_variant(std::string(p.name)));
        int locked = 0;
        for (std::uint64_t seed = 0; seed < 400; ++seed) {
            const Deal deal = deal_from_seed(rules.variant, seed);
            if (!has_lock(rules, deal)) continue;
            ++locked;
            INFO(p.name << " seed " << seed);
            CHECK(solver.solve(rules, deal).outcome == SolveOutcome::NoSolution);
        }
        INFO(p.name << ": " << locked << " locked deals of 400");
        // Every preset's deals have locks (giza's piles hide none, its pyramid does).
        CHECK(locked > 0);
    }
}

TEST_CASE("overlapping seed 271: 7D, all its 6s on top but 6D directly on it, is no lock", "[pairing][solver]") {
    const Rules rules(load_variant("overlapping"));
    const Deal deal = deal_from_seed(rules.variant, 271);
    CHECK_FALSE(has_lock(rules, deal));
    CHECK(solve(rules, deal).outcome == SolveOutcome::Won);
    // Without overlapping pairs the same cards are locked: every 6 lies on top of 7D.
    const Rules plain(load_variant("traditional"));
    CHECK(has_lock(plain, deal_from_seed(plain.variant, 271)));
}

TEST_CASE("overlapping pairs: a cover that does not pair with the card under it still goes first", "[pairing]") {
    const Rules rules(load_variant("overlapping"));
    const Layout& l = rules.layout;
    int partner_covers = 0, other_covers = 0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        const Deal deal = deal_from_seed(rules.variant, seed);
        const PairingFacts facts = facts_of(rules, deal);
        for (int p = 0; p < l.size; ++p) {
            const Card card = deal.tableau[static_cast<std::size_t>(p)];
            for (std::uint64_t m = l.covers[p]; m; m &= m - 1) {
                const Card cover = deal.tableau[static_cast<std::size_t>(std::countr_zero(m))];
                INFO("seed " << seed << ", place " << p << ", covered by place " << std::countr_zero(m));
                const bool pairs = card.rank() + cover.rank() == rules.variant.target;
                // It may go with this cover (overlapping), or only once the cover is gone.
                CHECK(((facts.before[card.code] & cover.bit()) != 0) == !pairs);
                CHECK(((facts.after[cover.code] & card.bit()) != 0) == !pairs);
                (pairs ? partner_covers : other_covers)++;
            }
        }
    }
    CHECK(partner_covers > 0);
    CHECK(other_covers > 0);
}

TEST_CASE("partner_ranks: the cards of every rank that pairs with one of the cards given, every target", "[pairing]") {
    SplitMix64 rng(7);
    int variants = 0;
    for (const char* deck : {"french", "spanish"})
        for (int target = 3; target <= 25; ++target) {
            const std::string text =
                std::string("name = \"t\"\ndeck = \"") + deck + "\"\ntarget = " + std::to_string(target) + "\n";
            Variant v;
            try {
                v = parse_variant(text, "t.toml");
            } catch (const std::exception&) {
                continue;  // not a target this deck allows
            }
            ++variants;
            const Rules rules(v);
            const PairingFacts f = facts_of(rules, deal_from_seed(v, 1));
            for (int k = 0; k < 2000; ++k) {
                const std::uint64_t cards = rng.next() & rng.next();
                std::uint64_t want = 0;  // by the definition: the partners of a card of each rank present
                for (int r = 1; r <= deck_ranks(v.deck); ++r)
                    if (cards & rank_bits(r)) want |= f.partners[4 * r] | f.partners[4 * r + 1];
                INFO(deck << " target " << target << ", cards " << cards);
                REQUIRE(f.partner_ranks(cards) == want);
            }
        }
    CHECK(variants >= 23);
}
