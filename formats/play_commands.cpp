// Play's command table and line parser; moves are parsed as in the move log.
#include "play_commands.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "error.hpp"
#include "movelog.hpp"
#include "near_name.hpp"
#include "text.hpp"
#include "wrap.hpp"

namespace pyr {

const std::vector<CommandInfo>& play_commands() {
    static const std::vector<CommandInfo> all = {
        {CommandKind::Move, "QH AS", {}, "", "remove two cards in play that make {target}"},
        {CommandKind::Move, "KD", {}, "", "remove a {lone} alone"},
        {CommandKind::Move, "draw", {"d"}, "", "turn the next stock card"},
        {CommandKind::Move, "recycle", {"r"}, "", "turn the waste over as a new stock (a new pass)"},
        {CommandKind::Undo, "undo", {"u"}, "", "take back the last move (also once the game is over)"},
        {CommandKind::Redo, "redo", {}, "", "make again the move undo took back"},
        {CommandKind::Moves, "moves", {"m"}, "", "list the legal moves"},
        {CommandKind::Hint, "hint", {"h"}, "", "the expert's move, not seeing the stock (also: hint all, hint quick)"},
        {CommandKind::Show, "show", {"s"}, "", "show the position again (so does an empty line)"},
        {CommandKind::Help, "help", {"?"}, "", "this list (help status: the line under the cards)"},
        {CommandKind::Save, "save", {}, "FILE",
         "write the whole game so far to FILE (- prints it), as when the log's disk is full"},
        {CommandKind::Set, "set", {}, "auto",
         "on or off: make forced moves at once (a {lone} alone; a pair whose card has no other partner left), "
         "undone with the move that led to them"},
        {CommandKind::Quit, "quit", {"q", "exit"}, "", "stop; the log keeps the game for --resume"},
    };
    return all;
}

namespace {
// The names a mistyped command is near: each command's, a move's examples left out.
std::vector<std::string> command_names() {
    std::vector<std::string> out;
    for (const CommandInfo& c : play_commands())
        if (c.name.find(' ') == std::string_view::npos && c.name != "KD") out.emplace_back(c.name);
    return out;
}

std::string unknown_command(std::string_view word) {
    const std::string guess = did_you_mean(ascii_lower(word), command_names());
    return fmt::format("unknown command '{}'{}", printable(word), guess.empty() ? ": type help for the list" : guess);
}

// A command's names ("draw, d") and what it does, for this variant.
struct HelpEntry {
    std::string names, help;
};

// Whether a round leaves command `c` out of its help.
bool left_out(const CommandInfo& c, const RoundAids* round) {
    if (round == nullptr) return false;
    switch (c.kind) {
    case CommandKind::Save:
    case CommandKind::Set: return true;
    case CommandKind::Hint: return !round->hint;
    case CommandKind::Undo:
    case CommandKind::Redo: return !round->undo;
    default: return false;
    }
}

std::vector<HelpEntry> help_entries(const Variant& v, const RoundAids* round) {
    const bool french = v.deck == DeckKind::French;
    std::vector<HelpEntry> out;
    for (const CommandInfo& c : play_commands()) {
        if (left_out(c, round)) continue;
        std::string names(c.name);
        // The examples are cards of the game's deck: a Spanish game has no QH.
        if (!french && c.name == "QH AS") names = "SO 2C";
        if (!french && c.name == "KD") names = "RO";
        if (c.name == "KD" && !v.has_lone()) continue;
        if (c.name == "recycle" && v.passes == 1) continue;
        if (c.name == "draw" && v.stock_size() == 0) continue;
        if (c.name == "draw" && v.waste_piles > 1) names = "draw N, d N";
        else
            for (std::string_view a : c.aliases)
                if (!french || a != "q") names += fmt::format(", {}", a);
        if (!c.argument.empty()) names += fmt::format(" {}", c.argument);
        std::string help = fmt::format(fmt::runtime(c.help), fmt::arg("target", v.target),
                                       fmt::arg("lone", lone_name(v.deck)));
        if (c.name == "draw" && v.waste_piles > 1) help = "turn a stock card; N: the waste pile for the card turned before";
        else if (c.kind == CommandKind::Set && v.scored)
            help = fmt::format("on or off: remove a {} at once, undone with the move that led to it (pairs "
                               "stay yours: one may score more)",
                               lone_name(v.deck));
        else if (c.name == "draw" && v.draw > 1) help = fmt::format("turn the next {} stock cards (or those left)", v.draw);
        if (round != nullptr && c.kind == CommandKind::Hint) {
            names = "hint, h";
            help = "a quick hint: the rule of thumb's move, not seeing the stock";
        }
        if (round != nullptr && c.kind == CommandKind::Quit) help = "stop; the next login goes on where you stopped";
        out.push_back({std::move(names), std::move(help)});
    }
    return out;
}
}  // namespace

std::string help_text(const Variant& v, std::size_t width, const RoundAids* round) {
    const std::vector<HelpEntry> entries = help_entries(v, round);
    // The descriptions from column 22 when that leaves them 30 columns, else
    // just after the longest names.
    std::size_t column = 22;
    if (width < column + 30) {
        column = 0;
        for (const HelpEntry& e : entries) column = std::max(column, e.names.size() + 4);
    }
    std::string out;
    for (const HelpEntry& e : entries) {
        const std::string line = fmt::format("  {:<{}}{}", e.names, column - 2, e.help);
        out += wrap_text(line, width, std::string(column, ' ')) + "\n";
    }
    out += wrap_text(v.deck == DeckKind::French
                         ? "  Cards by name in any case: qh or QH; a ten is T or 10. # starts a comment."
                         : "  Cards by name in any case: so or SO (sota de oros). # starts a comment.",
                     width, "  ");
    return out + "\n";
}

bool parse_command(DeckKind deck, std::string_view line, PlayCommand& out, std::string& why) {
    out = PlayCommand{};
    const std::size_t hash = line.find('#');
    const bool had_comment = hash != std::string_view::npos;
    if (had_comment) line = line.substr(0, hash);
    const std::vector<Token> toks = tokenize(line);
    if (toks.empty()) {
        out.kind = had_comment ? CommandKind::Nothing : CommandKind::Show;
        return true;
    }
    std::string word(toks[0].text);
    for (char& c : word)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    // A Queen's name starts with q: a lone q is a Queen begun, not quit.
    if (word == "q" && deck == DeckKind::French && toks.size() == 1) {
        why = "q alone does not quit (it starts a Queen: QH): type quit";
        return false;
    }
    for (const CommandInfo& info : play_commands()) {
        if (info.kind == CommandKind::Move) continue;
        bool match = word == info.name;
        for (std::string_view a : info.aliases) match = match || word == a;
        if (!match) continue;
        out.kind = info.kind;
        if (info.kind == CommandKind::Set) {
            // set auto on, set auto off: the one setting there is.
            std::string rest;
            for (std::size_t i = 1; i < toks.size(); ++i) rest += (i > 1 ? " " : "") + ascii_lower(toks[i].text);
            if (rest != "auto on" && rest != "auto off") {
                why = "type set auto on, or set auto off";
                return false;
            }
            out.argument = rest;
            return true;
        }
        if (info.kind == CommandKind::Save) {
            // The rest of the line, so a name may hold spaces.
            if (toks.size() < 2) {
                why = "save needs a file name: save FILE (or save - to print the log)";
                return false;
            }
            std::string_view rest = line.substr(static_cast<std::size_t>(toks[1].text.data() - line.data()));
            while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
            out.argument = std::string(rest);
            return true;
        }
        // help status; hint all, hint quick.
        const std::vector<std::string_view> words =
            info.kind == CommandKind::Help ? std::vector<std::string_view>{"status"}
            : info.kind == CommandKind::Hint ? std::vector<std::string_view>{"all", "quick"}
                                             : std::vector<std::string_view>{};
        if (toks.size() == 2 && std::ranges::count(words, ascii_lower(toks[1].text)) > 0) {
            out.argument = ascii_lower(toks[1].text);
            return true;
        }
        if (toks.size() > 1) {
            why = info.kind == CommandKind::Help ? std::string("help takes nothing after it but status: help status")
                  : info.kind == CommandKind::Hint
                      ? std::string("hint takes nothing after it but all or quick: hint all, hint quick")
                      : fmt::format("'{}' takes nothing after it", info.name);
            return false;
        }
        return true;
    }
    out.kind = CommandKind::Move;
    int col = 0;
    Reason<MoveSyntax> not_a_move;
    if (parse_move(deck, line, out.move, not_a_move, col)) return true;
    // One word that is no move was meant as a command.
    why = not_a_move.kind == MoveSyntax::UnknownWord
              ? unknown_command(toks[0].text)
              : std::move(not_a_move.text);
    return false;
}

}  // namespace pyr
