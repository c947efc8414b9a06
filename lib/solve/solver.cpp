// The exact solver's search: depth-first over a solver position
// (lib/solve/solver_position.hpp: bit sets over the stock order with one waste pile,
// pyr::Game with several), with Kings and forced pairs made at once, a normal
// form for the order of moves, the dead-state test (lib/solve/order_facts.hpp) and
// the lost-position table (lib/solve/lost_table.hpp). Every line found is replayed
// through pyr::Game before it is returned.
#include "solver.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <type_traits>

#include "best_score.hpp"
#include "lib/parallel.hpp"
#include "lost_table.hpp"
#include "moves_left.hpp"
#include "reached_table.hpp"
#include "normal_form.hpp"
#include "open_list.hpp"
#include "order_facts.hpp"
#include "solver_position.hpp"

namespace pyr {

// The search's buffers by ply, kept by the Solver from deal to deal, so a
// deal's search allocates and clears none (that was 5% of the instructions
// of a traditional deal).
struct SearchScratch {
    // One ply of the line being searched.
    struct Ply {
        OrderFacts facts;                   // its own facts of order, when it was tested
        const OrderFacts* holds = nullptr;  // those that hold there: its own, or (draw_is_forced) the ply before's
        MoveList moves;
    };
    // Made once each and never moved (the facts are pointed to; a move list
    // is held while the plies below it are made): one frame a ply, found by
    // an index, not a deque's arithmetic (1% of the instructions).
    std::vector<std::unique_ptr<Ply>> plies;
    Ply& at(int ply) {
        const auto i = static_cast<std::size_t>(ply);
        if (i >= plies.size()) [[unlikely]]
            grow(i);
        return *plies[i];
    }
    [[gnu::noinline]] void grow(std::size_t i) {
        while (plies.size() <= i) plies.push_back(std::make_unique<Ply>());
    }
};

namespace {

constexpr int MaxDepth = 4000;

// The moves of one position to try, best first.
struct Choice {
    std::array<int, 160> index;  // into the position's MoveList
    int size = 0;
    bool at_once = false;  // a King or a forced pair, the only move tried
};

template <class Position>
class Search {
public:
    Search(const Game& start, const SolveOptions& o, LostTable& table, SearchScratch& scratch)
        : rules_(start.rules()), o_(o), pos_(start), table_(table), facts_(pairing_facts(start)),
          pyramid_codes_(pyramid_codes(start)), dead_end_(rules_, facts_, pyramid_codes_), scratch_(scratch) {
        const Layout& l = rules_.layout;
        goal_tableau_ = rules_.variant.goal == Goal::Pyramid ? l.pyramid_mask : l.all_mask;
        const State& s = start.state();
        const bool at_pass_start = s.stock_pos == 0 && !s.turned.valid();
        first_idle_pass_ = s.removed_this_pass || at_pass_start ? s.pass : s.pass + 1;
        table_.next_search();
    }

    SolveResult run() {
        SolveResult r;
        if (o_.shortest ? dfs(MaxDepth, NormalForm{}, 0, nullptr) : search_with_probes()) {
            r.outcome = SolveOutcome::Won;
            if (o_.shortest) shorten();
            if (gave_up_) r.outcome = SolveOutcome::GaveUp;  // a win, but not proved the shortest
        }
        if (r.outcome != SolveOutcome::Won) r.outcome = gave_up_ ? SolveOutcome::GaveUp : SolveOutcome::NoSolution;
        std::reverse(line_.begin(), line_.end());
        r.line = std::move(line_);
        r.nodes = nodes_;
        return r;
    }

