// The commands of `pyramide play`, one descriptor each (name, short forms,
// argument, help), and the parser for a typed line.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "lib/game.hpp"

namespace pyr {

enum class CommandKind { Move, Undo, Moves, Hint, Show, Help, Save, Quit };

struct CommandInfo {
    CommandKind kind;
    std::string_view name;
    std::vector<std::string_view> aliases;
    std::string_view argument;  // "" if none
    std::string_view help;
};

// Every command, in the order `help` lists them (moves themselves come first).
const std::vector<CommandInfo>& play_commands();

struct PlayCommand {
    CommandKind kind = CommandKind::Show;
    MoveRequest move;  // CommandKind::Move
    std::string argument;
};

// Parses a typed line (case-insensitive). False with `why` for anything else.
bool parse_command(DeckKind deck, std::string_view line, PlayCommand& out, std::string& why);

}  // namespace pyr
