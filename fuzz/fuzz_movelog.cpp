// Fuzz target: the move log reader, and replay.
// Invariants: (1) a log read and written back (deal, moves as read, result)
// reads again to the same deal, moves and result, and writes out the same;
// (2) the legal moves of a log, written canonically as play writes them,
// replay without error to the same position.
#include <sstream>
#include <string>

#include "formats/movelog.hpp"
#include "formats/variant_toml.hpp"
#include "fuzz_common.hpp"
#include "request_text.hpp"

namespace {

using namespace pyr;

std::string result_line(const MoveLog& log) {
    if (log.result == LogResult::None) return "";
    std::string s = std::string("result ") + result_word(log.result);
    if (log.has_score) s += " score " + std::to_string(log.score);
    return s + "\n";
}

// The log as read, in canonical spelling (moves as requested, legal or not).
std::string write_back(const MoveLog& log) {
    const DeckKind deck = log.deal.rules->variant.deck;
    std::string text = format_log_header(*log.deal.rules, log.deal.deal);
    for (const LoggedMove& m : log.moves) text += fuzz::request_text(deck, m.req) + "\n";
    return text + result_line(log);
}

MoveLog read_text(const std::string& text, RulesCache& cache, const std::string& variant, const char* what) {
    std::istringstream in(text);
    LineReader lines(in, "round-trip");
    try {
        return read_log(lines, cache, variant);
    } catch (const InputError& e) {
        fuzz::fail(std::string(what) + " does not read back: " + e.format() + "\n" + printable(text));
    }
}

void check_same(const MoveLog& a, const MoveLog& b, const char* what) {
    fuzz::require(a.deal.rules->variant.name == b.deal.rules->variant.name, std::string(what) + ": variant changed");
    fuzz::require(a.deal.deal.tableau == b.deal.deal.tableau && a.deal.deal.stock == b.deal.deal.stock,
                  std::string(what) + ": deal changed");
    fuzz::require(a.deal.deal.has_seed == b.deal.deal.has_seed && a.deal.deal.seed == b.deal.deal.seed,
                  std::string(what) + ": seed changed");
    fuzz::require(a.moves.size() == b.moves.size(), std::string(what) + ": number of moves changed");
    for (std::size_t i = 0; i < a.moves.size(); ++i)
        fuzz::require(fuzz::same_request(a.moves[i].req, b.moves[i].req),
                      std::string(what) + ": move " + std::to_string(i + 1) + " changed");
    fuzz::require(a.result == b.result && a.has_score == b.has_score && (!a.has_score || a.score == b.score),
                  std::string(what) + ": result changed");
}

// Plays the log's moves while they are legal; returns the canonical log of
// that prefix (what play would have written) and the game after it.
std::string canonical_prefix(const MoveLog& log, Game& game) {
    std::string text = format_log_header(*log.deal.rules, log.deal.deal);
    Reason<Refusal> why;
    for (const LoggedMove& lm : log.moves) {
        if (game.status() != Status::InProgress) break;
        const Move m = game.resolve(lm.req, why);
        if (why) break;
        text += format_move(game, m) + "\n";
        game.apply(m);
    }
    return text + format_result(game);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::fix_environment();
    if (size == 0) return 0;
    fuzz::ReaderInput input(data, size);
    RulesCache& cache = input.cache;
    MoveLog log;
    try {
        log = read_log(input.lines, cache, input.variant);
    } catch (const InputError& e) {
        fuzz::check_message(e);
        return 0;
    }
    fuzz::require(log.moves.size() <= MaxLoggedMoves, "more moves kept than MaxLoggedMoves");
    for (const InputError& w : log_warnings(log, "fuzz.log")) {
        const std::string& warning = w.message;
        // An excerpt of 40 characters, each escaped in at most 6 bytes ("\u202e"), and the words around it.
        fuzz::require(printable(warning) == warning, "torn line warning not safe to print: " + printable(warning));
        fuzz::require(warning.size() < 40 * 6 + 100, "torn line warning too long: " + warning);
    }

    // (1) Syntax: what was read writes back and reads the same.
    const std::string text = write_back(log);
    const MoveLog again = read_text(text, cache, "", "the written-back log");
    check_same(log, again, "written-back log");
    fuzz::require(again.torn_line == 0, "the written-back log has a torn line");
    fuzz::require(write_back(again) == text, "the written-back log is not canonical");

    // (2) Rules: replay either accepts the log or says why, and the legal
    // prefix, written as play writes it, replays to the same position.
    Game game(*log.deal.rules, log.deal.deal);
    try {
        replay(log, game);
    } catch (const InputError& e) {
        fuzz::check_message(e);
        fuzz::require(e.severity == Severity::Invalid, "replay threw an unreadable error: " + e.message);
    }
    Game played(*log.deal.rules, log.deal.deal);
    const std::string canonical = canonical_prefix(log, played);
    const MoveLog prefix = read_text(canonical, cache, "", "the canonical log");
    Game replayed(*prefix.deal.rules, prefix.deal.deal);
    try {
        replay(prefix, replayed);
    } catch (const InputError& e) {
        fuzz::fail("the canonical log of legal moves does not replay: " + e.format() + "\n" + printable(canonical));
    }
    fuzz::require(replayed.status() == played.status() && replayed.cards_left() == played.cards_left() &&
                      replayed.moves_made() == played.moves_made(),
                  "the canonical log replays to another position");
    return 0;
}