    // After run(): whether the position after `first`, one of the start's
    // moves, is won. The same search goes on from the start with only that
    // move (the same keys: what run() and the calls before proved lost
    // serves here), within a node limit of its own. nodes() counts them all.
    SolveOutcome outcome_after(const Move& first) {
        gave_up_ = stopped_ = false;
        stop_at_ = NoStop;
        shuffle_ = 0;
        node_base_ = nodes_;
        line_.clear();
        root_only_ = &first;
        const bool win = dfs(MaxDepth, NormalForm{}, 0, nullptr);
        root_only_ = nullptr;
        return win ? SolveOutcome::Won : gave_up_ ? SolveOutcome::GaveUp : SolveOutcome::NoSolution;
    }
    std::uint64_t nodes() const { return nodes_; }

private:
    // A deal that is won is often won along many lines, but best first can
    // spend a million positions below one early move that loses (Par, seed
    // 220: a won deal, 1.8 million positions). So the search starts as a
    // few probes, stopped early (SolveOptions::first_probe): the first in
    // move_priority's order (most deals are decided within it, the line as
    // that order finds it), the others in a random order of the moves each
    // allows, each twice the one before; only then does it search best first
    // to the end. Every probe keeps in the table what it proved lost, which
    // is lost in any order, so the probes spare the searches after them
    // their work; a lost deal pays at most the probes' positions (67,000 by
    // default: of the sizes tried, these did best on par and microsoft;
    // one-pass games neither gain nor lose). The random order is the same
    // each run: the same deal gives the same line.
    bool search_with_probes() {
        for (int probe = 0; o_.first_probe && probe <= o_.shuffled_probes; ++probe) {
            shuffle_ = probe == 0 ? 0 : 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(probe);
            stop_at_ = nodes_ + (probe == 0 ? o_.first_probe : o_.probe_positions << std::min(probe - 1, 32));
            if (dfs(MaxDepth, NormalForm{}, 0, nullptr)) return true;
            if (!stopped_) return false;  // decided (lost), or gave up at the node limit
            stopped_ = false;
        }
        shuffle_ = 0;
        stop_at_ = NoStop;
        return dfs(MaxDepth, NormalForm{}, 0, nullptr);
    }
    static constexpr std::uint64_t NoStop = ~std::uint64_t{0};

    // A probe's order: the removals shuffled, then the draw or the recycle;
    // in half of the positions, the draw or the recycle first (putting pairs
    // off to a later pass is what a best-first order is slowest to try).
    void shuffle(const MoveList& moves, Choice& c) {
        const auto removal = [&](int i) { return moves.moves[c.index[i]].kind == MoveKind::Pair || moves.moves[c.index[i]].kind == MoveKind::Lone; };
        int removals = 0;
        while (removals < c.size && removal(removals)) ++removals;
        for (int i = removals - 1; i > 0; --i) std::swap(c.index[i], c.index[next_random() % static_cast<std::uint64_t>(i + 1)]);
        if (removals > 0 && removals < c.size && (next_random() & 1))
            std::rotate(c.index.begin(), c.index.begin() + removals, c.index.begin() + c.size);
    }
    // xorshift64: the probe's random order.
    std::uint64_t next_random() {
        shuffle_ ^= shuffle_ << 13;
        shuffle_ ^= shuffle_ >> 7;
        shuffle_ ^= shuffle_ << 17;
        return shuffle_;
    }

    // The shortest line, once a win of line_.size() moves is known (a deal
    // without one is proved lost by the plain search, which is much faster).
    // Best first (A*) where one waste pile lets a position be kept in a few
    // words; if that outgrows its memory, or with several waste piles,
    // iterative deepening (IDA*) from the fewest moves still possible. Both
    // skip every position that needs more moves than the line in hand
    // (moves_left_bound), so a line no longer than it is always found.
    void shorten() {
        const int upper = static_cast<int>(line_.size());
        int lower = moves_left_bound(pos_, rules_.variant, required_now());
        if constexpr (std::is_same_v<Position, FastPosition>) {
            std::vector<Move> found;
            if (o_.shortest_bytes >= BestFirstBytesPerNode && best_first(upper, found, lower)) {
                line_ = std::move(found);
                return;
            }
            if (gave_up_) return;
        }
        bounded_ = true;
        for (int depth = lower; depth < upper && !gave_up_; ++depth) {
            std::vector<Move> known = std::move(line_);
            line_.clear();
            depth_limited_ = false;
            if (dfs(depth, NormalForm{}, 0, nullptr)) return;
            line_ = std::move(known);
            if (!depth_limited_) return;  // searched to the end: no shorter line
        }
    }

    // A position the best-first search has reached, and how.
    struct Node {
        FastPosition::Bits bits;
        std::uint32_t parent;
        Move move;
        bool stale = false;  // reached since in fewer moves
    };
    // The facts of order of the positions expanded last, by node: a child
    // taken from the queue soon after its parent (ties go to the most moves
    // made) starts its dead-state test from them rather than from the layout.
    class KeptFacts {
    public:
        const OrderFacts* of(std::uint32_t node) const {
            const Kept& k = kept_[node % Size];
            return node != NoParent && k.node == node ? &k.facts : nullptr;
        }
        void keep(std::uint32_t node, const OrderFacts& facts) { kept_[node % Size] = {node, facts}; }

