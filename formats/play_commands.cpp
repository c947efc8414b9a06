// Play's command table and line parser; moves are parsed as in the move log.
#include "play_commands.hpp"

#include <fmt/format.h>

#include "error.hpp"
#include "movelog.hpp"
#include "text.hpp"

namespace pyr {

const std::vector<CommandInfo>& play_commands() {
    static const std::vector<CommandInfo> all = {
        {CommandKind::Move, "QH AS", {}, "", "remove a pair that makes 13 (12 with the Spanish deck)"},
        {CommandKind::Move, "KD", {}, "", "remove a King (rey) alone"},
        {CommandKind::Move, "draw", {"d"}, "[PILE]", "turn the next stock card (PILE: the waste pile, Apophis)"},
        {CommandKind::Move, "recycle", {"r"}, "", "turn the waste over as a new stock (a new pass)"},
        {CommandKind::Undo, "undo", {"u"}, "", "take back the last move"},
        {CommandKind::Moves, "moves", {"m"}, "", "list the legal moves"},
        {CommandKind::Hint, "hint", {"h"}, "", "suggest a move (without looking at the stock)"},
        {CommandKind::Show, "show", {"s"}, "", "show the position again"},
        {CommandKind::Help, "help", {"?"}, "", "this list"},
        {CommandKind::Save, "save", {}, "FILE", "save the move log so far to FILE"},
        {CommandKind::Quit, "quit", {"q", "exit"}, "", "stop; the log keeps the game, --resume continues it"},
    };
    return all;
}

bool parse_command(DeckKind deck, std::string_view line, PlayCommand& out, std::string& why) {
    out = PlayCommand{};
    const std::vector<Token> toks = tokenize(line);
    if (toks.empty()) {
        out.kind = CommandKind::Show;
        return true;
    }
    std::string word(toks[0].text);
    for (char& c : word)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    for (const CommandInfo& info : play_commands()) {
        if (info.kind == CommandKind::Move) continue;
        bool match = word == info.name;
        for (std::string_view a : info.aliases) match = match || word == a;
        if (!match) continue;
        out.kind = info.kind;
        if (info.kind == CommandKind::Save) {
            if (toks.size() != 2) {
                why = "say save FILE";
                return false;
            }
            out.argument = std::string(toks[1].text);
            return true;
        }
        if (toks.size() > 1) {
            why = fmt::format("'{}' takes nothing after it", info.name);
            return false;
        }
        return true;
    }
    out.kind = CommandKind::Move;
    int col = 0;
    if (parse_move(deck, line, out.move, why, col)) return true;
    if (toks.size() == 1 && why.starts_with("unknown move"))
        why = fmt::format("unknown command '{}': type help for the list", printable(toks[0].text));
    return false;
}

}  // namespace pyr
