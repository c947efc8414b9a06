// Moves as text, and the move log: reading, writing, replaying.
#include "movelog.hpp"

#include <climits>

#include <fmt/format.h>

#include "cards.hpp"
#include "error.hpp"
#include "numbers.hpp"

namespace pyr {

namespace {
constexpr std::string_view LogHeader = "pyramide-log";
constexpr int LogVersion = 1;

}  // namespace

bool parse_move(DeckKind deck, std::string_view text, MoveRequest& req, Reason<MoveSyntax>& why, int& col,
                std::string_view also) {
    why.clear();
    const std::vector<Token> toks = tokenize(text);
    req = MoveRequest{};
    col = toks.empty() ? 1 : toks[0].col;
    if (toks.empty()) {
        why = {MoveSyntax::Empty, "empty move"};
        return false;
    }
    const std::string word = ascii_lower(toks[0].text);
    if (word == "draw" || word == "d") {
        req.kind = MoveKind::Draw;
        if (toks.size() > 2) {
            col = toks[2].col;
            why = {MoveSyntax::DrawArguments, "expected 'draw' or 'draw N' (N: the waste pile)"};
            return false;
        }
        if (toks.size() == 2) {
            const std::string_view t = toks[1].text;
            // Any number: which piles there are is the variant's, said by Game::resolve().
            const std::optional<std::uint64_t> pile = parse_decimal(t, 0, INT_MAX);
            if (!pile) {
                col = toks[1].col;
                why = {MoveSyntax::BadPile,
                       fmt::format("bad waste pile '{}': draw N takes the number of a waste pile", excerpt(t))};
                return false;
            }
            req.pile = static_cast<int>(*pile);
        }
        return true;
    }
    if (word == "recycle" || word == "r") {
        req.kind = MoveKind::Recycle;
        if (toks.size() > 1) {
            col = toks[1].col;
            why = {MoveSyntax::RecycleArguments, "'recycle' takes nothing after it"};
            return false;
        }
        return true;
    }
    if (toks.size() > 2) {
        col = toks[2].col;
        why = {MoveSyntax::ThirdCard, fmt::format("a move removes a pair or one {}; '{}' is a third card",
                                                  lone_name(deck), excerpt(toks[2].text))};
        return false;
    }
    Card cards[2];
    for (std::size_t i = 0; i < toks.size(); ++i) {
        std::string bad_card;
        cards[i] = parse_card(deck, toks[i].text, bad_card);
        if (!cards[i].valid()) {
            col = toks[i].col;
            why = {MoveSyntax::BadCard, std::move(bad_card)};
            // The examples are cards of the game's deck: "a rey (KD)" would mislead.
            // A card of the other deck keeps parse_card()'s message, which says so.
            const DeckKind other = deck == DeckKind::French ? DeckKind::Spanish : DeckKind::French;
            if (i == 0 && toks.size() == 1 && !looks_like_card(other, toks[0].text))
                why = {MoveSyntax::UnknownWord,
                       fmt::format("unknown move '{}': expected a pair ({}), a {} ({}), draw{} recycle{}",
                                   excerpt(toks[0].text), deck == DeckKind::French ? "QH AS" : "SO 2C",
                                   lone_name(deck), deck == DeckKind::French ? "KD" : "RO", also.empty() ? " or" : ",",
                                   also.empty() ? "" : fmt::format(" or {}", also))};
            return false;
        }
    }
    req.kind = toks.size() == 1 ? MoveKind::Lone : MoveKind::Pair;
    req.a = cards[0];
    req.b = toks.size() == 2 ? cards[1] : NoCard;
    return true;
}

std::string format_move(const Game& before, const Move& m) {
    const DeckKind deck = before.variant().deck;
    switch (m.kind) {
    case MoveKind::Pair: {
        // Higher rank first: "QH AS", "JC 2D".
        const bool swap = m.cb.rank() > m.ca.rank() || (m.cb.rank() == m.ca.rank() && m.cb.code < m.ca.code);
        return card_name(deck, swap ? m.cb : m.ca) + " " + card_name(deck, swap ? m.ca : m.cb);
    }
    case MoveKind::Lone:
        return card_name(deck, m.ca);
    case MoveKind::Draw:
        if (before.variant().waste_piles > 1 && before.state().turned.valid()) return fmt::format("draw {}", m.pile + 1);
        return "draw";
    case MoveKind::Recycle:
        return "recycle";
    }
    return "";
}

const char* result_word(LogResult r) {
    switch (r) {
    case LogResult::Won: return "won";
    case LogResult::Lost: return "lost";
    case LogResult::Unfinished: return "unfinished";
    case LogResult::None: break;
    }
    return "";
}

const char* status_word(Status st) {
    return st == Status::Won ? "won" : st == Status::Lost ? "lost" : "unfinished";
}

std::vector<InputError> torn_line_warnings(const std::string& file, int torn_line, const std::string& torn_text) {
    std::vector<InputError> out;
    if (torn_line)
        out.emplace_back(file, torn_line, 0,
                         fmt::format("torn last line ignored (no final newline): '{}'", excerpt(torn_text)));
    return out;
}

std::vector<InputError> log_warnings(const MoveLog& log, const std::string& file) {
    return torn_line_warnings(file, log.torn_line, log.torn_text);
}

std::string format_log_header(const Rules& rules, const Deal& deal) {
    return fmt::format("{} {}\n", LogHeader, LogVersion) + format_deal_body(rules, deal) + "moves\n";
}

std::string format_result(const Game& game) {
    const Status st = game.status();
    std::string s = "result ";
    s += status_word(st);
    if (game.variant().scored) s += fmt::format(" score {}", game.score());
    return s + "\n";
}

MoveLog read_log(LineReader& lines, RulesCache& cache, const std::string& variant) {
    MoveLog log;
    log.file = lines.name();
    lines.set_hold_back_torn_line(true);
    read_format_header(lines, LogHeader, LogVersion, "move log", "move log", "pyramide-series",
                       "this is a series of games (formats/series.md), not a move log: name one of the logs it lists");
    std::string raw;
    DealReader deals(lines, cache, variant);
    log.deal = deals.read_body(lines.line_number(), "moves");
    bool moves = false;
    while (lines.next(raw)) {
        const std::string line = strip_comment(raw);
        if (line.empty()) continue;
        const std::vector<Token> toks = tokenize(line);
        if (!moves) {
            if (ascii_lower(toks[0].text) != "moves" || toks.size() != 1)
                lines.fail(toks[0].col, fmt::format("expected 'moves', got '{}'", excerpt(toks[0].text)));
            moves = true;
            continue;
        }
        if (log.result != LogResult::None) lines.fail(toks[0].col, "nothing may follow the result line");
        if (ascii_lower(toks[0].text) == "result") {
            log.result_line = lines.line_number();
            log.result_col = toks.size() > 1 ? toks[1].col : toks[0].col;
            const std::string word = toks.size() > 1 ? ascii_lower(toks[1].text) : "";
            if (word == "won") log.result = LogResult::Won;
            else if (word == "lost") log.result = LogResult::Lost;
            else if (word == "unfinished") log.result = LogResult::Unfinished;
            else lines.fail(toks.size() > 1 ? toks[1].col : toks[0].col, "expected 'result won', 'result lost' or 'result unfinished'");
            if (toks.size() == 4 && ascii_lower(toks[2].text) == "score") {
                const std::optional<std::int64_t> score = parse_signed_decimal(toks[3].text, INT_MIN, INT_MAX);
                if (!score) lines.fail(toks[3].col, "expected a whole number after 'score'");
                log.score = static_cast<int>(*score);
                log.has_score = true;
                log.score_col = toks[3].col;
            } else if (toks.size() != 2) {
                lines.fail(toks[2].col, "expected 'score N' after the result");
            }
            continue;
        }
        LoggedMove m;
        Reason<MoveSyntax> why;
        // A log's lines are moves or its result: an unknown word names both.
        if (!parse_move(log.deal.rules->variant.deck, line, m.req, why, m.col, "result")) {
            lines.fail(m.col, why.text);
        }
        m.line = lines.line_number();
        if (log.moves.size() < MaxLoggedMoves) {
            log.moves.push_back(m);
        } else if (log.moves_not_kept++ == 0) {
            log.first_not_kept_line = m.line;
            log.first_not_kept_col = m.col;
        }
    }
    if (lines.torn_line() && !strip_comment(lines.torn_text()).empty()) {
        log.torn_line = lines.torn_line();
        log.torn_text = lines.torn_text();
    }
    // read_body() reports a log that ends before "moves"; kept in case that changes.
    if (!moves)
        throw InputError(lines.name(), lines.line_number(), 0, "the log ends inside its deal, before the 'moves' line");
    return log;
}

void replay(const MoveLog& log, Game& game, const std::function<void(const Game&, const Move&)>& after_move) {
    Reason<Refusal> why;
    for (const LoggedMove& lm : log.moves) {
        const Status st = game.status();
        if (st != Status::InProgress)
            throw InputError(log.file, lm.line, lm.col,
                             fmt::format("move after the end of the game ({}: {})", status_word(st),
                                         game.end_reason()),
                             Severity::Invalid);
        const Move m = game.resolve(lm.req, why);
        if (why) throw InputError(log.file, lm.line, lm.col, why.text, Severity::Invalid);
        game.apply(m);
        if (after_move) after_move(game, m);
    }
    // Unreachable while MaxLoggedMoves is above the longest possible game: the
    // move after the end was reported above. Kept so that a log is never
    // accepted on the strength of moves that were not checked.
    if (log.moves_not_kept > 0)
        throw InputError(log.file, log.first_not_kept_line, log.first_not_kept_col,
                         fmt::format("more than {} moves: longer than any game", MaxLoggedMoves), Severity::Invalid);
    if (log.result == LogResult::None) return;
    const Status st = game.status();
    const LogResult actual = st == Status::Won ? LogResult::Won : st == Status::Lost ? LogResult::Lost : LogResult::Unfinished;
    if (actual != log.result)
        throw InputError(log.file, log.result_line, log.result_col,
                         fmt::format("the result line says {}, but after the last move the game is {}",
                                     result_word(log.result), actual == LogResult::Unfinished ? "unfinished" : result_word(actual)),
                         Severity::Invalid);
    if (log.has_score && game.variant().scored && log.score != game.score())
        throw InputError(log.file, log.result_line, log.score_col,
                         fmt::format("the result line says score {}, but the score is {}", log.score, game.score()),
                         Severity::Invalid);
}

}  // namespace pyr