    private:
        static constexpr std::size_t Size = 256;
        struct Kept {
            std::uint32_t node = NoParent;
            OrderFacts facts;
        };
        std::vector<Kept> kept_ = std::vector<Kept>(Size);
    };

    // A* over whole positions, each expanded when first taken from the queue
    // (reached again in fewer moves, it is looked at again), with
    // moves_left_bound as its estimate; the first won position taken from
    // the queue is reached in the fewest moves. Positions are not told apart
    // by the normal form here: each is kept once anyway. True with the line
    // in `found` (backwards); false if it outgrew its memory, and then
    // `lower` is a lower bound on the line's length.
    bool best_first(int upper, std::vector<Move>& found, int& lower) {
        const std::size_t most = o_.shortest_bytes / BestFirstBytesPerNode;
        const FastPosition::Bits root = pos_.bits();
        std::vector<Node> nodes;
        nodes.reserve(most + 1);  // address space only: pages are used as nodes come, and never copied
        nodes.push_back({root, NoParent, Move{}});
        OpenList open(upper);
        KeptFacts kept;
        ReachedTable reached;
        reached.find_or_add(pos_.key()).node = 0;
        open.push(lower, 0, 0);
        bool won = false;
        while (!open.empty()) {
            const OpenList::Entry top = open.pop();
            if (nodes[top.node].stale) continue;
            pos_.set_bits(nodes[top.node].bits);
            if (pos_.won()) {
                for (std::uint32_t n = top.node; nodes[n].parent != NoParent; n = nodes[n].parent) found.push_back(nodes[n].move);
                won = true;
                break;
            }
            const Node& node = nodes[top.node];
            const OrderFacts* above = kept.of(node.parent);
            if (dead(0, above ? &node.move : nullptr, above)) continue;
            // The facts of order may show that it needs more moves than its
            // estimate said. It is expanded now all the same (its facts are
            // at hand), and its children's estimates are at least its own:
            // every line through them passes through it (pathmax).
            const int f = std::max(top.f, top.g + moves_left_bound(pos_, rules_.variant, scratch_.at(0).facts, facts_.pairable));
            if (f > upper) continue;
            if (nodes.size() > most) {
                lower = top.f;
                break;
            }
            kept.keep(top.node, scratch_.at(0).facts);
            const bool went_on = expand(top.g, upper, reached, [&](const Move& m, int g, int h, const Key& key) {
                ReachedTable::Slot& slot = reached.find_or_add(key);
                if (slot.node != ReachedTable::None) {
                    if (slot.g <= g) return;
                    nodes[slot.node].stale = true;
                }
                slot.node = static_cast<std::uint32_t>(nodes.size());
                slot.g = g;
                nodes.push_back({pos_.bits(), top.node, m});
                open.push(std::max(f, g + h), g, slot.node);
            });
            if (!went_on) break;  // gave up
        }
        pos_.set_bits(root);
        return won;
    }

    // One position of the best-first search, reached in g moves, its facts of
    // order in scratch_.at(0).facts (it is not dead): each move the solver would try
    // from here, to a position that may still be won within `upper` moves,
    // goes to reach(move, moves, bound, key). False at the node limit.
    template <class Reach>
    bool expand(int g, int upper, const ReachedTable& reached, Reach reach) {
        if (o_.node_limit && nodes_ >= o_.node_limit) {
            gave_up_ = true;
            return false;
        }
        ++nodes_;
        const std::uint64_t free = pos_.free_mask();
        MoveList& moves = scratch_.at(0).moves;
        pos_.legal_moves(moves, free);
        const Choice choice = choose_moves(moves, scratch_.at(0).facts, NormalForm{}, free);
        for (int i = 0; i < choice.size; ++i) {
            const Move& m = moves.moves[choice.index[i]];
            pos_.apply(m);
            const Key key = pos_.key();
            reached.prefetch(key);  // while the bound is worked out
            const int h = moves_left_bound(pos_, rules_.variant, required_now());
            if (g + 1 + h <= upper) reach(m, g + 1, h, key);
            pos_.undo();
        }
        return true;
    }

