// The solver's facts of order (lib/solve/order_facts.hpp) on hand-built positions:
// the closure of "x goes before y", partners dropped both ways, moves that
// break a fact, and the dead-state test on small positions worked out by hand.
#include <catch2/catch.hpp>

#include "lib/solve/order_facts.hpp"
#include "support.hpp"

namespace {

using namespace pyr;
using pyr::test::card;
constexpr auto cards = pyr::test::french_cards;
int code(const char* name) { return card(DeckKind::French, name).code; }

// One tableau card (a King, gone) and the rest in the talon: a position is its
// talon, as the test lays it out.
struct OneCardGame {
    Variant variant = [] {
        Variant v;
        v.rows = 1;
        return v;
    }();
    Rules rules{variant};
    PairingFacts facts = pairing_facts(rules, std::vector<Card>{card(DeckKind::French, "KS")});
    DeadEndTest test{rules, facts, 0};

    // `waste` top first, then `stock` in the order it comes (the first is turned next, time 1).
    bool dead(std::initializer_list<const char*> waste, std::initializer_list<const char*> stock) const {
        OrderInput in;
        in.pass = 1;
        for (const char* w : waste) {
            in.talon |= card(DeckKind::French, w).bit();
            if (test.reads_waste(in.pass)) {
                in.pile[in.waste_count] = 0;
                in.waste[in.waste_count++] = static_cast<std::uint8_t>(code(w));
            }
        }
        int time = 1;
        for (const char* s : stock) {
            in.talon |= card(DeckKind::French, s).bit();
            if (test.reads_stock(in.pass)) {
                in.stock_time[in.stock_count] = static_cast<std::uint8_t>(time++);
                in.stock[in.stock_count++] = static_cast<std::uint8_t>(code(s));
            }
        }
        OrderFacts o;
        return test.dead(in, nullptr, nullptr, o);
    }
};

}  // namespace

TEST_CASE("order facts: before before is before, and a cycle of cards that must go is refused", "[solver][order]") {
    OrderFacts o;
    o.remaining = cards({"AS", "2S", "3S", "4S"});
    o.required = o.remaining;
    REQUIRE(o.add(code("AS"), code("2S"), o.required));
    REQUIRE(o.add(code("2S"), code("3S"), o.required));
    CHECK(o.before[code("3S")] == cards({"AS", "2S"}));
    CHECK(o.after[code("AS")] == cards({"2S", "3S"}));
    CHECK(o.touched == cards({"AS", "2S", "3S"}));
    CHECK_FALSE(o.add(code("3S"), code("AS"), o.required));  // 3S would go before itself
    // Every card of {4S} after every card of {AS}: and after what comes before AS.
    REQUIRE(o.add_all(cards({"AS"}), cards({"4S"}), o.required));
    CHECK(o.before[code("4S")] == cards({"AS"}));
    CHECK(o.after[code("AS")] == cards({"2S", "3S", "4S"}));
}

TEST_CASE("order facts: a cycle of cards none of which must go is allowed", "[solver][order]") {
    OrderFacts o;
    o.remaining = cards({"AS", "2S", "3S"});
    o.required = cards({"3S"});
    REQUIRE(o.add(code("AS"), code("2S"), o.required));
    CHECK(o.add(code("2S"), code("AS"), o.required));  // then neither ever goes: no contradiction
    o.required = cards({"AS"});
    CHECK_FALSE(o.add(code("2S"), code("AS"), o.required));
}

TEST_CASE("order facts: a dropped partner is dropped both ways", "[solver][order]") {
    OrderFacts o;
    o.remaining = cards({"3S", "TH", "TD"});
    o.partners[code("3S")] = cards({"TH", "TD"});
    o.partners[code("TH")] = cards({"3S"});
    o.partners[code("TD")] = cards({"3S"});
    o.drop(code("3S"), cards({"TH"}));
    CHECK(o.partners[code("3S")] == cards({"TD"}));
    CHECK(o.partners[code("TH")] == 0);
    CHECK(o.partners[code("TD")] == cards({"3S"}));
    CHECK(o.repartnered == cards({"3S", "TH"}));
}

TEST_CASE("order facts: the moves that break a fact", "[solver][order]") {
    OrderFacts o;
    o.remaining = cards({"3S", "TH", "TD", "KC", "QC"});
    o.partners[code("3S")] = cards({"TH"});
    o.partners[code("TH")] = cards({"3S"});
    o.before[code("KC")] = cards({"QC"});  // QC lies on KC
    Move pair{MoveKind::Pair, 0, 1, card(DeckKind::French, "3S"), card(DeckKind::French, "TH"), 0};
    CHECK_FALSE(o.broken_by(pair));
    pair.cb = card(DeckKind::French, "TD");  // not a partner any more
    CHECK(o.broken_by(pair));
    const Move king{MoveKind::Lone, 2, LocNone, card(DeckKind::French, "KC"), NoCard, 0};
    CHECK(o.broken_by(king));  // QC must go first
    o.remaining &= ~cards({"QC"});
    CHECK_FALSE(o.broken_by(king));
    CHECK_FALSE(o.broken_by(Move{}));  // a draw breaks nothing
}

TEST_CASE("dead-state test: two partners in one waste pile never meet in the last pass", "[solver][order]") {
    const OneCardGame g;
    CHECK(g.dead({"3H", "TS"}, {}));   // 3H lies on TS: both must go, only with each other
    CHECK_FALSE(g.dead({"3H"}, {"TS"}));  // TS comes while 3H is the waste top
    CHECK_FALSE(g.dead({}, {"3H", "TS"}));
}

TEST_CASE("dead-state test: a stock card that comes while its partner is buried", "[solver][order]") {
    const OneCardGame g;
    // 3H lands on the waste, 5C on it; TS comes before 8D can free 3H: 3H is buried.
    CHECK(g.dead({}, {"3H", "5C", "TS", "8D"}));
    // 8D first: 5C goes with it when turned, and 3H is the waste top when TS comes.
    CHECK_FALSE(g.dead({}, {"3H", "5C", "8D", "TS"}));
    CHECK_FALSE(g.dead({}, {"3H", "TS", "5C", "8D"}));
}

TEST_CASE("dead-state test: a card with no partner left, and Hall's condition", "[solver][order]") {
    const OneCardGame g;
    CHECK(g.dead({}, {"3H"}));                    // no Ten left
    CHECK(g.dead({}, {"3H", "3D", "TS"}));        // two Threes, one Ten
    CHECK_FALSE(g.dead({}, {"3H", "TS", "3D", "TD"}));
}

TEST_CASE("dead-state test: a card whose partners are all held up cannot go before the first of them is free", "[solver][order]") {
    const OneCardGame g;
    // 6H lies on 7C. TS comes at 1 and lands on 6H (its Three comes at 3);
    // 6C at 2 lands on TS: its Sevens are 7C, under 6H, whose Sevens come
    // at 4 and 6, and 7D at 4 and 7S at 6, so 6C cannot go before 4, though
    // 7C is no stock card. At 3, then, TS is still under 6C: 3C lands on 6C,
    // over its only partner.
    CHECK(g.dead({"6H", "7C"}, {"TS", "6C", "3C", "7D", "6D", "7S"}));
    // 7D at 2 instead, and 7S before 6D: won (6C with 7D, 3C with TS, 7S
    // with 6H, 6D with 7C).
    CHECK_FALSE(g.dead({"6H", "7C"}, {"TS", "7D", "6C", "3C", "7S", "6D"}));
}
