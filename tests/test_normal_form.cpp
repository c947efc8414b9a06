// The normal form's context as part of a position's key (lib/solve/normal_form.hpp):
// two contexts get the same key only if they skip the same pairs, here and
// below; and contexts that skip the same pairs share a key, so the lost table
// finds a position reached along another line.
#include <catch2/catch.hpp>

#include <vector>

#include "lib/solve/normal_form.hpp"
#include "lib/solve/pairing.hpp"
#include "lib/rules/shuffle.hpp"
#include "support.hpp"

namespace {

using namespace pyr;
using pyr::test::card;
constexpr auto cards = pyr::test::french_cards;

Move pair(const char* a, const char* b) {
    Move m;
    m.kind = MoveKind::Pair;
    m.ca = card(DeckKind::French, a);
    m.cb = card(DeckKind::French, b);
    return m;
}

struct Traditional {
    Variant variant;
    Rules rules{variant};
    PairingFacts facts = pairing_facts(rules, std::vector<Card>(28, card(DeckKind::French, "KS")));

    Key key(const NormalForm& ctx, std::uint64_t in_play) const { return ctx.identify(Key{1, 2}, in_play, facts); }
};

}  // namespace

TEST_CASE("a card that pairs with no other card in play before the last move leaves the key alone") {
    Traditional t;
    const std::uint64_t in_play = cards({"9H", "4D", "7C", "2S", "QD"});
    NormalForm a, b;
    a.in_play_before = cards({"9H", "4D", "7C"});
    b.in_play_before = cards({"9H", "4D", "2S"});  // 7C and 2S pair with none of the others
    CHECK(t.key(a, in_play) == t.key(b, in_play));
    NormalForm c = a;
    c.in_play_before = cards({"9H", "4D"});
    CHECK(t.key(a, in_play) == t.key(c, in_play));
    // Without 4D no pair is left to skip: the same as no context.
    NormalForm d = a;
    d.in_play_before = cards({"9H", "7C", "2S"});
    CHECK(t.key(d, in_play) == t.key(NormalForm{}, in_play));
    // With a pair among them the key differs.
    CHECK(t.key(a, in_play) != t.key(NormalForm{}, in_play));
}

TEST_CASE("the last pair counts only as where it falls among the pairs still open") {
    Traditional t;
    const std::uint64_t in_play = cards({"9H", "4D", "QC", "AS", "5S"});
    const std::uint64_t before = in_play;
    const int first = NormalForm::index(pair("9H", "4D")), second = NormalForm::index(pair("QC", "AS"));
    const int lo = std::min(first, second), hi = std::max(first, second);
    auto with_last = [&](int last) {
        NormalForm ctx;
        ctx.in_play_before = before;
        ctx.last_pair = last;
        return ctx;
    };
    // Below both open pairs: each may follow; between them: only the later.
    CHECK(t.key(with_last(0), in_play) == t.key(with_last(lo - 1), in_play));
    CHECK(t.key(with_last(lo), in_play) == t.key(with_last(hi - 1), in_play));
    CHECK(t.key(with_last(lo - 1), in_play) != t.key(with_last(lo), in_play));
    // Past both: none may follow, as after a move that was no pair.
    CHECK(t.key(with_last(hi), in_play) == t.key(with_last(-1), in_play));
    CHECK(t.key(with_last(hi - 1), in_play) != t.key(with_last(hi), in_play));
}

TEST_CASE("after a move made at once the context holds only for the cards in play before it") {
    NormalForm ctx;
    ctx.in_play_before = cards({"9H", "4D", "7C"});
    ctx.since_draw = cards({"9H", "4D", "7C"});
    ctx.last_pair = 5;
    const NormalForm next = ctx.at_once(cards({"9H", "4D", "KS"}));
    CHECK(next.in_play_before == cards({"9H", "4D"}));
    CHECK(next.since_draw == cards({"9H", "4D"}));
    CHECK(next.last_pair == 5);
}

// The property the key rests on, over random contexts: the same key, the
// same pairs skipped among the cards in play, and the same pairs held apart.
TEST_CASE("contexts with one key skip the same pairs") {
    Traditional t;
    SplitMix64 rng(20261202);
    int same = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        // Few cards, so that keys often meet.
        std::uint64_t pool = 0;
        for (int i = 0; i < 6; ++i) pool |= std::uint64_t{1} << (4 + rng.below(52));
        auto subset = [&] {
            std::uint64_t s = 0;
            for (std::uint64_t m = pool; m; m &= m - 1)
                if (rng.below(2)) s |= m & -m;
            return s;
        };
        const std::uint64_t in_play = subset() | subset();
        auto context = [&] {
            NormalForm c;
            c.in_play_before = subset();
            c.since_draw = rng.below(2) ? subset() : 0;
            c.last_pair = rng.below(3) == 0 ? -1 : static_cast<int>(rng.below(64 * 64));
            return c;
        };
        const NormalForm a = context(), b = context();
        if (!(t.key(a, in_play) == t.key(b, in_play))) continue;
        ++same;
        for (std::uint64_t x = in_play; x; x &= x - 1)
            for (std::uint64_t y = x & (x - 1); y; y &= y - 1) {
                const int cx = std::countr_zero(x), cy = std::countr_zero(y);
                if (!(t.facts.partners[cx] >> cy & 1)) continue;  // not a pair
                Move m;
                m.kind = MoveKind::Pair;
                m.ca = Card{static_cast<std::uint8_t>(cx)};
                m.cb = Card{static_cast<std::uint8_t>(cy)};
                INFO("pair " << cx << " " << cy);
                CHECK(a.skips(m) == b.skips(m));
                const std::uint64_t both = m.ca.bit() | m.cb.bit();
                CHECK(((a.held(in_play) & both) == both) == ((b.held(in_play) & both) == both));
            }
    }
    CHECK(same > 1000);  // the property was put to the test
}