    static constexpr std::uint32_t NoParent = ~std::uint32_t{0};
    // The best-first search's memory a position, at the most: its node (56
    // bytes), its slot in the table of positions reached (24 bytes, at a
    // load from a quarter to a half) and its place in the queue (4, and 8 more
    // while its bucket grows).
    static constexpr std::size_t BestFirstBytesPerNode = 170;

    // Kings alone, then pairs of pyramid cards, pairs that free the most
    // cards, pairs that dig the waste; then draws; a recycle last.
    int move_priority(const Move& m, std::uint64_t free) const {
        const Layout& l = rules_.layout;
        switch (m.kind) {
        case MoveKind::Lone: return 100000;
        case MoveKind::Pair: {
            std::uint64_t gone = 0;
            if (m.a < 64) gone |= std::uint64_t{1} << m.a;
            if (m.b < 64) gone |= std::uint64_t{1} << m.b;
            const std::uint64_t present = pos_.present() & ~gone;
            int freed = 0;
            for (std::uint64_t c = present & ~free; c; c &= c - 1)
                if ((l.covers[std::countr_zero(c)] & present) == 0) ++freed;
            return 1000 * std::popcount(gone) + 100 * freed + ((m.a >= LocWaste || m.b >= LocWaste) ? 10 : 0);
        }
        case MoveKind::Draw: return 5 - m.pile;
        case MoveKind::Recycle: return 0;
        }
        return 0;
    }

    // A later draw of several cards would show other cards if this talon card
    // went now: removing it shifts which cards the draws after a recycle show.
    bool shifts_later_draws(const Move& m) const {
        const bool talon = m.a >= 64 || (m.kind == MoveKind::Pair && m.b >= 64);
        return talon && rules_.variant.draw > 1 && passes_left(rules_.variant, pos_.pass());
    }

    // A King is made at once when doing so can never cost anything: always
    // when looking for any win; for the shortest line only if it must go anyway.
    bool king_at_once(const Move& m) const {
        if (m.kind != MoveKind::Lone || shifts_later_draws(m)) return false;
        if (!o_.shortest || rules_.variant.goal == Goal::AllCards) return true;
        return m.a < 64 && (goal_tableau_ >> m.a & 1);
    }

    // A recycle after a pass that removed no card brings back the cards of
    // the pass's start, with a recycle fewer: whatever wins from there wins
    // from that start, sooner, without it (as the rules say of unlimited
    // passes). Not in the pass of a start position that had drawn, removing
    // nothing, before the search began: that pass's start is not in it.
    // Not in a probe either: a position whose recycle this skipped is lost
    // only if that start is, and a probe may stop before it knows; what a
    // probe stores must hold in any search after it (the lost table's key
    // does not say whether a card went in the pass).
    bool idle_recycle(const Move& m) const {
        return m.kind == MoveKind::Recycle && !pos_.removed_this_pass() && pos_.pass() >= first_idle_pass_ &&
               stop_at_ == NoStop;
    }

    // A card that must go and has one partner left goes with it: if both are
    // in play, pairing them now costs nothing (neither is any other card's
    // partner in a winning line), like a King.
    bool pair_at_once(const OrderFacts& o, const Move& m) const {
        if (m.kind != MoveKind::Pair || shifts_later_draws(m)) return false;
        auto alone = [&](Card c) { return (o.required >> c.code & 1) && std::popcount(o.partners[c.code]) == 1; };
        return alone(m.ca) || alone(m.cb);
    }

    // The one move of `moves` that is `m` as the game names it (the
    // position's moves name the same cards, perhaps at other places).
    static Choice only(const MoveList& moves, const Move& m) {
        Choice c;
        for (int i = 0; i < moves.size && c.size == 0; ++i) {
            const Move& x = moves.moves[i];
            const bool same = x.kind == m.kind && (x.kind != MoveKind::Draw || x.pile == m.pile) &&
                              ((x.ca == m.ca && x.cb == m.cb) || (x.kind == MoveKind::Pair && x.ca == m.cb && x.cb == m.ca));
            if (same) c.index[c.size++] = i;
        }
        if (c.size == 0) throw std::logic_error("outcome_after: not a move of the position");
        return c;
    }

