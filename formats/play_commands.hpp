// The commands of `pyramide play`, one descriptor each (name, short forms,
// argument, help), and the parser for a typed line.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "lib/rules/game.hpp"

namespace pyr {

// Nothing: a line holding only a comment ("# ..."), so scripts can be annotated.
enum class CommandKind { Move, Undo, Redo, Moves, Hint, Show, Help, Save, Set, Quit, Nothing };

struct CommandInfo {
    CommandKind kind;
    std::string_view name;
    std::vector<std::string_view> aliases;
    std::string_view argument;  // "" if none
    std::string_view help;      // {target} and {lone} stand for the variant's sum and lone card
};

// Every command, in the order `help` lists them (moves themselves come first).
const std::vector<CommandInfo>& play_commands();

// What a hosted round allows (`play --round`): its help lists only that,
// with no `save` or `set` (a round's game is kept on the server, its way of
// playing fixed) and a hint that is the quick one.
struct RoundAids {
    bool hint = true;
    bool undo = true;
};

// The `help` text for a variant, within `width` columns (40 or more): each
// command with its description beside it, wrapped at words; in a round
// (`round` given), the commands the round allows.
std::string help_text(const Variant& v, std::size_t width = 80, const RoundAids* round = nullptr);

struct PlayCommand {
    CommandKind kind = CommandKind::Show;
    MoveRequest move;  // CommandKind::Move
    std::string argument;  // Set: "auto on" or "auto off"
};

// Parses a typed line (case-insensitive; '#' starts a comment; an empty line
// is `show`). False with `why` for anything else.
bool parse_command(DeckKind deck, std::string_view line, PlayCommand& out, std::string& why);

}  // namespace pyr