    // The moves to try from here: one made at once, or every move the normal
    // form and the facts of order allow, by move_priority (stable), or in a
    // probe's random order.
    Choice choose_moves(const MoveList& moves, const OrderFacts& facts, const NormalForm& ctx, std::uint64_t free) {
        Choice c;
        std::array<int, 160> priority;
        for (int i = 0; i < moves.size; ++i) {
            const Move& m = moves.moves[i];
            if (king_at_once(m)) {
                // The King goes now or never: if it breaks an order, the position is lost.
                c.size = 0;
                if (!facts.broken_by(m)) c.index[c.size++] = i;
                c.at_once = true;
                return c;
            }
            if (ctx.skips(m) || facts.broken_by(m) || idle_recycle(m)) continue;
            if (pair_at_once(facts, m)) {
                c.size = 1;
                c.index[0] = i;
                c.at_once = true;
                return c;
            }
            priority[i] = move_priority(m, free);
            c.index[c.size++] = i;
        }
        // Insertion sort, stable: a few moves, no allocation.
        for (int i = 1; i < c.size; ++i) {
            const int x = c.index[i];
            int j = i;
            for (; j > 0 && priority[c.index[j - 1]] < priority[x]; --j) c.index[j] = c.index[j - 1];
            c.index[j] = x;
        }
        if (shuffle_) shuffle(moves, c);
        return c;
    }

    // The position's key in the lost table, with what the normal form forbids
    // here, which is part of its identity.
    Key position_key(const NormalForm& ctx, std::uint64_t in_play) const {
        // The pyramid goal, last pass: a waste card under every card that
        // pairs with a pyramid card can never matter.
        std::uint64_t useful = ~std::uint64_t{0};
        if (rules_.variant.goal == Goal::Pyramid && !passes_left(rules_.variant, pos_.pass()))
            useful = facts_.partner_ranks(pos_.tableau_codes() & pyramid_codes_);
        return ctx.identify(pos_.key(useful), in_play, facts_);
    }

    // The same position with more recycles left (lib/solve/solver_position.hpp)
    // was proved lost within `depth` moves, and so is this one.
    bool lost_with_more_recycles(int depth, const NormalForm& ctx, std::uint64_t in_play) {
        bool lost = false;
        if constexpr (std::is_same_v<Position, FastPosition>) {
            pos_.for_easier_keys([&](const Key& easier) {
                const int seen = table_.find(ctx.identify(easier, in_play, facts_));
                if (seen >= depth && seen < MaxDepth) depth_limited_ = true;
                return lost = seen >= depth;
            });
        }
        return lost;
    }

    std::uint64_t required_now() const { return dead_end_.must_go(pos_.tableau_codes(), pos_.talon_codes()); }

    // The dead-state test on the position at `ply`, whose facts it leaves in
    // the ply's frame (SearchScratch); `parent`: the facts of the position `last` was made from
    // (by default the ply before's), nullptr to start from the layout.
    // `held`: tableau cards that never pair with each other from here (NormalForm::held).
    bool dead(int ply, const Move* last, std::uint64_t held) {
        return dead(ply, last, ply > 0 ? scratch_.at(ply - 1).holds : nullptr, held);
    }
    bool dead(int ply, const Move* last, const OrderFacts* parent, std::uint64_t held = 0) {
        const std::uint64_t tableau = pos_.tableau_codes(), talon = pos_.talon_codes();
        if (dead_end_.unpairable_left(tableau, talon)) return true;
        OrderInput in;
        fill_order_input(pos_, dead_end_, in);
        in.held = held & tableau;
        SearchScratch::Ply& here = scratch_.at(ply);
        here.holds = &here.facts;
        return dead_end_.dead(in, parent, last, here.facts);
    }

    // In the last pass, a position reached by a removal or a draw where the
    // normal form leaves nothing but a draw: its dead-state test is left to
    // the position after that draw, which starts from the facts before this
    // one (they still hold). More positions, fewer tests: 12% fewer
    // instructions on traditional, 10% on pyramid-only, 7% on overlapping.
    bool draw_is_forced(const MoveList& moves, const NormalForm& ctx, int ply, const Move* last) const {
        if (ply == 0 || !last || last->kind == MoveKind::Recycle || !dead_end_.reads_waste(pos_.pass())) return false;
        // Not twice in a row: a dead end is found a move late at the most.
        const SearchScratch::Ply& before = scratch_.at(ply - 1);
        if (before.holds != &before.facts) return false;
        bool draw = false;
        for (int i = 0; i < moves.size; ++i) {
            const Move& m = moves.moves[i];
            if (m.kind == MoveKind::Draw) draw = true;
            else if (!ctx.skips(m)) return false;
        }
        return draw;
    }

    // True if the position wins within `depth` moves; the line is collected backwards.
    // `last` is the move that led here (none at the start), `ply` the moves made so far.
    bool dfs(int depth, const NormalForm& ctx, int ply, const Move* last) {
        if (pos_.won()) return true;
        // The shortest line: fewer moves left than the position needs at the least (IDA*).
        if (depth == 0 || (bounded_ && moves_left_bound(pos_, rules_.variant, required_now()) > depth)) {
            depth_limited_ = true;
            return false;
        }
        // A position is counted once it is searched: --node-limit N searches N at the most.
        if (o_.node_limit && nodes_ - node_base_ >= o_.node_limit) {
            gave_up_ = true;
            return false;
        }
        if (nodes_ >= stop_at_) {
            stopped_ = true;  // the probe's end: nothing on the line is stored as lost
            return false;
        }
        ++nodes_;
        const std::uint64_t free = pos_.free_mask();
        const std::uint64_t in_play = pos_.in_play_codes(free);
        const Key k = position_key(ctx, in_play);
        const int seen = table_.find(k);
        if (seen >= depth) {
            if (seen < MaxDepth) depth_limited_ = true;
            return false;
        }
        if (lost_with_more_recycles(depth, ctx, in_play)) return false;
        SearchScratch::Ply& here = scratch_.at(ply);
        MoveList& moves = here.moves;
        pos_.legal_moves(moves, free);
        if (draw_is_forced(moves, ctx, ply, last)) {
            here.holds = scratch_.at(ply - 1).holds;
        } else if (dead(ply, last, ctx.held(in_play))) {
            table_.store(k, MaxDepth);
            return false;
        }
        const bool root_only = root_only_ && ply == 0;
        const Choice choice = root_only ? only(moves, *root_only_) : choose_moves(moves, *here.holds, ctx, free);
        const bool limited_before = depth_limited_;
        depth_limited_ = false;
        for (int i = 0; i < choice.size; ++i) {
            const Move& m = moves.moves[choice.index[i]];
            // Below the one move tried, nothing is put off to another line:
            // the position after it starts a search of its own.
            const NormalForm next = root_only       ? NormalForm{}
                                    : choice.at_once ? ctx.at_once(in_play)
                                                     : ctx.after(rules_.variant, m, in_play, in_play & pos_.talon_codes());
            pos_.apply(m);
            const bool win = dfs(depth - 1, next, ply + 1, &m);
            pos_.undo();
            if (win) {
                line_.push_back(m);
                return true;
            }
            if (gave_up_ || stopped_) return false;
        }
        // Without a depth cut below, the position is lost whatever the depth
        // (not so where one move was tried).
        if (!root_only) table_.store(k, depth_limited_ ? depth : MaxDepth);
        depth_limited_ = depth_limited_ || limited_before;
        return false;
    }

    const Rules& rules_;
    const SolveOptions& o_;
    Position pos_;
    LostTable& table_;
    const PairingFacts facts_;  // what the layout alone says of which card pairs with which
    const std::uint64_t pyramid_codes_;
    const DeadEndTest dead_end_;
    SearchScratch& scratch_;  // by ply, along the current line: the facts of order, and the moves
    std::uint64_t goal_tableau_ = 0;
    int first_idle_pass_ = 1;  // from this pass on, idle_recycle() applies
    std::uint64_t nodes_ = 0;
    std::uint64_t node_base_ = 0;      // the node limit counts from here
    const Move* root_only_ = nullptr;  // outcome_after: the one move tried at the start
    bool gave_up_ = false;
    std::uint64_t stop_at_ = NoStop;  // a probe stops past this many positions (search_with_probes)
    bool stopped_ = false;
    std::uint64_t shuffle_ = 0;  // in a probe, the state of its random order; 0: move_priority's order
    bool depth_limited_ = false;
    bool bounded_ = false;  // iterative deepening for the shortest line: cut by moves_left_bound
    std::vector<Move> line_;
};

}  // namespace

Solver::Solver(SolveOptions options)
    : options_(options), table_(std::make_unique<LostTable>(options.table_bytes)),
      scratch_(std::make_unique<SearchScratch>()) {}
Solver::~Solver() = default;

SolveResult Solver::solve(const Rules& rules, const Deal& deal) { return solve(Game(rules, deal)); }

namespace {

// The line is the engine's own moves: replay it through pyr::Game, so only a
// line the rules accept is ever reported. Returns the game at its end.
Game replay_line(const Game& start, std::vector<Move>& line) {
    Game game = start;
    const Rules& rules = start.rules();
    Reason<Refusal> why;
    for (Move& m : line) {
        const std::optional<int> pile = rules.variant.waste_piles > 1 ? std::optional<int>(m.pile + 1) : std::nullopt;
        m = game.resolve(m.kind == MoveKind::Pair   ? MoveRequest{m.kind, m.ca, m.cb, std::nullopt}
                         : m.kind == MoveKind::Lone ? MoveRequest{m.kind, m.ca, NoCard, std::nullopt}
                                                    : MoveRequest{m.kind, NoCard, NoCard, pile},
                         why);
        if (why) throw std::logic_error("solver produced an illegal move: " + why.text);
        game.apply(m);
    }
    return game;
}

}  // namespace

namespace {
// The searches recurse once a move. Most variants' lines are short (a
// traditional game is at most 77 moves), and run on the caller's stack; a
// variant with many passes can go MaxDepth deep, too deep for a small stack
// (`ulimit -s`, a worker thread's 2 MiB), and runs on a stack sized for it.
constexpr int DeepLine = 300;
constexpr std::size_t StackPerMove = 16 * 1024;  // several times a release frame: room for sanitizers

int longest_line(const Variant& v) {
    if (v.passes == UnlimitedPasses) return MaxDepth;
    const long draws = static_cast<long>(v.stock_size() + 1) * v.passes;
    return static_cast<int>(std::min<long>(MaxDepth, deck_size(v.deck) + draws + v.passes));
}
}  // namespace

SolveResult Solver::solve(const Game& start) {
    const auto run = [&] {
        if (options_.best_score && start.variant().scored && !options_.shortest) return solve_for_best_score(start);
        return solve_for_win(start, options_);
    };
    const int longest = longest_line(start.variant());
    if (longest <= DeepLine) return run();
    SolveResult r;
    with_stack(static_cast<std::size_t>(longest) * StackPerMove, [&] { r = run(); });
    return r;
}

SolveResult Solver::solve_for_win(const Game& start, const SolveOptions& options) {
    SolveResult r;
    if (start.variant().waste_piles == 1) {
        Search<FastPosition> search(start, options, *table_, *scratch_);
        r = search.run();
    } else {
        Search<GamePosition> search(start, options, *table_, *scratch_);
        r = search.run();
    }
    if (r.outcome == SolveOutcome::Won && replay_line(start, r.line).status() != Status::Won)
        throw std::logic_error("solver line does not win");
    return r;
}

namespace {
template <class Position>
std::vector<SolveOutcome> outcomes_in(const Game& start, std::span<const Move> moves, const SolveOptions& options,
                                      LostTable& table, SearchScratch& scratch, std::uint64_t& nodes) {
    Search<Position> search(start, options, table, scratch);
    SolveResult r = search.run();
    std::vector<SolveOutcome> out(moves.size(), SolveOutcome::NoSolution);
    if (r.outcome == SolveOutcome::NoSolution) {
        nodes = search.nodes();
        return out;
    }
    std::optional<Move> first;
    if (r.outcome == SolveOutcome::Won) {
        if (replay_line(start, r.line).status() != Status::Won) throw std::logic_error("solver line does not win");
        if (!r.line.empty()) first = r.line.front();
    }
    for (std::size_t i = 0; i < moves.size(); ++i)
        out[i] = first && moves[i] == *first ? SolveOutcome::Won : search.outcome_after(moves[i]);
    nodes = search.nodes();
    return out;
}
}  // namespace

std::vector<SolveOutcome> Solver::outcomes_after(const Game& from, std::span<const Move> moves, std::uint64_t* nodes) {
    std::uint64_t n = 0;
    std::vector<SolveOutcome> out;
    const auto run = [&] {
        out = from.variant().waste_piles == 1 ? outcomes_in<FastPosition>(from, moves, options_, *table_, *scratch_, n)
                                              : outcomes_in<GamePosition>(from, moves, options_, *table_, *scratch_, n);
    };
    const int longest = longest_line(from.variant());
    if (longest <= DeepLine) run();
    else with_stack(static_cast<std::size_t>(longest) * StackPerMove, run);
    if (nodes) *nodes = n;
    return out;
}

// A search for any win first: it says whether one exists, and the score of
// the win it finds is one the best-score search need only try to beat.
SolveResult Solver::solve_for_best_score(const Game& start) {
    SolveOptions for_win = options_;
    for_win.best_score = false;
    SolveResult win = solve_for_win(start, for_win);
    SolveResult r;
    r.outcome = win.outcome;
    r.nodes = win.nodes;
    if (win.outcome == SolveOutcome::GaveUp) return r;
    BestScore known;
    if (win.outcome == SolveOutcome::Won) {
        known.score = replay_line(start, win.line).score();
        known.line = std::move(win.line);
    }
    const BestScore* known_line = win.outcome == SolveOutcome::Won ? &known : nullptr;
    // The searches after the win search: each within best_score_node_limit,
    // or together within what node_limit leaves.
    const auto limit = [&](SolveOptions& o) {
        if (options_.best_score_node_limit) {
            o.node_limit = options_.best_score_node_limit;
        } else if (options_.node_limit) {
            if (r.nodes >= options_.node_limit) return false;
            o.node_limit = options_.node_limit - r.nodes;
        }
        return true;
    };
    int first_clear = start.state().pass;
    if (start.state().cleared_pass == 0) {
        SolveOptions for_clear = for_win;
        if (limit(for_clear)) first_clear = first_clear_pass(start, for_clear, last_bonus_pass(start.variant(), known_line), r.nodes);
    }
    SolveOptions for_score = options_;
    if (!limit(for_score)) {
        r.outcome = SolveOutcome::GaveUp;
        if (win.outcome == SolveOutcome::Won) r.score_found = known.score;
        return r;
    }
    BestScore best = search_best_score(start, for_score, *table_, known_line, first_clear);
    r.nodes += best.nodes;
    if (best.found) r.score_found = best.score;
    if (!best.decided) {
        r.outcome = SolveOutcome::GaveUp;
        return r;
    }
    const Game end = replay_line(start, best.line);
    if (end.status() == Status::InProgress || end.score() != best.score)
        throw std::logic_error("best-score line does not reach its score");
    r.best_score = best.score;
    r.line = std::move(best.line);
    return r;
}

// The first pass, of those up to `last`, in which the pyramid can still be
// cleared: win searches with the pyramid as the goal, in `last` passes first
// (where it cannot, no clear is worth a bonus: last + 1), then in each pass
// from the position's own up to the one that search cleared it in. Where a
// search gives up, the pass it searched is the answer (nothing is proved). All of them together
// search options.node_limit positions at the most.
int Solver::first_clear_pass(const Game& start, const SolveOptions& options, int last, std::uint64_t& nodes) {
    const int from = start.state().pass;
    if (last < from) return from;
    const std::uint64_t nodes_before = nodes;
    const auto clears = [&](int passes, int& cleared_in) {
        Variant v = start.variant();
        v.goal = Goal::Pyramid;
        v.passes = passes;
        const Rules rules(v);
        const Game g = start.under(rules);
        SolveOptions o = options;
        if (options.node_limit) {  // all of them together
            if (nodes - nodes_before >= options.node_limit) return std::optional<bool>{};
            o.node_limit = options.node_limit - (nodes - nodes_before);
        }
        SolveResult r = solve_for_win(g, o);
        nodes += r.nodes;
        if (r.outcome == SolveOutcome::GaveUp) return std::optional<bool>{};
        if (r.outcome == SolveOutcome::Won) cleared_in = replay_line(g, r.line).state().pass;
        return std::optional<bool>{r.outcome == SolveOutcome::Won};
    };
    int cleared_in = last;
    const std::optional<bool> any = clears(last, cleared_in);
    if (!any) return from;
    if (!*any) return last + 1;
    for (int p = from; p < cleared_in; ++p) {
        int ignored = 0;
        const std::optional<bool> in_p = clears(p, ignored);
        if (!in_p || *in_p) return p;
    }
    return cleared_in;
}

SolveResult solve(const Rules& rules, const Deal& deal, const SolveOptions& options) {
    Solver solver(options);
    return solver.solve(rules, deal);
}

}  // namespace pyr
